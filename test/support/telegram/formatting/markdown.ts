import type { MessageEntity } from 'grammy/types';
import { byteOffset, EntityParseError, type FormattedText, pushEntity, sortEntities } from './entities.js';

const TYPES: Record<string, string> = { '*': 'bold', _: 'italic', '`': 'code' };

/** Legacy Markdown (tdlib parse_markdown): *bold* _italic_ `code` ```pre``` [text](url), no nesting. */
export function parseMarkdown(src: string): FormattedText {
  let text = '';
  const entities: MessageEntity[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\' && '_*`['.includes(src[i + 1] ?? ' ')) {
      text += src[i + 1];
      i += 2;
      continue;
    }
    if (!'_*`['.includes(c)) {
      text += c;
      i++;
      continue;
    }
    const begin = i;
    const isPre = c === '`' && src[i + 1] === '`' && src[i + 2] === '`';
    const close = isPre ? '```' : c === '[' ? ']' : c;
    i += isPre ? 3 : 1;
    let language: string | undefined;
    if (isPre) {
      const nl = src.indexOf('\n', i);
      const end = src.indexOf('```', i);
      if (nl !== -1 && end !== -1 && nl < end) {
        language = src.slice(i, nl).trim() || undefined;
        i = nl + 1;
      }
    }
    const endIndex = src.indexOf(close, i);
    if (endIndex === -1) {
      throw new EntityParseError(
        `Can't find end of the entity starting at byte offset ${byteOffset(src, begin)}`,
      );
    }
    const offset = text.length;
    text += src.slice(i, endIndex);
    i = endIndex + close.length;
    if (isPre) {
      pushEntity(entities, { type: 'pre', offset, end: text.length, ...(language ? { language } : {}) });
    } else if (c === '[') {
      const urlEnd = src[i] === '(' ? src.indexOf(')', i) : -1;
      if (urlEnd !== -1) {
        pushEntity(entities, { type: 'text_link', offset, end: text.length, url: src.slice(i + 1, urlEnd) });
        i = urlEnd + 1;
      }
    } else {
      pushEntity(entities, { type: TYPES[c]!, offset, end: text.length });
    }
  }
  return { text, entities: sortEntities(entities) };
}
