/**
 * What a tap costs deep in a long form. conversations v2 replays a conversation from its start on
 * every update, so a tap at the last step of the longest simulator form (prompt, several photos,
 * every option changed) does more work than one at the first step, or than /help.
 *
 * The real bot stack runs in-process against the Telegram emulator and the simulator (real HTTP);
 * a scripted user fills the form once, then the conversation state is restored before every
 * measured tap, so each one replays exactly the same depth. The tap is a stale form button (it is
 * answered and changes nothing), the same at both depths. Bare grammY answers the same kind of
 * callback query against the same emulator.
 *
 *   npx tsx bench/form-depth.ts [taps=300]
 */
import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { pino } from 'pino';
import { createServices } from '../src/app/services.js';
import { createTelegramBot, installFeatures } from '../src/bot/index.js';
import { loadConfig } from '../src/config.js';
import { openSqlite } from '../src/db/engines/sqlite.js';
import { storeOn } from '../src/db/index.js';
import { startSimulator } from '../src/simulator/server.js';
import { FORM } from '../src/telegram/callback-data/generate.js';
import { createI18n } from '../src/telegram/i18n.js';
import { makePng } from '../test/support/media-fixtures.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';
import type { ScriptedUser } from '../test/support/telegram/scripted-user.js';

const TAPS = Number(process.argv[2] ?? 300);
const { mkdtempSync, rmSync } = await import('node:fs');
const { tmpdir } = await import('node:os');
const { join } = await import('node:path');

const dir = mkdtempSync(join(tmpdir(), 'bench-form-'));
const emulator = await startTelegramEmulator();
const simulator = await startSimulator({
  accounts: [{ key: 'bench-key', balance_usd: '100.00', deposit_usd: '100.00' }],
});
const database = openSqlite(join(dir, 'bot.sqlite'));
const store = storeOn(database);
const config = loadConfig({
  BOT_TOKEN: emulator.token,
  TELEGRAM_API_ROOT: emulator.apiRoot,
  RESELLER_API_URL: simulator.baseUrl,
  RESELLER_API_KEY: 'bench-key',
});
const logger = pino({ level: 'silent' });
const telegram = createTelegramBot(config.botToken, { apiRoot: config.telegram.apiRoot, logger });
const services = createServices({
  config,
  logger,
  store,
  upstream: { baseUrl: simulator.baseUrl, apiKey: 'bench-key' },
  getFile: (id) => telegram.bot.api.getFile(id),
});
const i18n = createI18n(config.defaultLocale, config.branding);
const bot = installFeatures(telegram, { store, deps: { config, logger, i18n, sandbox: false, ...services } });
await bot.init();

/** Feeds the bot what the emulator queued until `until` settles (a manual getUpdates loop). */
let offset = 0;
let handle: (u: Update) => Promise<void> = (u) => bot.handleUpdate(u);
async function pumpUntil<T>(until: Promise<T>): Promise<T> {
  let done = false;
  const result = until.finally(() => {
    done = true;
  });
  while (!done) {
    const updates = await bot.api.getUpdates({ offset, timeout: 0 });
    for (const u of updates) {
      offset = u.update_id + 1;
      await handle(u);
    }
    if (updates.length === 0) await new Promise((r) => setTimeout(r, 5));
  }
  return result;
}

const user: ScriptedUser = emulator.createUser({ first_name: 'Deep', language_code: 'en' });
const conversationKey = String(user.id);
const stateRow = () =>
  database.sqlite.prepare('select value from conversation_states where key = ?').get(conversationKey) as
    | { value: string }
    | undefined;
const restore = (value: string) =>
  database.sqlite
    .prepare('update conversation_states set value = ? where key = ?')
    .run(value, conversationKey);

