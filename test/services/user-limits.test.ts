import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewOrder, OrderRecord, OrdersRepository, Store } from '../../src/db/index.js';
import { utcDay } from '../../src/domain/utc-day.js';
import { ResellerError } from '../../src/reseller/errors.js';
import type { Order } from '../../src/reseller/schemas.js';
import { composeHooks } from '../../src/services/compose-hooks.js';
import type { OrderPipelineHooks } from '../../src/services/order-hooks.js';
import { LimitError, UserLimits, type UserLimitsConfig } from '../../src/services/user-limits.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { startHarness } from './harness.js';

const USER = 77;
const OTHER = 78;
const DAY2 = Date.UTC(2025, 2, 2);
const NO_LIMITS: UserLimitsConfig = { maxActiveOrders: null, dailyOrders: null, dailySpendUsd: null };

let database: TestDatabase;
let store: Store;
let now: number;
let repo: OrdersRepository;

beforeEach(async () => {
  database = await createTestDatabase();
  now = DAY2 + 12 * 3_600_000;
  store = await database.open(() => now);
  repo = store.orders;
});
afterEach(async () => {
  await database.drop();
});

const limits = (config: Partial<UserLimitsConfig>) =>
  new UserLimits(store.stats, { ...NO_LIMITS, ...config }, () => now);

function draft(over: Partial<NewOrder> = {}): Promise<OrderRecord> {
  return repo.insertDraft({
    id: randomUUID(),
    chatId: USER,
    userId: USER,
    locale: 'en',
    modelId: 203,
    modelName: 'Lumen Text to Image',
    modelType: 'image',
    request: { model_id: 203, prompt: 'a fox' },
    priceUsd: '0.04',
    idempotencyKey: randomUUID(),
    ...over,
  });
}

