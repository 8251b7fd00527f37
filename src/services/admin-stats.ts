/**
 * Figures for /stats, straight from SQLite. Periods are UTC calendar days: "today" starts at 00:00
 * UTC, "7 days" and "30 days" are today and the 6 (29) days before it. Orders count once they were
 * placed upstream (stage `submitted`), by the time they were created; money is summed exactly.
 */

import { and, desc, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { orders } from '../db/schema/orders.js';
import { users } from '../db/schema/users.js';
import { ACTIVE_ORDER_STATUSES } from '../domain/order-state.js';
import { addMoney, isMoneyString, type Money, moneyToString, parseMoney, ZERO_MONEY } from '../lib/money.js';

export type StatsPeriod = 'today' | 'week' | 'month';
export const STATS_PERIODS: readonly StatsPeriod[] = ['today', 'week', 'month'];

export interface OrderCounts {
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** Starts of the periods for `now`, in UTC. */
export function periodStarts(now: Date): Record<StatsPeriod, Date> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
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

const count = (condition: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;

export class AdminStatsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  collect(topLimit = 5): AdminStats {
    const at = new Date(this.now());
    const since = periodStarts(at);
    const ms = (p: StatsPeriod) => since[p].getTime();
    return this.db.transaction((tx) => {
      const u = tx
        .select({
          total: sql<number>`count(*)`,
          newToday: count(sql`${users.createdAt} >= ${ms('today')}`),
          newWeek: count(sql`${users.createdAt} >= ${ms('week')}`),
          activeWeek: count(sql`${users.seenAt} >= ${ms('week')}`),
        })
        .from(users)
        .get();

      const placedInMonth = and(sql`${orders.stage} = 'submitted'`, gte(orders.createdAt, since.month));
      const counts = { today: emptyCounts(), week: emptyCounts(), month: emptyCounts() };
      const byStatus = tx
        .select({
          status: orders.status,
          today: count(sql`${orders.createdAt} >= ${ms('today')}`),
          week: count(sql`${orders.createdAt} >= ${ms('week')}`),
          month: sql<number>`count(*)`,
        })
        .from(orders)
        .where(placedInMonth)
        .groupBy(orders.status)
        .all();
      for (const row of byStatus) {
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

      // Exact sums: the amounts are decimal strings, added as integers of micro-dollars (never REAL).
      const spent: Record<StatsPeriod, Money> = { today: ZERO_MONEY, week: ZERO_MONEY, month: ZERO_MONEY };
      const costs = tx
        .select({ createdAt: orders.createdAt, costUsd: orders.costUsd })
        .from(orders)
        .where(and(placedInMonth, sql`${orders.status} = 'completed'`, sql`${orders.costUsd} is not null`))
        .all();
      for (const { createdAt, costUsd } of costs) {
        if (!costUsd || !isMoneyString(costUsd)) continue;
        const amount = parseMoney(costUsd);
        for (const period of STATS_PERIODS) {
          if (createdAt.getTime() >= ms(period)) spent[period] = addMoney(spent[period], amount);
        }
      }
      for (const period of STATS_PERIODS) counts[period].spentUsd = moneyToString(spent[period]);

      const topModels = tx
        .select({ modelName: orders.modelName, orders: sql<number>`count(*)` })
        .from(orders)
        .where(placedInMonth)
        .groupBy(orders.modelName)
        .orderBy(desc(sql`count(*)`), orders.modelName)
        .limit(topLimit)
        .all();

      const active = tx
        .select({ status: orders.status, n: sql<number>`count(*)` })
        .from(orders)
        .where(
          and(
            sql`${orders.stage} = 'submitted'`,
            inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
            sql`coalesce(json_extract(${orders.error}, '$.code'), '') <> 'order_not_found'`,
          ),
        )
        .groupBy(orders.status)
        .all();
      const activeNow = { queued: 0, processing: 0 };
      for (const row of active)
        if (row.status === 'queued' || row.status === 'processing') activeNow[row.status] = row.n;

      return {
        at,
        since,
        users: {
          total: u?.total ?? 0,
          newToday: u?.newToday ?? 0,
          newWeek: u?.newWeek ?? 0,
          activeWeek: u?.activeWeek ?? 0,
        },
        orders: counts,
        topModels,
        activeNow,
      };
    });
  }
}
