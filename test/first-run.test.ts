/**
 * The first `npm start` on a fresh clone: the real entry point (src/main.ts) as a child process.
 * Without a token it says how to get one and that the playground needs none; a token Telegram
 * refuses is named as such, not as a failed API call.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from './support/e2e/bot-process.js';
import { startTelegramEmulator, type TelegramEmulator } from './support/telegram/emulator.js';

let emulator: TelegramEmulator;
beforeAll(async () => {
  emulator = await startTelegramEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const databasePath = () => join(mkdtempSync(join(tmpdir(), 'first-run-')), 'bot.sqlite');

describe('first run', () => {
  it('without BOT_TOKEN: how to get one from @BotFather, and that the playground needs none', async () => {
    const { code, output } = await BotProcess.runToExit({
      DATABASE_PATH: databasePath(),
      // A developer's own .env must not hand it a token.
      DOTENV_CONFIG_PATH: join(tmpdir(), 'no-such-first-run.env'),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/BOT_TOKEN is required/);
    expect(output).toMatch(/@BotFather/);
    expect(output).toMatch(/\/newbot/);
    expect(output).toMatch(/npm run playground/);
  }, 90_000);

  it('a token Telegram rejects (401 on getMe) is reported as rejected, without a stack', async () => {
    const { code, output } = await BotProcess.runToExit({
      BOT_TOKEN: '123456:replace-me',
      TELEGRAM_API_ROOT: emulator.apiRoot,
      DATABASE_PATH: databasePath(),
    });
    expect(code).toBe(1);
    expect(output).toMatch(/BOT_TOKEN was rejected by Telegram/);
    expect(output).not.toMatch(/Call to 'getMe' failed/);
    expect(output).not.toMatch(/^\s+at /m);
    // The token itself never appears.
    expect(output).not.toContain('replace-me');
  }, 90_000);
});
