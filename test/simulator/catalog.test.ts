import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelsResponse } from '../../src/reseller/schemas.js';
import { defaultCatalog, parseCatalog } from '../../src/simulator/catalog.js';
import { type Json, SimHarness } from './helpers.js';

let h: SimHarness;
let models: Json[];
beforeAll(async () => {
  h = await SimHarness.start();
  const result = await h.get('/models');
  expect(result.status).toBe(200);
  models = result.body.models;
});
afterAll(() => h.close());

const byId = (id: number) => models.find((m) => m.id === id);

describe('GET /models', () => {
  it('parses with the shared response schema and hides the simulator-only block', async () => {
    const raw = (await h.get('/models')).body;
    expect(modelsResponse.safeParse(raw).success).toBe(true);
    expect(models.every((m) => !('sim' in m))).toBe(true);
  });

  it('covers every model kind the bot must handle', () => {
    expect(models.map((m) => [m.id, m.type])).toEqual([
      [101, 'video'],
      [102, 'video'],
      [103, 'video'],
      [104, 'video'],
      [201, 'image'],
      [202, 'image'],
      [203, 'image'],
      [204, 'image'],
      [301, 'upscale'],
      [401, 'remove_bg'],
    ]);
    expect(models.filter((m) => m.pricing?.quote_required).map((m) => m.id)).toEqual([101, 102, 103, 104]);
    expect(byId(204).media.inputs.map((i: Json) => [i.key, i.required, i.min, i.max])).toEqual([
      ['character_image', true, 1, 1],
      ['target_image', true, 1, 1],
    ]);
    expect(byId(301).options_schema[0]).toMatchObject({ key: 'upscale_factor', type: 'select', default: 2 });
    expect(byId(401).prompt.mode).toBe('ignored');
  });

  it('lists prompt, media and every option key in `fields`', () => {
    for (const model of models) {
      for (const option of model.options_schema) expect(model.fields).toContain(option.key);
      expect(model.fields.includes('prompt')).toBe(model.prompt.mode !== 'ignored');
      expect(model.fields.includes('media')).toBe(model.media.inputs.length > 0);
    }
  });

  it('states the prompt limits of spec 2.7', () => {
    expect(byId(103).prompt).toEqual({ mode: 'required', max_length: 3072 });
    expect(byId(201).prompt).toEqual({ mode: 'required', min_length: 4, max_length: 5000 });
  });

  it('gives resolution-priced image models discounted and base prices, and per-count prices', () => {
    expect(byId(201).pricing.resolutions['2K']).toEqual({ price_usd: '0.14', base_price_usd: '0.15' });
    expect(byId(201).price_usd).toBe(byId(201).pricing.resolutions['1K'].price_usd);
    expect(byId(202).pricing.prices_by_image_count['2K']['3']).toBe('0.23');
  });
});

describe('catalog loading', () => {
  it('rejects a catalog with a typo instead of ignoring it', () => {
    const json = structuredClone({ models: defaultCatalog().models }) as Json;
    json.models[0].prompt.max_lenght = 10;
    expect(() => parseCatalog(json)).toThrow(/invalid simulator catalog/);
  });

  it('rejects duplicate model ids', () => {
    const [first] = defaultCatalog().models;
    expect(() => parseCatalog({ models: [first, first] })).toThrow(/duplicate model id/);
  });

  it('loads a custom catalog file through catalogPath', async () => {
    const { writeFile, mkdtemp, rm } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'sim-catalog-'));
    const path = join(dir, 'catalog.json');
    const only = defaultCatalog().models.filter((m) => m.id === 401);
    await writeFile(path, JSON.stringify({ models: only }));
    const custom = await SimHarness.start({ catalogPath: path });
    try {
      expect((await custom.get('/models')).body.models.map((m: Json) => m.id)).toEqual([401]);
    } finally {
      await custom.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
