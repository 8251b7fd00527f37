import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord, Store } from '../../src/db/index.js';
import { ResellerError } from '../../src/reseller/errors.js';
import type { Order } from '../../src/reseller/schemas.js';
import { withAdminHooks } from '../../src/services/admin.js';
import {
  type AdminAlert,
  AdminAlerts,
  type AdminAlertsOptions,
  classifyUpstreamFailure,
} from '../../src/services/admin-alerts.js';
import type { BalanceMonitor } from '../../src/services/balance-monitor.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

const MIN = 60_000;
const logger = pino({ level: 'silent' });

let database: TestDatabase;
let store: Store;
let now: number;
let sent: AdminAlert[];

beforeEach(async () => {
  database = await createTestDatabase();
  store = await database.open(() => now);
  now = Date.UTC(2025, 0, 1);
  sent = [];
});
afterEach(async () => {
  await database.drop();
});

/** A fresh AdminAlerts on the same database: what a restarted process would build. */
function create(opts: Partial<AdminAlertsOptions> = {}): AdminAlerts {
  const alerts = new AdminAlerts({
    store: store.alerts,
    logger,
    adminCount: 1,
    now: () => now,
    ...opts,
  });
  alerts.bindSink({ send: async (alert) => void sent.push(alert) });
  return alerts;
}

const kinds = () => sent.map((a) => a.kind);
const unauthorized = () => new ResellerError('unauthorized', 'bad key', { httpStatus: 401 });
const busy = () => new ResellerError('server_busy', 'busy', { httpStatus: 503 });

describe('classifyUpstreamFailure', () => {
  it('tells a rejected key, unavailability, answers and noise apart', () => {
    expect(classifyUpstreamFailure(unauthorized())).toBe('unauthorized');
    expect(classifyUpstreamFailure(busy())).toBe('unavailable');
    expect(classifyUpstreamFailure(new ResellerError('server_busy', '', { httpStatus: 429 }))).toBe(
      'unavailable',
    );
    expect(classifyUpstreamFailure(new ResellerError('internal_error', '', { httpStatus: 500 }))).toBe(
      'unavailable',
    );
    expect(classifyUpstreamFailure(new ResellerError('network_error', 'ECONNRESET'))).toBe('unavailable');
    expect(classifyUpstreamFailure(new ResellerError('too_many_requests', '', { httpStatus: 429 }))).toBe(
      'ignored',
    );
    expect(classifyUpstreamFailure(new ResellerError('aborted', ''))).toBe('ignored');
    expect(classifyUpstreamFailure(new Error('bug'))).toBe('ignored');
    expect(classifyUpstreamFailure(new ResellerError('order_not_found', '', { httpStatus: 404 }))).toBe(
      'answered',
    );
  });
});

