/**
 * Local playground: chat with the real bot in this terminal, no Telegram token needed.
 * Starts the upstream simulator, the Telegram Bot API emulator and the bot process, then
 * lets you type as a Telegram user would.
 *
 *   npm run playground [-- --lang ru]
 *
 *   text          send a message          /command   send a command
 *   #N            press button N          !photo PATH | !video PATH | !file PATH   send a file
 *   :quit         leave
 */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { startSimulator } from '../src/simulator/server.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';
import type { BotMessage } from '../test/support/telegram/scripted-user.js';

const lang = process.argv.includes('--lang') ? process.argv[process.argv.indexOf('--lang') + 1] : 'en';
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

const simulator = await startSimulator({
  accounts: [{ key: API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  orderStageMs: 3000,
});
const emulator = await startTelegramEmulator();
const bot = await BotProcess.start({
  env: {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: simulator.baseUrl,
    RESELLER_API_KEY: API_KEY,
    DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'playground-')), 'bot.sqlite'),
    LOG_LEVEL: 'info',
    ORDER_POLL_MIN_MS: '500',
    ORDER_POLL_MAX_MS: '3000',
  },
});
const user = emulator.createUser({ first_name: 'You', language_code: lang });

/** Buttons of the newest message that has any, numbered as the user sees them. */
let numberedButtons: Array<{ text: string; messageId: number }> = [];
/** What was last printed per message, so an edit that only removes buttons stays quiet. */
const printed = new Map<number, { editCount: number; text: string }>();

function render(message: BotMessage): string {
  const body = message.text ?? message.caption ?? '';
  const media =
    message.kind === 'text'
      ? ''
      : `[${message.kind}${message.media?.file_name ? `: ${message.media.file_name}` : ''}] `;
  const plain = body
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return `${media}${plain}`;
}

function printNewMessages() {
  for (const message of user.messages()) {
    const before = printed.get(message.message_id);
    if (message.deleted || before?.editCount === message.editCount) continue;
    const text = render(message);
    printed.set(message.message_id, { editCount: message.editCount, text });
    if (before && before.text === text && message.buttons.length === 0) continue;
    const edited = before ? ' (edited)' : '';
    console.log(`\n🤖${edited} ${text}`);
    if (message.buttons.length > 0) {
      numberedButtons = message.buttons.map((b) => ({ text: b.text, messageId: message.message_id }));
      console.log(numberedButtons.map((b, i) => `  #${i + 1} ${b.text}`).join('\n'));
    }
  }
}
const ticker = setInterval(printNewMessages, 200);

console.log(
  `Playground ready (simulator ${simulator.baseUrl}). Type /start. Commands: #N, !photo PATH, !video PATH, !file PATH, :quit`,
);
const rl = createInterface({ input: process.stdin, output: process.stdout });
try {
  for await (const raw of rl) {
    const line = raw.trim();
    if (!line) continue;
    if (line === ':quit') break;
    try {
      if (/^#\d+$/.test(line)) {
        const button = numberedButtons[Number(line.slice(1)) - 1];
        if (!button) console.log('No such button.');
        else await user.pressButton(button.text, { messageId: button.messageId });
      } else if (/^!(photo|video|file) /.test(line)) {
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
      } else if (line.startsWith('/')) {
        const [command, ...args] = line.slice(1).split(' ');
        await user.sendCommand(command!, args.join(' ') || undefined);
      } else {
        await user.sendText(line);
      }
    } catch (error) {
      console.log(`(${error instanceof Error ? error.message : String(error)})`);
    }
  }
} finally {
  clearInterval(ticker);
  rl.close();
  await bot.stop();
  await emulator.close();
  await simulator.close();
}