/** A draft confirmed at `at` (ms), upstream in `status`. */
async function order(
  at: number,
  status: Order['status'] | 'submitting',
  over: Partial<NewOrder> = {},
): Promise<OrderRecord> {
  const saved = now;
  now = at;
  const row = await draft(over);
  expect(await repo.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
  if (status !== 'submitting') {
    const upstream: Order = {
      id: randomUUID(),
      model_id: 203,
      status,
      cost_usd: row.priceUsd,
      result: [],
      expires_at: null,
      error: null,
    };
    expect(await repo.markSubmitted(row.id, row.idempotencyKey, upstream)).toBe(true);
  }
  now = saved;
  return (await repo.find(row.id))!;
}

async function breachOf(check: Promise<unknown>): Promise<LimitError['breach'] | undefined> {
  try {
    await check;
  } catch (error) {
    if (error instanceof LimitError) return error.breach;
    throw error;
  }
  return undefined;
}

describe('UserLimits: active orders', () => {
  it('counts orders being sent and queued/processing upstream, of this user only', async () => {
    const at = now - 60_000;
    await order(at, 'queued');
    await order(at, 'processing');
    await order(at, 'submitting');
    await order(at, 'completed');
    await order(at, 'failed');
    await order(at, 'cancelled');
    await draft();
    await order(at, 'queued', { chatId: OTHER, userId: OTHER });
    // Upstream lost this one: the tracker stopped following it, so it must not block the user.
    const lost = await order(at, 'processing');
    expect(await repo.markLost(lost.id)).toBeTruthy();

    expect((await limits({}).usage(USER)).activeOrders).toBe(3);
    expect(await breachOf(limits({ maxActiveOrders: 4 }).check(await draft()))).toBeUndefined();
    expect(await breachOf(limits({ maxActiveOrders: 3 }).check(await draft()))).toEqual({
      code: 'active_orders',
      max: 3,
      active: 3,
    });
    expect(
      await breachOf(limits({ maxActiveOrders: 1 }).check(await draft({ chatId: OTHER, userId: OTHER }))),
    ).toEqual({ code: 'active_orders', max: 1, active: 1 });
  });
});

describe('UserLimits: per UTC day', () => {
  it('splits days at 00:00 UTC and counts an order on the day it was confirmed', async () => {
    expect(utcDay(DAY2 + 1)).toEqual({ start: DAY2, end: DAY2 + 86_400_000 });
    await order(DAY2 - 1, 'completed'); // 23:59:59.999 the day before
    await order(DAY2, 'completed'); // 00:00:00.000
    await order(DAY2 + 86_400_000 - 1, 'completed'); // 23:59:59.999
    // Drafted yesterday, confirmed today: today's.
    now = DAY2 - 3_600_000;
    const late = await draft();
    now = DAY2 + 3_600_000;
    expect(await repo.beginSubmission(late.id, late.idempotencyKey)).toBe(true);
    // Refunded upstream: counts for nothing.
    await order(DAY2 + 1, 'failed');
    await order(DAY2 + 2, 'cancelled');

    now = DAY2 + 12 * 3_600_000;
    expect(await limits({}).usage(USER)).toEqual({ activeOrders: 1, ordersToday: 3, spentTodayUsd: '0.12' });
    expect(await breachOf(limits({ dailyOrders: 4 }).check(await draft()))).toBeUndefined();
    expect(await breachOf(limits({ dailyOrders: 3 }).check(await draft()))).toEqual({
      code: 'daily_orders',
      max: 3,
      today: 3,
      resetsAt: DAY2 + 86_400_000, // the next 00:00 UTC: the texts show it in TIME_ZONE
    });
    now = DAY2 - 1;
    expect((await limits({}).usage(USER)).ordersToday).toBe(1);
    now = DAY2 + 86_400_000;
    expect((await limits({}).usage(USER)).ordersToday).toBe(0);
  });

  it('sums confirmed prices exactly and shows what is left', async () => {
    await order(now - 1000, 'completed', { priceUsd: '0.1' });
    await order(now - 1000, 'processing', { priceUsd: '0.2' });
    await order(now - 1000, 'completed', { priceUsd: '5.00', chatId: OTHER, userId: OTHER });
    const capped = limits({ dailySpendUsd: '0.60' });
    expect((await capped.usage(USER)).spentTodayUsd).toBe('0.30');
    // 0.1 + 0.2 + 0.3 is 0.6000000000000001 in floats: exactly the cap here, so allowed.
    expect(await breachOf(capped.check(await draft({ priceUsd: '0.3' })))).toBeUndefined();
    expect(await breachOf(capped.check(await draft({ priceUsd: '0.300001' })))).toEqual({
      code: 'daily_spend',
      limitUsd: '0.60',
      spentUsd: '0.30',
      remainingUsd: '0.30',
      priceUsd: '0.300001',
      resetsAt: utcDay(now).end,
    });
    await order(now - 500, 'queued', { priceUsd: '0.45' });
    expect(await breachOf(capped.check(await draft({ priceUsd: '0.01' })))).toMatchObject({
      spentUsd: '0.75',
      remainingUsd: '0.00',
    });
  });

  it('checks only the limits that are set, active orders first', async () => {
    await order(now - 1000, 'queued', { priceUsd: '9.00' });
    expect(await breachOf(limits({}).check(await draft({ priceUsd: '100' })))).toBeUndefined();
    const all = limits({ maxActiveOrders: 1, dailyOrders: 1, dailySpendUsd: '1.00' });
    expect((await breachOf(all.check(await draft())))?.code).toBe('active_orders');
  });
});

describe('composeHooks', () => {
  const row = { id: 'o1', idempotencyKey: 'k1' } as OrderRecord;

  function recorder(
    name: string,
    log: string[],
    fail: Partial<Record<keyof OrderPipelineHooks, Error>> = {},
  ) {
    const hooks: OrderPipelineHooks = {
      beforeSubmit: async () => {
        log.push(`${name}.beforeSubmit`);
        if (fail.beforeSubmit) throw fail.beforeSubmit;
      },
      onNotOrdered: async (_order, error) => {
        log.push(`${name}.onNotOrdered(${error.code})`);
        if (fail.onNotOrdered) throw fail.onNotOrdered;
      },
      onFinalState: async () => {
        log.push(`${name}.onFinalState`);
        if (fail.onFinalState) throw fail.onFinalState;
      },
    };
    return hooks;
  }

  it('runs the hooks in order and skips missing ones', async () => {
    const log: string[] = [];
    const hooks = composeHooks(recorder('a', log), undefined, {}, recorder('b', log));
    await hooks.beforeSubmit!(row);
    await hooks.onNotOrdered!(row, new ResellerError('validation_error', 'no'));
    await hooks.onFinalState!(row);
    expect(log).toEqual([
      'a.beforeSubmit',
      'b.beforeSubmit',
      'a.onNotOrdered(validation_error)',
      'b.onNotOrdered(validation_error)',
      'a.onFinalState',
      'b.onFinalState',
    ]);
  });

  it('stops at the first refusal, releases the hooks that had passed, and rethrows the refusal', async () => {
    const log: string[] = [];
    const refusal = new LimitError({ code: 'daily_orders', max: 1, today: 1, resetsAt: DAY2 });
    const hooks = composeHooks(
      recorder('wallet', log),
      recorder('limits', log, { beforeSubmit: refusal }),
      recorder('c', log),
    );
    await expect(hooks.beforeSubmit!(row)).rejects.toBe(refusal);
    expect(log).toEqual(['wallet.beforeSubmit', 'limits.beforeSubmit', 'wallet.onNotOrdered(refused)']);
  });

  it('keeps the refusal when a release fails too', async () => {
    const refusal = new Error('no');
    const broken = new Error('release failed');
    const hooks = composeHooks(
      recorder('a', [], { onNotOrdered: broken }),
      recorder('b', [], { beforeSubmit: refusal }),
    );
    const error = await hooks.beforeSubmit!(row).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors).toEqual([refusal, broken]);
  });

  it('calls every hook after a failure, then reports it', async () => {
    const log: string[] = [];
    const boom = new Error('boom');
    const hooks = composeHooks(recorder('a', log, { onFinalState: boom }), recorder('b', log));
    await expect(hooks.onFinalState!(row)).rejects.toBe(boom);
    expect(log).toEqual(['a.onFinalState', 'b.onFinalState']);
  });
});

