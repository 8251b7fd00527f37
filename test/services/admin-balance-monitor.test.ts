import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { ResellerError } from '../../src/reseller/errors.js';
import { type AdminAlert, AdminAlerts } from '../../src/services/admin-alerts.js';
import { BalanceMonitor, type MonitorTimers } from '../../src/services/balance-monitor.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

const logger = pino({ level: 'silent' });
const SEC = 1000;

/** Timers driven by hand: `advance(ms)` fires what falls due, in order, awaiting each. */
class ManualTimers implements MonitorTimers {
  now = Date.UTC(2025, 0, 1);
  /** Waits for what a fired timer started (the monitor's check), before time moves on. */
  settle: () => Promise<void> = async () => {};
  #next = 1;
  readonly #timers = new Map<number, { at: number; fn: () => void }>();
  set(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { at: this.now + ms, fn });
    return id;
  }
  clear(handle: unknown): void {
    this.#timers.delete(handle as number);
  }
  get pending(): number[] {
    return [...this.#timers.values()].map((t) => t.at - this.now).sort((a, b) => a - b);
  }
  async advance(ms: number): Promise<void> {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.now = Math.max(this.now, due[1].at);
      due[1].fn();
      await this.settle();
    }
    this.now = end;
  }
}

let database: TestDatabase;
let store: Store;
let timers: ManualTimers;
let balance: string | Error;
let reads: number;
let sent: AdminAlert[];

beforeEach(async () => {
  database = await createTestDatabase();
  store = await database.open();
  timers = new ManualTimers();
  balance = '100.00';
  reads = 0;
  sent = [];
});
afterEach(async () => {
  await database.drop();
});

function create(intervalMs = 300 * SEC) {
  const alerts = new AdminAlerts({
    store: store.alerts,
    logger,
    adminCount: 1,
    now: () => timers.now,
  });
  alerts.bindSink({ send: async (alert) => void sent.push(alert) });
  const monitor = new BalanceMonitor({
    getBalance: async () => {
      reads++;
      if (balance instanceof Error) throw balance;
      return { balanceUsd: balance };
    },
    alerts,
    thresholdUsd: '10',
    intervalMs,
    logger,
    now: () => timers.now,
    timers,
  });
  timers.settle = async () => {
    await monitor.whenIdle();
    await alerts.whenIdle();
  };
  return { monitor, alerts };
}

describe('BalanceMonitor', () => {
  it('checks at start and then every interval', async () => {
    const { monitor } = create();
    monitor.start();
    await timers.advance(0);
    expect(reads).toBe(1);
    await timers.advance(299 * SEC);
    expect(reads).toBe(1);
    await timers.advance(SEC);
    expect(reads).toBe(2);
    await timers.advance(600 * SEC);
    expect(reads).toBe(4);
    await monitor.stop();
    await timers.advance(600 * SEC);
    expect(reads).toBe(4);
  });

  it('alerts once below the threshold, and again only after a recovery and a new drop', async () => {
    const { monitor, alerts } = create();
    expect((await monitor.check()).low).toBe(false);
    balance = '9.99';
    expect(await monitor.check()).toMatchObject({ balanceUsd: '9.99', low: true });
    balance = '5.00';
    await monitor.check();
    balance = '10.00'; // at the threshold is not below it
    expect((await monitor.check()).low).toBe(false);
    balance = '0.50';
    await monitor.check();
    await alerts.whenIdle();
    expect(sent).toEqual([
      { kind: 'low_balance', balanceUsd: '9.99', thresholdUsd: '10.00' },
      { kind: 'low_balance', balanceUsd: '0.50', thresholdUsd: '10.00' },
    ]);
  });

  it('does not alert again after a restart while the balance is still low', async () => {
    balance = '3.00';
    await create().monitor.check();
    await create().monitor.check();
    expect(sent).toHaveLength(1);
  });

  it('checks after completed orders at most once a minute, joining the schedule', async () => {
    const { monitor } = create();
    monitor.start();
    await timers.advance(0);
    expect(reads).toBe(1);
    monitor.requestCheck(); // right after the start-up check: waits for the minute to pass
    monitor.requestCheck();
    await timers.advance(59 * SEC);
    expect(reads).toBe(1);
    await timers.advance(SEC);
    expect(reads).toBe(2);
    await timers.advance(10 * SEC);
    monitor.requestCheck(); // 10 s after the last check
    monitor.requestCheck();
    await timers.advance(60 * SEC);
    expect(reads).toBe(3);
    await timers.advance(5 * 60 * SEC);
    monitor.requestCheck(); // a minute has passed: at once
    await timers.advance(0);
    expect(reads).toBe(5); // the periodic one at 300 s, then this one
    await monitor.stop();
  });

  it('reports failed reads to the alerts and keeps going', async () => {
    const { monitor, alerts } = create(10 * SEC);
    balance = new ResellerError('unauthorized', 'bad key', { httpStatus: 401 });
    monitor.start();
    await timers.advance(30 * SEC);
    expect(reads).toBe(4);
    await expect(monitor.check()).rejects.toMatchObject({ code: 'unauthorized' });
    balance = '50.00';
    await timers.advance(10 * SEC);
    expect(monitor.last()?.balanceUsd).toBe('50.00');
    await monitor.stop();
    await alerts.whenIdle();
    expect(sent).toEqual([{ kind: 'unauthorized' }]);
  });
});
