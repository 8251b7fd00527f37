/**
 * The raw rows behind the admin Mini App's figures (services/admin/dashboard.ts buckets them by day
 * and sums the money exactly). Orders count the way /stats counts them: placed upstream (stage
 * `submitted`), by the time they were created; read in one transaction so the figures agree.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Engine } from '../engine.js';
import type { BroadcastRecord, PromoCodeRecord, WalletEntryKind } from '../records.js';

export interface DashboardOrderRow {
  userId: number;
  modelName: string;
  status: string | null;
  costUsd: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface DashboardLedgerRow {
  userId: number;
  kind: WalletEntryKind;
  stars: number;
  /** The model of the order a capture or charge paid for. */
  modelName: string | null;
  createdAt: Date;
}

export interface DashboardRows {
  orders: DashboardOrderRow[];
  /** Top-ups, refunds, captures and charges since the start. */
  ledger: DashboardLedgerRow[];
  /** When each user who joined since the start joined. */
  joined: Date[];
}

/** The ledger kinds the money figures read. */
const MONEY_KINDS: WalletEntryKind[] = [
  'topup',
  'refund',
  'refund_undo',
  'telegram_refund',
  'capture',
  'charge',
];

const starsSum = (column: Parameters<typeof sql>[1]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

export class DashboardRepository {
  constructor(private readonly engine: Engine) {}

  rowsSince(since: Date): Promise<DashboardRows> {
    const { orders, walletEntries, users } = this.engine.tables;
    return this.engine.transaction(async ({ db }) => {
      const orderRows = await db
        .select({
          userId: orders.userId,
          modelName: orders.modelName,
          status: orders.status,
          costUsd: orders.costUsd,
          createdAt: orders.createdAt,
          finishedAt: orders.finishedAt,
        })
        .from(orders)
        .where(and(eq(orders.stage, 'submitted'), gte(orders.createdAt, since)));
      const ledger = await db
        .select({
          userId: walletEntries.userId,
          kind: walletEntries.kind,
          stars: walletEntries.stars,
          modelName: orders.modelName,
          createdAt: walletEntries.createdAt,
        })
        .from(walletEntries)
        .leftJoin(orders, eq(orders.id, walletEntries.orderId))
        .where(and(inArray(walletEntries.kind, MONEY_KINDS), gte(walletEntries.createdAt, since)));
      const joined = await db.select({ at: users.createdAt }).from(users).where(gte(users.createdAt, since));
      return { orders: orderRows, ledger, joined: joined.map((j) => j.at) };
    });
  }

  /** Every wallet's balance summed (what customers can still spend). */
  async walletBalance(): Promise<number> {
    const { walletEntries } = this.engine.tables;
    const [row] = await this.engine.run((db) =>
      db.select({ balance: starsSum(walletEntries.delta) }).from(walletEntries),
    );
    return row?.balance ?? 0;
  }

  async names(
    userIds: readonly number[],
  ): Promise<Map<number, { firstName: string; username: string | null }>> {
    if (userIds.length === 0) return new Map();
    const { users } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db
        .select({ id: users.telegramId, firstName: users.firstName, username: users.username })
        .from(users)
        .where(inArray(users.telegramId, [...userIds])),
    );
    return new Map(rows.map((r) => [r.id, { firstName: r.firstName, username: r.username }]));
  }

  /** The newest promo codes. */
  async promoCodes(limit: number): Promise<PromoCodeRecord[]> {
    const { promoCodes } = this.engine.tables;
    return this.engine.run((db) =>
      db.select().from(promoCodes).orderBy(desc(promoCodes.createdAt), promoCodes.code).limit(limit),
    );
  }

  /** The newest broadcasts. */
  async broadcasts(limit: number): Promise<BroadcastRecord[]> {
    const { broadcasts } = this.engine.tables;
    return this.engine.run((db) => db.select().from(broadcasts).orderBy(desc(broadcasts.id)).limit(limit));
  }
}
