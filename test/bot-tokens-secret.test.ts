/**
 * A deployment with added bots keeps their tokens sealed with BOT_TOKENS_SECRET. Starting it
 * without the secret, or with another one, stops at once naming the variable and the bot, never
 * showing a token or a secret; the right secret starts it, and the main bot's identity is stored. A
 * stored bot whose token Telegram refuses is logged and left out while the others are served.
 * The real entry point against the emulator and the simulator (real HTTP servers).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_BOT_ID, openStore } from '../src/db/index.js';
import { SecretBox } from '../src/lib/secret-box.js';
import { type RunningSimulator, startSimulator } from '../src/simulator/server.js';
import { BotProcess } from './support/e2e/bot-process.js';
import { startTelegramEmulator, type TelegramEmulator } from './support/telegram/emulator.js';

const KEY = 'rk_live_key-for-bot-tokens';
const SECRET = 'the-operator-secret-0123456789-abcdef';
const OTHER_SECRET = 'a-different-secret-0123456789-abcdef';

let emulator: TelegramEmulator;
let simulator: RunningSimulator;
let databasePath: string;
let shopToken: string;
beforeAll(async () => {
  emulator = await startTelegramEmulator();
  simulator = await startSimulator({ accounts: [{ key: KEY, balance_usd: '50.00', deposit_usd: '50.00' }] });
  const shop = emulator.addBot({ username: 'shop_bot' });
  shopToken = shop.token;
  databasePath = join(mkdtempSync(join(tmpdir(), 'bot-tokens-')), 'bot.sqlite');
  const store = await openStore({ path: databasePath });
  await store.bots.add({
    telegramId: shop.botUser.id,
    username: 'shop_bot',
    tokenSealed: new SecretBox(SECRET).seal(shop.token),
    createdBy: 1,
    managed: false,
  });
  await store.close();
});
afterAll(async () => {
  await emulator?.close();
  await simulator?.close();
});

const env = (secret?: string) => ({
  BOT_TOKEN: emulator.token,
  TELEGRAM_API_ROOT: emulator.apiRoot,
  RESELLER_API_URL: simulator.baseUrl,
  RESELLER_API_KEY: KEY,
  DATABASE_PATH: databasePath,
  ...(secret ? { BOT_TOKENS_SECRET: secret } : {}),
});

describe('BOT_TOKENS_SECRET at start-up', () => {
  it('missing while bots are stored: stops naming the variable and the bot', async () => {
    const { code, output } = await BotProcess.runToExit(env(), 60_000);
    expect(code, output).toBe(1);
    expect(output).toMatch(/@shop_bot first, keep their tokens sealed, and BOT_TOKENS_SECRET is not set/);
    expect(output).not.toContain(shopToken);
    expect(output).not.toMatch(/"msg":"bot started"/);
  }, 90_000);

  it('another secret: stops naming the bot, showing neither secret nor token', async () => {
    const { code, output } = await BotProcess.runToExit(env(OTHER_SECRET), 60_000);
    expect(code, output).toBe(1);
    expect(output).toMatch(/BOT_TOKENS_SECRET does not open the stored token of @shop_bot/);
    expect(output).not.toContain(OTHER_SECRET);
    expect(output).not.toContain(shopToken);
  }, 90_000);

  it('the secret they were sealed with: the bot starts and records the main bot', async () => {
    const bot = await BotProcess.start({ env: env(SECRET), startTimeoutMs: 60_000 });
    try {
      expect(bot.lines.join('\n')).not.toContain(SECRET);
    } finally {
      await bot.stop();
    }
    const store = await openStore({ path: databasePath });
    try {
      expect(await store.bots.byId(MAIN_BOT_ID)).toMatchObject({
        telegramId: emulator.botUser.id,
        username: emulator.botUser.username,
      });
    } finally {
      await store.close();
    }
  }, 90_000);

  it('a stored bot whose token Telegram refuses is logged and left out; the others are served', async () => {
    const revoked = '7999999:a-token-telegram-revoked-long-ago';
    const store = await openStore({ path: databasePath });
    try {
      await store.bots.add({
        telegramId: 7_999_999,
        username: 'gone_bot',
        tokenSealed: new SecretBox(SECRET).seal(revoked),
        createdBy: 1,
        managed: false,
      });
    } finally {
      await store.close();
    }
    const bot = await BotProcess.start({ env: env(SECRET), startTimeoutMs: 60_000 });
    try {
      await bot.waitForLine(/could not serve an added bot/, 30_000);
      const customer = emulator.bot('shop_bot').createUser({ first_name: 'Cy', language_code: 'en' });
      await customer.sendCommand('start');
      await customer.waitForMessage(/Hi, Cy!/, { timeoutMs: 30_000 });
      expect(bot.lines.join('\n')).not.toContain(revoked);
    } finally {
      await bot.stop();
    }
  }, 90_000);
});