describe('AdminAlerts rate limits', () => {
  it('alerts a rejected key at most once an hour, across restarts', async () => {
    const alerts = create();
    alerts.upstreamFailed(unauthorized());
    alerts.upstreamFailed(unauthorized());
    now += 59 * MIN;
    alerts.upstreamFailed(unauthorized());
    await alerts.whenIdle();
    expect(kinds()).toEqual(['unauthorized']);

    const restarted = create();
    restarted.upstreamFailed(unauthorized());
    now += MIN; // an hour after the first
    restarted.upstreamFailed(unauthorized());
    restarted.upstreamFailed(unauthorized());
    await restarted.whenIdle();
    expect(kinds()).toEqual(['unauthorized', 'unauthorized']);
  });

  it('alerts orders refused for lack of balance at most once per 30 minutes', async () => {
    const alerts = create();
    const refusal = new ResellerError('insufficient_balance', 'no money', { httpStatus: 422 });
    alerts.orderRefused({ modelName: 'Lumen' }, refusal);
    now += 10 * MIN;
    alerts.orderRefused({ modelName: 'Vela' }, refusal);
    now += 20 * MIN;
    alerts.orderRefused({ modelName: 'Nova' }, refusal);
    // Other refusals are the users' business, not the admins'.
    alerts.orderRefused(
      { modelName: 'Nova' },
      new ResellerError('validation_error', 'bad', { httpStatus: 422 }),
    );
    await alerts.whenIdle();
    expect(sent).toEqual([
      { kind: 'insufficient_balance', modelName: 'Lumen' },
      { kind: 'insufficient_balance', modelName: 'Nova' },
    ]);
  });

  it('keeps each kind on its own clock', async () => {
    const alerts = create();
    alerts.upstreamFailed(unauthorized());
    alerts.orderRefused(
      { modelName: 'Lumen' },
      new ResellerError('insufficient_balance', '', { httpStatus: 422 }),
    );
    await alerts.whenIdle();
    expect(kinds()).toEqual(['unauthorized', 'insufficient_balance']);
  });

  it('sends and claims nothing without admins or before the sink is bound', async () => {
    const alone = new AdminAlerts({
      store: store.alerts,
      logger,
      adminCount: 1,
      now: () => now,
    });
    expect(await alone.raise({ kind: 'unauthorized' })).toBe(false);
    expect(await create({ adminCount: 0 }).raise({ kind: 'unauthorized' })).toBe(false);
    // Nothing was claimed: once someone can be told, they are.
    expect(await create().raise({ kind: 'unauthorized' })).toBe(true);
  });

  it('sends an order stuck in an unknown status as it is (its one report was claimed in the orders table)', async () => {
    const stuck = { orderId: 'o-1', modelName: 'Lumen', status: 'held', since: new Date(now) };
    const alerts = create();
    alerts.orderStatusUnknown(stuck);
    alerts.orderStatusUnknown({ ...stuck, orderId: 'o-2' });
    await alerts.whenIdle();
    expect(sent).toEqual([
      { kind: 'unknown_order_status', ...stuck },
      { kind: 'unknown_order_status', ...stuck, orderId: 'o-2' },
    ]);
    const alone = create({ adminCount: 0 });
    alone.orderStatusUnknown(stuck);
    await alone.whenIdle();
    expect(sent).toHaveLength(2);
  });
});

describe('AdminAlerts outage detection', () => {
  it('needs 5 failures in a row spanning 2 minutes, then says once that it is down and once that it is back', async () => {
    const alerts = create();
    for (let i = 0; i < 10; i++) {
      alerts.upstreamFailed(busy()); // many failures, but all within a few seconds
      now += 1000;
    }
    expect(kinds()).toEqual([]);
    now += 2 * MIN;
    alerts.upstreamFailed(busy());
    alerts.upstreamFailed(busy());
    now += 5 * MIN;
    alerts.upstreamFailed(new ResellerError('network_error', 'ECONNREFUSED'));
    await alerts.whenIdle();
    expect(sent).toEqual([
      {
        kind: 'upstream_down',
        failures: 11,
        durationMs: 10_000 + 2 * MIN,
        lastError: 'server_busy (HTTP 503)',
      },
    ]);

    now += MIN;
    alerts.upstreamAnswered();
    alerts.upstreamAnswered();
    await alerts.whenIdle();
    expect(sent[1]).toEqual({ kind: 'upstream_recovered', downMs: 8 * MIN + 10_000 });
    expect(sent).toHaveLength(2);
  });

  it('starts counting again after any answer', async () => {
    const alerts = create();
    for (let i = 0; i < 4; i++) {
      alerts.upstreamFailed(busy());
      now += MIN;
    }
    alerts.upstreamFailed(new ResellerError('order_not_found', '', { httpStatus: 404 })); // an answer
    alerts.upstreamFailed(busy());
    now += 3 * MIN;
    alerts.upstreamFailed(busy()); // only the 2nd in a row
    await alerts.whenIdle();
    expect(kinds()).toEqual([]);
  });

  it('rate-limits a flapping upstream to one "down" per 30 minutes, and "back" only after a "down"', async () => {
    const alerts = create();
    const outage = () => {
      for (let i = 0; i < 5; i++) {
        alerts.upstreamFailed(busy());
        now += 40_000;
      }
    };
    outage();
    alerts.upstreamAnswered();
    outage(); // 10 minutes later: suppressed
    alerts.upstreamAnswered();
    now += 30 * MIN;
    outage();
    await alerts.whenIdle();
    expect(kinds()).toEqual(['upstream_down', 'upstream_recovered', 'upstream_down']);
  });

  it('remembers a standing outage across a restart and reports its end', async () => {
    const alerts = create();
    for (let i = 0; i < 5; i++) {
      alerts.upstreamFailed(busy());
      now += MIN;
    }
    await alerts.whenIdle();
    const restarted = create();
    for (let i = 0; i < 6; i++) {
      restarted.upstreamFailed(busy());
      now += MIN;
    }
    restarted.upstreamAnswered();
    await restarted.whenIdle();
    expect(kinds()).toEqual(['upstream_down', 'upstream_recovered']);
  });

  it('observes the polls of a client: failures count, successes end an outage', async () => {
    const alerts = create();
    let fail = true;
    const order = { id: 'o1', status: 'queued' } as Order;
    const client = alerts.observePolls({
      getOrder: async () => {
        if (fail) throw unauthorized();
        return order;
      },
    });
    await expect(client.getOrder('o1')).rejects.toMatchObject({ code: 'unauthorized' });
    fail = false;
    await expect(client.getOrder('o1')).resolves.toBe(order);
    await alerts.whenIdle();
    expect(kinds()).toEqual(['unauthorized']);
  });
});

