import type { MessageEntity } from 'grammy/types';
import { byteOffset, EntityParseError, type FormattedText, pushEntity, sortEntities } from './entities.js';

const RESERVED = '_*[]()~`>#+-=|{}.!';

type Kind =
  | 'Bold'
  | 'Italic'
  | 'Underline'
  | 'Strikethrough'
  | 'Spoiler'
  | 'Code'
  | 'Pre'
  | 'TextUrl'
  | 'CustomEmoji';

interface Open {
  kind: Kind;
  start: number; // offset in produced text
  srcIndex: number;
  language?: string;
}

const TYPE: Record<Exclude<Kind, 'TextUrl' | 'CustomEmoji' | 'Pre'>, string> = {
  Bold: 'bold',
  Italic: 'italic',
  Underline: 'underline',
  Strikethrough: 'strikethrough',
  Spoiler: 'spoiler',
  Code: 'code',
};

/** MarkdownV2 following tdlib's parse_markdown_v2 (same error texts); `>` starts a quote only at a line start. */
export function parseMarkdownV2(src: string): FormattedText {
  let text = '';
  const entities: MessageEntity[] = [];
  const open: Open[] = [];
  let quoteStart: number | undefined;
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const next = src[i + 1];
    if (c === '\\' && next !== undefined && next.charCodeAt(0) > 0 && next.charCodeAt(0) <= 126) {
      text += next;
      i += 2;
      continue;
    }
    const top = open.at(-1);
    if ((top?.kind === 'Code' || top?.kind === 'Pre') && c !== '`') {
      text += c;
      i++;
      continue;
    }
    if (c === '\n' && quoteStart !== undefined && src[i + 1] !== '>') {
      pushEntity(entities, { type: 'blockquote', offset: quoteStart, end: text.length });
      quoteStart = undefined;
    }
    const lineStart = i === 0 || src[i - 1] === '\n';
    if (c === '>' && lineStart && !top) {
      quoteStart ??= text.length;
      i++;
      continue;
    }
    if (!RESERVED.includes(c)) {
      text += c;
      i++;
      continue;
    }
    if (top && isEndOf(top.kind, src, i)) {
      i = closeEntity(open.pop()!, src, i, text.length, entities);
      continue;
    }
    const opened = openEntity(src, i, text.length);
    open.push(opened.entity);
    i = opened.next;
  }
  if (quoteStart !== undefined)
    pushEntity(entities, { type: 'blockquote', offset: quoteStart, end: text.length });
  const unclosed = open.at(-1);
  if (unclosed) {
    throw new EntityParseError(
      `Can't find end of ${unclosed.kind} entity at byte offset ${byteOffset(src, unclosed.srcIndex)}`,
    );
  }
  return { text, entities: sortEntities(entities) };
}

function isEndOf(kind: Kind, src: string, i: number): boolean {
  const c = src[i];
  switch (kind) {
    case 'Bold':
      return c === '*';
    case 'Italic':
      return c === '_' && src[i + 1] !== '_';
    case 'Underline':
      return c === '_' && src[i + 1] === '_';
    case 'Strikethrough':
      return c === '~';
    case 'Spoiler':
      return c === '|' && src[i + 1] === '|';
    case 'Code':
      return c === '`';
    case 'Pre':
      return c === '`' && src[i + 1] === '`' && src[i + 2] === '`';
    case 'TextUrl':
    case 'CustomEmoji':
      return c === ']';
  }
}

function reserved(c: string): EntityParseError {
  return new EntityParseError(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);
}

function openEntity(src: string, i: number, at: number): { entity: Open; next: number } {
  const c = src[i]!;
  const make = (kind: Kind, next: number, language?: string) => ({
    entity: { kind, start: at, srcIndex: i, ...(language ? { language } : {}) },
    next,
  });
  switch (c) {
    case '_':
      return src[i + 1] === '_' ? make('Underline', i + 2) : make('Italic', i + 1);
    case '*':
      return make('Bold', i + 1);
    case '~':
      return make('Strikethrough', i + 1);
    case '|':
      if (src[i + 1] === '|') return make('Spoiler', i + 2);
      throw reserved(c);
    case '[':
      return make('TextUrl', i + 1);
    case '!':
      if (src[i + 1] === '[') return make('CustomEmoji', i + 2);
      throw reserved(c);
    case '`': {
      if (src[i + 1] !== '`' || src[i + 2] !== '`') return make('Code', i + 1);
      // ```lang\n ... ``` : the first line is the language when the block spans lines.
      const bodyStart = i + 3;
      const newline = src.indexOf('\n', bodyStart);
      const firstLine = newline === -1 ? '' : src.slice(bodyStart, newline);
      if (newline !== -1 && !firstLine.includes('`'))
        return make('Pre', newline + 1, firstLine.trim() || undefined);
      return make('Pre', bodyStart);
    }
    default:
      throw reserved(c);
  }
}

/** Returns the index after the closing delimiter (and after `(url)` for links). */
function closeEntity(entity: Open, src: string, i: number, end: number, out: MessageEntity[]): number {
  const offset = entity.start;
  switch (entity.kind) {
    case 'TextUrl':
    case 'CustomEmoji': {
      let j = i + 1;
      let url = '';
      if (src[j] === '(') {
        j++;
        while (j < src.length && src[j] !== ')') {
          if (src[j] === '\\' && j + 1 < src.length) j++;
          url += src[j];
          j++;
        }
        if (j >= src.length) {
          throw new EntityParseError(`Can't find end of a url at byte offset ${byteOffset(src, i + 1)}`);
        }
        j++;
      }
      if (entity.kind === 'CustomEmoji') {
        const id = /[?&]id=(\d+)/.exec(url)?.[1];
        if (!id) throw new EntityParseError(`Custom emoji entity must contain a tg://emoji URL`);
        pushEntity(out, { type: 'custom_emoji', offset, end, custom_emoji_id: id });
      } else if (url) {
        pushEntity(out, { type: 'text_link', offset, end, url });
      }
      return j;
    }
    case 'Pre':
      pushEntity(
        out,
        entity.language
          ? { type: 'pre', offset, end, language: entity.language }
          : { type: 'pre', offset, end },
      );
      return i + 3;
    case 'Underline':
    case 'Spoiler':
      pushEntity(out, { type: TYPE[entity.kind], offset, end });
      return i + 2;
    default:
      pushEntity(out, { type: TYPE[entity.kind], offset, end });
      return i + 1;
  }
}
