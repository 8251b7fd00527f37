/**
 * Figures for /stats, from the store. Periods are UTC calendar days: "today" starts at 00:00
 * UTC, "7 days" and "30 days" are today and the 6 (29) days before it. Orders count once they were
 * placed upstream (stage `submitted`), by the time they were created; money is summed exactly.
 */

import type { OrdersRepository, StatsRepository } from '../db/index.js';
import {
  addMoney,
  isMoneyString,
  type Money,
  moneyToString,
  parseMoney,
  ZERO_MONEY,
} from '../domain/money.js';
import { DAY_MS, utcDayStart } from '../domain/utc-day.js';

export type StatsPeriod = 'today' | 'week' | 'month';
export const STATS_PERIODS: readonly StatsPeriod[] = ['today', 'week', 'month'];

interface OrderCounts {
  /** Every order placed in the period. */
  total: number;
  completed: number;
  failed: number;
  cancelled: number;
  /** Still queued or processing upstream. */
  active: number;
  /** Sum of `cost_usd` of the completed ones (decimal string). */
  spentUsd: string;
}

export interface AdminStats {
  at: Date;
  since: Record<StatsPeriod, Date>;
  users: { total: number; newToday: number; newWeek: number; activeWeek: number };
  orders: Record<StatsPeriod, OrderCounts>;
  /** The most ordered models of the 30 days, most orders first. */
  topModels: Array<{ modelName: string; orders: number }>;
  /** Orders upstream is working on right now (lost ones excluded). */
  activeNow: { queued: number; processing: number };
}

/** Starts of the periods for `now`, in UTC. */
export function periodStarts(now: Date): Record<StatsPeriod, Date> {
  const today = utcDayStart(now.getTime());
  return { today: new Date(today), week: new Date(today - 6 * DAY_MS), month: new Date(today - 29 * DAY_MS) };
}

const emptyCounts = (): OrderCounts => ({
  total: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  active: 0,
  spentUsd: '0.00',
});

export class AdminStatsService {
  constructor(
    private readonly store: { stats: StatsRepository; orders: Pick<OrdersRepository, 'countActive'> },
    private readonly now: () => number = Date.now,
  ) {}

  async collect(topLimit = 5): Promise<AdminStats> {
    const at = new Date(this.now());
    const since = periodStarts(at);
    const raw = await this.store.stats.collect(since, topLimit);
    const counts = { today: emptyCounts(), week: emptyCounts(), month: emptyCounts() };
    for (const row of raw.byStatus) {
      for (const period of STATS_PERIODS) {
        const n = row[period];
        const c = counts[period];
        c.total += n;
        if (row.status === 'completed' || row.status === 'failed' || row.status === 'cancelled') {
          c[row.status] += n;
        } else {
          c.active += n;
        }
      }
    }
    // Exact sums: the amounts are decimal strings, added as integers of micro-dollars (never floats).
    const spent: Record<StatsPeriod, Money> = { today: ZERO_MONEY, week: ZERO_MONEY, month: ZERO_MONEY };
    for (const { createdAt, costUsd } of raw.completedCosts) {
      if (!isMoneyString(costUsd)) continue;
      const amount = parseMoney(costUsd);
      for (const period of STATS_PERIODS) {
        if (createdAt.getTime() >= since[period].getTime()) spent[period] = addMoney(spent[period], amount);
      }
    }
    for (const period of STATS_PERIODS) counts[period].spentUsd = moneyToString(spent[period]);
    return {
      at,
      since,
      users: raw.users,
      orders: counts,
      topModels: raw.topModels,
      activeNow: await this.store.orders.countActive(),
    };
  }
}
