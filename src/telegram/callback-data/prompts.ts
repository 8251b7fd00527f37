/**
 * Buttons of the prompt library, all under `pr:`. Upstream text never goes into them: a category
 * slug or a search query is named by a short hash (`shortId`), resolved against the categories
 * we know or the query shown in the message itself, so nothing has to be stored per chat and the
 * buttons keep working after a restart. A list is named by a "ref": `<kind><type><key>.<page>`,
 * kind `c` (category) or `s` (search), type `i` (images), `v` (videos) or `a` (all).
 * - `pr:t:<type>` categories of a type
 * - `pr:s:<type>` ask for search words
 * - `pr:l:<ref>` a page of a list
 * - `pr:d:<prompt id>:<ref>` a prompt (ref: the list to go back to)
 * - `pr:u:<prompt id>:<ref>` choose a model for it
 * - `pr:m:<prompt id>:<model id>:<ref>` start the generation form with it
 * Parsing is strict: forged or truncated data parses to undefined, never throws.
 */
import type { PromptType } from '../../services/prompt-library.js';
import { buttonFamily, type Field, field } from './codec.js';

export type TypeCode = 'i' | 'v' | 'a';

export interface ListRef {
  kind: 'c' | 's';
  type: TypeCode;
  /** shortId of the category slug or of the search query. */
  key: string;
  /** 1-based. */
  page: number;
}

export type PromptButton =
  | { kind: 'type'; type: TypeCode }
  | { kind: 'search'; type: TypeCode }
  | { kind: 'list'; ref: ListRef }
  | { kind: 'details'; id: number; ref: ListRef }
  | { kind: 'use'; id: number; ref: ListRef }
  | { kind: 'model'; id: number; modelId: number; ref: ListRef };

export const PROMPT_BUTTON_PREFIX = /^pr:/;

/** The highest page a button may name (four digits in the data). */
export const MAX_PAGE = 9999;

const TYPE = field.oneOf(['i', 'v', 'a'] as const);
const PROMPT_ID = field.int(1, 9_999_999_999);
const REF_PARTS = /^([cs])([iva])([0-9a-z]{1,7})\.([1-9]\d{0,3})$/;
const REF: Field<ListRef> = {
  pattern: '[cs][iva][0-9a-z]{1,7}\\.[1-9]\\d{0,3}',
  decode: (raw) => {
    const m = REF_PARTS.exec(raw);
    return m
      ? { kind: m[1] as ListRef['kind'], type: m[2] as TypeCode, key: m[3]!, page: Number(m[4]) }
      : undefined;
  },
  encode: (r) => `${r.kind}${r.type}${r.key}.${r.page}`,
};

const families = {
  type: buttonFamily('pr:t', { type: TYPE }),
  search: buttonFamily('pr:s', { type: TYPE }),
  list: buttonFamily('pr:l', { ref: REF }),
  details: buttonFamily('pr:d', { id: PROMPT_ID, ref: REF }),
  use: buttonFamily('pr:u', { id: PROMPT_ID, ref: REF }),
  model: buttonFamily('pr:m', { id: PROMPT_ID, modelId: PROMPT_ID, ref: REF }),
};

export const promptButtons = {
  type: (type: TypeCode) => families.type.pack({ type }),
  search: (type: TypeCode) => families.search.pack({ type }),
  list: (ref: ListRef) => families.list.pack({ ref }),
  details: (id: number, ref: ListRef) => families.details.pack({ id, ref }),
  use: (id: number, ref: ListRef) => families.use.pack({ id, ref }),
  model: (id: number, modelId: number, ref: ListRef) => families.model.pack({ id, modelId, ref }),
};

export function parsePromptButton(data: string | undefined): PromptButton | undefined {
  for (const kind of ['type', 'search', 'list', 'details', 'use', 'model'] as const) {
    const values = families[kind].parse(data);
    if (values) return { kind, ...values } as PromptButton;
  }
  return undefined;
}

export function typeFromCode(code: TypeCode): PromptType | undefined {
  return code === 'i' ? 'image' : code === 'v' ? 'video' : undefined;
}

export function codeFromType(type: string | undefined): TypeCode {
  return type === 'image' ? 'i' : type === 'video' ? 'v' : 'a';
}

/** FNV-1a over the UTF-16 units, in base 36: a short, stable name for a slug or a query. */
export function shortId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
