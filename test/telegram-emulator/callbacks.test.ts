import { type GrammyError, InlineKeyboard } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startPollingBot } from './helpers.js';

describe('callback queries', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  const menu = new InlineKeyboard().text('OK', 'ok').text('Twice', 'twice').row().text('Ignore', 'ignore');

  async function start(extra?: (bot: Harness['bot']) => void): Promise<Harness> {
    h = await startPollingBot((bot) => {
      bot.command('menu', (ctx) => ctx.reply('Choose', { reply_markup: menu }));
      bot.callbackQuery('ok', async (ctx) => {
        await ctx.answerCallbackQuery({ text: 'Done' });
        await ctx.editMessageText('Confirmed');
      });
      bot.callbackQuery('twice', async (ctx) => {
        await ctx.answerCallbackQuery();
        try {
          await ctx.answerCallbackQuery('again');
        } catch (err) {
          await ctx.reply(`second answer failed: ${(err as GrammyError).description}`);
        }
      });
      bot.callbackQuery('ignore', () => {});
      extra?.(bot);
    });
    return h;
  }

  it('pressing a button delivers a callback_query and the answer resolves pressButton', async () => {
    const { emu } = await start();
    const user = emu.createUser();
    await user.sendCommand('menu');
    const choose = await user.waitForMessage('Choose');
    const s = emu.seq();
    const answer = await user.pressButton('OK');
    expect(answer).toEqual({ text: 'Done' });
    const edited = await user.waitForMessage(/Confirmed/, { after: s });
    expect(edited).toMatchObject({ message_id: choose.message_id, editCount: 1, buttons: [] });
    expect(emu.unansweredCallbackQueries()).toEqual([]);
    expect(emu.problems).toEqual([]);
  });

  it('answering the same query twice is an error and a problem', async () => {
    const { emu } = await start();
    const user = emu.createUser();
    await user.sendCommand('menu');
    await user.waitForMessage('Choose');
    await user.pressButton(/^Twi/);
    const failure = await user.waitForMessage(/second answer failed/);
    expect(failure.text).toBe(
      'second answer failed: Bad Request: query is too old and response timeout expired or query ID is invalid',
    );
    expect(emu.problems).toHaveLength(1);
    expect(emu.problems[0]).toMatch(/^answerCallbackQuery: Bad Request: query is too old/);
  });

  it('an unanswered query is reported and pressButton times out with the chat transcript', async () => {
    const { emu } = await start();
    const user = emu.createUser();
    await user.sendCommand('menu');
    await user.waitForMessage('Choose');
    await expect(user.pressButton('Ignore', { timeoutMs: 300 })).rejects.toThrow(
      /did not answer the callback query for button "Ignore"[\s\S]*Choose/,
    );
    expect(emu.unansweredCallbackQueries()).toEqual([
      { id: expect.any(String), data: 'ignore', fromId: user.id },
    ]);
  });

  it('pressButton on a missing label lists the buttons that exist', async () => {
    const { emu } = await start();
    const user = emu.createUser();
    await user.sendCommand('menu');
    await user.waitForMessage('Choose');
    await expect(user.pressButton('Cancel')).rejects.toThrow(
      /No inline button matching Cancel.*\[OK\] \[Twice\] \[Ignore\]/,
    );
  });

  it('forged callback data reaches the bot', async () => {
    const seen: string[] = [];
    const { emu } = await start((bot) =>
      bot.on('callback_query:data', (ctx) => {
        seen.push(ctx.callbackQuery.data);
        return ctx.answerCallbackQuery();
      }),
    );
    const user = emu.createUser();
    await user.sendCommand('menu');
    const m = await user.waitForMessage('Choose');
    await user.pressCallbackData('forged:1', m.message_id);
    expect(seen).toEqual(['forged:1']);
  });

  it('callback_data is limited to 64 bytes of UTF-8 and answers to 200 chars', async () => {
    const { emu, bot } = await start();
    const user = emu.createUser();
    const send = (data: string) =>
      bot.api.sendMessage(user.chatId, 'x', { reply_markup: new InlineKeyboard().text('b', data) });
    await expect(send('a'.repeat(64))).resolves.toMatchObject({ text: 'x' });
    await expect(send('a'.repeat(65))).rejects.toThrow('BUTTON_DATA_INVALID');
    await expect(send('я'.repeat(33))).rejects.toThrow('BUTTON_DATA_INVALID'); // 66 bytes, 33 chars
    await expect(send('')).rejects.toThrow('BUTTON_DATA_INVALID');
    const textOnly = { inline_keyboard: [[{ text: 'plain' }]] } as unknown as InlineKeyboard;
    await expect(bot.api.sendMessage(user.chatId, 'x', { reply_markup: textOnly })).rejects.toThrow(
      'Text buttons are unallowed',
    );
    await expect(bot.api.answerCallbackQuery('123', { text: 'x'.repeat(201) })).rejects.toThrow(
      'MESSAGE_TOO_LONG',
    );
    expect(emu.problems).toHaveLength(5);
  });
});
