import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { imageSize } from '../support/telegram/files/image-size.js';
import { parseMarkdown } from '../support/telegram/formatting/markdown.js';
import { quoteFilenames } from '../support/telegram/http/quote-filenames.js';
import { png } from './helpers.js';

describe('quoteFilenames', () => {
  it('quotes grammY-style unquoted filenames even when every byte arrives in its own chunk', async () => {
    const b = '----------abc';
    const body =
      `--${b}\r\ncontent-disposition:form-data;name="chat_id"\r\n\r\n1\r\n` +
      `--${b}\r\ncontent-disposition:form-data;name="x";filename=my "file".pdf\r\ncontent-type:application/octet-stream\r\n\r\n` +
      `filename=untouched body\r\n--${b}--\r\n`;
    const bytes = Buffer.from(body, 'utf8');
    const out = await text(Readable.from([...bytes].map((x) => Buffer.from([x]))).pipe(quoteFilenames(b)));
    expect(out).toBe(body.replace('filename=my "file".pdf', 'filename="my \\"file\\".pdf"'));
  });
});

describe('imageSize', () => {
  it('reads PNG and JPEG dimensions', () => {
    expect(imageSize(png(7, 3))).toEqual({ width: 7, height: 3, format: 'png' });
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x04,
      0x00,
      0x00,
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x00,
      0x64,
      0x00,
      0xc8,
      0x03,
      ...Array(12).fill(0),
    ]);
    expect(imageSize(jpeg)).toEqual({ width: 200, height: 100, format: 'jpeg' });
    expect(imageSize(Buffer.from('not an image'))).toBeUndefined();
  });
});

describe('legacy Markdown', () => {
  it('parses simple entities and reports unclosed ones', () => {
    expect(parseMarkdown('*b* _i_ `c` [l](https://x.y)')).toEqual({
      text: 'b i c l',
      entities: [
        { type: 'bold', offset: 0, length: 1 },
        { type: 'italic', offset: 2, length: 1 },
        { type: 'code', offset: 4, length: 1 },
        { type: 'text_link', offset: 6, length: 1, url: 'https://x.y' },
      ],
    });
    expect(() => parseMarkdown('snake_case')).toThrow(
      "Can't find end of the entity starting at byte offset 5",
    );
  });
});
