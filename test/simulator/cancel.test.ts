import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '../../src/reseller/schemas.js';
import { makePng } from '../support/media-fixtures.js';
import { expectEnvelope, SimHarness } from './helpers.js';

const STAGE_MS = 3000;
const CONFIRM_MS = 5000; // longer than a stage: shows a pending cancellation holds the order

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start({
    orderStageMs: STAGE_MS,
    cancelConfirmMs: CONFIRM_MS,
    activeOrderCap: 100,
    accounts: [
      { key: 'sim-key', balance_usd: '10.00', deposit_usd: '0.00' },
      { key: 'other-key', balance_usd: '10.00', deposit_usd: '0.00' },
    ],
  });
});
afterAll(() => h.close());

let seq = 0;
async function newOrder(modelId = 203): Promise<string> {
  seq += 1;
  const body =
    modelId === 401
      ? { model_id: 401, media: { image: [await photo()] } }
      : { model_id: modelId, prompt: `order ${seq}` };
  const result = await h.order(body, `cancel-${seq}`);
  expect(result.status).toBe(201);
  return result.body.order.id;
}

const photo = () => h.tmpPath(makePng(512, 512), 'p.png');

const cancel = (id: string, key?: string) => h.call('POST', `/orders/${id}/cancel`, { key });

describe('POST /orders/{id}/cancel', () => {
  it('queued: not_ready with the unchanged order', async () => {
    const id = await newOrder();
    const result = await cancel(id);
    expectEnvelope(result, 422, 'not_ready');
    expect(errorEnvelope.parse(result.body).order).toMatchObject({ id, status: 'queued' });
    expect((await h.get(`/orders/${id}`)).body.order.status).toBe('queued');
  });

  it('processing on a cancellable model: cancelled at once and refunded', async () => {
    const before = await h.balance();
    const id = await newOrder();
    h.clock.advance(STAGE_MS);
    expect((await h.get(`/orders/${id}`)).body.order.can_cancel).toBe(true);
    const result = await cancel(id);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      success: true,
      order: { id, status: 'cancelled', can_cancel: false },
    });
    expect(await h.balance()).toBe(before);
    h.clock.advance(STAGE_MS); // it never completes afterwards
    expect((await h.get(`/orders/${id}`)).body.order.status).toBe('cancelled');
  });

  it('cancel_pending, then cancelled once the provider confirms', async () => {
    const before = await h.balance();
    const id = await newOrder();
    h.sim.state.setCancelBehaviour(id, 'pending-then-cancelled');
    h.clock.advance(STAGE_MS);
    const pending = await cancel(id);
    expectEnvelope(pending, 422, 'cancel_pending');
    expect(pending.body.order).toMatchObject({ id, status: 'processing', can_cancel: false });
    h.clock.advance(STAGE_MS); // past the normal finish: the pending cancellation holds it
    expect((await h.get(`/orders/${id}`)).body.order.status).toBe('processing');
    expectEnvelope(await cancel(id), 422, 'cancel_pending');
    h.clock.advance(CONFIRM_MS - STAGE_MS - 1);
    expect((await h.get(`/orders/${id}`)).body.order.status).toBe('processing');
    h.clock.advance(1);
    expect((await h.get(`/orders/${id}`)).body.order.status).toBe('cancelled');
    expect(await h.balance()).toBe(before);
  });

  it('cancel_failed leaves the order processing; a later attempt can succeed', async () => {
    const id = await newOrder();
    h.sim.state.setCancelBehaviour(id, 'fail');
    h.clock.advance(STAGE_MS);
    const failed = await cancel(id);
    expectEnvelope(failed, 422, 'cancel_failed');
    expect(failed.body.order).toMatchObject({ id, status: 'processing' });
    h.sim.state.setCancelBehaviour(id, 'normal');
    expect((await cancel(id)).body.order.status).toBe('cancelled');
  });

  it('processing on a model without cancellation support: cannot_cancel (409), can_cancel false', async () => {
    const id = await newOrder(401);
    h.clock.advance(STAGE_MS);
    expect((await h.get(`/orders/${id}`)).body.order).toMatchObject({
      status: 'processing',
      can_cancel: false,
    });
    const result = await cancel(id);
    expectEnvelope(result, 409, 'cannot_cancel');
    expect(result.body.order.status).toBe('processing');
  });

  it('final orders (completed, failed, cancelled): cannot_cancel (409) with the order', async () => {
    const completed = await newOrder();
    const failed = await newOrder();
    h.sim.state.forceOrderOutcome(failed, 'failed');
    const cancelled = await newOrder();
    h.clock.advance(STAGE_MS);
    await cancel(cancelled);
    h.clock.advance(STAGE_MS);
    for (const [id, status] of [
      [completed, 'completed'],
      [failed, 'failed'],
      [cancelled, 'cancelled'],
    ]) {
      const result = await cancel(id!);
      expectEnvelope(result, 409, 'cannot_cancel');
      expect(result.body.order).toMatchObject({ id, status });
    }
  });

  it('unknown or foreign orders: order_not_found (404)', async () => {
    const id = await newOrder();
    expectEnvelope(await cancel(id, 'other-key'), 404, 'order_not_found');
    expectEnvelope(await cancel('ord_missing'), 404, 'order_not_found');
  });
});
