/** Inline queries in the emulator: answered as strictly as Telegram checks them, once and in time. */
import { InputFile } from 'grammy';
import type { InlineQueryResult } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser, TelegramEmulator } from '../support/telegram/emulator.js';
import { InlineQueries } from '../support/telegram/state/inline-queries.js';
import { botFor, png, startEmulator } from './helpers.js';

describe('inline queries', () => {
  let emu: TelegramEmulator;
  let user: ScriptedUser;
  let photoId: string;
  let documentId: string;
  let offset = 0;
  const api = () => botFor(emu).api;

  beforeAll(async () => {
    emu = await startEmulator();
    user = emu.createUser();
    photoId = (await api().sendPhoto(user.chatId, new InputFile(png(64, 64), 'a.png'))).photo.at(-1)!.file_id;
    documentId = (await api().sendDocument(user.chatId, new InputFile(png(8, 8), 'b.png'))).document!.file_id;
  });
  afterAll(() => emu.close());

  /** The user types a query; the bot fetches it: its id and the user's pending answer. */
  async function ask(query: string) {
    const answer = user.inlineQuery(query);
    const updates = await api().getUpdates({ offset, timeout: 0 });
    const update = updates.at(-1)!;
    offset = update.update_id + 1;
    expect(update.inline_query).toMatchObject({ query, from: { id: user.id }, offset: '' });
    return { id: update.inline_query!.id, answer };
  }

  const photo = (id: string, extra: Record<string, unknown> = {}) =>
    ({ type: 'photo', id, photo_file_id: photoId, ...extra }) as InlineQueryResult;

  it('delivers a valid answer to the user, and refuses a second one', async () => {
    const { id, answer } = await ask('cats');
    await api().answerInlineQuery(
      id,
      [
        photo('a', {
          caption: '<b>Made</b> with @bot',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'Create yours', url: 'https://t.me/bot?start' }]] },
        }),
      ],
      { is_personal: true, cache_time: 5 },
    );
    await expect(answer).resolves.toEqual({
      results: [
        {
          type: 'photo',
          id: 'a',
          fileId: photoId,
          caption: 'Made with @bot',
          parseMode: 'HTML',
          buttons: [{ text: 'Create yours', url: 'https://t.me/bot?start' }],
        },
      ],
      cacheTime: 5,
      isPersonal: true,
    });
    await expect(api().answerInlineQuery(id, [])).rejects.toThrow('query is too old');
  });

  it('refuses what Telegram refuses: too many results, bad ids, wrong files, long captions', async () => {
    const { id } = await ask('');
    const refusals: Array<[InlineQueryResult[], string]> = [
      [Array.from({ length: 51 }, (_, i) => photo(`p${i}`)), 'RESULTS_TOO_MUCH'],
      [[photo('x'.repeat(65))], 'RESULT_ID_INVALID'],
      [[photo('')], 'RESULT_ID_INVALID'],
      [[photo('same'), photo('same')], 'RESULT_ID_DUPLICATE'],
      [[{ type: 'photo', id: 'd', photo_file_id: documentId } as InlineQueryResult], 'wrong file identifier'],
      [
        [{ type: 'video', id: 'v', video_file_id: photoId, title: 'V' } as InlineQueryResult],
        'wrong file identifier',
      ],
      [[photo('c', { caption: 'x'.repeat(1025) })], 'caption is too long'],
      [[{ type: 'article', id: 'a', title: 'A' } as InlineQueryResult], 'photo and video only'],
    ];
    for (const [results, error] of refusals) {
      await expect(api().answerInlineQuery(id, results)).rejects.toThrow(error);
    }
    await expect(api().answerInlineQuery(id, [], { next_offset: 'o'.repeat(65) })).rejects.toThrow(
      'NEXT_OFFSET_INVALID',
    );
    // None of them counted as the answer: fifty results with 64-byte ids still go through.
    const fifty = Array.from({ length: 50 }, (_, i) =>
      photo(`${i}`.padStart(64, '0'), { caption: 'x'.repeat(1024) }),
    );
    await expect(api().answerInlineQuery(id, fifty)).resolves.toBe(true);
  });

  it('an answer after the time limit is too old', () => {
    let now = 0;
    const queries = new InlineQueries(10_000, () => now);
    const late = queries.create(1, 'q');
    const early = queries.create(1, 'q');
    now = 10_000;
    queries.answer(early.id, { results: [] });
    now = 10_001;
    expect(() => queries.answer(late.id, { results: [] })).toThrow('query is too old');
  });
});
