import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/db/index.js';
import type { GenerationRequest } from '../../src/reseller/schemas.js';
import type { ConfirmOutcome, OrderPipelineHooks } from '../../src/services/ordering.js';
import { OrderingService } from '../../src/services/ordering.js';
import { makeHeic, makeJpeg } from '../../src/simulator/media-builders.js';
import { API_KEY, type Harness, silentLogger, startHarness, uploadFile } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const CHAT = 1001;
const TEXT_TO_VIDEO: GenerationRequest = {
  model_id: 101,
  prompt: 'a fox running through snow',
  options: { duration: 8, resolution: '720p' },
};

async function start(opts: Parameters<typeof startHarness>[0] = {}): Promise<Harness> {
  h = await startHarness(opts);
  return h;
}

function prepare(harness: Harness, request: GenerationRequest, service = harness.ordering) {
  return service.prepare({ chatId: CHAT, userId: CHAT, locale: 'en', modelId: request.model_id, request });
}

/** A Clean Cutout (remove_bg, 0.02 USD) draft with one uploaded photo. */
async function cutoutDraft(harness: Harness, service = harness.ordering): Promise<OrderRecord> {
  const photo = await uploadFile(harness.client, makeJpeg(512, 512), 'cat.jpg');
  return prepare(harness, { model_id: 401, media: { image: [photo] } }, service);
}

function expectKind<K extends ConfirmOutcome['kind']>(
  o: ConfirmOutcome,
  kind: K,
): Extract<ConfirmOutcome, { kind: K }> {
  expect(o.kind, JSON.stringify(o)).toBe(kind);
  return o as Extract<ConfirmOutcome, { kind: K }>;
}

const quotePosts = (harness: Harness) =>
  harness.sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders/quote');

