/**
 * Content rules: what screening one description costs with the largest rules the control room
 * accepts (2,000 lines: 500 in each of four lists, a fifth of them `word*`, a tenth `/patterns/`).
 * A clean description is the worst case: every line of its lists is tried. Pure CPU, no store.
 *
 *   npx tsx bench/content-rules.ts [descriptions=5000] [chars=1000]
 */
import { performance } from 'node:perf_hooks';
import { type ContentRules, compileRules, DEFAULT_CONTENT_RULES } from '../src/domain/content-rules.js';

const DESCRIPTIONS = Number(process.argv[2] ?? 5_000);
const CHARS = Number(process.argv[3] ?? 1_000);
const LISTS = ['*', 'en', 'ru', 'uk'];

/** A made-up word of 5-10 letters from `alphabet`, deterministic in `n`. */
function word(n: number, alphabet: string): string {
  let out = '';
  let x = n * 2_654_435_761;
  const length = 5 + (n % 6);
  for (let i = 0; i < length; i++) {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    out += alphabet[x % alphabet.length];
  }
  return out;
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz';
const CYRILLIC = 'абвгдежзийклмнопрстуфхцчшщыэюя';

function rules(): ContentRules {
  const blocked: Record<string, string[]> = {};
  LISTS.forEach((list, l) => {
    const alphabet = list === 'ru' || list === 'uk' ? CYRILLIC : LATIN;
    blocked[list] = Array.from({ length: 500 }, (_, i) => {
      const w = word(l * 1_000 + i, alphabet);
      if (i % 10 === 0) return `/${w.slice(0, 3)}[a-z0-9]{2}${w.slice(3, 5)}/`;
      return i % 5 === 1 ? `${w}*` : w;
    });
  });
  return { ...DEFAULT_CONTENT_RULES, blocked };
}

/** A clean description of about CHARS characters (words no list holds). */
function description(n: number): string {
  const words: string[] = [];
  let length = 0;
  for (let i = 0; length < CHARS; i++) {
    const w = `q${word(n * 100 + i, 'xyz')}`;
    words.push(w);
    length += w.length + 1;
  }
  return words.join(' ');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const started = performance.now();
const compiled = compileRules(rules());
const compileMs = performance.now() - started;
const texts = Array.from({ length: DESCRIPTIONS }, (_, i) => description(i));
const times: number[] = [];
let matched = 0;
for (const [i, text] of texts.entries()) {
  const at = performance.now();
  if (compiled.match(text, LISTS[1 + (i % 3)]!) !== undefined) matched++;
  times.push(performance.now() - at);
}
times.sort((a, b) => a - b);
console.log(`content rules: 2,000 lines compiled in ${compileMs.toFixed(1)} ms`);
console.log(
  `${DESCRIPTIONS} clean descriptions of ${CHARS} characters, each against 1,000 lines (everyone's and its language's): ` +
    `median ${(percentile(times, 0.5) * 1000).toFixed(0)} µs, p99 ${(percentile(times, 0.99) * 1000).toFixed(0)} µs, ` +
    `matched ${matched}`,
);
