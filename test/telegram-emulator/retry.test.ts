import { autoRetry } from '@grammyjs/auto-retry';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, rawCall, startEmulator } from './helpers.js';

describe('injected errors', () => {
  let emu: TelegramEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it('a 429 carries retry_after and is retried by @grammyjs/auto-retry; the message still arrives', async () => {
    emu = await startEmulator();
    const user = emu.createUser();
    emu.injectError('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      retry_after: 1,
    });
    const bot = botFor(emu);
    bot.api.config.use(autoRetry());
    await bot.api.sendMessage(user.chatId, 'hello after retry');
    expect(user.messages().map((m) => m.text)).toEqual(['hello after retry']);
    expect(emu.callsTo('sendMessage').map((c) => [c.ok, c.errorCode])).toEqual([
      [false, 429],
      [true, undefined],
    ]);
    expect(emu.problems).toEqual([]);
  });

  it('answers injected errors in Telegram shape, `times` in a row', async () => {
    emu = await startEmulator();
    const user = emu.createUser();
    emu.injectError(
      'sendMessage',
      { error_code: 429, description: 'Too Many Requests: retry after 7', retry_after: 7 },
      2,
    );
    const body = { chat_id: user.chatId, text: 'x' };
    const expected = {
      status: 429,
      json: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 7',
        parameters: { retry_after: 7 },
      },
    };
    expect(await rawCall(emu, 'sendMessage', body)).toEqual(expected);
    expect(await rawCall(emu, 'sendMessage', body)).toEqual(expected);
    expect((await rawCall(emu, 'sendMessage', body)).status).toBe(200);
  });
});
