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

const TYPE = '([iva])';
const REF = '([cs])([iva])([0-9a-z]{1,7})\\.([1-9]\\d{0,3})';
const ID = '([1-9]\\d{0,9})';

const PATTERNS = {
  type: new RegExp(`^pr:t:${TYPE}$`),
  search: new RegExp(`^pr:s:${TYPE}$`),
  list: new RegExp(`^pr:l:${REF}$`),
  details: new RegExp(`^pr:d:${ID}:${REF}$`),
  use: new RegExp(`^pr:u:${ID}:${REF}$`),
  model: new RegExp(`^pr:m:${ID}:${ID}:${REF}$`),
} as const;

/** The highest page a button may name (four digits in the data). */
export const MAX_PAGE = 9999;

function ref(r: ListRef): string {
  return `${r.kind}${r.type}${r.key}.${r.page}`;
}

function refFrom(m: RegExpExecArray, at: number): ListRef {
  return {
    kind: m[at] as ListRef['kind'],
    type: m[at + 1] as TypeCode,
    key: m[at + 2]!,
    page: Number(m[at + 3]),
  };
}

export const promptButtons = {
  type: (type: TypeCode) => `pr:t:${type}`,
  search: (type: TypeCode) => `pr:s:${type}`,
  list: (r: ListRef) => `pr:l:${ref(r)}`,
  details: (id: number, r: ListRef) => `pr:d:${id}:${ref(r)}`,
  use: (id: number, r: ListRef) => `pr:u:${id}:${ref(r)}`,
  model: (id: number, modelId: number, r: ListRef) => `pr:m:${id}:${modelId}:${ref(r)}`,
};

export function parsePromptButton(data: string | undefined): PromptButton | undefined {
  if (!data || data.length > 64) return undefined;
  let m = PATTERNS.type.exec(data);
  if (m) return { kind: 'type', type: m[1] as TypeCode };
  m = PATTERNS.search.exec(data);
  if (m) return { kind: 'search', type: m[1] as TypeCode };
  m = PATTERNS.list.exec(data);
  if (m) return { kind: 'list', ref: refFrom(m, 1) };
  m = PATTERNS.details.exec(data);
  if (m) return safeId(m[1]) && { kind: 'details', id: Number(m[1]), ref: refFrom(m, 2) };
  m = PATTERNS.use.exec(data);
  if (m) return safeId(m[1]) && { kind: 'use', id: Number(m[1]), ref: refFrom(m, 2) };
  m = PATTERNS.model.exec(data);
  if (m && safeId(m[1]) && safeId(m[2]))
    return { kind: 'model', id: Number(m[1]), modelId: Number(m[2]), ref: refFrom(m, 3) };
  return undefined;
}

function safeId(digits: string | undefined): true | undefined {
  return digits !== undefined && Number.isSafeInteger(Number(digits)) ? true : undefined;
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
