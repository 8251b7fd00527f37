/**
 * Going live with a wrong upstream key or URL: the real entry point against the simulator (a real
 * HTTP server). The start-up stops at once naming the variable to fix, as a token Telegram refuses
 * does, and never shows the key; an upstream that does not answer at all may come back, so the bot
 * starts with a warning.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSimulator, startSimulator } from '../src/simulator/server.js';
import { BotProcess } from './support/e2e/bot-process.js';
import { startTelegramEmulator, type TelegramEmulator } from './support/telegram/emulator.js';

const RIGHT_KEY = 'rk_live_the-right-key';
const WRONG_KEY = 'rk_live_a-mistyped-key-4f9c';

let emulator: TelegramEmulator;
let simulator: RunningSimulator;
beforeAll(async () => {
  emulator = await startTelegramEmulator();
  simulator = await startSimulator({
    accounts: [{ key: RIGHT_KEY, balance_usd: '50.00', deposit_usd: '50.00' }],
  });
});
afterAll(async () => {
  await emulator?.close();
  await simulator?.close();
});

const env = (url: string, key: string) => ({
  BOT_TOKEN: emulator.token,
  TELEGRAM_API_ROOT: emulator.apiRoot,
  RESELLER_API_URL: url,
  RESELLER_API_KEY: key,
  DATABASE_PATH: join(mkdtempSync(join(tmpdir(), 'upstream-check-')), 'bot.sqlite'),
});

describe('the upstream at start-up', () => {
  it('a key the upstream refuses (401) stops the bot naming RESELLER_API_KEY, never the key', async () => {
    const { code, output } = await BotProcess.runToExit(env(simulator.baseUrl, WRONG_KEY), 60_000);
    expect(code, output).toBe(1);
    expect(output).toMatch(/RESELLER_API_KEY was rejected by the upstream at \S+ \(401 Unauthorized\)/);
    expect(output).toMatch(/Copy it again from your provider's dashboard/);
    expect(output).not.toContain(WRONG_KEY);
    expect(output).not.toMatch(/"msg":"bot started"/);
    expect(output).not.toMatch(/^\s+at /m);
  }, 90_000);

  it('a URL without the API path (404 at /balance) stops the bot naming RESELLER_API_URL and /api/v1', async () => {
    const { code, output } = await BotProcess.runToExit(env(simulator.origin, RIGHT_KEY), 60_000);
    expect(code, output).toBe(1);
    expect(output).toContain(`RESELLER_API_URL=${simulator.origin} is not the Reseller API`);
    expect(output).toContain(`ending with /api/v1 (perhaps ${simulator.origin}/api/v1)`);
    expect(output).not.toContain(RIGHT_KEY);
    expect(output).not.toMatch(/^\s+at /m);
  }, 90_000);

  it('an upstream that does not answer: the bot starts with a warning (it may come back)', async () => {
    // A port of our own that drops every connection: a free port could be taken meanwhile by
    // another test's server (it once answered 401).
    const dropper = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve));
    const nobody = `http://127.0.0.1:${(dropper.address() as AddressInfo).port}/api/v1`;
    const bot = await BotProcess.start({ env: env(nobody, RIGHT_KEY), startTimeoutMs: 60_000 }).catch(
      async (err: unknown) => {
        dropper.close();
        throw err;
      },
    );
    try {
      const warning = await bot.waitForLine(/the upstream did not answer at start-up/);
      expect(JSON.parse(warning)).toMatchObject({ level: 40, code: 'network_error' });
      expect(bot.lines.join('\n')).not.toContain(RIGHT_KEY);
    } finally {
      await bot.stop();
      dropper.close();
    }
  }, 90_000);

  it('the right key and URL: asked once, and the bot starts', async () => {
    const before = simulator.requests.filter((r) => r.path === '/balance').length;
    const bot = await BotProcess.start({ env: env(simulator.baseUrl, RIGHT_KEY), startTimeoutMs: 60_000 });
    try {
      expect(bot.lines.join('\n')).toMatch(/upstream takes our key/);
      expect(simulator.requests.filter((r) => r.path === '/balance').length).toBeGreaterThan(before);
    } finally {
      await bot.stop();
    }
  }, 90_000);
});
