import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteResponse } from '../../src/reseller/schemas.js';
import { makeJpeg, makeMp4, makePng } from '../support/media-fixtures.js';
import { expectEnvelope, SimHarness } from './helpers.js';

const QUOTE_TTL_MS = 10 * 60 * 1000;
let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start({
    accounts: [
      { key: 'sim-key', balance_usd: '100.00', deposit_usd: '100.00' },
      { key: 'other-key', balance_usd: '100.00', deposit_usd: '100.00' },
    ],
  });
});
afterAll(() => h.close());

const photo = (width = 1024, height = 1024) => h.tmpPath(makePng(width, height), 'photo.png');
const video = (durationSeconds: number, extra: { width?: number; height?: number; fps?: number } = {}) =>
  h.tmpPath(makeMp4({ durationSeconds, width: 720, height: 1280, fps: 30, ...extra }), 'clip.mp4');

async function price(body: Record<string, unknown>): Promise<string> {
  const result = await h.quote(body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return quoteResponse.parse(result.body).priceUsd;
}

describe('video model A (101): (source seconds rounded up + result seconds) x rate', () => {
  it('text to video: 4 s at 480p is the catalog start price', async () => {
    const models = (await h.get('/models')).body.models;
    const catalogPrice = models.find((m: { id: number }) => m.id === 101).price_usd;
    expect(await price({ model_id: 101, prompt: 'a fox' })).toBe(catalogPrice);
    expect(catalogPrice).toBe('0.20');
    expect(
      await price({ model_id: 101, prompt: 'a fox', options: { duration: 10, resolution: '1080p' } }),
    ).toBe('1.20');
  });

  it('photos do not add seconds: first frame at 720p for 6 s', async () => {
    const image = [await photo()];
    expect(
      await price({
        model_id: 101,
        prompt: 'a fox',
        media: { image },
        options: { duration: 6, resolution: '720p' },
      }),
    ).toBe('0.48');
  });

  it('with a video: result lasts the source rounded up (min 4) and the source is charged too', async () => {
    const clip = await video(5.2);
    expect(
      await price({
        model_id: 101,
        prompt: 'restyle',
        media: { video: [clip] },
        options: { resolution: '720p' },
      }),
    ).toBe('0.96'); // (6 + 6) x 0.08
    const short = await video(2.5);
    expect(await price({ model_id: 101, prompt: 'restyle', media: { video: [short] } })).toBe('0.35'); // (3 + 4) x 0.05
  });

  it('rejects an explicit duration other than the derived one when a video is attached', async () => {
    const clip = await video(5.2);
    const rejected = await h.quote({
      model_id: 101,
      prompt: 'x',
      media: { video: [clip] },
      options: { duration: 10 },
    });
    expectEnvelope(rejected, 422, 'validation_error');
    expect(rejected.body.error.message).toContain('omitted');
    expect(
      await price({ model_id: 101, prompt: 'x', media: { video: [clip] }, options: { duration: 6 } }),
    ).toBe('0.60');
  });
});

describe('video model B (102): source + result <= 30 s', () => {
  it('charges every started source second plus the derived result seconds', async () => {
    expect(await price({ model_id: 102, prompt: 'x' })).toBe('0.24');
    const longest = await video(14.2, { width: 1080, height: 1920 });
    expect(
      await price({
        model_id: 102,
        prompt: 'x',
        media: { video: [longest] },
        options: { resolution: '720p' },
      }),
    ).toBe('3.00'); // (15 + 15) x 0.10
    const short = await video(3, { width: 1080, height: 1920 });
    expect(await price({ model_id: 102, prompt: 'x', media: { video: [short] } })).toBe('0.42'); // (3 + 4) x 0.06
  });

  it('rejects a source longer than 15 s, transparent PNGs and aspect ratios beyond 1:8', async () => {
    expectEnvelope(
      await h.quote({ model_id: 102, prompt: 'x', media: { video: [await video(15.5)] } }),
      422,
      'validation_error',
    );
    const transparent = await h.tmpPath(makePng(500, 500, { transparent: true }), 'glass.png');
    expectEnvelope(
      await h.quote({ model_id: 102, prompt: 'x', media: { image: [transparent] } }),
      422,
      'validation_error',
    );
    expectEnvelope(
      await h.quote({ model_id: 102, prompt: 'x', media: { image: [await photo(250, 2250)] } }),
      422,
      'validation_error',
    );
    expect(await price({ model_id: 102, prompt: 'x', media: { image: [await photo(250, 2000)] } })).toBe(
      '0.24',
    );
  });
});

describe('video model C (103) and D (104)', () => {
  it('C: duration x rate of the resolution', async () => {
    const image = [await photo(), await photo(800, 1200)];
    expect(await price({ model_id: 103, prompt: 'two friends', media: { image } })).toBe('0.40');
    expect(
      await price({
        model_id: 103,
        prompt: 'two friends',
        media: { image },
        options: { duration: 10, resolution: '1080p' },
      }),
    ).toBe('1.60');
  });

  it('D: every started second of the clip, counted once', async () => {
    const image = [await photo()];
    expect(await price({ model_id: 104, media: { image, video: [await video(3)] } })).toBe('0.21');
    expect(
      await price({
        model_id: 104,
        media: { image, video: [await video(7.3)] },
        options: { resolution: '1080p' },
      }),
    ).toBe('0.88');
  });

  it('D: duration, mode and character_orientation are not accepted', async () => {
    const media = { image: [await photo()], video: [await video(4)] };
    for (const options of [{ duration: 4 }, { mode: 'pro' }, { character_orientation: 'video' }]) {
      const result = await h.quote({ model_id: 104, media, options });
      expectEnvelope(result, 422, 'validation_error');
      expect(result.body.error.message).toContain('not accepted');
    }
  });
});

describe('image models priced by resolution (no quote required)', () => {
  it('per_image_resolution edit model (201): the resolution price, whatever the photo count', async () => {
    const image = [await photo(), await photo(), await photo()];
    expect(
      await price({ model_id: 201, prompt: 'make it blue', media: { image }, options: { resolution: '2K' } }),
    ).toBe('0.14');
    expect(await price({ model_id: 201, prompt: 'a blue car' })).toBe('0.09');
  });

  it('photo-count model (202): 2K with 3 photos is the final amount from prices_by_image_count', async () => {
    const models = (await h.get('/models')).body.models;
    const table = models.find((m: { id: number }) => m.id === 202).pricing.prices_by_image_count;
    const image = [await photo(), await photo(), await photo()];
    expect(
      await price({ model_id: 202, prompt: 'collage', media: { image }, options: { resolution: '2K' } }),
    ).toBe(table['2K']['3']);
    expect(table['2K']['3']).toBe('0.23');
    expect(await price({ model_id: 202, prompt: 'collage' })).toBe(table['1K']['0']);
    expect(await price({ model_id: 202, prompt: 'collage', media: { image: [image[0]] } })).toBe(
      table['1K']['1'],
    );
  });

  it('text-to-image (203) charges each requested image', async () => {
    expect(await price({ model_id: 203, prompt: 'a lighthouse', options: { num_images: 3 } })).toBe('0.12');
  });
});

describe('quote lifecycle', () => {
  const body = { model_id: 101, prompt: 'a fox in the snow', options: { duration: 5 } };

  it('answers {quote: {quote_id, price_usd, expires_at, model_id}} valid for quoteTtlMs', async () => {
    const result = await h.quote(body);
    expect(result.body.quote).toEqual({
      quote_id: expect.stringMatching(/^qt_/),
      price_usd: '0.25',
      expires_at: new Date(h.clock.now() + QUOTE_TTL_MS).toISOString(),
      model_id: 101,
    });
  });

  it('does not debit the balance', async () => {
    const before = await h.balance();
    await h.quote(body);
    expect(await h.balance()).toBe(before);
  });

  it('expires: an order after quoteTtlMs gets price_quote_expired, no order and no charge', async () => {
    const quoteId = (await h.quote(body)).body.quote.quote_id;
    const before = await h.balance();
    const orders = h.sim.state.createdOrderCount();
    h.clock.advance(QUOTE_TTL_MS);
    expectEnvelope(await h.order({ ...body, quote_id: quoteId }, 'exp-1'), 422, 'price_quote_expired');
    expect(h.sim.state.createdOrderCount()).toBe(orders);
    expect(await h.balance()).toBe(before);
  });

  it('is valid until just before expiry', async () => {
    const quoteId = (await h.quote(body)).body.quote.quote_id;
    h.clock.advance(QUOTE_TTL_MS - 1);
    expect((await h.order({ ...body, quote_id: quoteId }, 'late-but-ok')).status).toBe(201);
  });

  it('yields at most one order (a second order with it: price_quote_changed)', async () => {
    const quoteId = (await h.quote(body)).body.quote.quote_id;
    expect((await h.order({ ...body, quote_id: quoteId }, 'once-1')).status).toBe(201);
    const again = await h.order({ ...body, quote_id: quoteId }, 'once-2');
    expectEnvelope(again, 422, 'price_quote_changed');
  });

  it('binds prompt, media and options: any change is price_quote_changed', async () => {
    const quoteId = (await h.quote(body)).body.quote.quote_id;
    const changes = [
      { ...body, prompt: 'a wolf in the snow' },
      { ...body, options: { duration: 6 } },
      { ...body, options: { duration: 5, resolution: '720p' } },
      { ...body, media: { image: [await photo()] } },
    ];
    for (const [i, changed] of changes.entries()) {
      expectEnvelope(
        await h.order({ ...changed, quote_id: quoteId }, `changed-${i}`),
        422,
        'price_quote_changed',
      );
    }
  });

  it('treats an explicit default option like an omitted one (same effective request)', async () => {
    const quoteId = (await h.quote(body)).body.quote.quote_id;
    const explicit = { ...body, options: { duration: 5, resolution: '480p', aspect_ratio: 'adaptive' } };
    expect((await h.order({ ...explicit, quote_id: quoteId }, 'explicit-defaults')).status).toBe(201);
  });

  it('a tariff change after the quote is price_quote_changed; a new quote carries the new price', async () => {
    const quoteId = (await h.quote(body)).body.quote.quote_id;
    h.sim.state.setTariffPercent(120);
    try {
      expectEnvelope(await h.order({ ...body, quote_id: quoteId }, 'tariff-1'), 422, 'price_quote_changed');
      const fresh = (await h.quote(body)).body.quote;
      expect(fresh.price_usd).toBe('0.30');
      expect((await h.order({ ...body, quote_id: fresh.quote_id }, 'tariff-1')).body.order.cost_usd).toBe(
        '0.30',
      );
    } finally {
      h.sim.state.setTariffPercent(100);
    }
  });

  it('requires a quote for quote-priced models and rejects unknown or foreign quotes', async () => {
    expectEnvelope(await h.order(body, 'no-quote'), 422, 'price_quote_required');
    expectEnvelope(
      await h.order({ ...body, quote_id: 'qt_unknown' }, 'unknown-quote'),
      422,
      'price_quote_expired',
    );
    const foreign = (await h.quote(body, 'other-key')).body.quote.quote_id;
    expectEnvelope(
      await h.order({ ...body, quote_id: foreign }, 'foreign-quote'),
      422,
      'price_quote_expired',
    );
  });

  it('D without quote_id: price_quote_required, no order, no charge', async () => {
    const media = { image: [await h.tmpPath(makeJpeg(600, 800), 'me.jpg')], video: [await video(4)] };
    const before = await h.balance();
    const orders = h.sim.state.createdOrderCount();
    expectEnvelope(await h.order({ model_id: 104, media }, 'legacy-d'), 422, 'price_quote_required');
    expect(h.sim.state.createdOrderCount()).toBe(orders);
    expect(await h.balance()).toBe(before);
  });
});
