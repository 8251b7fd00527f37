import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser, TelegramEmulator } from '../support/telegram/emulator.js';
import { parseHtml } from '../support/telegram/formatting/html.js';
import { parseMarkdownV2 } from '../support/telegram/formatting/markdown-v2.js';
import { botFor, png, startEmulator } from './helpers.js';

describe('HTML parse_mode', () => {
  it('decodes escapes and produces entities', () => {
    expect(
      parseHtml('<b>bold</b> &amp; &lt;tag&gt; &#128512; <a href="https://x.y/?a=1&amp;b=2">link</a>'),
    ).toEqual({
      text: 'bold & <tag> 😀 link',
      entities: [
        { type: 'bold', offset: 0, length: 4 },
        { type: 'text_link', offset: 16, length: 4, url: 'https://x.y/?a=1&b=2' },
      ],
    });
    expect(parseHtml('<pre><code class="language-ts">x</code></pre>').entities).toEqual([
      { type: 'pre', offset: 0, length: 1, language: 'ts' },
    ]);
    expect(parseHtml('<span class="tg-spoiler">s</span><tg-spoiler>t</tg-spoiler>').entities).toHaveLength(2);
  });

  it.each([
    ['a < b', 'Unsupported start tag "" at byte offset 2'],
    ['I <3 you', 'Unsupported start tag "3" at byte offset 2'],
    ['line<br>break', 'Unsupported start tag "br" at byte offset 4'],
    ['<b>bold</i>', 'Unmatched end tag at byte offset 7, expected "</b>", found "</i>"'],
    ['<b>bold', 'Can\'t find end tag corresponding to start tag "b"'],
    ['text</b>', 'Unexpected end tag at byte offset 4'],
    ['<span>x</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
    ['Tom & Jerry', "Character '&' must be escaped as &amp; at byte offset 4"],
    ['2 > 1', "Character '>' must be escaped as &gt; at byte offset 2"],
    ['<b', 'Unclosed start tag at byte offset 0'],
  ])('rejects %j', (html, detail) => {
    expect(() => parseHtml(html)).toThrow(detail);
  });
});

describe('MarkdownV2 parse_mode', () => {
  it('requires reserved characters to be escaped outside entities', () => {
    expect(() => parseMarkdownV2('Price: 5.00')).toThrow(
      "Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect(() => parseMarkdownV2('a-b')).toThrow("Character '-' is reserved");
    expect(() => parseMarkdownV2('*bold')).toThrow("Can't find end of Bold entity at byte offset 0");
  });

  it('parses escapes, nesting, code and links', () => {
    expect(parseMarkdownV2('*bold _it_* \\. `co.de` [li\\]nk](https://e.x/\\))')).toEqual({
      text: 'bold it . co.de li]nk',
      entities: [
        { type: 'bold', offset: 0, length: 7 },
        { type: 'italic', offset: 5, length: 2 },
        { type: 'code', offset: 10, length: 5 },
        { type: 'text_link', offset: 16, length: 5, url: 'https://e.x/)' },
      ],
    });
    expect(parseMarkdownV2('__u__ ||s|| ~x~').entities.map((e) => e.type)).toEqual([
      'underline',
      'spoiler',
      'strikethrough',
    ]);
    expect(parseMarkdownV2('>quoted\nplain').entities).toEqual([
      { type: 'blockquote', offset: 0, length: 6 },
    ]);
  });
});

describe('text limits over HTTP', () => {
  let emu: TelegramEmulator;
  let user: ScriptedUser;
  const api = () => botFor(emu).api;
  beforeAll(async () => {
    emu = await startEmulator();
    user = emu.createUser();
  });
  afterAll(() => emu.close());

  it('returns parse errors as Telegram does and records them as problems', async () => {
    emu.problems.length = 0;
    await expect(api().sendMessage(user.chatId, 'a < b', { parse_mode: 'HTML' })).rejects.toThrow(
      `Call to 'sendMessage' failed! (400: Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2)`,
    );
    await expect(api().sendMessage(user.chatId, 'Done.', { parse_mode: 'MarkdownV2' })).rejects.toThrow(
      "can't parse entities: Character '.' is reserved",
    );
    await api().sendMessage(user.chatId, 'a &lt; b', { parse_mode: 'HTML' });
    await api().sendMessage(user.chatId, 'Done\\.', { parse_mode: 'MarkdownV2' });
    expect(user.messages().map((m) => m.text)).toEqual(['a < b', 'Done.']);
    expect(emu.problems).toEqual([
      `sendMessage: Bad Request: can't parse entities: Unsupported start tag "" at byte offset 2 (text: "a < b")`,
      `sendMessage: Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\' (text: "Done.")`,
    ]);
  });

  it('limits text to 1..4096 characters after entity parsing', async () => {
    await expect(api().sendMessage(user.chatId, 'a'.repeat(4096))).resolves.toBeDefined();
    await expect(api().sendMessage(user.chatId, 'a'.repeat(4097))).rejects.toThrow(
      'Bad Request: message is too long',
    );
    // Tags do not count: 4096 visible characters inside <b> still fit.
    await expect(
      api().sendMessage(user.chatId, `<b>${'a'.repeat(4096)}</b>`, { parse_mode: 'HTML' }),
    ).resolves.toBeDefined();
    await expect(api().sendMessage(user.chatId, '')).rejects.toThrow('Bad Request: message text is empty');
    await expect(api().sendMessage(user.chatId, '<b></b>', { parse_mode: 'HTML' })).rejects.toThrow(
      'Bad Request: message text is empty',
    );
  });

  it('limits captions to 1024 characters after entity parsing', async () => {
    const photo = await api().sendPhoto(user.chatId, new InputFile(png(4, 4)));
    const fileId = photo.photo.at(-1)!.file_id;
    await expect(api().sendPhoto(user.chatId, fileId, { caption: 'c'.repeat(1024) })).resolves.toBeDefined();
    await expect(api().sendPhoto(user.chatId, fileId, { caption: 'c'.repeat(1025) })).rejects.toThrow(
      'Bad Request: message caption is too long',
    );
    await expect(
      api().sendPhoto(user.chatId, fileId, { caption: `<i>${'c'.repeat(1024)}</i>`, parse_mode: 'HTML' }),
    ).resolves.toBeDefined();
  });
});
