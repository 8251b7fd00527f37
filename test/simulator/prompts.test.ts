import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptsResponse } from '../../src/reseller/schemas.js';
import { expectEnvelope, type Json, SimHarness } from './helpers.js';

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start({
    accounts: [
      { key: 'sim-key', balance_usd: '1.00', deposit_usd: '50.00' },
      { key: 'small-key', balance_usd: '1.00', deposit_usd: '49.99' },
    ],
  });
});
afterAll(() => h.close());

const list = async (query = '', key?: string) => h.get(`/prompts${query}`, key);

async function all(query: string): Promise<Json[]> {
  const result = await list(`${query}${query ? '&' : '?'}per_page=100`);
  expect(result.status).toBe(200);
  return result.body.data;
}

describe('GET /prompts', () => {
  it('is gated by a total deposit of 50 USD (403 deposit_required with required/deposited)', async () => {
    const denied = await list('', 'small-key');
    expectEnvelope(denied, 403, 'deposit_required');
    expect(denied.body.error).toMatchObject({ required: 50, deposited: 49.99 });
    h.sim.state.setDeposit('small-key', '50.00');
    expect((await list('', 'small-key')).status).toBe(200);
  });

  it('answers the spec shape with 20 items per page by default', async () => {
    const result = await list();
    const page = promptsResponse.parse(result.body);
    expect(page.data).toHaveLength(20);
    expect(page.meta).toEqual({ current_page: 1, last_page: 3, per_page: 20, total: 42 });
    expect(page.data[0]!.preview_url).toBe(`${h.sim.origin}/prompts/${page.data[0]!.id}/preview`);
  });

  it('builds absolute links with null prev/next at the ends, keeping filters', async () => {
    const first = (await list('?type=image&per_page=10')).body;
    expect(first.links).toEqual({
      first: `${h.sim.baseUrl}/prompts?type=image&per_page=10&page=1`,
      last: `${h.sim.baseUrl}/prompts?type=image&per_page=10&page=3`,
      prev: null,
      next: `${h.sim.baseUrl}/prompts?type=image&per_page=10&page=2`,
    });
    const last = (await h.get(first.links.last.slice(h.sim.baseUrl.length))).body;
    expect(last.meta).toMatchObject({ current_page: 3, total: 26 });
    expect(last.data).toHaveLength(6);
    expect(last.links.next).toBeNull();
    expect(last.links.prev).toContain('page=2');
  });

  it('filters by type and category', async () => {
    const videos = await all('?type=video');
    expect(videos.length).toBe(16);
    expect(videos.every((p) => p.type.key === 'video' && p.type.name_en === 'Video')).toBe(true);
    const dance = await all('?type=video&category=dance');
    expect(dance.map((p) => p.category.key)).toEqual(['dance', 'dance', 'dance', 'dance']);
    expect(dance[0].category).toEqual({ key: 'dance', name_ru: 'Танцы', name_en: 'Dance' });
    expect(await all('?category=no-such-category')).toEqual([]);
  });

  it('searches titles and prompts in both languages, case-insensitively (Cyrillic too)', async () => {
    const ru = await all(`?search=${encodeURIComponent('ДРАКОН')}`);
    expect(ru.map((p) => p.title_en)).toEqual(['Dragon over a castle']);
    const en = await all('?search=PARIS');
    expect(en.map((p) => p.title_ru)).toEqual(['Прогулка по Парижу']);
    const both = await all('?search=neon');
    expect(both.map((p) => p.title_en)).toEqual(['Cyberpunk neon portrait', 'City of the future']);
    const inPromptOnly = await all(`?search=${encodeURIComponent('байкал')}`);
    expect(inPromptOnly).toHaveLength(1);
  });

  it('has single-language prompts with nulls for the missing language', async () => {
    const data = await all('');
    const ruOnly = data.filter((p) => p.title_en === null);
    const enOnly = data.filter((p) => p.title_ru === null);
    expect(ruOnly.length).toBeGreaterThan(0);
    expect(enOnly.length).toBeGreaterThan(0);
    expect(ruOnly.every((p) => p.prompt_en === null && typeof p.prompt_ru === 'string')).toBe(true);
    expect(enOnly.every((p) => p.prompt_ru === null && typeof p.prompt_en === 'string')).toBe(true);
  });

  it('validates paging: per_page above 100, zero or junk, and an unknown type are 422', async () => {
    expect((await list('?per_page=100')).body.meta.per_page).toBe(100);
    expectEnvelope(await list('?per_page=101'), 422, 'validation_error');
    expectEnvelope(await list('?per_page=0'), 422, 'validation_error');
    expectEnvelope(await list('?page=abc'), 422, 'validation_error');
    expectEnvelope(await list('?type=audio'), 422, 'validation_error');
  });

  it('answers a page past the end with empty data', async () => {
    const beyond = (await list('?page=9')).body;
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ current_page: 9, last_page: 3 });
    expect(beyond.links.next).toBeNull();
  });

  it('serves a PNG at each preview_url without auth', async () => {
    const [item] = (await list('?per_page=1')).body.data;
    const preview = await fetch(item.preview_url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await preview.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    expect((await fetch(`${h.sim.origin}/prompts/9999/preview`)).status).toBe(404);
  });
});
