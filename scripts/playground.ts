/**
 * Local playground: chat with the real bot in this terminal, no Telegram token needed.
 * Starts the upstream simulator, the Telegram Bot API emulator and the bot process, then
 * lets you type as a Telegram user would. Result files are saved and their paths printed.
 *
 *   npm run playground                      a customer, in English
 *   npm run playground -- --lang ru         a customer whose Telegram speaks Russian
 *   npm run playground -- --admin           you are an admin too (/stats, /balance, /broadcast...)
 *   npm run playground -- --billing stars   customers pay from a Stars wallet (top up, then !pay)
 *
 *   text          send a message          /command   send a command
 *   #N            press button N (numbers stay with their buttons; ↗️ Share shows what the chosen
 *                 chat gets, a Mini App button prints its signed link)
 *                                         !pay       pay the newest invoice (or invoice link)
 *   !renew        Telegram renews your Stars subscription now
 *   !photo PATH | !video PATH | !file PATH           send a file
 *   !inline QUERY show what @bot QUERY offers (your results to share)
 *   :quit         leave
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { sign } from '@tma.js/init-data-node';
import { startSimulator } from '../src/simulator/server.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { freePort } from '../test/support/e2e/free-port.js';
import type { BotMessageButton } from '../test/support/telegram/bot-message.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';
import type { BotMessage } from '../test/support/telegram/scripted-user.js';
import { ButtonNumbers, buttonAction } from './playground-buttons.js';
import { describePlaygroundDotenv, readPlaygroundDotenv } from './playground-env.js';
import { describeInlineAnswer } from './playground-inline.js';
import { describeLogLine } from './playground-log.js';

const USAGE = 'Usage: npm run playground [-- --lang en|ru] [--admin] [--billing off|stars]';
let args: { lang: string; admin: boolean; billing: string };
try {
  const { values } = parseArgs({
    options: {
      lang: { type: 'string', default: 'en' },
      admin: { type: 'boolean', default: false },
      billing: { type: 'string', default: 'off' },
    },
  });
  args = values as typeof args;
  if (!['off', 'stars'].includes(args.billing)) throw new Error(`--billing must be off or stars`);
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}

const API_KEY = 'playground-key';
const MIME: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
};
/**
 * With --billing stars: Stars per 1 USD upstream and a markup, as a reseller might set them, and the
 * support contact Stars billing requires.
 */
const STARS_BILLING = {
  BILLING: 'stars',
  STARS_PER_USD: '77',
  MARKUP_PERCENT: '30',
  SUPPORT_CONTACT: '@playground_support',
  // /subscribe offers one plan: 450 Stars a month for 600 Stars of generations.
  SUBSCRIPTION_PLANS: 'pro:450:600',
};

