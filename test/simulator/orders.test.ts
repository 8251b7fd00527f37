import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderResponse } from '../../src/reseller/schemas.js';
import { formatUsd, parseUsd } from '../../src/simulator/money.js';
import { makePng } from '../support/media-fixtures.js';
import { expectEnvelope, SimHarness } from './helpers.js';

const STAGE_MS = 3000;
const RESULT_TTL_MS = 24 * 60 * 60 * 1000;

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start({
    orderStageMs: STAGE_MS,
    activeOrderCap: 100,
    accounts: [
      { key: 'sim-key', balance_usd: '100.00', deposit_usd: '100.00' },
      { key: 'other-key', balance_usd: '10.00', deposit_usd: '0.00' },
      { key: 'poor-key', balance_usd: '0.07', deposit_usd: '0.00' },
    ],
  });
});
afterAll(() => h.close());

const minus = (a: string, b: string) => formatUsd(parseUsd(a) - parseUsd(b));

const textToImage = (prompt = 'a lighthouse at dusk', extra: Record<string, unknown> = {}) => ({
  model_id: 203,
  prompt,
  ...extra,
});

describe('POST /orders', () => {
  it('creates a queued order (201) and debits its exact cost', async () => {
    const before = h.sim.state.getAccount('sim-key')!.balance_usd;
    const result = await h.order(textToImage('a red fox', { options: { num_images: 2 } }), 'create-1');
    expect(result.status).toBe(201);
    const { order } = orderResponse.parse(result.body);
    expect(order).toMatchObject({
      model_id: 203,
      status: 'queued',
      cost_usd: '0.08',
      result: [],
      expires_at: null,
      error: null,
      can_cancel: false,
    });
    expect(order.id).toMatch(/^ord_/);
    expect(before).toBe('100.00');
    expect(await h.balance()).toBe('99.92');
  });

  it('answers insufficient_balance without creating an order or charging', async () => {
    const count = h.sim.state.createdOrderCount();
    expectEnvelope(
      await h.order(textToImage('x', { options: { num_images: 2 } }), 'poor-1', 'poor-key'),
      422,
      'insufficient_balance',
    );
    expect(h.sim.state.createdOrderCount()).toBe(count);
    expect(await h.balance('poor-key')).toBe('0.07');
    expect((await h.order(textToImage('x'), 'poor-2', 'poor-key')).status).toBe(201);
    expect(await h.balance('poor-key')).toBe('0.03');
  });

  it('GET /orders/{id}: unknown and foreign orders are order_not_found', async () => {
    const { order } = (await h.order(textToImage(), 'mine-1')).body;
    expect((await h.get(`/orders/${order.id}`)).body.order.id).toBe(order.id);
    expectEnvelope(await h.get(`/orders/${order.id}`, 'other-key'), 404, 'order_not_found');
    expectEnvelope(await h.get('/orders/ord_doesnotexist'), 404, 'order_not_found');
  });
});

describe('idempotency', () => {
  it('same key + same data returns the original order (200) with one debit', async () => {
    const body = textToImage('same data');
    const balance = await h.balance();
    const first = await h.order(body, 'idem-same');
    const count = h.sim.state.createdOrderCount();
    const second = await h.order({ prompt: 'same data', model_id: 203 }, 'idem-same'); // key order does not matter
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.order.id).toBe(first.body.order.id);
    expect(h.sim.state.createdOrderCount()).toBe(count);
    expect(await h.balance()).toBe(minus(balance, '0.04'));
  });

  it('a replay shows the order as it is now', async () => {
    const body = textToImage('replay later');
    const first = await h.order(body, 'idem-later');
    h.clock.advance(2 * STAGE_MS);
    const replay = await h.order(body, 'idem-later');
    expect(replay.body.order).toMatchObject({ id: first.body.order.id, status: 'completed' });
  });

  it('same key + different data is idempotency_conflict and creates nothing', async () => {
    await h.order(textToImage('original'), 'idem-conflict');
    const count = h.sim.state.createdOrderCount();
    expectEnvelope(await h.order(textToImage('changed'), 'idem-conflict'), 422, 'idempotency_conflict');
    expect(h.sim.state.createdOrderCount()).toBe(count);
  });

  it('keys are scoped per API key: the same key under another account is a separate order', async () => {
    const body = textToImage('shared key');
    const mine = await h.order(body, 'idem-shared');
    const theirs = await h.order(body, 'idem-shared', 'other-key');
    expect(theirs.status).toBe(201);
    expect(theirs.body.order.id).not.toBe(mine.body.order.id);
    expect(h.sim.state.getOrder(theirs.body.order.id)!.account_key).toBe('other-key');
  });

  it('a rejected request does not consume its key', async () => {
    expectEnvelope(await h.order({ model_id: 203 }, 'idem-retry-fixed'), 422, 'prompt_required');
    expect((await h.order(textToImage('now with a prompt'), 'idem-retry-fixed')).status).toBe(201);
  });
});