describe('OrderingService: happy paths', () => {
  it('local-price model: the confirmed price is what upstream charges (2 photos at 2K)', async () => {
    const t = await start();
    const photos = [
      await uploadFile(t.client, makeJpeg(640, 480), 'a.jpg'),
      await uploadFile(t.client, makeJpeg(640, 480), 'b.jpg'),
    ];
    const draft = await prepare(t, {
      model_id: 202,
      prompt: 'a collage of two cats',
      media: { image: photos },
      options: { resolution: '2K' },
    });
    expect(draft).toMatchObject({
      stage: 'awaiting_confirmation',
      priceUsd: '0.19',
      quoteId: null,
      modelName: 'Collage Composer',
      modelType: 'image',
    });
    expect(quotePosts(t)).toHaveLength(0);
    expect(t.orderPosts()).toHaveLength(0);

    const ordered = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    expect(ordered.firstTime).toBe(true);
    expect(ordered.order).toMatchObject({
      stage: 'submitted',
      status: 'queued',
      costUsd: '0.19',
      submitAttempts: 1,
    });
    const upstream = t.sim.state.getOrder(ordered.order.upstreamOrderId!);
    expect(upstream).toMatchObject({
      cost_usd: '0.19',
      idempotency_key: draft.idempotencyKey,
      media: { image: photos },
    });
    expect(t.sim.state.getAccount(API_KEY)?.balance_usd).toBe('99.81');
  });

  it('quote model: quotes at prepare, orders with the confirmed quote_id and its price', async () => {
    const t = await start();
    const draft = await prepare(t, TEXT_TO_VIDEO);
    expect(draft.priceUsd).toBe('0.64'); // 8 s x 0.08 at 720p
    expect(draft.quoteId).toMatch(/^qt_/);
    expect(draft.quoteExpiresAt?.getTime()).toBe(t.clock.now() + 10 * 60_000);
    expect(t.orderPosts()).toHaveLength(0);

    const ordered = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    const upstream = t.sim.state.getOrder(ordered.order.upstreamOrderId!);
    expect(upstream).toMatchObject({ quote_id: draft.quoteId, cost_usd: '0.64' });
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('prepare refuses a model that is not offered, and a request outside the price table', async () => {
    const t = await start({ allowedModelIds: [202, 401] });
    await expect(prepare(t, TEXT_TO_VIDEO)).rejects.toMatchObject({ code: 'model_not_found' });
    const tooMany = Array.from({ length: 5 }, (_, i) => `tmp/00000000-0000-0000-0000-00000000000${i}`);
    await expect(prepare(t, { model_id: 202, prompt: 'x', media: { image: tooMany } })).rejects.toMatchObject(
      {
        code: 'validation_error',
      },
    );
    const [orders] = await t.database.query<{ n: number | string }>`select count(*) as n from orders`;
    expect(Number(orders?.n)).toBe(0);
  });
});

describe('OrderingService: exactly one upstream order', () => {
  it('a second confirm returns the stored order without calling upstream', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    const first = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    const second = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    expect([first.firstTime, second.firstTime]).toEqual([true, false]);
    expect(second.order.upstreamOrderId).toBe(first.order.upstreamOrderId);
    expect(t.orderPosts()).toHaveLength(1);
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('concurrent confirms share one submission: one POST, one order, one firstTime', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    const outcomes = await Promise.all([1, 2, 3].map(() => t.ordering.confirm(draft.id, CHAT)));
    const ordered = outcomes.map((o) => expectKind(o, 'ordered'));
    expect(ordered.filter((o) => o.firstTime)).toHaveLength(1);
    expect(new Set(ordered.map((o) => o.order.upstreamOrderId)).size).toBe(1);
    expect(t.orderPosts()).toHaveLength(1);
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('a lost response is retried with the same key and yields the original order', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    t.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'drop-after' } });
    const ordered = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    expect(ordered.firstTime).toBe(true);
    const posts = t.orderPosts();
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => p.idempotencyKey)).toEqual([draft.idempotencyKey, draft.idempotencyKey]);
    expect(t.sim.state.createdOrderCount()).toBe(1);
    expect(t.sim.state.getAccount(API_KEY)?.balance_usd).toBe('99.98');
  });

  it('crash while submitting: a new service on the same file resumes with the same key', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    // Every answer is lost: upstream made the order, we never learn it (as if the process died).
    t.sim.faults.add({
      method: 'POST',
      path: '/orders',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'drop-after' },
    });
    const pending = expectKind(await t.ordering.confirm(draft.id, CHAT), 'pending');
    expect(pending.error.code).toBe('network_error');
    expect(pending.order).toMatchObject({ stage: 'submitting', idempotencyKey: draft.idempotencyKey });
    expect(pending.order.submitError?.code).toBe('network_error');
    t.sim.faults.clear();

    const restarted = await t.restart();
    const resumed = await restarted.resumeSubmissions();
    expect(resumed).toHaveLength(1);
    const ordered = expectKind(resumed[0]!.outcome, 'ordered');
    expect(ordered.order).toMatchObject({ stage: 'submitted', submitError: null });
    expect(new Set(t.orderPosts().map((p) => p.idempotencyKey))).toEqual(new Set([draft.idempotencyKey]));
    expect(t.sim.state.createdOrderCount()).toBe(1);

    // Nothing left to resume; a late press finds the order without another request.
    const posts = t.orderPosts().length;
    expect(await restarted.resumeSubmissions()).toEqual([]);
    expectKind(await restarted.confirm(draft.id, CHAT), 'ordered');
    expect(t.orderPosts()).toHaveLength(posts);
  });

  it('crash right after the row became submitting (nothing sent): resume sends it once', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    expect(await t.ordering.orders.beginSubmission(draft.id, draft.idempotencyKey)).toBe(true);
    const resumed = await (await t.restart()).resumeSubmissions();
    expect(expectKind(resumed[0]!.outcome, 'ordered').firstTime).toBe(true);
    expect(t.orderPosts().map((p) => p.idempotencyKey)).toEqual([draft.idempotencyKey]);
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('a pending submission is completed by a later confirm with the same key', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    t.sim.faults.add({ method: 'POST', path: '/orders', times: 4, action: { kind: 'status', status: 503 } });
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'pending');
    expect(t.sim.state.createdOrderCount()).toBe(0);
    expect(expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered').firstTime).toBe(true);
    expect(new Set(t.orderPosts().map((p) => p.idempotencyKey))).toEqual(new Set([draft.idempotencyKey]));
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('upload still processing: waits for the file and re-sends with the same key', async () => {
    const t = await start();
    const heic = await uploadFile(t.client, makeHeic({ width: 1200, height: 900 }), 'photo.heic');
    const draft = await prepare(t, { model_id: 401, media: { image: [heic] } });
    const ordered = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    const posts = t.orderPosts();
    expect(posts.map((p) => p.status)).toEqual([422, expect.any(Number)]);
    expect(posts.every((p) => p.idempotencyKey === draft.idempotencyKey)).toBe(true);
    expect(t.sim.state.getOrder(ordered.order.upstreamOrderId!)?.media).toEqual({ image: [heic] });
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('idempotency_conflict closes the draft for good instead of ordering under a new key', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    t.sim.faults.add({
      method: 'POST',
      path: '/orders',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'drop-after' },
    });
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'pending');
    t.sim.faults.clear();
    // The stored request no longer matches what upstream holds under this key.
    const changed = JSON.stringify({ model_id: 401, media: { image: [] } });
    await t.database.execute`update orders set request_json = ${changed} where id = ${draft.id}`;
    const [resumed] = await t.ordering.resumeSubmissions();
    const outcome = resumed!.outcome;
    expect(expectKind(outcome, 'rejected').error.code).toBe('idempotency_conflict');
    expect((await t.ordering.orders.find(draft.id))?.stage).toBe('rejected');
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'closed');
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });
});

