/**
 * One test per reading of GET /models that the spec leaves open (model-readings.ts), and the rule
 * that one unreadable model costs only itself.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMoney } from '../../src/domain/money.js';
import { readModel, readModels } from '../../src/reseller/model-readings.js';
import { order, readOrderStatus } from '../../src/reseller/schemas.js';
import { localPrice } from '../../src/services/pricing.js';

const catalog = JSON.parse(
  readFileSync(new URL('../../src/simulator/catalog.json', import.meta.url), 'utf8'),
) as { models: Array<Record<string, unknown>> };
const byId = (id: number) => structuredClone(catalog.models.find((m) => m.id === id)!);

function read(raw: unknown) {
  const reading = readModel(raw);
  if (!reading.ok) throw new Error(`unreadable: ${reading.reason}`);
  return reading.model;
}

describe('readModel: the canonical shape reads as it is', () => {
  it('reads every simulator model', () => {
    const { models, unreadable } = readModels(catalog.models);
    expect(unreadable).toEqual([]);
    expect(models.map((m) => m.id)).toEqual(catalog.models.map((m) => m.id));
  });
});

describe('readModel: readings the spec leaves open', () => {
  it('pricing.resolutions as a list of entries naming their resolution', () => {
    const raw = byId(201);
    (raw.pricing as Record<string, unknown>).resolutions = [
      { resolution: '1K', price_usd: '0.09', base_price_usd: '0.10' },
      { key: '2K', price_usd: '0.14' },
    ];
    const model = read(raw);
    expect(model.pricing?.resolutions).toMatchObject({
      '1K': { price_usd: '0.09', base_price_usd: '0.10' },
      '2K': { price_usd: '0.14' },
    });
    expect(localPrice(model, { model_id: 201, options: { resolution: '2K' } })).toBe('0.14');
  });

  it('pricing.resolutions as a map of bare amounts', () => {
    const raw = byId(201);
    (raw.pricing as Record<string, unknown>).resolutions = { '1K': '0.09', '2K': 0.14 };
    const model = read(raw);
    expect(model.pricing?.resolutions?.['2K']).toEqual({ price_usd: '0.14' });
  });

  it('pricing with quote_required but no type', () => {
    const raw = byId(101);
    raw.pricing = { quote_required: true, default_resolution: '480p' };
    const model = read(raw);
    expect(model.pricing).toMatchObject({ type: 'quote', quote_required: true });
  });

  it('pricing without type that prices resolutions reads as per_image_resolution', () => {
    const raw = byId(202);
    delete (raw.pricing as Record<string, unknown>).type;
    expect(read(raw).pricing?.type).toBe('per_image_resolution');
  });

  it('prices_by_image_count keyed by numbers, with number amounts, gives the same prices', () => {
    const canonical = read(byId(202));
    const raw = byId(202);
    const pricing = raw.pricing as { prices_by_image_count: Record<string, unknown> };
    const table = pricing.prices_by_image_count as Record<string, Record<string, string>>;
    pricing.prices_by_image_count = Object.fromEntries(
      Object.entries(table).map(([res, byCount]) => [
        res,
        Object.fromEntries(
          Object.entries(byCount).map(([count, amount]) => [`${Number(count)}.0`, Number(amount)]),
        ),
      ]),
    );
    const model = read(raw);
    // The same amounts (0.1 is 0.10), as exact money.
    const micros = (table: Record<string, Record<string, string>> | undefined) =>
      Object.fromEntries(
        Object.entries(table ?? {}).map(([res, byCount]) => [
          res,
          Object.fromEntries(Object.entries(byCount).map(([count, amount]) => [count, parseMoney(amount)])),
        ]),
      );
    expect(micros(model.pricing?.prices_by_image_count)).toEqual(
      micros(canonical.pricing?.prices_by_image_count),
    );
  });

  it('prices_by_image_count as a list indexed by the image count', () => {
    const raw = byId(202);
    const pricing = raw.pricing as { prices_by_image_count: Record<string, unknown> };
    pricing.prices_by_image_count = { '1K': ['0.10', '0.10', '0.13'] };
    const model = read(raw);
    expect(model.pricing?.prices_by_image_count).toEqual({ '1K': { '0': '0.10', '1': '0.10', '2': '0.13' } });
  });

  it('money as JSON numbers becomes exact decimal strings; an exponent is refused', () => {
    const raw = byId(203);
    raw.price_usd = 0.04;
    expect(read(raw).price_usd).toBe('0.04');
    raw.price_usd = 1e-7;
    expect(readModel(raw).ok).toBe(false);
  });

  it('an id sent as a numeric string', () => {
    const raw = byId(203);
    raw.id = '203';
    expect(read(raw).id).toBe(203);
  });

  it('an optional option of an unknown type is left out; the rest of the form stays', () => {
    const raw = byId(201);
    const options = raw.options_schema as Array<Record<string, unknown>>;
    options.push({ key: 'palette', type: 'color_picker', required: false });
    const reading = readModel(raw);
    expect(reading.ok && reading.model.options_schema.map((o) => o.key)).toEqual(
      options.filter((o) => o.key !== 'palette').map((o) => o.key),
    );
    expect(reading.ok && reading.notes.join()).toMatch(/palette/);
  });

  it('a required option of an unknown type makes the model unreadable, with the reason', () => {
    const raw = byId(201);
    (raw.options_schema as unknown[]).push({ key: 'mask', type: 'canvas', required: true });
    const reading = readModel(raw);
    expect(reading).toMatchObject({ ok: false, id: 201, name: 'Nova Image Edit' });
    expect(!reading.ok && reading.reason).toMatch(/mask/);
  });

  it('an unknown model type is kept as it is', () => {
    const raw = byId(203);
    raw.type = 'audio';
    expect(read(raw).type).toBe('audio');
  });

  it('missing prompt, media and options_schema blocks get neutral defaults', () => {
    const model = read({ id: 9, name: 'Bare', type: 'image', price_usd: '0.01' });
    expect(model.prompt.mode).toBe('optional');
    expect(model.media.inputs).toEqual([]);
    expect(model.options_schema).toEqual([]);
  });
});

describe('readModels: one model at a time', () => {
  it('leaves out only the unreadable model and says why', () => {
    const broken = byId(201);
    broken.pricing = { type: 'per_image_resolution', resolutions: { '1K': { price_usd: 'ten cents' } } };
    const { models, unreadable } = readModels([byId(203), broken, 'not a model', byId(301)]);
    expect(models.map((m) => m.id)).toEqual([203, 301]);
    expect(unreadable).toHaveLength(2);
    expect(unreadable[0]).toMatchObject({ id: 201, name: 'Nova Image Edit' });
    expect(unreadable[0]?.reason).toMatch(/price_usd/);
  });
});

describe('orders: statuses and fields read liberally', () => {
  const base = { id: 'o1', model_id: 203, cost_usd: '0.04', result: [], expires_at: null, error: null };

  it('an unknown status reads as processing and keeps what upstream said', () => {
    expect(order.parse({ ...base, status: 'rendering' })).toMatchObject({
      status: 'processing',
      unknown_status: 'rendering',
    });
    expect(readOrderStatus('COMPLETED')).toEqual({ status: 'completed' });
    expect(readOrderStatus('canceled')).toEqual({ status: 'cancelled' });
  });

  it('cost as a number, a numeric id and result entries as objects', () => {
    const parsed = order.parse({
      ...base,
      id: 42,
      status: 'completed',
      cost_usd: 0.04,
      result: [{ url: 'https://x/a.png' }, 'https://x/b.png', { nope: 1 }],
      extra: { anything: true },
    });
    expect(parsed).toMatchObject({
      id: '42',
      cost_usd: '0.04',
      result: ['https://x/a.png', 'https://x/b.png'],
    });
  });
});
