/**
 * The upstream prompt library (GET /prompts, spec 4.10) behind a small cache: each page, per
 * (type, category, search, page), is kept for a few minutes, and concurrent callers of the same
 * page share one request. Categories are not an endpoint of their own: they are derived from a
 * first broad fetch and from every page fetched since. Failures (deposit_required included) are
 * never cached, so the library opens by itself once upstream allows it.
 */
import type { Logger } from 'pino';
import type { PromptsQuery } from '../reseller/client.js';
import type { Prompt, PromptsPage } from '../reseller/schemas.js';

export type PromptType = 'image' | 'video';

/** The part of ResellerClient the library uses. */
export interface PromptSource {
  listPrompts(q: PromptsQuery): Promise<PromptsPage>;
}

export interface PromptListQuery {
  type?: PromptType | undefined;
  /** Category slug, as upstream names it. */
  category?: string | undefined;
  search?: string | undefined;
  /** 1-based. */
  page: number;
}

export interface PromptCategory {
  key: string;
  name_ru: string;
  name_en: string;
  /** Prompt types seen in this category (`type.key` of its prompts). */
  types: string[];
}

export interface PromptLibraryOptions {
  logger: Logger;
  /** How long a fetched page is served from memory. Default 5 minutes. */
  ttlMs?: number;
  /** Prompts per page shown to users. Default 5. */
  perPage?: number;
  /** Page size of the broad fetch that discovers categories (the spec allows up to 100). */
  discoveryPerPage?: number;
  /** At most this many broad pages are read to discover categories. */
  discoveryPages?: number;
  /** Cached pages kept at most (the oldest go first). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  expiresAt: number;
  value: Promise<T>;
}

interface Discovery {
  complete: boolean;
}

/** Spec 8: per_page is at most 100. */
const MAX_PER_PAGE = 100;

export class PromptLibraryService {
  readonly #source: PromptSource;
  readonly #logger: Logger;
  readonly #ttlMs: number;
  readonly perPage: number;
  readonly #discoveryPerPage: number;
  readonly #discoveryPages: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #pages = new Map<string, Entry<PromptsPage>>();
  readonly #discoveries = new Map<string, Entry<Discovery>>();
  /** Category slug -> what we know of it and when we last saw it. */
  readonly #categories = new Map<string, { category: PromptCategory; seenAt: number }>();
  /** Prompt id -> the prompt as last seen (for "Use this prompt" without fetching again). */
  readonly #prompts = new Map<number, { prompt: Prompt; seenAt: number }>();

  constructor(source: PromptSource, opts: PromptLibraryOptions) {
    this.#source = source;
    this.#logger = opts.logger.child({ component: 'prompt-library' });
    this.#ttlMs = opts.ttlMs ?? 5 * 60_000;
    this.perPage = Math.min(Math.max(1, opts.perPage ?? 5), MAX_PER_PAGE);
    this.#discoveryPerPage = Math.min(Math.max(1, opts.discoveryPerPage ?? MAX_PER_PAGE), MAX_PER_PAGE);
    this.#discoveryPages = Math.max(1, opts.discoveryPages ?? 3);
    this.#maxEntries = Math.max(1, opts.maxEntries ?? 500);
    this.#now = opts.now ?? Date.now;
  }

  /** One page of prompts. Served from memory for `ttlMs`; errors are not cached. */
  list(query: PromptListQuery): Promise<PromptsPage> {
    const q: PromptsQuery = { page: Math.max(1, Math.trunc(query.page)), perPage: this.perPage };
    if (query.type) q.type = query.type;
    if (query.category) q.category = query.category;
    const search = query.search?.trim();
    if (search) q.search = search;
    const key = JSON.stringify([q.type ?? '', q.category ?? '', q.search?.toLowerCase() ?? '', q.page]);
    return this.#cached(this.#pages, key, () => this.#fetch(q));
  }

  /**
   * Categories that hold prompts of this type (any type when undefined), in the order upstream
   * lists them. Known from a broad fetch (repeated once the cache expires) and from pages seen since.
   */
  async categories(type?: PromptType): Promise<PromptCategory[]> {
    const broad = await this.#discover(undefined);
    // A library too big for the broad fetch: look at this type's own first pages too.
    if (type && !broad.complete) await this.#discover(type);
    const freshSince = this.#now() - this.#ttlMs;
    const out: PromptCategory[] = [];
    for (const { category, seenAt } of this.#categories.values()) {
      if (seenAt < freshSince) continue;
      if (type && !category.types.includes(type)) continue;
      out.push(category);
    }
    return out;
  }

  /** A prompt seen recently in any fetched page. */
  remembered(id: number): Prompt | undefined {
    const entry = this.#prompts.get(id);
    if (!entry || entry.seenAt < this.#now() - this.#ttlMs) return undefined;
    return entry.prompt;
  }

  /** Forgets every cached page and category (tests, or an admin action after a deposit). */
  clear(): void {
    this.#pages.clear();
    this.#discoveries.clear();
    this.#categories.clear();
    this.#prompts.clear();
  }

  #discover(type: PromptType | undefined): Promise<Discovery> {
    return this.#cached(this.#discoveries, type ?? '', async () => {
      let page = 1;
      let lastPage = 1;
      for (; page <= this.#discoveryPages; page++) {
        const result = await this.#fetch({
          ...(type ? { type } : {}),
          page,
          perPage: this.#discoveryPerPage,
        });
        lastPage = result.meta.last_page;
        if (page >= lastPage || result.data.length === 0) break;
      }
      const complete = page >= lastPage;
      this.#logger.debug(
        { type, pages: Math.min(page, this.#discoveryPages), complete },
        'categories discovered',
      );
      return { complete };
    });
  }

  async #fetch(q: PromptsQuery): Promise<PromptsPage> {
    const result = await this.#source.listPrompts(q);
    this.#learn(result.data);
    return result;
  }

  #learn(prompts: Prompt[]): void {
    const now = this.#now();
    for (const prompt of prompts) {
      const known = this.#categories.get(prompt.category.key);
      const types = new Set(known?.category.types ?? []);
      types.add(prompt.type.key);
      this.#categories.set(prompt.category.key, {
        // Upstream's latest names win; the types seen accumulate.
        category: {
          key: prompt.category.key,
          name_ru: prompt.category.name_ru,
          name_en: prompt.category.name_en,
          types: [...types],
        },
        seenAt: now,
      });
      this.#prompts.delete(prompt.id);
      this.#prompts.set(prompt.id, { prompt, seenAt: now });
    }
    while (this.#prompts.size > this.#maxEntries * 10) {
      this.#prompts.delete(this.#prompts.keys().next().value!);
    }
  }

  #cached<T>(map: Map<string, Entry<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const now = this.#now();
    const hit = map.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    const value = load();
    const entry: Entry<T> = { expiresAt: now + this.#ttlMs, value };
    map.delete(key);
    map.set(key, entry);
    // A failure is not remembered: the next caller asks upstream again.
    value.catch(() => {
      if (map.get(key) === entry) map.delete(key);
    });
    for (const [k, e] of map) {
      if (map.size <= this.#maxEntries) break;
      if (e !== entry) map.delete(k);
    }
    return value;
  }
}
