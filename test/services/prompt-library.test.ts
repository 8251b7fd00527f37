import { afterEach, describe, expect, it } from 'vitest';
import type { PromptsQuery } from '../../src/reseller/client.js';
import { ResellerError } from '../../src/reseller/errors.js';
import type { Prompt, PromptsPage } from '../../src/reseller/schemas.js';
import { PromptLibraryService } from '../../src/services/prompt-library.js';
import { API_KEY, type Harness, silentLogger, startHarness } from './harness.js';

const TYPES = {
  image: { key: 'image', name_ru: 'Изображения', name_en: 'Images' },
  video: { key: 'video', name_ru: 'Видео', name_en: 'Video' },
};

function prompt(id: number, type: 'image' | 'video', category: string): Prompt {
  return {
    id,
    type: TYPES[type],
    category: { key: category, name_ru: `${category}-ru`, name_en: `${category}-en` },
    title_ru: `Промпт ${id}`,
    title_en: `Prompt ${id}`,
    prompt_ru: `текст ${id}`,
    prompt_en: `text ${id}`,
    preview_url: `https://example.test/prompts/${id}/preview`,
  };
}

/** A fake upstream over a fixed list, counting requests; optionally failing the next ones. */
function fakeSource(all: Prompt[]) {
  const calls: PromptsQuery[] = [];
  const failures: Error[] = [];
  let gate: Promise<void> | undefined;
  return {
    calls,
    failNext: (error: Error) => failures.push(error),
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return () => {
        gate = undefined;
        release();
      };
    },
    async listPrompts(q: PromptsQuery): Promise<PromptsPage> {
      calls.push(q);
      if (gate) await gate;
      const failure = failures.shift();
      if (failure) throw failure;
      const matches = all.filter(
        (p) =>
          (!q.type || p.type.key === q.type) &&
          (!q.category || p.category.key === q.category) &&
          (!q.search || p.title_en?.toLowerCase().includes(q.search.toLowerCase())),
      );
      const perPage = q.perPage ?? 20;
      const page = q.page ?? 1;
      const lastPage = Math.max(1, Math.ceil(matches.length / perPage));
      return {
        success: true,
        data: matches.slice((page - 1) * perPage, page * perPage),
        links: { first: 'f', last: 'l', prev: null, next: null },
        meta: { current_page: page, last_page: lastPage, per_page: perPage, total: matches.length },
      };
    },
  };
}

const LIBRARY = [
  prompt(1, 'image', 'portrait'),
  prompt(2, 'image', 'portrait'),
  prompt(3, 'image', 'landscape'),
  prompt(4, 'video', 'dance'),
  prompt(5, 'video', 'portrait'),
  prompt(6, 'image', 'anime'),
  prompt(7, 'video', 'ads'),
];

function service(source: ReturnType<typeof fakeSource>, clock: { t: number }, extra = {}) {
  return new PromptLibraryService(source, {
    logger: silentLogger,
    perPage: 2,
    now: () => clock.t,
    ...extra,
  });
}

describe('PromptLibraryService cache', () => {
  it('serves a page from memory for the TTL, then asks upstream again', async () => {
    const source = fakeSource(LIBRARY);
    const clock = { t: 0 };
    const lib = service(source, clock);
    const first = await lib.list({ type: 'image', category: 'portrait', page: 1 });
    expect(first.data.map((p) => p.id)).toEqual([1, 2]);
    expect(source.calls).toEqual([{ type: 'image', category: 'portrait', page: 1, perPage: 2 }]);

    clock.t = 5 * 60_000 - 1;
    await lib.list({ type: 'image', category: 'portrait', page: 1 });
    expect(source.calls).toHaveLength(1);

    clock.t = 5 * 60_000;
    await lib.list({ type: 'image', category: 'portrait', page: 1 });
    expect(source.calls).toHaveLength(2);
  });

  it('keys pages by type, category, search (case-insensitive) and page', async () => {
    const source = fakeSource(LIBRARY);
    const lib = service(source, { t: 0 });
    await lib.list({ type: 'image', page: 1 });
    await lib.list({ type: 'image', page: 2 });
    await lib.list({ type: 'video', page: 1 });
    await lib.list({ page: 1 });
    await lib.list({ category: 'portrait', page: 1 });
    await lib.list({ search: 'Prompt', page: 1 });
    await lib.list({ search: ' prompt ', page: 1 });
    await lib.list({ type: 'image', page: 1 });
    expect(source.calls).toHaveLength(6);
    expect(source.calls.at(-1)).toEqual({ search: 'Prompt', page: 1, perPage: 2 });
  });

  it('shares one request between concurrent callers', async () => {
    const source = fakeSource(LIBRARY);
    const lib = service(source, { t: 0 });
    const release = source.hold();
    const pending = [1, 2, 3].map(() => lib.list({ type: 'video', page: 1 }));
    release();
    const pages = await Promise.all(pending);
    expect(source.calls).toHaveLength(1);
    expect(pages.map((p) => p.data.map((d) => d.id))).toEqual([
      [4, 5],
      [4, 5],
      [4, 5],
    ]);
  });

  it('never caches a failure: once upstream allows it, the library opens', async () => {
    const source = fakeSource(LIBRARY);
    const lib = service(source, { t: 0 });
    source.failNext(
      new ResellerError('deposit_required', 'deposit', {
        httpStatus: 403,
        details: { required: 50, deposited: 10 },
      }),
    );
    await expect(lib.list({ page: 1 })).rejects.toMatchObject({ code: 'deposit_required' });
    source.failNext(new ResellerError('server_busy', 'busy', { httpStatus: 503 }));
    await expect(lib.categories('image')).rejects.toMatchObject({ code: 'server_busy' });
    expect((await lib.list({ page: 1 })).data).toHaveLength(2);
    expect((await lib.categories('image')).map((c) => c.key)).toEqual(['portrait', 'landscape', 'anime']);
  });

  it('keeps at most maxEntries pages, dropping the oldest', async () => {
    const source = fakeSource(LIBRARY);
    const lib = service(source, { t: 0 }, { maxEntries: 2 });
    await lib.list({ page: 1 });
    await lib.list({ page: 2 });
    await lib.list({ page: 3 });
    await lib.list({ page: 3 });
    await lib.list({ page: 2 });
    expect(source.calls).toHaveLength(3);
    await lib.list({ page: 1 });
    expect(source.calls).toHaveLength(4);
  });
});