describe('OrderingService: prices the user has not confirmed are never ordered', () => {
  it('a locally expired quote is renewed before sending: requoted, new key, no order attempt', async () => {
    const t = await start();
    const draft = await prepare(t, TEXT_TO_VIDEO);
    t.clock.advance(10 * 60_000 + 1);
    const requoted = expectKind(await t.ordering.confirm(draft.id, CHAT), 'requoted');
    expect(requoted.previousPriceUsd).toBe('0.64');
    expect(requoted.order).toMatchObject({ stage: 'awaiting_confirmation', priceUsd: '0.64' });
    expect(requoted.order.quoteId).not.toBe(draft.quoteId);
    expect(requoted.order.idempotencyKey).not.toBe(draft.idempotencyKey);
    expect(requoted.order.quoteExpiresAt?.getTime()).toBe(t.clock.now() + 10 * 60_000);
    expect(t.orderPosts()).toHaveLength(0);
    expect(quotePosts(t)).toHaveLength(2);

    const ordered = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    expect(t.sim.state.getOrder(ordered.order.upstreamOrderId!)?.quote_id).toBe(requoted.order.quoteId);
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('upstream says the quote expired (our clock lags): requoted with a new key, no order', async () => {
    const t = await start();
    const lagging = new OrderingService({
      orders: t.store.orders,
      client: t.client,
      catalog: t.catalog,
      logger: silentLogger,
      now: () => t.clock.now() - 60 * 60_000,
      quoteTtlMs: 10 * 60_000,
    });
    const draft = await prepare(t, TEXT_TO_VIDEO, lagging);
    t.clock.advance(10 * 60_000 + 1); // expired upstream; still valid by `lagging`'s clock
    const requoted = expectKind(await lagging.confirm(draft.id, CHAT), 'requoted');
    expect(t.orderPosts().map((p) => p.status)).toEqual([422]);
    expect(requoted.previousPriceUsd).toBe('0.64');
    expect(requoted.order.quoteId).not.toBe(draft.quoteId);
    expect(requoted.order.idempotencyKey).not.toBe(draft.idempotencyKey);
    expect(t.sim.state.createdOrderCount()).toBe(0);
  });

  it('price_quote_changed: requoted and asked again; the next confirm orders once', async () => {
    const t = await start();
    const draft = await prepare(t, TEXT_TO_VIDEO);
    t.sim.faults.add({
      method: 'POST',
      path: '/orders',
      action: { kind: 'status', status: 422, code: 'price_quote_changed' },
    });
    const requoted = expectKind(await t.ordering.confirm(draft.id, CHAT), 'requoted');
    expect(requoted.order.stage).toBe('awaiting_confirmation');
    expect(requoted.order.quoteId).not.toBe(draft.quoteId);
    expect(t.sim.state.createdOrderCount()).toBe(0);
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    const keys = t.orderPosts().map((p) => p.idempotencyKey);
    expect(keys).toEqual([draft.idempotencyKey, requoted.order.idempotencyKey]);
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('a local price that changed since the draft is shown again before ordering', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    const real = (await t.catalog.getModel(401))!;
    const pricier = new OrderingService({
      orders: t.store.orders,
      client: t.client,
      catalog: { getModel: async (id) => (id === 401 ? { ...real, price_usd: '0.03' } : undefined) },
      logger: silentLogger,
    });
    const requoted = expectKind(await pricier.confirm(draft.id, CHAT), 'requoted');
    expect(requoted).toMatchObject({ previousPriceUsd: '0.02', order: { priceUsd: '0.03' } });
    expect(t.orderPosts()).toHaveLength(0);
  });
});

describe('OrderingService: refusals', () => {
  it('insufficient_balance: rejected, inputs kept, new key; after a top-up the next confirm orders once', async () => {
    const t = await start({ balance: '0.01' });
    const draft = await cutoutDraft(t);
    const rejected = expectKind(await t.ordering.confirm(draft.id, CHAT), 'rejected');
    expect(rejected.error.code).toBe('insufficient_balance');
    expect(rejected.order).toMatchObject({
      stage: 'awaiting_confirmation',
      request: draft.request,
      priceUsd: '0.02',
      submitError: { code: 'insufficient_balance' },
    });
    expect(rejected.order.idempotencyKey).not.toBe(draft.idempotencyKey);
    expect(t.sim.state.createdOrderCount()).toBe(0);

    t.sim.state.setBalance(API_KEY, '5.00');
    const ordered = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    expect(ordered.order.submitError).toBeNull();
    expect(t.orderPosts().map((p) => p.idempotencyKey)).toEqual([
      draft.idempotencyKey,
      rejected.order.idempotencyKey,
    ]);
    expect(t.sim.state.createdOrderCount()).toBe(1);
    expect(t.sim.state.getAccount(API_KEY)?.balance_usd).toBe('4.98');
  });

  it('ownership: another chat cannot confirm or cancel; unknown ids are not found', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    expect(await t.ordering.confirm(draft.id, CHAT + 1)).toEqual({ kind: 'not_found' });
    expect(await t.ordering.confirm('no-such-order', CHAT)).toEqual({ kind: 'not_found' });
    expect(await t.ordering.cancelDraft(draft.id, CHAT + 1)).toBe(false);
    expect((await t.ordering.orders.find(draft.id))?.stage).toBe('awaiting_confirmation');
    expect(t.orderPosts()).toHaveLength(0);
  });

  it('a cancelled draft is closed and never ordered', async () => {
    const t = await start();
    const draft = await cutoutDraft(t);
    expect(await t.ordering.cancelDraft(draft.id, CHAT)).toBe(true);
    expect(await t.ordering.cancelDraft(draft.id, CHAT)).toBe(false);
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'closed');
    expect(t.orderPosts()).toHaveLength(0);
  });
});

describe('OrderingService: hooks', () => {
  it('beforeSubmit throwing refuses with no POST /orders; it runs once per submission, not per re-send', async () => {
    let allow = false;
    const seen: string[] = [];
    const hooks: OrderPipelineHooks = {
      beforeSubmit: async (order) => {
        seen.push(order.stage);
        if (!allow) throw new Error('wallet empty');
      },
    };
    const t = await start({ hooks });
    const draft = await cutoutDraft(t);
    const refused = expectKind(await t.ordering.confirm(draft.id, CHAT), 'refused');
    expect((refused.reason as Error).message).toBe('wallet empty');
    expect(refused.order).toMatchObject({
      stage: 'awaiting_confirmation',
      idempotencyKey: draft.idempotencyKey,
    });
    expect(t.orderPosts()).toHaveLength(0);

    allow = true;
    t.sim.faults.add({ method: 'POST', path: '/orders', times: 4, action: { kind: 'drop-after' } });
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'pending');
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    expect(seen).toEqual(['awaiting_confirmation', 'awaiting_confirmation']); // the refused try and the real one
    expect(t.sim.state.createdOrderCount()).toBe(1);
  });

  it('onNotOrdered runs when upstream refused a submission that passed beforeSubmit', async () => {
    const calls: string[] = [];
    const t = await start({
      balance: '0.00',
      hooks: {
        beforeSubmit: async (o) => void calls.push(`hold ${o.idempotencyKey}`),
        onNotOrdered: async (o, e) => void calls.push(`release ${e.code} ${o.stage}`),
      },
    });
    const draft = await cutoutDraft(t);
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'rejected');
    expect(calls).toEqual([
      `hold ${draft.idempotencyKey}`,
      'release insufficient_balance awaiting_confirmation',
    ]);
  });

  it('a draft cancelled while beforeSubmit runs is not sent, and the hold is released', async () => {
    const calls: string[] = [];
    let ordering: OrderingService | undefined;
    const t = await start({
      hooks: {
        beforeSubmit: async (o) => {
          calls.push('hold');
          await ordering?.cancelDraft(o.id, CHAT); // the user presses "cancel" meanwhile
        },
        onNotOrdered: async (_o, e) => void calls.push(`release ${e.code}`),
      },
    });
    ordering = t.ordering;
    const draft = await cutoutDraft(t);
    expectKind(await t.ordering.confirm(draft.id, CHAT), 'closed');
    expect(calls).toEqual(['hold', 'release draft_changed']);
    expect(t.orderPosts()).toHaveLength(0);
  });

  it('recordUpstreamState runs onFinalState once, however often the final order is reported', async () => {
    const finals: OrderRecord[] = [];
    const t = await start({ hooks: { onFinalState: async (o) => void finals.push(o) } });
    const draft = await cutoutDraft(t);
    const { order } = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    const upstreamId = order.upstreamOrderId!;

    const progress = await t.ordering.recordUpstreamState(draft.id, await t.client.getOrder(upstreamId));
    expect(progress.becameFinal).toBe(false);
    t.clock.advance(10_000);
    const done = await t.client.getOrder(upstreamId);
    expect(done.status).toBe('completed');
    const [a, b] = await Promise.all([
      t.ordering.recordUpstreamState(draft.id, done),
      t.ordering.recordUpstreamState(draft.id, done),
    ]);
    const third = await t.ordering.recordUpstreamState(draft.id, done);
    expect([a.becameFinal, b.becameFinal, third.becameFinal].filter(Boolean)).toHaveLength(1);
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ status: 'completed', result: done.result });
    expect(third.order.finalHandledAt).not.toBeNull();
    expect(third.order.resultExpiresAt?.toISOString()).toBe(done.expires_at);
  });

  it('a failing onFinalState is retried at start-up by resumeFinalHooks, then never again', async () => {
    let fail = true;
    let calls = 0;
    const hooks: OrderPipelineHooks = {
      onFinalState: async () => {
        calls++;
        if (fail) throw new Error('wallet down');
      },
    };
    const t = await start({ hooks });
    const draft = await prepare(t, { model_id: 203, prompt: 'a lighthouse [sim:fail]' });
    const { order } = expectKind(await t.ordering.confirm(draft.id, CHAT), 'ordered');
    t.clock.advance(10_000);
    const failed = await t.client.getOrder(order.upstreamOrderId!);
    const recorded = await t.ordering.recordUpstreamState(draft.id, failed);
    expect(recorded).toMatchObject({ becameFinal: true, order: { status: 'failed', finalHandledAt: null } });
    expect(recorded.order.error).toEqual(failed.error);

    fail = false;
    const restarted = await t.restart(hooks);
    expect(await restarted.resumeFinalHooks()).toBe(1);
    expect(await restarted.resumeFinalHooks()).toBe(0);
    await restarted.recordUpstreamState(draft.id, failed);
    expect(calls).toBe(2);
  });
});