// Into the longest form: Nova Image Edit (prompt, up to 10 photos, resolution and aspect ratio).
/** Runs a user action, pumping updates until the bot's reply matching `reply` arrived. */
async function step(action: () => Promise<unknown>, reply: Parameters<ScriptedUser['waitForMessage']>[0]) {
  const seq = emulator.seq();
  const answered = user.waitForMessage(reply, { after: seq, timeoutMs: 30_000 });
  await pumpUntil(Promise.all([action(), answered]));
  return answered;
}
await step(() => user.sendCommand('generate'), /What would you like/);
await step(() => user.pressButton(/Images/), /Choose a model/);
const ask = await step(() => user.pressButton(/^Nova Image Edit ·/), /Describe what you want/);
const firstStep = stateRow()!.value;
const promptMessage = ask.message_id;
await step(() => user.sendText('A quiet harbour at dawn, soft light, long exposure'), /📎/);
const PHOTOS = 6;
for (let i = 0; i < PHOTOS; i++) {
  await step(() => user.sendPhoto(makePng(600 + i, 600), { width: 600 + i, height: 600 }), /Received/);
}
const settings = await step(() => user.pressButton(/Done/), /Settings/);
// Every option changed: open each setting and pick its last value.
const optionButtons = settings.buttons.filter((b) => b.callback_data?.startsWith('g:opt:'));
for (const option of optionButtons) {
  const choices = await step(
    () => user.pressButton(option.text),
    (m) => m.buttons.some((b) => b.callback_data?.startsWith('g:val:')),
  );
  const last = choices.buttons.filter((b) => b.callback_data?.startsWith('g:val:')).at(-1)!;
  await step(() => user.pressButton(last.text), /Settings/);
}
const lastStep = stateRow()!.value;
const settingsMessage = user
  .messages()
  .filter((m) => /Settings/.test(m.text ?? ''))
  .at(-1)!.message_id;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Times `op` TAPS times (after warm-up), with `before` run untimed before each. */
async function measure(name: string, before: () => void, op: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) {
    before();
    await op();
  }
  const durations: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    before();
    const t0 = performance.now();
    await op();
    durations.push(performance.now() - t0);
  }
  durations.sort((a, b) => a - b);
  const total = durations.reduce((a, b) => a + b, 0);
  const row = {
    name,
    perSecond: (TAPS / total) * 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  };
  console.log(
    `${name.padEnd(30)} ${row.perSecond.toFixed(0).padStart(6)} updates/s   p50 ${row.p50.toFixed(2)} ms   p99 ${row.p99.toFixed(2)} ms`,
  );
  return row;
}

// Bare grammY on the same emulator, fed by the same loop: it answers the same callback and /help.
const bare = new Bot(emulator.token, { client: { apiRoot: emulator.apiRoot } });
await bare.init();
bare.on('callback_query', (ctx) => ctx.answerCallbackQuery());
bare.command('help', (ctx) => ctx.reply('help text'));
let handler: (u: Update) => Promise<void> = (u) => bot.handleUpdate(u);
handle = (u) => handler(u);

const STALE = FORM.value(999); // a form button that fits no step: answered, changes nothing
const helpUser = emulator.createUser({ first_name: 'Help', language_code: 'en' });
const helpOnce = () => {
  const seq = emulator.seq();
  const reply = helpUser.waitForMessage(() => true, { after: seq });
  return pumpUntil(Promise.all([helpUser.sendCommand('help'), reply]));
};
const tapOnce = (messageId: number) => () => pumpUntil(user.pressCallbackData(STALE, messageId));

console.log(
  `form depth: ${TAPS} updates each, real HTTP to the Telegram emulator (same process, a getUpdates loop)`,
);
console.log(
  `conversation state: first step ${firstStep.length} bytes, last step ${lastStep.length} bytes (${PHOTOS} photos, ${optionButtons.length} options changed)\n`,
);
handler = (u) => bare.handleUpdate(u);
await measure('bare grammY: /help', () => undefined, helpOnce);
await measure('bare grammY: callback', () => undefined, tapOnce(promptMessage));
handler = (u) => bot.handleUpdate(u);
await measure('bot: /help', () => undefined, helpOnce);
const first = await measure('bot: tap at the first step', () => restore(firstStep), tapOnce(promptMessage));
const last = await measure('bot: tap at the last step', () => restore(lastStep), tapOnce(settingsMessage));
console.log(
  `\nlast step / first step: p50 x${(last.p50 / first.p50).toFixed(2)}, p99 x${(last.p99 / first.p99).toFixed(2)}`,
);

await emulator.close();
await simulator.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
