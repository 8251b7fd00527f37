import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceResponse, errorEnvelope } from '../../src/reseller/schemas.js';
import { hashApiKey } from '../../src/simulator/server.js';
import { expectEnvelope, SimHarness } from './helpers.js';

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start({
    accounts: [
      { key: 'sim-key', balance_usd: '12.50', deposit_usd: '100.00' },
      { key: 'other-key', balance_usd: '0.00', deposit_usd: '0.00' },
    ],
  });
});
afterAll(() => h.close());

describe('authentication', () => {
  it('answers 401 unauthorized without a key, with a wrong key and with a non-Bearer scheme', async () => {
    expectEnvelope(await h.get('/balance', null), 401, 'unauthorized');
    expectEnvelope(await h.get('/balance', 'nope'), 401, 'unauthorized');
    const basic = await h.call('GET', '/models', {
      key: null,
      headers: { authorization: 'Basic c2ltLWtleQ==' },
    });
    expectEnvelope(basic, 401, 'unauthorized');
    expect(errorEnvelope.safeParse(basic.body).success).toBe(true);
  });

  it('protects every API endpoint, including uploads, orders and prompts', async () => {
    for (const [method, path] of [
      ['GET', '/models'],
      ['POST', '/upload'],
      ['GET', '/upload/status?tmp_path=tmp/x'],
      ['GET', '/upload/preview/x'],
      ['POST', '/orders/quote'],
      ['POST', '/orders'],
      ['GET', '/orders/ord_x'],
      ['POST', '/orders/ord_x/cancel'],
      ['GET', '/prompts'],
    ] as const) {
      expectEnvelope(await h.call(method, path, { key: 'wrong' }), 401, 'unauthorized');
    }
  });

  it('serves each account its own balance', async () => {
    const mine = await h.get('/balance');
    expect(mine.status).toBe(200);
    expect(balanceResponse.parse(mine.body).balance_usd).toBe('12.50');
    expect((await h.get('/balance', 'other-key')).body.balance_usd).toBe('0.00');
  });

  it('logs requests with the path after /api/v1, the status and a hash of the key (never the key)', async () => {
    await h.get('/balance', 'other-key');
    const entry = h.sim.requests.at(-1)!;
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/balance',
      status: 200,
      apiKeyHash: hashApiKey('other-key'),
    });
    expect(JSON.stringify(h.sim.requests)).not.toContain('other-key');
  });
});

describe('request log limit', () => {
  it('keeps only about the newest requestLogLimit entries', async () => {
    const limited = await SimHarness.start({ requestLogLimit: 5 });
    try {
      for (let i = 0; i < 110; i++) await limited.get(`/orders/ord_${i}`);
      expect(limited.sim.requests.length).toBeLessThanOrEqual(105);
      expect(limited.sim.requests.at(-1)!.path).toBe('/orders/ord_109');
    } finally {
      await limited.close();
    }
  });
});

describe('bad input never crashes the server', () => {
  it('answers malformed JSON with 400 validation_error', async () => {
    const result = await h.call('POST', '/orders/quote', { rawBody: '{"model_id": 101,' });
    expectEnvelope(result, 400, 'validation_error');
  });

  it('answers a JSON body that is not an object with 400', async () => {
    expectEnvelope(await h.call('POST', '/orders/quote', { rawBody: '[1,2]' }), 400, 'validation_error');
    expectEnvelope(await h.call('POST', '/orders/quote', { rawBody: '' }), 400, 'validation_error');
  });

  it('answers wrong field types with 422 validation_error naming the field', async () => {
    const result = await h.quote({ model_id: '101', prompt: 'x' });
    expectEnvelope(result, 422, 'validation_error');
    expect(result.body.error.message).toContain('model_id');
    expectEnvelope(await h.quote({ model_id: 203, prompt: 42 }), 422, 'validation_error');
    expectEnvelope(
      await h.quote({ model_id: 203, prompt: 'a cat', media: { image: 'tmp/x' } }),
      422,
      'validation_error',
    );
    expectEnvelope(
      await h.quote({ model_id: 203, prompt: 'a cat', options: { num_images: { n: 2 } } }),
      422,
      'validation_error',
    );
  });

  it('answers a body over 1 MB with 413 validation_error', async () => {
    const result = await h.call('POST', '/orders/quote', {
      body: { model_id: 203, prompt: 'x'.repeat(1_100_000) },
    });
    expectEnvelope(result, 413, 'validation_error');
  });

  it('answers an unknown route or method with a 404 envelope', async () => {
    expectEnvelope(await h.get('/nothing-here'), 404, 'not_found');
    expectEnvelope(await h.call('DELETE', '/balance'), 404, 'not_found');
    expectEnvelope(await h.get(`${h.sim.origin}/elsewhere`), 404, 'not_found');
  });

  it('answers an unknown model with 404 model_not_found', async () => {
    expectEnvelope(await h.quote({ model_id: 999, prompt: 'x' }), 404, 'model_not_found');
  });

  it('requires the Idempotency-Key header on POST /orders (400 validation_error)', async () => {
    const result = await h.call('POST', '/orders', { body: { model_id: 203, prompt: 'a cat' } });
    expectEnvelope(result, 400, 'validation_error');
    expect(result.body.error.message).toContain('Idempotency-Key');
    expect(h.sim.state.createdOrderCount()).toBe(0);
  });

  it('keeps serving after all of the above', async () => {
    expect((await h.get('/balance')).status).toBe(200);
  });
});
