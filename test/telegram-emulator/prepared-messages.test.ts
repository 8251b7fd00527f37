/**
 * savePreparedInlineMessage (Bot API 8.0) in the emulator: a result checked as strictly as
 * answerInlineQuery's, kept for a user the bot knows, with the chats it may go to; and the video
 * thumbnails Telegram returns with a sent video (the customers' gallery stores them as previews).
 */
import { InputFile } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4 } from '../support/media-fixtures.js';
import type { ScriptedUser, TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, png, startEmulator } from './helpers.js';

describe('prepared inline messages', () => {
  let emu: TelegramEmulator;
  let user: ScriptedUser;
  let photoId: string;
  let videoId: string;
  const api = () => botFor(emu).api;

  beforeAll(async () => {
    emu = await startEmulator();
    user = emu.createUser();
    photoId = (await api().sendPhoto(user.chatId, new InputFile(png(64, 64), 'a.png'))).photo.at(-1)!.file_id;
    const video = await api().sendVideo(
      user.chatId,
      new InputFile(makeMp4({ durationSeconds: 2, fps: 24, width: 1280, height: 720 }), 'v.mp4'),
    );
    videoId = video.video.file_id;
  });
  afterAll(() => emu.close());

  const photo = (extra: Record<string, unknown> = {}) =>
    ({ type: 'photo', id: 'r1', photo_file_id: photoId, ...extra }) as InlineQueryResult;

  it('keeps a valid result for the user and answers its id and expiry', async () => {
    const prepared = await api().savePreparedInlineMessage(
      user.id,
      photo({
        caption: '<b>Made</b> with @bot',
        parse_mode: 'HTML',
        reply_markup: { inline_keyboard: [[{ text: 'Create yours', url: 'https://t.me/bot?start' }]] },
      }),
      { allow_user_chats: true, allow_group_chats: true, allow_channel_chats: true },
    );
    expect(prepared.id).toMatch(/^\w+$/);
    expect(prepared.expiration_date).toBeGreaterThan(Math.floor(Date.now() / 1000));
    const [kept] = emu.preparedMessages();
    expect(kept).toMatchObject({
      id: prepared.id,
      userId: user.id,
      result: {
        type: 'photo',
        fileId: photoId,
        caption: 'Made with @bot',
        buttons: [{ text: 'Create yours', url: 'https://t.me/bot?start' }],
      },
      allow: { users: true, bots: false, groups: true, channels: true },
    });
  });

  it('refuses an unknown user, a bad result and a message no chat may take', async () => {
    const refusals = await Promise.all(
      [
        api().savePreparedInlineMessage(999_999, photo(), { allow_user_chats: true }),
        api().savePreparedInlineMessage(
          user.id,
          { type: 'photo', id: 'r2', photo_file_id: 'nope' } as InlineQueryResult,
          { allow_user_chats: true },
        ),
        // A video needs a title.
        api().savePreparedInlineMessage(
          user.id,
          { type: 'video', id: 'r3', video_file_id: videoId } as InlineQueryResult,
          { allow_user_chats: true },
        ),
        api().savePreparedInlineMessage(user.id, photo()),
      ].map((p) => p.then(() => 'ok').catch((err: { description?: string }) => err.description)),
    );
    expect(refusals).toEqual([
      'Bad Request: user not found',
      'Bad Request: wrong file identifier/HTTP URL specified',
      'Bad Request: RESULT_TITLE_EMPTY',
      'Bad Request: PEER_TYPES_INVALID',
    ]);
    expect(emu.preparedMessages()).toHaveLength(1);
    // Telegram answered every refusal: nothing the bot did was out of bounds beyond those four.
    emu.problems.length = 0;
  });

  it('returns a video with its thumbnail: a small JPEG, downloadable, the same each time', async () => {
    const again = await api().sendVideo(user.chatId, videoId);
    const thumb = again.video.thumbnail!;
    expect(Math.max(thumb.width, thumb.height)).toBe(320);
    expect(thumb.height).toBe(180);
    const file = await api().getFile(thumb.file_id);
    const res = await fetch(`${emu.apiRoot}/file/bot${emu.token}/${file.file_path}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const third = await api().sendVideo(user.chatId, videoId);
    expect(third.video.thumbnail!.file_unique_id).toBe(thumb.file_unique_id);
  });
});
