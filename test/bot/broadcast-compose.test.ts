/** What the /broadcast composer reads from the admin, and how the progress reads. */
import type { Message } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { readButton, readContent, readIds } from '../../src/bot/features/broadcast.js';
import type { BroadcastRecord } from '../../src/db/index.js';
import { estimateProgress } from '../../src/services/broadcast-progress.js';
import { progressBar, progressText } from '../../src/telegram/broadcast-view.js';
import { htmlParseMode } from '../../src/telegram/html-parse-mode.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';

const message = (fields: Partial<Message>) =>
  ({ message_id: 1, date: 0, chat: { id: 1, type: 'private' }, ...fields }) as Message;

describe('the broadcast composer', () => {
  it('takes text with its formatting, and media by file id with the caption and its formatting', () => {
    const bold = [{ type: 'bold' as const, offset: 0, length: 4 }];
    expect(readContent(message({ text: 'Sale now', entities: bold }))).toEqual({
      kind: 'text',
      text: 'Sale now',
      entities: bold,
    });
    const sizes = [
      { file_id: 'small', file_unique_id: 's', width: 90, height: 90 },
      { file_id: 'large', file_unique_id: 'l', width: 1280, height: 1280 },
    ];
    expect(readContent(message({ photo: sizes, caption: 'Sale', caption_entities: bold }))).toEqual({
      kind: 'photo',
      fileId: 'large',
      text: 'Sale',
      entities: bold,
    });
    const animation = { file_id: 'gif', file_unique_id: 'g', width: 1, height: 1, duration: 1 };
    // Telegram sends an animation with a `document` too: it is an animation.
    expect(readContent(message({ animation, document: { file_id: 'doc', file_unique_id: 'd' } }))?.kind).toBe(
      'animation',
    );
    expect(readContent(message({ document: { file_id: 'doc', file_unique_id: 'd' } }))).toEqual({
      kind: 'document',
      fileId: 'doc',
      text: '',
      entities: [],
    });
    expect(readContent(message({ sticker: { file_id: 's' } as Message['sticker'] }))).toBeUndefined();
  });

  it('reads "label | link" buttons, refusing bad links and long labels', () => {
    expect(readButton('Open | https://example.com/a?b=c')).toEqual({
      text: 'Open',
      url: 'https://example.com/a?b=c',
    });
    expect(readButton('A | B | http://x.org')).toEqual({ text: 'A | B', url: 'http://x.org' });
    expect(readButton('no bar')).toBeUndefined();
    expect(readButton('Open | javascript:alert(1)')).toBeUndefined();
    expect(readButton('Open | example.com')).toBeUndefined();
    expect(readButton(' | https://example.com')).toBeUndefined();
    expect(readButton(`${'x'.repeat(65)} | https://example.com`)).toBeUndefined();
  });

  it('reads ids in any separators, once each; nothing readable is refused', () => {
    expect(readIds('123, 456\n789 123')).toEqual([123, 456, 789]);
    expect(readIds('none here')).toBeUndefined();
    expect(readIds('0')).toBeUndefined();
    expect(readIds(Array.from({ length: 10_001 }, (_, i) => i + 1).join(' '))).toBeUndefined();
  });

  it('draws the progress bar in whole cells, 100% only when everything is done', () => {
    expect(progressBar(0, 10)).toBe('░░░░░░░░░░░░ 0%');
    expect(progressBar(5, 10)).toBe('▓▓▓▓▓▓░░░░░░ 50%');
    expect(progressBar(1999, 2000)).toBe('▓▓▓▓▓▓▓▓▓▓▓░ 99%');
    expect(progressBar(2000, 2000)).toBe('▓▓▓▓▓▓▓▓▓▓▓▓ 100%');
  });

  it('shows the pace rounded to a tenth, in the admin’s number format', () => {
    const i18n = createI18n('en');
    const broadcast = { id: 7, status: 'running', total: 100 } as BroadcastRecord;
    const counts = { pending: 50, sending: 0, sent: 50, blocked: 0, failed: 0, unconfirmed: 0 };
    const pace = (locale: string, rate: number) =>
      progressText(textsFor(i18n, locale), broadcast, estimateProgress(counts, rate)).split('\n').at(-1);
    expect(pace('en', 12.46)).toMatch(/^12\.5\smsg\/sec/);
    expect(pace('ru', 12.46)).toMatch(/^12,5\sсообщ\./);
    expect(pace('ru', 25)).toMatch(/^25\sсообщ\./);
  });

  it('sends an admin message with its own entities as it is, never parsed as HTML', async () => {
    const seen: unknown[] = [];
    const prev = (async (_m: string, payload: unknown) => {
      seen.push(payload);
      return { ok: true, result: true };
    }) as Parameters<typeof htmlParseMode>[0];
    await htmlParseMode(prev, 'sendMessage', { chat_id: 1, text: 'a <b>', entities: [] } as never);
    await htmlParseMode(prev, 'sendPhoto', { chat_id: 1, photo: 'x', caption_entities: [] } as never);
    await htmlParseMode(prev, 'sendMessage', { chat_id: 1, text: 'ours' } as never);
    expect(seen.map((p) => (p as { parse_mode?: string }).parse_mode)).toEqual([
      undefined,
      undefined,
      'HTML',
    ]);
  });
});