// The repository's .env (README step 2) is for the real bot: the playground takes only its branding
// (and prices with --billing stars), names what it took and what it left out, and never its database,
// upstream or token.
const dotenv = readPlaygroundDotenv(
  process.env.DOTENV_CONFIG_PATH ?? resolve(import.meta.dirname, '..', '.env'),
  args.billing as 'off' | 'stars',
);
const workDir = mkdtempSync(join(tmpdir(), 'playground-'));
// The simulator runs here, with an API key, exactly as a real upstream would be used: the bot is
// not in sandbox mode, so --billing stars is allowed. Its origin is the one result origin trusted.
const simulator = await startSimulator({
  accounts: [{ key: API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  orderStageMs: 1500,
});
const emulator = await startTelegramEmulator();
const user = emulator.createUser({ first_name: 'You', language_code: args.lang });
// The chat opens with /start, as in Telegram: the bot finds it waiting when it starts (and an
// admin's commands can be registered in a chat that exists).
await user.sendCommand('start');
// The Mini Apps (the customers' app; with --admin the control room too) are served on a local port.
// Telegram would open them over https at PUBLIC_URL; here the printed links open them in a browser,
// signed in as this user.
const miniAppPort = await freePort();
const MINIAPP_ENV: Record<string, string> = {
  HTTP_PORT: String(miniAppPort),
  PUBLIC_URL: `https://127.0.0.1:${miniAppPort}`,
  MINIAPP_AUTH_MAX_AGE: '86400',
};
const bot = await BotProcess.start({
  env: {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: simulator.baseUrl,
    RESELLER_API_KEY: API_KEY,
    RESULT_URLS_TRUSTED_ORIGIN: simulator.origin,
    DATABASE_PATH: join(workDir, 'bot.sqlite'),
    LOG_LEVEL: 'info',
    ORDER_POLL_MIN_MS: '500',
    ORDER_POLL_MAX_MS: '2000',
    ...(args.admin ? { ADMIN_IDS: String(user.id) } : {}),
    ...MINIAPP_ENV,
    ...(args.billing === 'stars' ? STARS_BILLING : {}),
    ...dotenv.taken,
  },
}).catch(async (error: unknown) => {
  // A setting the bot refuses (one taken from .env, say): its own words, without our stack.
  const output = error instanceof Error ? error.message : String(error);
  const fatal = output.split('\n').filter((line) => /^(Fatal|Invalid configuration|\s+- )/.test(line));
  console.error(
    [
      'The bot did not start:',
      ...(fatal.length > 0 ? fatal : output.split('\n').slice(0, 20)),
      ...describePlaygroundDotenv(dotenv),
    ].join('\n'),
  );
  await emulator.close();
  await simulator.close();
  process.exit(1);
});

/** Every printed button's number, for the whole session. */
const numbers = new ButtonNumbers();
/** What was last printed per message, so an edit that only removes buttons stays quiet. */
const printed = new Map<number, { editCount: number; text: string }>();

/** A media file is saved, so it can be opened: the terminal shows where. */
async function mediaLabel(message: BotMessage): Promise<string> {
  if (message.kind === 'invoice' && message.invoice) {
    const { title, total_amount } = message.invoice;
    return `[invoice: ${title}, ⭐ ${total_amount}; type !pay to pay it] `;
  }
  if (!message.media) return '';
  const { file_name, width, height, size } = message.media;
  const extension = file_name ? extname(file_name) : message.kind === 'photo' ? '.jpg' : '';
  const path = join(workDir, `${message.kind}-${message.message_id}${extension}`);
  writeFileSync(path, await message.media.bytes());
  const shape = width && height ? `${width}x${height}, ` : '';
  return `[${message.kind}${file_name ? ` ${file_name}` : ''}, ${shape}${size} bytes: ${path}] `;
}

let printing = false;
async function printNewMessages(): Promise<void> {
  if (printing) return;
  printing = true;
  try {
    for (const message of user.messages()) {
      const before = printed.get(message.message_id);
      if (message.deleted || before?.editCount === message.editCount) continue;
      // The emulator keeps what the chat displays (entities parsed out): printed as is, so a
      // usage's <placeholders> stay.
      const text = message.text ?? message.caption ?? '';
      printed.set(message.message_id, { editCount: message.editCount, text });
      if (before && before.text === text && message.buttons.length === 0) continue;
      const media = before ? '' : await mediaLabel(message);
      console.log(`\n🤖${before ? ' (edited)' : ''} ${media}${text}`);
      if (message.buttons.length > 0) {
        const ids = numbers.number(message.message_id, message.buttons);
        const label = (b: BotMessageButton) =>
          buttonAction(b)?.kind === 'invoice_link' ? `${b.text} [invoice link; type !pay to pay it]` : b.text;
        console.log(message.buttons.map((b, i) => `  #${ids[i]} ${label(b)}`).join('\n'));
      }
    }
  } finally {
    printing = false;
  }
}

/** The bot's warnings and errors, one short line each (its full JSON log stays in the process). */
let logCursor = 0;
function printBotLog(): void {
  for (; logCursor < bot.lines.length; logCursor++) {
    const line = describeLogLine(bot.lines[logCursor]!);
    if (line) console.log(line);
  }
}

const ticker = setInterval(() => {
  printBotLog();
  void printNewMessages();
}, 200);

/** A button opening an invoice link (createInvoiceLink: a subscription, say): Telegram's t.me/$ links. */
function invoiceLinkOf(button: BotMessageButton): string | undefined {
  const action = buttonAction(button);
  return action?.kind === 'invoice_link' ? action.url : undefined;
}

/** The newest invoice: a message with one, or a button with an invoice link, whichever came last. */
async function pay(): Promise<void> {
  const newest = user
    .messages()
    .filter((m) => !m.deleted && (m.invoice || m.buttons.some(invoiceLinkOf)))
    .at(-1);
  const link = newest?.buttons.map(invoiceLinkOf).find(Boolean);
  const outcome = link ? await user.payInvoiceLink(link) : await user.payInvoice();
  if (outcome.ok) console.log(`💳 Paid ⭐ ${outcome.totalAmount} (Telegram charge ${outcome.chargeId})`);
  else console.log(`💳 Payment ${outcome.reason}${outcome.errorMessage ? `: ${outcome.errorMessage}` : ''}`);
}

/** Telegram charges the subscription for its next period, as it would a month later. */
function renew(): void {
  const renewal = emulator.renewSubscription(user.id);
  console.log(`🔁 Telegram renewed your subscription (charge ${renewal.chargeId})`);
}

/** A message's buttons as they are now; undefined once it is deleted. */
function buttonsNow(messageId: number): BotMessageButton[] | undefined {
  const message = user.messages().find((m) => m.message_id === messageId);
  return message && !message.deleted ? message.buttons : undefined;
}

/** #N: what Telegram does for that button. */
async function press(number: number): Promise<void> {
  const found = numbers.resolve(number, buttonsNow);
  if (!found.ok) return void console.log(found.reason);
  const action = buttonAction(found.button);
  switch (action?.kind) {
    case 'callback': {
      const answer = await user.pressCallbackData(action.data, found.messageId);
      // What Telegram shows for a callback answer: a toast, or an alert to dismiss.
      if (answer.text) console.log(answer.show_alert ? `\n🔔 Alert: ${answer.text}` : `\n💬 ${answer.text}`);
      return;
    }
    case 'inline':
      return share(action.query);
    case 'web_app':
      return void console.log(
        `📱 ${found.button.text}: Telegram opens this Mini App in the chat. Here, open it in a browser (signed in as you): ${signedWebAppUrl(action.url)}`,
      );
    case 'invoice_link':
      return void console.log('This button opens a payment: type !pay to pay it.');
    case 'url':
      return void console.log(`🔗 ${found.button.text} opens ${action.url}`);
    default:
      return void console.log(`Button #${number} (${found.button.text}) does nothing here.`);
  }
}

/** ↗️ Share: Telegram asks for a chat and types `@bot QUERY` there; the result tapped is sent to it. */
async function share(query: string): Promise<void> {
  console.log(
    "↗️ Telegram asks which chat to share in and types the bot's name there; the chat gets the result you tap:",
  );
  await inline(query);
}

async function inline(query: string): Promise<void> {
  console.log(describeInlineAnswer(query, await user.inlineQuery(query)).join('\n'));
}

async function sendFile(line: string): Promise<void> {
  const [command, ...rest] = line.split(' ');
  const path = rest.join(' ');
  const bytes = readFileSync(path);
  const mime = MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
  if (command === '!photo') await user.sendPhoto(bytes);
  else if (command === '!video')
    await user.sendVideo(bytes, { duration: 5, width: 1280, height: 720, mime_type: mime });
  else
    await user.sendDocument(
      { path, size: statSync(path).size },
      { file_name: basename(path), mime_type: mime },
    );
}

/**
 * A Mini App's page with launch parameters as Telegram passes them, signed for this user (valid a
 * day). Telegram opens PUBLIC_URL over https; the playground serves it over http on the same port.
 */
function signedWebAppUrl(url: string): string {
  const initData = sign(
    {
      user: { id: user.id, first_name: 'You', language_code: args.lang },
      query_id: 'playground',
      signature: '',
    },
    emulator.token,
    new Date(),
  );
  const launch = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'web',
  });
  const page = new URL(url);
  if (page.host === `127.0.0.1:${miniAppPort}`) page.protocol = 'http:';
  page.hash = launch.toString();
  return page.href;
}