describe('order state machine (clock driven)', () => {
  it('queued -> processing -> completed with result URLs and expires_at', async () => {
    const created = h.clock.now();
    const { order } = (await h.order(textToImage('clockwork', { options: { num_images: 3 } }), 'sm-1')).body;
    h.clock.advance(STAGE_MS - 1);
    expect((await h.get(`/orders/${order.id}`)).body.order.status).toBe('queued');
    h.clock.advance(1);
    expect((await h.get(`/orders/${order.id}`)).body.order).toMatchObject({
      status: 'processing',
      can_cancel: true,
      result: [],
    });
    h.clock.advance(STAGE_MS);
    const done = (await h.get(`/orders/${order.id}`)).body.order;
    expect(done).toMatchObject({ status: 'completed', can_cancel: false, error: null });
    expect(done.result).toHaveLength(3);
    expect(new Set(done.result).size).toBe(3);
    for (const url of done.result) expect(url).toMatch(new RegExp(`^${h.sim.origin}/g/[\\w-]+$`));
    expect(done.expires_at).toBe(new Date(created + 2 * STAGE_MS + RESULT_TTL_MS).toISOString());
  });

  it('serves results publicly with their content type, then 404 after expiry while the order stays unchanged', async () => {
    const { order } = (await h.order(textToImage('downloadable'), 'dl-1')).body;
    h.clock.advance(2 * STAGE_MS);
    const done = (await h.get(`/orders/${order.id}`)).body.order;
    const file = await fetch(done.result[0]);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');

    h.clock.advance(RESULT_TTL_MS);
    expect((await fetch(done.result[0])).status).toBe(404);
    expect((await h.get(`/orders/${order.id}`)).body.order).toEqual(done);
  });

  it('video models deliver an MP4', async () => {
    const image = [await h.tmpPath(makePng(1024, 1024), 'p.png')];
    const { order } = (await h.quotedOrder({ model_id: 103, prompt: 'hello', media: { image } }, 'video-1'))
      .body;
    h.clock.advance(2 * STAGE_MS);
    const url = (await h.get(`/orders/${order.id}`)).body.order.result[0];
    const file = await fetch(url);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
  });

  it('a prompt containing [sim:fail] ends failed with generation_failed and is refunded', async () => {
    const before = await h.balance();
    const { order } = (await h.order(textToImage('please [sim:fail] now'), 'fail-1')).body;
    expect(await h.balance()).not.toBe(before);
    h.clock.advance(2 * STAGE_MS);
    const failed = (await h.get(`/orders/${order.id}`)).body.order;
    expect(failed).toMatchObject({ status: 'failed', result: [], expires_at: null, cost_usd: '0.04' });
    expect(failed.error).toEqual({ code: 'generation_failed', message: expect.any(String) });
    expect(await h.balance()).toBe(before);
  });

  it('forceOrderOutcome ends an order at once', async () => {
    const before = await h.balance();
    const a = (await h.order(textToImage('forced fail'), 'force-1')).body.order;
    const b = (await h.order(textToImage('forced done'), 'force-2')).body.order;
    h.sim.state.forceOrderOutcome(a.id, 'failed', { code: 'nsfw', message: 'blocked' });
    h.sim.state.forceOrderOutcome(b.id, 'completed');
    expect((await h.get(`/orders/${a.id}`)).body.order).toMatchObject({
      status: 'failed',
      error: { code: 'nsfw' },
    });
    expect((await h.get(`/orders/${b.id}`)).body.order.result).toHaveLength(1);
    expect(await h.balance()).toBe(minus(before, '0.04'));
    expect(() => h.sim.state.forceOrderOutcome(b.id, 'failed')).toThrow(/already completed/);
  });

  it('exposes orders to tests through state', async () => {
    const { order } = (await h.order(textToImage('inspect me'), 'inspect-1')).body;
    expect(h.sim.state.getOrder(order.id)).toMatchObject({
      id: order.id,
      account_key: 'sim-key',
      prompt: 'inspect me',
      idempotency_key: 'inspect-1',
      options: { aspect_ratio: '1:1', output_format: 'png', num_images: 1 },
    });
    expect(h.sim.state.listOrders('other-key').every((o) => o.account_key === 'other-key')).toBe(true);
  });
});

describe('active order cap', () => {
  it('answers too_many_active_orders (429) at the cap until an order finishes', async () => {
    const capped = await SimHarness.start({ activeOrderCap: 2, orderStageMs: STAGE_MS });
    try {
      expect((await capped.order(textToImage('one'), 'c1')).status).toBe(201);
      expect((await capped.order(textToImage('two'), 'c2')).status).toBe(201);
      const balance = await capped.balance();
      expectEnvelope(await capped.order(textToImage('three'), 'c3'), 429, 'too_many_active_orders');
      expect(await capped.balance()).toBe(balance);
      capped.clock.advance(2 * STAGE_MS);
      expect((await capped.order(textToImage('three'), 'c3')).status).toBe(201);
    } finally {
      await capped.close();
    }
  });
});
