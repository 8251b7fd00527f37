/**
 * PRICES_FILE: per-model price rules, read and checked once at start-up.
 *
 *   { "101": { "stars": 25 }, "204": { "markup_percent": 50 } }
 *
 * Keys are model ids; each value is either a fixed price in whole Stars or a markup of its own
 * (a decimal percent). Every problem is reported with the model id, nothing is guessed.
 */
import { readFileSync } from 'node:fs';
import { isMoneyString, parseMoney } from '../../domain/money.js';
import { MAX_STARS_PER_PAYMENT } from '../../domain/wallet.js';
import type { PriceOverride } from './star-pricing.js';

export function parsePriceOverrides(text: string): {
  overrides: Map<number, PriceOverride>;
  problems: string[];
} {
  const overrides = new Map<number, PriceOverride>();
  const problems: string[] = [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { overrides, problems: [`is not valid JSON (${(err as Error).message})`] };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      overrides,
      problems: ['must be a JSON object: model id -> { "stars": N } or { "markup_percent": P }'],
    };
  }
  for (const [key, rule] of Object.entries(data)) {
    if (!/^[1-9]\d{0,8}$/.test(key)) {
      problems.push(`"${key.slice(0, 20)}" is not a model id`);
      continue;
    }
    const parsed = parseRule(rule);
    if (typeof parsed === 'string') problems.push(`model ${key}: ${parsed}`);
    else overrides.set(Number(key), parsed);
  }
  return { overrides, problems };
}

function parseRule(rule: unknown): PriceOverride | string {
  if (typeof rule !== 'object' || rule === null) return 'must be { "stars": N } or { "markup_percent": P }';
  const { stars, markup_percent: markup, ...rest } = rule as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `unknown field(s) ${Object.keys(rest).join(', ')}`;
  if ((stars === undefined) === (markup === undefined))
    return 'give exactly one of "stars" and "markup_percent"';
  if (stars !== undefined) {
    if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > MAX_STARS_PER_PAYMENT) {
      return `"stars" must be a whole number from 1 to ${MAX_STARS_PER_PAYMENT}`;
    }
    return { kind: 'fixed', stars };
  }
  const text = typeof markup === 'number' ? String(markup) : markup;
  if (typeof text !== 'string' || !isMoneyString(text) || parseMoney(text) < 0n) {
    return '"markup_percent" must be a non-negative number such as 30 or 12.5';
  }
  return { kind: 'markup', markupPercent: text };
}

export function loadPriceOverrides(path: string): {
  overrides: Map<number, PriceOverride>;
  problems: string[];
} {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'unreadable';
    return { overrides: new Map(), problems: [`cannot be read (${code})`] };
  }
  return parsePriceOverrides(text);
}