const roles = [args.admin ? 'admin' : 'customer', args.billing === 'stars' ? 'Stars wallet on' : ''];
console.log(
  [
    `Playground ready: you are user ${user.id} (${roles.filter(Boolean).join(', ')}), language ${args.lang}.`,
    `Simulated upstream at ${simulator.baseUrl}; a temporary database and the files the bot sends are in ${workDir}.`,
    ...describePlaygroundDotenv(dotenv),
    'Type a message or a /command. Also: #N press button N · !pay pay the newest invoice · !photo PATH · !video PATH · !file PATH · !inline QUERY · :quit',
    args.billing === 'stars' ? 'Stars: /wallet, pick a pack, then !pay to top up.' : '',
    args.billing === 'stars' ? 'Subscriptions: /subscribe, pick the plan, !pay; !renew renews it now.' : '',
    `Your results, models and wallet (the customers' app, the chat's menu button), open in a browser: ${signedWebAppUrl(`${MINIAPP_ENV.PUBLIC_URL}/miniapp/app.html`)}`,
    args.admin
      ? `Control room (admin Mini App, /dashboard), open in a browser: ${signedWebAppUrl(`${MINIAPP_ENV.PUBLIC_URL}/miniapp/`)}`
      : '',
  ]
    .filter(Boolean)
    .join('\n'),
);
const rl = createInterface({ input: process.stdin, output: process.stdout });
try {
  for await (const raw of rl) {
    const line = raw.trim();
    if (!line) continue;
    if (line === ':quit') break;
    try {
      if (/^#\d+$/.test(line)) await press(Number(line.slice(1)));
      else if (line === '!pay') await pay();
      else if (line === '!renew') renew();
      else if (line === '!inline' || line.startsWith('!inline '))
        await inline(line.slice('!inline'.length).trim());
      else if (/^!(photo|video|file) /.test(line)) await sendFile(line);
      else if (line.startsWith('/')) {
        const [command, ...rest] = line.slice(1).split(' ');
        await user.sendCommand(command!, rest.join(' ') || undefined);
      } else await user.sendText(line);
    } catch (error) {
      // The first line says what went wrong; the emulator's transcript after it is for tests.
      console.log(`(${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`);
    }
  }
} finally {
  clearInterval(ticker);
  rl.close();
  await bot.stop();
  await emulator.close();
  await simulator.close();
}
