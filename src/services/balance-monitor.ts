/**
 * Watches the upstream balance (GET /balance): every `intervalMs`, and soon after each completed
 * order (at most once per `minGapMs`). Below the threshold the admins are alerted once; the next
 * alert needs the balance to come back to the threshold or above and drop again. The standing
 * state lives in the store (see AdminAlerts.conditionBegan), so a restart does not alert again.
 */
import { compareMoney, type Money, moneyToString, parseMoney } from '../domain/money.js';
import { realTimers, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';
import type { AdminAlerts } from './admin-alerts.js';

export interface BalanceReading {
  balanceUsd: string;
  /** Below the threshold. */
  low: boolean;
  checkedAt: Date;
}

export type MonitorTimers = Timers;

export interface BalanceMonitorOptions {
  getBalance: () => Promise<{ balanceUsd: string }>;
  alerts: Pick<AdminAlerts, 'conditionBegan' | 'conditionEnded' | 'upstreamAnswered' | 'upstreamFailed'>;
  /** LOW_BALANCE_USD, a decimal string. */
  thresholdUsd: string;
  /** BALANCE_CHECK_MS. */
  intervalMs: number;
  /** Checks asked for by completed orders are at least this far apart (default one minute). */
  minGapMs?: number;
  logger: Logger;
  now?: () => number;
  timers?: MonitorTimers;
}

export class BalanceMonitor {
  readonly thresholdUsd: string;
  readonly #threshold: Money;
  readonly #getBalance: BalanceMonitorOptions['getBalance'];
  readonly #alerts: BalanceMonitorOptions['alerts'];
  readonly #intervalMs: number;
  readonly #minGapMs: number;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #timers: MonitorTimers;
  #running = false;
  #timer: unknown;
  #timerAt = Number.POSITIVE_INFINITY;
  #lastStart = Number.NEGATIVE_INFINITY;
  #nextPeriodic = 0;
  /** When a check asked for by an order is due (undefined: none asked). */
  #requestedAt: number | undefined;
  #inFlight: Promise<BalanceReading> | undefined;
  /** The scheduled check running now (its next timer is armed when it ends). */
  #ticking: Promise<void> | undefined;
  #last: BalanceReading | undefined;

  constructor(opts: BalanceMonitorOptions) {
    this.#threshold = parseMoney(opts.thresholdUsd);
    this.thresholdUsd = moneyToString(this.#threshold);
    this.#getBalance = opts.getBalance;
    this.#alerts = opts.alerts;
    this.#intervalMs = opts.intervalMs;
    this.#minGapMs = opts.minGapMs ?? 60_000;
    this.#log = opts.logger.child({ component: 'balance-monitor' });
    this.#now = opts.now ?? Date.now;
    this.#timers = opts.timers ?? realTimers;
  }

  /** Checks now, then every `intervalMs`. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#nextPeriodic = this.#now();
    this.#arm();
  }

  /** Stops the schedule and waits for a running check. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#clearTimer();
    await this.#inFlight?.catch(() => undefined);
  }

  /** Resolves once the scheduled check running now (if any) has ended and armed the next one. */
  async whenIdle(): Promise<void> {
    await this.#ticking;
  }

  /** The last successful reading, if any. */
  last(): BalanceReading | undefined {
    return this.#last;
  }

  /**
   * Reads the balance now (joining a check already running) and applies the low-balance rule.
   * Throws the upstream's error (a ResellerError) after reporting it to the alerts.
   */
  check(): Promise<BalanceReading> {
    if (this.#inFlight) return this.#inFlight;
    this.#lastStart = this.#now();
    this.#requestedAt = undefined; // whatever was asked for is answered by this check
    const p = this.#read().finally(() => {
      this.#inFlight = undefined;
    });
    this.#inFlight = p;
    return p;
  }

  /** An order completed (the balance went down): check soon, at most once per `minGapMs`. */
  requestCheck(): void {
    if (!this.#running) return;
    const at = Math.max(this.#now(), this.#lastStart + this.#minGapMs);
    if (this.#requestedAt !== undefined && this.#requestedAt <= at) return;
    this.#requestedAt = at;
    this.#arm();
  }

  async #read(): Promise<BalanceReading> {
    let balanceUsd: string;
    try {
      ({ balanceUsd } = await this.#getBalance());
    } catch (err) {
      this.#alerts.upstreamFailed(err);
      throw err;
    }
    this.#alerts.upstreamAnswered();
    // A gauge is an observation for dashboards, not money we compute with: micro-dollars / 1e6.
    metrics.upstreamBalance.set(Number(parseMoney(balanceUsd)) / 1_000_000);
    const low = compareMoney(parseMoney(balanceUsd), this.#threshold) < 0;
    const reading: BalanceReading = { balanceUsd, low, checkedAt: new Date(this.#now()) };
    this.#last = reading;
    if (low) {
      if (
        await this.#alerts.conditionBegan({
          kind: 'low_balance',
          balanceUsd,
          thresholdUsd: this.thresholdUsd,
        })
      ) {
        this.#log.warn({ balanceUsd, thresholdUsd: this.thresholdUsd }, 'upstream balance is low');
      }
    } else if (await this.#alerts.conditionEnded('low_balance')) {
      this.#log.info({ balanceUsd, thresholdUsd: this.thresholdUsd }, 'upstream balance is back');
    }
    return reading;
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    if (!this.#running) return;
    const now = this.#now();
    if (now >= this.#nextPeriodic) this.#nextPeriodic = now + this.#intervalMs;
    try {
      await this.check();
    } catch (err) {
      this.#log.warn({ err }, 'balance check failed');
    }
    this.#arm();
  }

  #arm(): void {
    if (!this.#running) return;
    const target = Math.min(this.#nextPeriodic, this.#requestedAt ?? Number.POSITIVE_INFINITY);
    if (this.#timer !== undefined && this.#timerAt <= target) return;
    this.#clearTimer();
    this.#timerAt = target;
    this.#timer = this.#timers.set(
      () => {
        this.#ticking = this.#tick();
      },
      Math.max(0, target - this.#now()),
    );
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
  }
}
