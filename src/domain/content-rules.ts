/**
 * Content rules (issue 42): what descriptions a reseller's bot refuses before pricing, which models
 * stay in private chats or wait for a customer's first paid orders, and when repeated attempts ban
 * a customer. Pure: what a rule says, how a change is checked, how a description is matched.
 *
 * A list line is a word or phrase matched as a whole word ("nude" blocks "Nude!" but not "nudes"),
 * with `*` for "any letters" at either end ("nud*" blocks "nudes", "nudity"), or a regular expression
 * between slashes (`/n[u0]de/`). Lines are matched against the description with case, accents and
 * look-alike forms (NFKC) folded away. The list under `*` applies to every customer; a language's
 * list only to customers who use that language (a word can be harmless in another language).
 */

/** Which list a line belongs to: `*` (everyone) or an installed language's tag. */
export const EVERY_LANGUAGE = '*';

export interface ContentRules {
  /** Lines by list: `*` and language tags; see the module comment. */
  blocked: Readonly<Record<string, readonly string[]>>;
  /** Models shown and ordered only in a private chat with the bot (not in groups or guest chats). */
  privateOnlyModelIds: readonly number[];
  /** Model id -> how many paid orders a customer needs before ordering it. */
  minPaidOrders: Readonly<Record<string, number>>;
  /** `limit` refused descriptions within `windowHours` ban the customer; limit 0: never. */
  strikes: { limit: number; windowHours: number };
}

export interface ContentRulesSnapshot {
  /** 0: never written (the defaults). */
  version: number;
  rules: ContentRules;
}

export const DEFAULT_CONTENT_RULES: ContentRules = {
  blocked: {},
  privateOnlyModelIds: [],
  minPaidOrders: {},
  strikes: { limit: 3, windowHours: 24 },
};

export const CONTENT_LIMITS = {
  linesPerList: 500,
  /** Every list together (what one request carries: the control room's body limit). */
  linesTotal: 2000,
  lineChars: 100,
  maxStrikes: 20,
  maxWindowHours: 720,
  maxPaidOrders: 1000,
} as const;

export interface RulesFieldError {
  field: string;
  message: string;
  /** A bad list line: what the page says about it in the admin's language. */
  code?: LineProblem;
}

export type ParsedRules =
  | { ok: true; version: number; rules: ContentRules }
  | { ok: false; errors: RulesFieldError[] };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isCount = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A regular-expression line: `/body/`. */
const patternBody = (line: string): string | undefined =>
  line.length > 2 && line.startsWith('/') && line.endsWith('/') ? line.slice(1, -1) : undefined;

/** Why a list line cannot be saved, if it cannot. */
export type LineProblem = 'too_long' | 'bad_pattern' | 'empty';

const LINE_MESSAGES: Record<LineProblem, string> = {
  too_long: `at most ${CONTENT_LIMITS.lineChars} characters`,
  bad_pattern: 'not a valid regular expression',
  empty: 'a word, a phrase or /pattern/',
};

export function lineProblem(line: string): LineProblem | undefined {
  if (line.length > CONTENT_LIMITS.lineChars) return 'too_long';
  const body = patternBody(line);
  if (body !== undefined) {
    try {
      new RegExp(body, 'iu');
    } catch {
      return 'bad_pattern';
    }
    return undefined;
  }
  if (fold(line.replace(/^\*|\*$/g, '')).trim() === '') return 'empty';
  return undefined;
}

/** Lines as given: trimmed, empty ones and repeats dropped. */
function cleanLines(raw: readonly unknown[]): string[] {
  const lines = raw.filter((l): l is string => typeof l === 'string').map((l) => l.trim());
  return [...new Set(lines.filter((l) => l !== ''))];
}

/**
 * A whole rules document as the control room or a command sends it, with the version it read.
 * Every problem is listed, one message per field (`blocked.uk[3]`, `strikes.limit`, ...).
 */
