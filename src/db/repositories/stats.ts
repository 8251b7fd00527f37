/**
 * The raw figures behind /stats, read in one transaction so they agree with each other. Periods are
 * given by the caller (services/admin-stats.ts decides what "today" means); money stays as the
 * stored decimal strings, summed exactly by the caller.
 */
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES, type OrderStatus } from '../../domain/order-state.js';
import type { BotScope } from '../bot-scope.js';
import { type Engine, type Tx, within } from '../engine.js';
import { chargedUsd } from './orders.js';

export interface StatsCounts {
  users: { total: number; newToday: number; newWeek: number; activeWeek: number };
  /** Orders placed since `month`, per upstream status, counted per period. */
  byStatus: Array<{ status: OrderStatus | null; today: number; week: number; month: number }>;
  /** Completed orders placed since `month` with what upstream charged. */
  completedCosts: Array<{ createdAt: Date; costUsd: string }>;
  topModels: Array<{ modelName: string; orders: number }>;
}

/** Counts the rows where `condition` holds, as a number on both engines. */
const countWhere = (condition: SQL | undefined) =>
  sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`.mapWith(Number);

export class StatsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
  ) {}

  collect(since: { today: Date; week: Date; month: Date }, topLimit: number): Promise<StatsCounts> {
    const { users, orders } = this.engine.tables;
    return this.engine.transaction(async ({ db }) => {
      const [u] = await db
        .select({
          total: count(),
          newToday: countWhere(gte(users.createdAt, since.today)),
          newWeek: countWhere(gte(users.createdAt, since.week)),
          activeWeek: countWhere(gte(users.seenAt, since.week)),
        })
        .from(users)
        .where(this.scope.where(users));
      const placedInMonth = this.scope.where(
        orders,
        eq(orders.stage, 'submitted'),
        gte(orders.createdAt, since.month),
      );
      const byStatus = await db
        .select({
          status: orders.status,
          today: countWhere(gte(orders.createdAt, since.today)),
          week: countWhere(gte(orders.createdAt, since.week)),
          month: count(),
        })
        .from(orders)
        .where(placedInMonth)
        .groupBy(orders.status);
      const costs = await db
        .select({ createdAt: orders.createdAt, costUsd: orders.costUsd })
        .from(orders)
        .where(and(placedInMonth, eq(orders.status, 'completed'), isNotNull(orders.costUsd)));
      const topModels = await db
        .select({ modelName: orders.modelName, orders: count() })
        .from(orders)
        .where(placedInMonth)
        .groupBy(orders.modelName)
        .orderBy(desc(count()), orders.modelName)
        .limit(topLimit);
      return {
        users: u ?? { total: 0, newToday: 0, newWeek: 0, activeWeek: 0 },
        byStatus,
        completedCosts: costs.flatMap((c) =>
          c.costUsd ? [{ createdAt: c.createdAt, costUsd: c.costUsd }] : [],
        ),
        topModels,
      };
    });
  }

  /**
   * A user's orders in their private chat that are being sent or that upstream still works on,
   * except lost ones (the tracker stopped following them; they would block the user for ever) and
   * those reported for staying in a status we do not know (OrdersRepository.claimUnknownStatusReport).
   */
  async activeOrdersOf(userId: number): Promise<number> {
    const { orders } = this.engine.tables;
    const [row] = await this.engine.run((db) =>
      db
        .select({ n: count() })
        .from(orders)
        .where(
          this.scope.where(
            orders,
            eq(orders.chatId, userId),
            eq(orders.userId, userId),
            sql`(${eq(orders.stage, 'submitting')} or (${and(
              eq(orders.stage, 'submitted'),
              inArray(orders.status, [...ACTIVE_ORDER_STATUSES]),
              isNull(orders.lostAt),
              isNull(orders.unknownStatusReportedAt),
            )}))`,
          ),
        ),
    );
    return row?.n ?? 0;
  }

  /**
   * A customer's orders for their card (/user): how many were placed, how many completed, and what
   * they cost (the amount upstream charged where it said, else the confirmed price), failed and
   * cancelled ones excepted.
   */
  async customerOrders(userId: number): Promise<{ orders: number; completed: number; prices: string[] }> {
    const { orders } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db
        .select({ status: orders.status, price: chargedUsd(orders) })
        .from(orders)
        .where(
          this.scope.where(
            orders,
            eq(orders.userId, userId),
            inArray(orders.stage, ['submitting', 'submitted']),
          ),
        ),
    );
    return {
      orders: rows.length,
      completed: rows.filter((r) => r.status === 'completed').length,
      prices: rows.filter((r) => r.status !== 'failed' && r.status !== 'cancelled').map((r) => r.price),
    };
  }

  /**
   * What the user's orders confirmed in [start, end) cost: the amount upstream charged where it
   * said, else the confirmed price; failed and cancelled ones excepted (refunded upstream).
   */
  confirmedPricesOf(userId: number, start: Date, end: Date): Promise<string[]> {
    const { orders } = this.engine.tables;
    return this.#confirmedPrices(start, end, undefined, eq(orders.chatId, userId), eq(orders.userId, userId));
  }

  /**
   * What this bot's orders confirmed in [start, end) cost upstream, whoever placed them, by the
   * same rule. The bot's daily spend cap counts these, inside the transaction that starts a
   * submission (`tx`), so that submission's own row counts too.
   */
  botSpendOn(start: Date, end: Date, tx?: Tx): Promise<string[]> {
    return this.#confirmedPrices(start, end, tx);
  }

  async #confirmedPrices(start: Date, end: Date, tx: Tx | undefined, ...whose: SQL[]): Promise<string[]> {
    const { orders } = this.engine.tables;
    // A row still being sent has no submitted_at yet: it was confirmed when it last changed.
    const confirmedAt = sql`coalesce(${orders.submittedAt}, ${orders.updatedAt})`;
    const rows = await within(this.engine, tx, (db) =>
      db
        .select({ price: chargedUsd(orders) })
        .from(orders)
        .where(
          this.scope.where(
            orders,
            ...whose,
            inArray(orders.stage, ['submitting', 'submitted']),
            sql`${confirmedAt} >= ${sql.param(start, orders.updatedAt)}`,
            sql`${confirmedAt} < ${sql.param(end, orders.updatedAt)}`,
            sql`coalesce(${orders.status}, '') not in ('failed', 'cancelled')`,
          ),
        ),
    );
    return rows.map((r) => r.price);
  }
}
