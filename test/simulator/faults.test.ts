import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, SimHarness } from './helpers.js';

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start();
});
afterEach(() => h.sim.faults.clear());
afterAll(() => h.close());

const body = { model_id: 203, prompt: 'a quiet harbour' };

describe('fault injection', () => {
  it('status: answers the error envelope with Retry-After, once by default', async () => {
    h.sim.faults.add({ path: '/balance', action: { kind: 'status', status: 503, retryAfterSeconds: 7 } });
    const busy = await h.get('/balance');
    expectEnvelope(busy, 503, 'server_busy');
    expect(busy.headers.get('retry-after')).toBe('7');
    expect((await h.get('/balance')).status).toBe(200);
  });

  it('status: default codes per status, explicit codes, `times` and method filters', async () => {
    h.sim.faults.add({
      method: 'GET',
      path: /^\/orders\/[^/]+$/,
      times: 2,
      action: { kind: 'status', status: 500 },
    });
    h.sim.faults.add({
      path: '/models',
      action: { kind: 'status', status: 429, code: 'too_many_active_orders' },
    });
    expectEnvelope(await h.get('/orders/ord_a'), 500, 'internal_error');
    expectEnvelope(await h.get('/orders/ord_b'), 500, 'internal_error');
    expectEnvelope(await h.get('/orders/ord_c'), 404, 'order_not_found');
    expectEnvelope(await h.get('/models'), 429, 'too_many_active_orders');
    h.sim.faults.add({ method: 'POST', path: '/balance', action: { kind: 'status', status: 503 } });
    expect((await h.get('/balance')).status).toBe(200); // GET does not match a POST rule
    expect(h.sim.faults.pending).toBe(1);
  });

  it('latency: the request is answered normally, after requests that arrived later', async () => {
    // Long enough that a loaded machine still answers the fast request first; no sleep on our side.
    h.sim.faults.add({ path: '/balance', action: { kind: 'latency', ms: 3_000 } });
    const finished: string[] = [];
    const slow = h.get('/balance').then((r) => {
      finished.push('slow');
      return r;
    });
    await expect.poll(() => h.sim.requests.some((r) => r.path === '/balance')).toBe(true);
    await h.get('/models').then(() => finished.push('fast'));
    expect((await slow).status).toBe(200);
    expect(finished).toEqual(['fast', 'slow']);
  });

  it('drop-before: the socket closes, nothing is handled', async () => {
    h.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'drop-before' } });
    const count = h.sim.state.createdOrderCount();
    await expect(h.order(body, 'drop-before-1')).rejects.toThrow();
    expect(h.sim.state.createdOrderCount()).toBe(count);
    expect(h.sim.requests.at(-1)).toMatchObject({
      path: '/orders',
      status: 0,
      idempotencyKey: 'drop-before-1',
    });
  });

  it('drop-after: the order is created and debited but the client sees a socket error; a retry with the same key returns it', async () => {
    h.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'drop-after' } });
    const count = h.sim.state.createdOrderCount();
    await expect(h.order(body, 'drop-after-1')).rejects.toThrow();
    expect(h.sim.state.createdOrderCount()).toBe(count + 1);
    const created = h.sim.state.listOrders('sim-key').find((o) => o.idempotency_key === 'drop-after-1')!;
    const afterDrop = await h.balance();

    const retry = await h.order(body, 'drop-after-1');
    expect(retry.status).toBe(200);
    expect(retry.body.order.id).toBe(created.id);
    expect(h.sim.state.createdOrderCount()).toBe(count + 1);
    expect(await h.balance()).toBe(afterDrop);
  });

  it('applies to public result links too', async () => {
    h.sim.faults.add({ path: /^\/g\//, action: { kind: 'status', status: 503 } });
    const response = await fetch(`${h.sim.origin}/g/whatever`);
    expect(response.status).toBe(503);
  });
});