export function parseContentRules(
  body: unknown,
  languages: readonly string[],
  isModel: (id: number) => boolean,
): ParsedRules {
  const errors: RulesFieldError[] = [];
  if (!isRecord(body)) return { ok: false, errors: [{ field: 'body', message: 'a JSON object' }] };
  const version = body['version'];
  if (!isCount(version, 0, Number.MAX_SAFE_INTEGER))
    errors.push({ field: 'version', message: 'the version you read' });

  const blocked: Record<string, string[]> = {};
  const rawBlocked = body['blocked'] ?? {};
  if (!isRecord(rawBlocked)) errors.push({ field: 'blocked', message: 'lists by language' });
  else
    for (const [list, raw] of Object.entries(rawBlocked)) {
      if (list !== EVERY_LANGUAGE && !languages.includes(list)) {
        errors.push({
          field: `blocked.${list}`,
          message: `one of ${[EVERY_LANGUAGE, ...languages].join(', ')}`,
        });
        continue;
      }
      if (!Array.isArray(raw)) {
        errors.push({ field: `blocked.${list}`, message: 'a list of lines' });
        continue;
      }
      const lines = cleanLines(raw);
      if (lines.length > CONTENT_LIMITS.linesPerList)
        errors.push({ field: `blocked.${list}`, message: `at most ${CONTENT_LIMITS.linesPerList} lines` });
      lines.forEach((line, i) => {
        const problem = lineProblem(line);
        if (problem)
          errors.push({
            field: `blocked.${list}[${i}]`,
            message: `${line}: ${LINE_MESSAGES[problem]}`,
            code: problem,
          });
      });
      if (lines.length > 0) blocked[list] = lines;
    }

  const total = Object.values(blocked).reduce((n, lines) => n + lines.length, 0);
  if (total > CONTENT_LIMITS.linesTotal)
    errors.push({ field: 'blocked', message: `at most ${CONTENT_LIMITS.linesTotal} lines in all` });

  const rawPrivate = body['privateOnlyModelIds'] ?? [];
  const privateOnly: number[] = [];
  if (!Array.isArray(rawPrivate))
    errors.push({ field: 'privateOnlyModelIds', message: 'a list of model ids' });
  else
    for (const id of rawPrivate) {
      if (typeof id === 'number' && isModel(id)) privateOnly.push(id);
      else errors.push({ field: 'privateOnlyModelIds', message: `no model ${String(id)}` });
    }

  const rawMin = body['minPaidOrders'] ?? {};
  const minPaidOrders: Record<string, number> = {};
  if (!isRecord(rawMin)) errors.push({ field: 'minPaidOrders', message: 'paid orders by model id' });
  else
    for (const [id, count] of Object.entries(rawMin)) {
      if (!/^[1-9]\d{0,9}$/.test(id) || !isModel(Number(id)))
        errors.push({ field: `minPaidOrders.${id}`, message: `no model ${id}` });
      else if (count === 0 || count === null) continue;
      else if (!isCount(count, 1, CONTENT_LIMITS.maxPaidOrders))
        errors.push({ field: `minPaidOrders.${id}`, message: `0 to ${CONTENT_LIMITS.maxPaidOrders}` });
      else minPaidOrders[id] = count;
    }

  const rawStrikes = body['strikes'] ?? DEFAULT_CONTENT_RULES.strikes;
  const strikes = { ...DEFAULT_CONTENT_RULES.strikes };
  if (!isRecord(rawStrikes)) errors.push({ field: 'strikes', message: 'limit and windowHours' });
  else {
    if (isCount(rawStrikes['limit'], 0, CONTENT_LIMITS.maxStrikes)) strikes.limit = rawStrikes['limit'];
    else errors.push({ field: 'strikes.limit', message: `0 to ${CONTENT_LIMITS.maxStrikes}` });
    if (isCount(rawStrikes['windowHours'], 1, CONTENT_LIMITS.maxWindowHours))
      strikes.windowHours = rawStrikes['windowHours'];
    else errors.push({ field: 'strikes.windowHours', message: `1 to ${CONTENT_LIMITS.maxWindowHours}` });
  }

  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    version: version as number,
    rules: {
      blocked,
      privateOnlyModelIds: [...new Set(privateOnly)].sort((a, b) => a - b),
      minPaidOrders,
      strikes,
    },
  };
}

/**
 * The text as matched: compatibility forms folded (NFKC: full-width letters, ligatures), accents
 * removed, lower case, runs of spaces as one.
 */
