/**
 * GET /prompts (spec 4.10): filters, case-insensitive search in both languages, Laravel-style
 * pagination with absolute `links`. Choice where the spec is silent: a `per_page` above 100 (or a
 * non-positive / non-integer page or per_page, or an unknown type) is a 422 validation_error
 * rather than being clamped; a page past the end returns an empty `data`.
 */
import { SimError } from './errors.js';
import { PROMPT_CATEGORIES, PROMPT_TYPES, SEED_PROMPTS } from './prompt-seed.js';

export const PROMPT_DEPOSIT_REQUIRED_USD = 50;
const DEFAULT_PER_PAGE = 20;
const MAX_PER_PAGE = 100;

interface PromptItem {
  id: number;
  type: { key: string; name_ru: string; name_en: string };
  category: { key: string; name_ru: string; name_en: string };
  title_ru: string | null;
  title_en: string | null;
  prompt_ru: string | null;
  prompt_en: string | null;
  preview_url: string;
}

export interface PromptPage {
  success: true;
  data: PromptItem[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}

function positiveInteger(name: string, raw: string | null, fallback: number, max?: number): number {
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new SimError('validation_error', `${name} must be a positive integer`);
  const value = Number(raw);
  if (max !== undefined && value > max)
    throw new SimError('validation_error', `${name} must not exceed ${max}`);
  return value;
}

export function queryPrompts(query: URLSearchParams, urls: { listUrl: string; origin: string }): PromptPage {
  const type = query.get('type') || null;
  const category = query.get('category') || null;
  const search = (query.get('search') ?? '').trim().toLowerCase();
  if (type !== null && !(type in PROMPT_TYPES))
    throw new SimError('validation_error', 'type must be image or video');
  const perPage = positiveInteger('per_page', query.get('per_page'), DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const page = positiveInteger('page', query.get('page'), 1);

  const matches = SEED_PROMPTS.filter(
    (p) =>
      (type === null || p.type === type) &&
      (category === null || p.category === category) &&
      (search === '' ||
        [p.title_ru, p.title_en, p.prompt_ru, p.prompt_en].some((text) =>
          text?.toLowerCase().includes(search),
        )),
  );
  const lastPage = Math.max(1, Math.ceil(matches.length / perPage));
  const pageUrl = (n: number) => {
    const params = new URLSearchParams();
    for (const key of ['type', 'category', 'search', 'per_page']) {
      const value = query.get(key);
      if (value) params.set(key, value);
    }
    params.set('page', String(n));
    return `${urls.listUrl}?${params.toString()}`;
  };
  return {
    success: true,
    data: matches.slice((page - 1) * perPage, page * perPage).map((p) => ({
      id: p.id,
      type: PROMPT_TYPES[p.type],
      category: PROMPT_CATEGORIES[p.category]!,
      title_ru: p.title_ru,
      title_en: p.title_en,
      prompt_ru: p.prompt_ru,
      prompt_en: p.prompt_en,
      preview_url: `${urls.origin}/prompts/${p.id}/preview`,
    })),
    links: {
      first: pageUrl(1),
      last: pageUrl(lastPage),
      prev: page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? pageUrl(page + 1) : null,
    },
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total: matches.length },
  };
}

export function promptExists(id: number): boolean {
  return SEED_PROMPTS.some((p) => p.id === id);
}
