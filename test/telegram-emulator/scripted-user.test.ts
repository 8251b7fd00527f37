import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { type Harness, png, rawCall, startEmulator, startPollingBot } from './helpers.js';

describe('scripted users', () => {
  let emu: TelegramEmulator | undefined;
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.stop();
    await emu?.close();
    h = undefined;
    emu = undefined;
  });

  it('send commands with bot_command entities, videos and albums', async () => {
    emu = await startEmulator();
    const user = emu.createUser({ username: 'ann' });
    await user.sendCommand('generate', 'a cat');
    await user.sendVideo(Buffer.from('mp4'), { duration: 5, width: 1280, height: 720, file_name: 'v.mp4' });
    await user.sendMediaGroup([
      { type: 'photo', bytes: png(20, 10), caption: 'album' },
      { type: 'video', bytes: Buffer.from('mp4-2'), duration: 2, width: 320, height: 240 },
    ]);
    const updates = (await rawCall(emu, 'getUpdates')).json['result'] as Update[];
    const [command, video, albumPhoto, albumVideo] = updates.map((u) => u.message!);
    expect(command).toMatchObject({
      text: '/generate a cat',
      entities: [{ type: 'bot_command', offset: 0, length: 9 }],
    });
    expect(video!.video).toMatchObject({
      duration: 5,
      width: 1280,
      mime_type: 'video/mp4',
      file_name: 'v.mp4',
      file_size: 3,
    });
    expect(albumPhoto!.media_group_id).toBeDefined();
    expect(albumPhoto!.media_group_id).toBe(albumVideo!.media_group_id);
    expect(albumPhoto!.caption).toBe('album');
    expect(albumPhoto!.photo!.at(-1)).toMatchObject({ width: 20, height: 10 });
  });

  it('a waiting long poll means the bot has handled everything sent so far (grammY polls after a batch)', async () => {
    const handled: string[] = [];
    h = await startPollingBot((bot) => {
      bot.on('message:text', async (ctx) => {
        await ctx.replyWithChatAction('typing');
        await ctx.reply(`echo ${ctx.message.text}`);
        handled.push(ctx.message.text);
      });
    });
    const user = h.emu.createUser();
    await user.sendText('one');
    await user.sendText('two');
    // A sent update wakes the waiting poll; the bot polls again only after handling what it got.
    const { emu } = h;
    expect(emu.hasWaitingPoll()).toBe(false);
    await expect.poll(() => emu.hasWaitingPoll()).toBe(true);
    expect(handled).toEqual(['one', 'two']);
    expect(user.messages().map((m) => m.text)).toEqual(['echo one', 'echo two']);
    expect(h.emu.callsTo('sendChatAction')).toHaveLength(2);
  });

  it('copyMessage, forwardMessage, getChat and form-encoded bodies work', async () => {
    emu = await startEmulator();
    const user = emu.createUser({ first_name: 'Cid', username: 'cid' });
    await user.sendPhoto(png(30, 30), { caption: 'orig' });
    const copied = await rawCall(emu, 'copyMessage', {
      chat_id: user.chatId,
      from_chat_id: user.chatId,
      message_id: 1,
      caption: 'copy',
    });
    expect(copied.json['result']).toEqual({ message_id: 2 });
    await rawCall(emu, 'forwardMessage', { chat_id: user.chatId, from_chat_id: user.chatId, message_id: 1 });
    expect(user.messages().map((m) => [m.kind, m.caption])).toEqual([
      ['photo', 'copy'],
      ['photo', 'orig'],
    ]);
    expect((await rawCall(emu, 'getChat', { chat_id: user.chatId })).json['result']).toMatchObject({
      id: user.chatId,
      type: 'private',
      username: 'cid',
    });
    const form = await fetch(`${emu.apiRoot}/bot${emu.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        chat_id: String(user.chatId),
        text: '12345',
        reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] }),
      }),
    });
    expect(form.status).toBe(200);
    const query = await fetch(
      `${emu.apiRoot}/bot${emu.token}/sendChatAction?chat_id=${user.chatId}&action=dancing`,
    );
    expect(await query.json()).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: wrong parameter action in request',
    });
    expect(user.lastMessage()).toMatchObject({
      text: '12345',
      buttons: [{ text: 'Go', callback_data: 'go' }],
    });
  });
});