describe('AdminAlerts standing conditions', () => {
  it('announces a condition once until it ends, across restarts', async () => {
    const low = { kind: 'low_balance' as const, balanceUsd: '5.00', thresholdUsd: '10.00' };
    const alerts = create();
    expect(await alerts.conditionBegan(low)).toBe(true);
    expect(await alerts.conditionBegan(low)).toBe(false);
    expect(await create().conditionBegan(low)).toBe(false); // restarted while still low
    expect(await alerts.conditionEnded('low_balance')).toBe(true);
    expect(await alerts.conditionEnded('low_balance')).toBe(false);
    expect(await alerts.conditionBegan({ ...low, balanceUsd: '1.00' })).toBe(true);
    await alerts.whenIdle();
    expect(sent).toEqual([low, { ...low, balanceUsd: '1.00' }]);
  });

  it('survives a sink that throws', async () => {
    const alerts = create();
    alerts.bindSink({
      send: async () => {
        throw new Error('Telegram is down');
      },
    });
    expect(await alerts.raise({ kind: 'unauthorized' })).toBe(true);
    await expect(alerts.whenIdle()).resolves.toBeUndefined();
  });
});

describe('withAdminHooks', () => {
  it('observes refusals and completed orders, and still runs the hooks it wraps', async () => {
    const calls: string[] = [];
    const alerts = create();
    const balance = { requestCheck: () => void calls.push('check') };
    const hooks = withAdminHooks(
      {
        beforeSubmit: async () => void calls.push('base:before'),
        onNotOrdered: async () => void calls.push('base:not-ordered'),
        onFinalState: async (o) => void calls.push(`base:final:${o.status}`),
      },
      { alerts, balance: balance as unknown as BalanceMonitor },
    );
    const order = { modelName: 'Lumen', status: 'completed' } as OrderRecord;
    await hooks.beforeSubmit?.(order);
    await hooks.onNotOrdered?.(order, new ResellerError('insufficient_balance', '', { httpStatus: 422 }));
    await hooks.onFinalState?.(order);
    await hooks.onFinalState?.({ ...order, status: 'failed' });
    await alerts.whenIdle();
    expect(calls).toEqual([
      'base:before',
      'check',
      'base:not-ordered',
      'check',
      'base:final:completed',
      'base:final:failed',
    ]);
    expect(kinds()).toEqual(['insufficient_balance']);
    expect(
      withAdminHooks(undefined, { alerts, balance: balance as unknown as BalanceMonitor }).beforeSubmit,
    ).toBe(undefined);
  });
});