describe('PromptLibraryService categories', () => {
  it('derives them from one broad fetch, by type, in upstream order, with the types seen', async () => {
    const source = fakeSource(LIBRARY);
    const clock = { t: 0 };
    const lib = service(source, clock);
    expect((await lib.categories('image')).map((c) => c.key)).toEqual(['portrait', 'landscape', 'anime']);
    expect((await lib.categories('video')).map((c) => c.key)).toEqual(['portrait', 'dance', 'ads']);
    const all = await lib.categories();
    expect(all.map((c) => c.key)).toEqual(['portrait', 'landscape', 'dance', 'anime', 'ads']);
    expect(all[0]).toEqual({
      key: 'portrait',
      name_ru: 'portrait-ru',
      name_en: 'portrait-en',
      types: ['image', 'video'],
    });
    // One broad request (the spec's maximum page size) answered all three.
    expect(source.calls).toEqual([{ page: 1, perPage: 100 }]);

    clock.t = 5 * 60_000;
    await lib.categories('image');
    expect(source.calls).toHaveLength(2);
  });

  it('reads more broad pages when the library is big, and per-type pages when still incomplete', async () => {
    const big = Array.from({ length: 9 }, (_, i) => prompt(i + 1, i < 6 ? 'image' : 'video', `c${i}`));
    const source = fakeSource(big);
    const lib = service(source, { t: 0 }, { discoveryPerPage: 2, discoveryPages: 2 });
    const video = await lib.categories('video');
    expect(source.calls).toEqual([
      { page: 1, perPage: 2 },
      { page: 2, perPage: 2 },
      { type: 'video', page: 1, perPage: 2 },
      { type: 'video', page: 2, perPage: 2 },
    ]);
    expect(video.map((c) => c.key)).toEqual(['c6', 'c7', 'c8']);
    // Categories met on ordinary pages join the list too.
    await lib.list({ type: 'image', page: 3 });
    expect((await lib.categories('image')).map((c) => c.key)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('remembers recently seen prompts by id for the TTL', async () => {
    const source = fakeSource(LIBRARY);
    const clock = { t: 0 };
    const lib = service(source, clock);
    expect(lib.remembered(4)).toBeUndefined();
    await lib.list({ type: 'video', page: 1 });
    expect(lib.remembered(4)?.title_en).toBe('Prompt 4');
    clock.t = 5 * 60_000 + 1;
    expect(lib.remembered(4)).toBeUndefined();
  });
});

describe('PromptLibraryService against the simulator', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('pages, categories, and the deposit gate with its figures', async () => {
    h = await startHarness();
    const lib = new PromptLibraryService(h.client, { logger: silentLogger, perPage: 5 });
    const page2 = await lib.list({ type: 'image', category: 'portrait', page: 2 });
    expect(page2.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 5, total: 7 });
    expect((await lib.categories('video')).map((c) => c.name_en)).toEqual([
      'Cinematic',
      'Dance',
      'Travel',
      'Advertising',
    ]);
    h.sim.state.setDeposit(API_KEY, '49.99');
    lib.clear();
    await expect(lib.list({ page: 1 })).rejects.toMatchObject({
      code: 'deposit_required',
      httpStatus: 403,
      details: { required: 50, deposited: 49.99 },
    });
    h.sim.state.setDeposit(API_KEY, '50.00');
    expect((await lib.list({ search: 'дракон', page: 1 })).data.map((p) => p.title_ru)).toEqual([
      'Дракон над замком',
    ]);
  });
});
