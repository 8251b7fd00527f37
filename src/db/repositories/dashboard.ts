/**
 * The raw rows behind the admin Mini App's figures (services/admin/dashboard.ts buckets them by day
 * and sums the money exactly). Orders count the way /stats counts them: placed upstream (stage
 * `submitted`), by the time they were created; read in one transaction so the figures agree.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { type Funding, replayWallet } from '../../domain/subscription-ledger.js';
import type { BotScope } from '../bot-scope.js';
import type { Engine, Sql } from '../engine.js';
import type { BroadcastRecord, PromoCodeRecord, WalletEntryKind } from '../records.js';

export interface DashboardOrderRow {
  id: string;
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
  orderId: string | null;
  /** What paid for a capture or charge (paid, granted, allowance Stars), from the user's whole ledger. */
  funding: Funding | null;
  createdAt: Date;
}

export interface DashboardRows {
  orders: DashboardOrderRow[];
  /** Top-ups, refunds, captures and charges since the start. */
  ledger: DashboardLedgerRow[];
  /** When each user who joined since the start joined. */
  joined: Date[];
  /** Subscription periods paid since the start and not refunded: their Stars and when. */
  subscriptions: Array<{ stars: number; at: Date }>;
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
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
  ) {}

  rowsSince(since: Date): Promise<DashboardRows> {
    const { orders, walletEntries, users, subscriptionPeriods: periods } = this.engine.tables;
    return this.engine.transaction(async ({ db }) => {
      const orderRows = await db
        .select({
          id: orders.id,
          userId: orders.userId,
          modelName: orders.modelName,
          status: orders.status,
          costUsd: orders.costUsd,
          createdAt: orders.createdAt,
          finishedAt: orders.finishedAt,
        })
        .from(orders)
        .where(this.scope.where(orders, eq(orders.stage, 'submitted'), gte(orders.createdAt, since)));
      const ledger = await db
        .select({
          userId: walletEntries.userId,
          kind: walletEntries.kind,
          stars: walletEntries.stars,
          modelName: orders.modelName,
          orderId: walletEntries.orderId,
          key: walletEntries.key,
          createdAt: walletEntries.createdAt,
        })
        .from(walletEntries)
        // An order id is unique on its own, but an entry names an order of its own bot.
        .leftJoin(orders, and(eq(orders.botId, walletEntries.botId), eq(orders.id, walletEntries.orderId)))
        .where(
          this.scope.where(
            walletEntries,
            inArray(walletEntries.kind, MONEY_KINDS),
            gte(walletEntries.createdAt, since),
          ),
        );
      const funding = await this.#funding(
        db,
        ledger.filter((e) => e.kind === 'capture' || e.kind === 'charge'),
      );
      const joined = await db
        .select({ at: users.createdAt })
        .from(users)
        .where(this.scope.where(users, gte(users.createdAt, since)));
      const subscriptions = await db
        .select({ stars: periods.stars, at: periods.startsAt })
        .from(periods)
        .where(this.scope.where(periods, eq(periods.status, 'paid'), gte(periods.startsAt, since)));
      return {
        orders: orderRows,
        ledger: ledger.map(({ key, ...e }) => ({ ...e, funding: funding.get(key) ?? null })),
        joined: joined.map((j) => j.at),
        subscriptions,
      };
    });
  }

  /**
   * What paid for each capture and charge (by its key), replaying each spender's whole ledger the way
   * the wallet does (domain/subscription-ledger.ts): a capture spends what its hold took.
   */
  async #funding(
    db: Sql,
    spends: ReadonlyArray<{ userId: number; key: string; orderId: string | null }>,
  ): Promise<Map<string, Funding>> {
    const out = new Map<string, Funding>();
    const userIds = [...new Set(spends.map((s) => s.userId))];
    if (userIds.length === 0) return out;
    const { walletEntries: w } = this.engine.tables;
    const lines = await db
      .select({
        userId: w.userId,
        kind: w.kind,
        key: w.key,
        stars: w.stars,
        delta: w.delta,
        chargeId: w.chargeId,
        orderId: w.orderId,
      })
      .from(w)
      .where(this.scope.where(w, inArray(w.userId, userIds)))
      .orderBy(asc(w.id));
    const byUser = new Map<number, typeof lines>();
    const holdOf = new Map<string, string>();
    for (const line of lines) {
      const list = byUser.get(line.userId) ?? [];
      list.push(line);
      byUser.set(line.userId, list);
      if (line.kind === 'hold' && line.orderId) holdOf.set(line.orderId, line.key);
    }
    const replayed = new Map([...byUser].map(([userId, list]) => [userId, replayWallet(list).funded]));
    for (const spend of spends) {
      const funded = replayed.get(spend.userId);
      // A capture is `settle:<hold key>`; an entry written otherwise spends its order's last hold.
      const holdKey = spend.key.startsWith('settle:')
        ? spend.key.slice('settle:'.length)
        : (spend.orderId && holdOf.get(spend.orderId)) || spend.key;
      const found = funded?.get(spend.key) ?? funded?.get(holdKey);
      if (found) out.set(spend.key, found);
    }
    return out;
  }

  /** Every wallet's balance summed (what customers can still spend). */
  async walletBalance(): Promise<number> {
    const { walletEntries } = this.engine.tables;
    const [row] = await this.engine.run((db) =>
      db
        .select({ balance: starsSum(walletEntries.delta) })
        .from(walletEntries)
        .where(this.scope.where(walletEntries)),
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
        .where(this.scope.where(users, inArray(users.telegramId, [...userIds]))),
    );
    return new Map(rows.map((r) => [r.id, { firstName: r.firstName, username: r.username }]));
  }

  /** The newest promo codes. */
  async promoCodes(limit: number): Promise<PromoCodeRecord[]> {
    const { promoCodes } = this.engine.tables;
    return this.engine.run((db) =>
      db
        .select()
        .from(promoCodes)
        .where(this.scope.where(promoCodes))
        .orderBy(desc(promoCodes.createdAt), promoCodes.code)
        .limit(limit),
    );
  }

  /** The newest broadcasts. */
  async broadcasts(limit: number): Promise<BroadcastRecord[]> {
    const { broadcasts } = this.engine.tables;
    return this.engine.run((db) =>
      db
        .select()
        .from(broadcasts)
        .where(this.scope.where(broadcasts))
        .orderBy(desc(broadcasts.id))
        .limit(limit),
    );
  }
}