describe('UserLimits in the order pipeline', () => {
  it('refuses without sending anything, keeps the draft confirmable, and orders once the limit clears', async () => {
    const h = await startHarness();
    try {
      const limited = new UserLimits(h.store.stats, { ...NO_LIMITS, maxActiveOrders: 1 }, () =>
        h.clock.now(),
      );
      const ordering = await h.restart(composeHooks(limited.hooks));
      const prepare = () =>
        ordering.prepare({
          chatId: USER,
          userId: USER,
          locale: 'en',
          modelId: 203,
          request: { model_id: 203, prompt: 'a lighthouse' },
        });
      const first = await prepare();
      expect((await ordering.confirm(first.id, USER)).kind).toBe('ordered');
      const second = await prepare();
      const posts = h.orderPosts().length;

      const refused = await ordering.confirm(second.id, USER);
      expect(refused).toMatchObject({ kind: 'refused', reason: expect.any(LimitError) });
      expect(h.orderPosts()).toHaveLength(posts);
      const kept = (await ordering.orders.find(second.id))!;
      expect(kept.stage).toBe('awaiting_confirmation');
      expect(kept.idempotencyKey).toBe(second.idempotencyKey);

      h.clock.advance(60_000);
      const upstream = await h.client.getOrder((await ordering.orders.find(first.id))!.upstreamOrderId!);
      await ordering.recordUpstreamState(first.id, upstream);
      expect((await ordering.orders.find(first.id))!.status).toBe('completed');
      expect((await ordering.confirm(second.id, USER)).kind).toBe('ordered');
      expect(h.orderPosts()).toHaveLength(posts + 1);
    } finally {
      await h.close();
    }
  });
});
