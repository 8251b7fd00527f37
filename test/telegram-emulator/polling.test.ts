import { run } from '@grammyjs/runner';
import { InlineKeyboard } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, type Harness, rawCall, startEmulator, startPollingBot } from './helpers.js';

describe('long polling', () => {
  let emu: TelegramEmulator | undefined;
  let harness: Harness | undefined;
  afterEach(async () => {
    await harness?.stop();
    await emu?.close();
    harness = undefined;
    emu = undefined;
  });

  it('delivers user updates and forgets them once confirmed by offset', async () => {
    emu = await startEmulator();
    const user = emu.createUser({ first_name: 'Ann', language_code: 'en' });
    await user.sendText('hello');

    const first = await rawCall(emu, 'getUpdates', {});
    const updates = first.json['result'] as Update[];
    expect(updates).toHaveLength(1);
    expect(updates[0]!.message).toMatchObject({
      text: 'hello',
      chat: { id: user.chatId, type: 'private' },
      from: { id: user.id, is_bot: false, first_name: 'Ann', language_code: 'en' },
    });

    // Not confirmed yet: delivered again.
    const again = await rawCall(emu, 'getUpdates', {});
    expect((again.json['result'] as Update[]).map((u) => u.update_id)).toEqual([updates[0]!.update_id]);

    const offset = updates[0]!.update_id + 1;
    expect((await rawCall(emu, 'getUpdates', { offset })).json['result']).toEqual([]);

    // A long poll waits for the next update.
    const waiting = rawCall(emu, 'getUpdates', { offset, timeout: 10 });
    await user.sendText('second');
    const next = (await waiting).json['result'] as Update[];
    expect(next.map((u) => u.message?.text)).toEqual(['second']);
    expect(emu.problems).toEqual([]);
  });

  it('answers the displaced poller with 409 when two getUpdates overlap', async () => {
    emu = await startEmulator();
    const older = rawCall(emu, 'getUpdates', { timeout: 10 });
    // The first poll has reached the server (recorded) before the second is sent.
    await expect.poll(() => emu?.hasWaitingPoll()).toBe(true);
    const newer = rawCall(emu, 'getUpdates', { timeout: 0 });
    expect((await newer).status).toBe(200);
    const conflict = await older;
    expect(conflict.status).toBe(409);
    expect(conflict.json).toEqual({
      ok: false,
      error_code: 409,
      description:
        'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
    });
    expect(emu.problems).toHaveLength(1);
  });

  it('refuses getUpdates while a webhook is set', async () => {
    emu = await startEmulator();
    await rawCall(emu, 'setWebhook', { url: 'https://example.com/hook' });
    expect((await rawCall(emu, 'getUpdates')).status).toBe(409);
    await rawCall(emu, 'deleteWebhook');
    expect((await rawCall(emu, 'getUpdates')).status).toBe(200);
  });

  it('a grammY bot answers /start and the scripted user sees the reply with its buttons', async () => {
    harness = await startPollingBot((bot) => {
      bot.command('start', (ctx) =>
        ctx.reply(`Welcome, <b>${ctx.from?.first_name}</b>!`, {
          parse_mode: 'HTML',
          reply_markup: new InlineKeyboard().text('Generate', 'gen').url('Site', 'https://example.com'),
        }),
      );
    });
    const user = harness.emu.createUser({ first_name: 'Bob' });
    await user.sendCommand('start');
    const reply = await user.waitForMessage(/Welcome/);
    expect(reply).toMatchObject({
      kind: 'text',
      text: 'Welcome, Bob!',
      parse_mode: 'HTML',
      entities: [{ type: 'bold', offset: 9, length: 3 }],
      buttons: [
        { text: 'Generate', callback_data: 'gen' },
        { text: 'Site', url: 'https://example.com' },
      ],
    });
    expect(user.transcript()).toContain('"/start"');
    const { emu: stopped, errors } = harness;
    await harness.stop();
    harness = undefined;
    // bot.stop() aborts its long poll and confirms the offset: no conflict, nothing left over.
    expect(stopped.problems).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('works with @grammyjs/runner', async () => {
    emu = await startEmulator();
    const bot = botFor(emu);
    bot.on('message:text', (ctx) => ctx.reply(`runner: ${ctx.message.text}`));
    const runner = run(bot);
    try {
      const user = emu.createUser();
      await user.sendText('ping');
      await expect(user.waitForMessage(/runner/)).resolves.toMatchObject({ text: 'runner: ping' });
    } finally {
      await runner.stop();
    }
    expect(emu.problems).toEqual([]);
  });

  it('waitForMessage rejects with a readable transcript', async () => {
    emu = await startEmulator();
    const user = emu.createUser();
    await user.sendText('anyone there?');
    await expect(user.waitForMessage('never', { timeoutMs: 50 })).rejects.toThrow(
      /timed out[\s\S]*anyone there\?/,
    );
  });

  it('rejects a wrong token with 401 (another bot: not its problem) and an unknown method with 404', async () => {
    emu = await startEmulator();
    const wrong = await rawCall(emu, 'getMe', {}, '999:WRONG');
    expect(wrong).toEqual({ status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } });
    const unknown = await rawCall(emu, 'sendTelepathy', {});
    expect(unknown).toEqual({ status: 404, json: { ok: false, error_code: 404, description: 'Not Found' } });
    expect(emu.problems).toEqual(['sendTelepathy: Not Found']);
    expect(emu.callsTo('getMe')).toEqual([]);
    const me = await rawCall(emu, 'getme');
    expect(me.json['result']).toMatchObject({ id: 123456, is_bot: true, username: 'test_bot' });
  });

  it('stores commands per scope and language', async () => {
    emu = await startEmulator();
    await rawCall(emu, 'setMyCommands', { commands: [{ command: 'start', description: 'Start' }] });
    await rawCall(emu, 'setMyCommands', {
      commands: [{ command: 'start', description: 'Начать' }],
      language_code: 'ru',
    });
    const bad = await rawCall(emu, 'setMyCommands', {
      commands: [{ command: 'Bad-Name', description: 'x' }],
    });
    expect(bad.json['description']).toBe('Bad Request: BOT_COMMAND_INVALID');
    expect(emu.commands()).toEqual([{ command: 'start', description: 'Start' }]);
    expect(emu.commands({ type: 'default' }, 'ru')).toEqual([{ command: 'start', description: 'Начать' }]);
    expect((await rawCall(emu, 'getMyCommands', { language_code: 'ru' })).json['result']).toEqual([
      { command: 'start', description: 'Начать' },
    ]);
  });

  it('answers 403 to a bot writing to a user who blocked it, and tells the bot via my_chat_member', async () => {
    emu = await startEmulator();
    const user = emu.createUser();
    user.block();
    const res = await rawCall(emu, 'sendMessage', { chat_id: user.chatId, text: 'hi' });
    expect(res).toEqual({
      status: 403,
      json: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
    });
    const updates = (await rawCall(emu, 'getUpdates')).json['result'] as Update[];
    expect(updates[0]?.my_chat_member?.new_chat_member.status).toBe('kicked');
    expect((await rawCall(emu, 'sendMessage', { chat_id: 42, text: 'hi' })).json['description']).toBe(
      'Bad Request: chat not found',
    );
    expect(emu.problems).toEqual(['sendMessage: Bad Request: chat not found (text: "hi")']);
  });
});