export function fold(text: string): string {
  return text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ');
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LETTER = '[\\p{L}\\p{N}]';

/** A word line as a regular expression's source over folded text (whole words, `*` for more letters). */
function wordSource(line: string): string {
  const open = line.startsWith('*');
  const close = line.length > 1 && line.endsWith('*');
  const core = fold(line.slice(open ? 1 : 0, close ? -1 : undefined)).trim();
  const words = core.split(' ').map(escapeRegExp).join('\\s+');
  const before = open ? '' : `(?<!${LETTER})`;
  const after = close ? '' : `(?!${LETTER})`;
  return `${before}${words}${after}`;
}

/** One line as a regular expression over folded text. */
function lineMatcher(line: string): RegExp {
  const body = patternBody(line);
  return new RegExp(body ?? wordSource(line), 'iu');
}

export interface CompiledRules {
  /** The first line of the lists for `language` (and `*`) that the text matches. */
  match(text: string, language: string): string | undefined;
}

/** A word line as matched token by token: its folded words, and a `*` at either end. */
interface WordLine {
  line: string;
  parts: string[];
  open: boolean;
  close: boolean;
}

/** The folded text's words: runs of letters and digits (what the lines' whole-word rule means). */
const TOKEN = /[\p{L}\p{N}]+/gu;

function wordLineOf(line: string): WordLine | undefined {
  const open = line.startsWith('*');
  const close = line.length > 1 && line.endsWith('*');
  const core = fold(line.slice(open ? 1 : 0, close ? -1 : undefined)).trim();
  const parts = core.split(' ');
  // A word with other characters ("18+", "c++") cannot be a run of letters: matched as a pattern.
  return parts.every((part) => part.match(TOKEN)?.[0] === part) ? { line, parts, open, close } : undefined;
}

/** Whether `w` matches the tokens from position `at` on. */
function matchesAt(tokens: readonly string[], at: number, w: WordLine): boolean {
  const last = w.parts.length - 1;
  if (at + last >= tokens.length) return false;
  return w.parts.every((part, k) => {
    const token = tokens[at + k]!;
    const anyBefore = k === 0 && w.open;
    const anyAfter = k === last && w.close;
    if (anyBefore && anyAfter) return token.includes(part);
    if (anyBefore) return token.endsWith(part);
    if (anyAfter) return token.startsWith(part);
    return token === part;
  });
}

/**
 * One list, compiled for screening many texts fast: word lines are looked up by the text's words
 * (a map from a line's first word, and from its prefix for `word*`), patterns and the rare `*word`
 * are tried in turn. A text that matches is then named the first line, in the list's order, it
 * matches: the line that is reported does not depend on how it was found.
 */
class CompiledList {
  readonly #byWord = new Map<string, WordLine[]>();
  readonly #byPrefix = new Map<number, Map<string, WordLine[]>>();
  readonly #scanned: WordLine[] = [];
  readonly #patterns: Array<{ line: string; re: RegExp }> = [];
  readonly #order = new Map<string, number>();

  constructor(lines: readonly string[]) {
    lines.forEach((line, i) => {
      this.#order.set(line, i);
      const body = patternBody(line);
      const w = body === undefined ? wordLineOf(line) : undefined;
      if (!w) {
        try {
          this.#patterns.push({ line, re: lineMatcher(line) });
        } catch {
          // Checked when saved; a stored line a later runtime cannot compile blocks nothing.
        }
        return;
      }
      const first = w.parts[0]!;
      if (w.open) this.#scanned.push(w);
      else if (w.close && w.parts.length === 1) {
        const byLength = this.#byPrefix.get(first.length) ?? new Map<string, WordLine[]>();
        byLength.set(first, [...(byLength.get(first) ?? []), w]);
        this.#byPrefix.set(first.length, byLength);
      } else this.#byWord.set(first, [...(this.#byWord.get(first) ?? []), w]);
    });
  }

  /** The first line (in the list's order) that `folded` matches. */
  match(folded: string, tokens: readonly string[]): string | undefined {
    const found: string[] = [];
    tokens.forEach((token, at) => {
      for (const w of this.#byWord.get(token) ?? []) if (matchesAt(tokens, at, w)) found.push(w.line);
      for (const [length, lines] of this.#byPrefix)
        if (token.length >= length)
          for (const w of lines.get(token.slice(0, length)) ?? []) found.push(w.line);
      for (const w of this.#scanned) if (matchesAt(tokens, at, w)) found.push(w.line);
    });
    for (const { line, re } of this.#patterns) if (re.test(folded)) found.push(line);
    if (found.length === 0) return undefined;
    return found.reduce((a, b) => (this.#order.get(a)! <= this.#order.get(b)! ? a : b));
  }
}

/** The lists compiled once per version (a line that no longer compiles is skipped, never thrown). */
export function compileRules(rules: ContentRules): CompiledRules {
  const lists = new Map<string, CompiledList>();
  for (const [list, lines] of Object.entries(rules.blocked)) lists.set(list, new CompiledList(lines));
  return {
    match(text, language) {
      const folded = fold(text);
      const tokens = folded.match(TOKEN) ?? [];
      for (const name of [EVERY_LANGUAGE, language]) {
        const line = lists.get(name)?.match(folded, tokens);
        if (line !== undefined) return line;
      }
      return undefined;
    },
  };
}

/** What a model asks of the customer before they may order it, by the rules. */
export type ModelGate =
  | { kind: 'open' }
  | { kind: 'private_only' }
  | { kind: 'paid_orders'; needed: number; have: number };

export function modelGate(
  rules: ContentRules,
  modelId: number,
  where: { privateChat: boolean; paidOrders: number },
): ModelGate {
  if (!where.privateChat && rules.privateOnlyModelIds.includes(modelId)) return { kind: 'private_only' };
  const needed = rules.minPaidOrders[String(modelId)] ?? 0;
  if (where.paidOrders < needed) return { kind: 'paid_orders', needed, have: where.paidOrders };
  return { kind: 'open' };
}
