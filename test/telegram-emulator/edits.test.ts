import { InlineKeyboard, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser, TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, png, startEmulator } from './helpers.js';

describe('editing and deleting', () => {
  let emu: TelegramEmulator;
  let user: ScriptedUser;
  const api = () => botFor(emu).api;
  const keyboard = new InlineKeyboard().text('A', 'a');
  beforeAll(async () => {
    emu = await startEmulator();
    user = emu.createUser();
  });
  afterAll(() => emu.close());

  it('refuses an edit that changes nothing, without calling it a problem', async () => {
    const sent = await api().sendMessage(user.chatId, '<b>Hi</b>', {
      parse_mode: 'HTML',
      reply_markup: keyboard,
    });
    await expect(
      api().editMessageText(user.chatId, sent.message_id, '<b>Hi</b>', {
        parse_mode: 'HTML',
        reply_markup: keyboard,
      }),
    ).rejects.toThrow(
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
    await expect(
      api().editMessageReplyMarkup(user.chatId, sent.message_id, { reply_markup: keyboard }),
    ).rejects.toThrow('message is not modified');
    expect(emu.problems).toEqual([]);

    // Same text but no reply_markup: Telegram removes the keyboard, so this is a real change.
    const s = emu.seq();
    await api().editMessageText(user.chatId, sent.message_id, '<b>Hi</b>', { parse_mode: 'HTML' });
    const edited = await user.waitForMessage('Hi', { after: s });
    expect(edited).toMatchObject({ buttons: [], editCount: 1, text: 'Hi' });
    expect(edited.editedAt).toBeGreaterThan(s);
  });

  it('reports edits of deleted or missing messages, and text edits of media messages', async () => {
    emu.problems.length = 0;
    const sent = await api().sendMessage(user.chatId, 'bye');
    await api().deleteMessage(user.chatId, sent.message_id);
    await expect(api().editMessageText(user.chatId, sent.message_id, 'again')).rejects.toThrow(
      'Bad Request: message to edit not found',
    );
    await expect(api().deleteMessage(user.chatId, sent.message_id)).rejects.toThrow(
      'Bad Request: message to delete not found',
    );
    const photo = await api().sendPhoto(user.chatId, new InputFile(png(2, 2)), { caption: 'pic' });
    await expect(api().editMessageText(user.chatId, photo.message_id, 'text')).rejects.toThrow(
      'Bad Request: there is no text in the message to edit',
    );
    await api().editMessageCaption(user.chatId, photo.message_id, { caption: 'new caption' });
    expect(user.lastMessage()).toMatchObject({ kind: 'photo', caption: 'new caption', editCount: 1 });
    expect(user.messages().find((m) => m.message_id === sent.message_id)?.deleted).toBe(true);
    expect(emu.problems).toHaveLength(3);
  });

  it('replaces media with editMessageMedia and an attach:// upload', async () => {
    const photo = await api().sendPhoto(user.chatId, new InputFile(png(2, 2)));
    const replacement = png(8, 4);
    await api().editMessageMedia(user.chatId, photo.message_id, {
      type: 'photo',
      media: new InputFile(replacement),
      caption: 'v2',
    });
    const m = user.lastMessage()!;
    expect(m).toMatchObject({ caption: 'v2', media: { width: 8, height: 4, size: replacement.length } });
    expect(await m.media!.bytes()).toEqual(replacement);
  });

  it('waitForMessage can ignore edits', async () => {
    const s = emu.seq();
    const sent = await api().sendMessage(user.chatId, 'step 1');
    await api().editMessageText(user.chatId, sent.message_id, 'step 2');
    const fresh = user.waitForMessage(/step/, { includeEdits: false, after: s });
    await expect(fresh).resolves.toMatchObject({ text: 'step 1' });
    await expect(user.waitForMessage(/step 2/, { after: s })).resolves.toMatchObject({ editCount: 1 });
  });
});
