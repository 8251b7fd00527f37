import { describe, expect, it } from 'vitest';
import { type GenerationRequest, type Model, model as modelSchema } from '../../src/reseller/schemas.js';
import { catalogPrice, localPrice, needsQuote, PricingError } from '../../src/services/pricing.js';
import { defaultCatalog, publicModel } from '../../src/simulator/catalog.js';

/** The simulator's catalog exactly as GET /models serves it, parsed by our schema. */
const models = new Map<number, Model>(
  defaultCatalog().models.map((m) => [m.id, modelSchema.parse(JSON.parse(JSON.stringify(publicModel(m))))]),
);
const get = (id: number): Model => {
  const m = models.get(id);
  if (!m) throw new Error(`catalog has no model ${id}`);
  return m;
};
const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => `tmp/0000000${i}-0000-0000-0000-000000000000`);
const req = (id: number, extra: Omit<GenerationRequest, 'model_id'> = {}): GenerationRequest => ({
  model_id: id,
  prompt: 'a red fox',
  ...extra,
});

describe('needsQuote', () => {
  it('is true exactly for the quote-required video models', () => {
    const quoted = [...models.values()].filter(needsQuote).map((m) => m.id);
    expect(quoted).toEqual([101, 102, 103, 104]);
  });
});

describe('catalogPrice', () => {
  it.each([
    [101, 'from', '0.20'], // quote-required: start price
    [104, 'from', '0.21'],
    [201, 'from', '0.09'], // 1K 0.09, 2K 0.14
    [202, 'from', '0.10'], // by photo count
    [203, 'from', '0.04'], // times num_images
    [204, 'exact', '0.05'],
    [301, 'exact', '0.03'],
    [401, 'exact', '0.02'],
  ])('model %i -> %s %s', (id, kind, amountUsd) => {
    expect(catalogPrice(get(id))).toEqual({ kind, amountUsd });
  });
});

describe('localPrice', () => {
  it('is null for quote-required models', () => {
    for (const id of [101, 102, 103, 104]) expect(localPrice(get(id), req(id))).toBeNull();
  });

  it('plain models cost their catalog price', () => {
    expect(
      localPrice(get(204), { model_id: 204, media: { character_image: photos(1), target_image: photos(1) } }),
    ).toBe('0.05');
    expect(localPrice(get(301), { model_id: 301, media: { image: photos(1) } })).toBe('0.03');
    expect(localPrice(get(401), { model_id: 401 })).toBe('0.02');
  });

  it('charges every requested image (num_images)', () => {
    expect(localPrice(get(203), req(203))).toBe('0.04');
    expect(localPrice(get(203), req(203, { options: { num_images: 3 } }))).toBe('0.12');
    expect(() => localPrice(get(203), req(203, { options: { num_images: 1.5 } }))).toThrow(PricingError);
  });

  it('per_image_resolution without a count table: the resolution price, default resolution when unset', () => {
    expect(localPrice(get(201), req(201))).toBe('0.09');
    expect(localPrice(get(201), req(201, { options: { resolution: '1K' } }))).toBe('0.09');
    expect(
      localPrice(get(201), req(201, { options: { resolution: '2K' }, media: { image: photos(4) } })),
    ).toBe('0.14');
    expect(() => localPrice(get(201), req(201, { options: { resolution: '8K' } }))).toThrow(
      /no price for resolution 8K/,
    );
  });

  it('prices_by_image_count: the table entry for the photo count (0 without photos), per resolution', () => {
    const m = get(202);
    const cases: Array<[string | undefined, number, string]> = [
      [undefined, 0, '0.10'],
      ['1K', 1, '0.10'],
      ['1K', 2, '0.13'],
      ['1K', 3, '0.16'],
      [undefined, 4, '0.18'],
      ['2K', 0, '0.15'],
      ['2K', 2, '0.19'],
      ['2K', 4, '0.26'],
    ];
    for (const [resolution, count, amount] of cases) {
      const request = req(202, {
        ...(count > 0 && { media: { image: photos(count) } }),
        ...(resolution && { options: { resolution } }),
      });
      expect(localPrice(m, request), `${resolution ?? 'default'} x ${count}`).toBe(amount);
    }
  });

  it('prices_by_image_count: a count beyond the table is an error, not a guess', () => {
    expect(() => localPrice(get(202), req(202, { media: { image: photos(5) } }))).toThrow(
      /no price for 5 photo\(s\) at 1K/,
    );
  });
});
