import type { MessageEntity } from 'grammy/types';
import { byteOffset, EntityParseError, type FormattedText, pushEntity, sortEntities } from './entities.js';

const SUPPORTED_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'span',
  'tg-spoiler',
  'tg-emoji',
  'code',
  'pre',
  'blockquote',
]);

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface OpenTag {
  name: string;
  attrs: Map<string, string>;
  start: number; // offset in the produced text
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * Telegram HTML, following tdlib's parse_html (same error texts), plus one deliberate strictness:
 * a bare `&` or `>` outside tags is rejected (Telegram tolerates them, but a bot that leaves them
 * unescaped is not escaping user input, so the next `<` will break it in production).
 */
export function parseHtml(src: string): FormattedText {
  let text = '';
  const entities: MessageEntity[] = [];
  const open: OpenTag[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '&') {
      const decoded = decodeEntity(src, i);
      if (!decoded) {
        throw new EntityParseError(
          `Character '&' must be escaped as &amp; at byte offset ${byteOffset(src, i)}`,
        );
      }
      text += decoded.char;
      i = decoded.next;
      continue;
    }
    if (c === '>') {
      throw new EntityParseError(
        `Character '>' must be escaped as &gt; at byte offset ${byteOffset(src, i)}`,
      );
    }
    if (c !== '<') {
      text += c;
      i++;
      continue;
    }
    const begin = i;
    i++;
    if (src[i] !== '/') {
      const tag = readStartTag(src, begin);
      i = tag.next;
      open.push({ name: tag.name, attrs: tag.attrs, start: text.length });
      continue;
    }
    // End tag: `</name>` or the anonymous `</>`.
    const top = open.pop();
    if (!top) throw new EntityParseError(`Unexpected end tag at byte offset ${byteOffset(src, begin)}`);
    i++;
    const nameStart = i;
    while (i < src.length && !isSpace(src[i]) && src[i] !== '>') i++;
    const endName = src.slice(nameStart, i).toLowerCase();
    while (i < src.length && isSpace(src[i])) i++;
    if (src[i] !== '>')
      throw new EntityParseError(`Unclosed end tag at byte offset ${byteOffset(src, begin)}`);
    i++;
    if (endName !== '' && endName !== top.name) {
      throw new EntityParseError(
        `Unmatched end tag at byte offset ${byteOffset(src, begin)}, expected "</${top.name}>", found "</${endName}>"`,
      );
    }
    closeTag(top, text.length, open, entities);
  }
  const unclosed = open.at(-1);
  if (unclosed)
    throw new EntityParseError(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  return { text, entities: sortEntities(entities) };
}

function decodeEntity(src: string, i: number): { char: string; next: number } | undefined {
  const m = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/.exec(src.slice(i, i + 12));
  if (!m) return undefined;
  const next = i + m[0].length;
  if (m[3] !== undefined) {
    const char = NAMED_ENTITIES[m[3]];
    return char === undefined ? undefined : { char, next };
  }
  const code = m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2]!, 16);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
  return { char: String.fromCodePoint(code), next };
}

function readStartTag(
  src: string,
  begin: number,
): { name: string; attrs: Map<string, string>; next: number } {
  let i = begin + 1;
  const at = byteOffset(src, begin);
  const nameStart = i;
  while (i < src.length && !isSpace(src[i]) && src[i] !== '>') i++;
  if (i >= src.length) throw new EntityParseError(`Unclosed start tag at byte offset ${at}`);
  const name = src.slice(nameStart, i).toLowerCase();
  if (!SUPPORTED_TAGS.has(name))
    throw new EntityParseError(`Unsupported start tag "${name}" at byte offset ${at}`);
  const attrs = new Map<string, string>();
  while (src[i] !== '>') {
    while (i < src.length && isSpace(src[i])) i++;
    if (i >= src.length) throw new EntityParseError(`Unclosed start tag at byte offset ${at}`);
    if (src[i] === '>') break;
    const attrStart = i;
    while (i < src.length && !isSpace(src[i]) && src[i] !== '=' && src[i] !== '>') i++;
    const attrName = src.slice(attrStart, i).toLowerCase();
    if (attrName === '')
      throw new EntityParseError(`Empty attribute name in the tag "${name}" at byte offset ${at}`);
    while (i < src.length && isSpace(src[i])) i++;
    if (src[i] !== '=') {
      throw new EntityParseError(
        `Expected equal sign in declaration of an attribute of the tag "${name}" at byte offset ${at}`,
      );
    }
    i++;
    while (i < src.length && isSpace(src[i])) i++;
    if (i >= src.length) throw new EntityParseError(`Unclosed start tag "${name}" at byte offset ${at}`);
    let value = '';
    const quote = src[i];
    if (quote === '"' || quote === "'") {
      i++;
      while (i < src.length && src[i] !== quote) {
        const decoded = src[i] === '&' ? decodeEntity(src, i) : undefined;
        if (decoded) {
          value += decoded.char;
          i = decoded.next;
        } else {
          value += src[i];
          i++;
        }
      }
      if (src[i] === quote) i++;
    } else {
      const tokenStart = i;
      while (i < src.length && /[A-Za-z0-9.-]/.test(src[i]!)) i++;
      value = src.slice(tokenStart, i).toLowerCase();
      if (!isSpace(src[i]) && src[i] !== '>') {
        throw new EntityParseError(
          `Unexpected end of name token at byte offset ${byteOffset(src, tokenStart)}`,
        );
      }
    }
    if (i >= src.length) throw new EntityParseError(`Unclosed start tag at byte offset ${at}`);
    attrs.set(attrName, value);
  }
  if (name === 'span' && attrs.get('class') !== 'tg-spoiler') {
    throw new EntityParseError(`Tag "span" must have class "tg-spoiler" at byte offset ${at}`);
  }
  return { name, attrs, next: i + 1 };
}

const SIMPLE_TYPES: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  span: 'spoiler',
  'tg-spoiler': 'spoiler',
};

function closeTag(tag: OpenTag, end: number, stillOpen: OpenTag[], out: MessageEntity[]): void {
  const entity = entityFor(tag, stillOpen);
  if (entity) pushEntity(out, { ...entity, offset: tag.start, end });
}

function entityFor(
  tag: OpenTag,
  stillOpen: OpenTag[],
): ({ type: string } & Record<string, unknown>) | undefined {
  const simple = SIMPLE_TYPES[tag.name];
  if (simple) return { type: simple };
  switch (tag.name) {
    case 'a':
      return { type: 'text_link', url: tag.attrs.get('href') ?? '' };
    case 'tg-emoji':
      return { type: 'custom_emoji', custom_emoji_id: tag.attrs.get('emoji-id') ?? '' };
    case 'blockquote':
      return { type: tag.attrs.has('expandable') ? 'expandable_blockquote' : 'blockquote' };
    case 'code': {
      // <pre><code class="language-x"> becomes one pre entity with a language.
      const parent = stillOpen.at(-1);
      const lang = tag.attrs.get('class');
      if (parent?.name === 'pre' && lang?.startsWith('language-')) {
        parent.attrs.set('language', lang.slice('language-'.length));
        return undefined;
      }
      return { type: 'code' };
    }
    case 'pre': {
      const language = tag.attrs.get('language');
      return language ? { type: 'pre', language } : { type: 'pre' };
    }
  }
  return undefined;
}
