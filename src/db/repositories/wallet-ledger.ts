/**
 * The Stars wallet's ledger: entries, balances, holds and their settlement (the top-ups, refunds and
 * reports built on it are in wallet.ts). The ledger is append-only and every entry has a unique
 * key, so replaying any event (a redelivered payment, a hook run again after a crash) books nothing
 * new. Spending steps (hold, refund) check the balance inside an IMMEDIATE transaction: two
 * confirmations can never spend the same Stars, even from two processes: on SQLite the transaction
 * is IMMEDIATE (one writer), on PostgreSQL it first takes the user's wallet lock (Tx.lock).
 */
import { and, desc, eq, inArray, lte, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { subscriptionKeys } from '../../domain/subscription.js';
import { type LedgerLine, replayWallet, type WalletPools } from '../../domain/subscription-ledger.js';
import { type HoldFacts, type HoldVerdict, InsufficientStarsError, ledgerKeys } from '../../domain/wallet.js';
import { type BotScope, MAIN_BOT_ID } from '../bot-scope.js';
import { changed, type Engine, first, type Sql, type Tx, within } from '../engine.js';
import type { StarTopupRecord, WalletEntryKind, WalletEntryRecord } from '../records.js';

export interface NewWalletEntry {
  key: string;
  userId: number;
  kind: WalletEntryKind;
  delta: number;
  stars: number;
  orderId?: string | null;
  chargeId?: string | null;
  actorId?: number | null;
  note?: string | null;
}

/** A referrer's reward booked with a referee's capture or late charge. */
export interface ReferralCredit {
  referrerId: number;
  stars: number;
}

/**
 * A capture or late charge booked now, inside its transaction: `key` is its ledger key, `fundedBy`
 * the spending entry whose pools paid it (the hold for a capture, the charge itself).
 */
export interface SpendBooked {
  userId: number;
  orderId: string;
  key: string;
  fundedBy: string;
}

/** A reward booked now: its ledger key and the referrer's balance after it (for their notice). */
export interface RewardBooked extends ReferralCredit {
  key: string;
  balance: number;
}

/** Books the referral reward of a capture or late charge booked now, in its own transaction. */
export type RewardSpend = (tx: Tx, spend: SpendBooked) => Promise<RewardBooked | undefined>;

/**
 * A refund booked now, inside its transaction, that took `spent` paid Stars the customer no longer
 * had (they were spent): `refundKey` is the refund's ledger key.
 */
export interface SpendRefunded {
  userId: number;
  refundKey: string;
  spent: number;
}

/** Takes back, in the refund's transaction, the referral rewards earned on spending a refund undid. */
export type RewardClawback = (tx: Tx, refunded: SpendRefunded) => Promise<ReferralCredit | undefined>;

export type CreditOutcome =
  /** Booked now; `topup` is the invoice row it paid (absent for a payload we do not know). */
  | { kind: 'credited'; topup: StarTopupRecord | undefined; balance: number }
  /** This charge was booked before (a redelivered update). */
  | { kind: 'duplicate'; topup: StarTopupRecord | undefined; balance: number };

export type RefundStart =
  | { kind: 'started'; topup: StarTopupRecord; attempt: number }
  | { kind: 'unknown' }
  | { kind: 'already_refunded'; topup: StarTopupRecord }
  /** The customer spent part of these Stars (`refundable` of them are left; granted ones never count). */
  | { kind: 'spent'; topup: StarTopupRecord; balance: number; refundable: number };

export interface WalletTotals {
  /** Bought with top-ups, minus what was refunded. */
  paidStars: number;
  refundedStars: number;
  /** Spent on completed orders. */
  capturedStars: number;
  /** Held by orders still running. */
  heldStars: number;
  grantedStars: number;
  welcomeStars: number;
  /** Granted by promo codes. */
  promoStars: number;
  /** Referral rewards, net of those taken back with a refunded top-up. */
  referralStars: number;
}

const { hold: holdKey, settle: settleKey, charge: chargeKey } = ledgerKeys;

export { holdKey, InsufficientStarsError };

/**
 * A ledger key in SQL, built by the same ledgerKeys function as in TypeScript: each part is a column
 * or an expression, the text between them the function's own (`'settle:' || key`).
 */
function keySql(build: (...parts: string[]) => string, ...parts: SQLWrapper[]): SQL {
  const mark = '\u0001';
  const pieces = build(...parts.map((_, i) => `${mark}${i}${mark}`)).split(mark);
  // Even pieces are the function's text, odd ones the index of a part.
  const chunks = pieces.flatMap((piece, i) => {
    if (i % 2 === 1) return [sql`${parts[Number(piece)]}`];
    return piece === '' ? [] : [sql.raw(`'${piece.replaceAll("'", "''")}'`)];
  });
  return sql`(${sql.join(chunks, sql` || `)})`;
}

export type { HoldVerdict };
/** What one hold of an order should become (domain/wallet.ts `holdVerdict`). */
export type HoldRule = (order: HoldFacts, holdKey: string) => HoldVerdict;

/** Stars one settleOrder moved: captured (spent), released (returned), charged (spent after a release). */
export interface Settled {
  captured: number;
  released: number;
  charged: number;
  /** Referral rewards booked with the captures and charges (told only once this commits). */
  rewards: RewardBooked[];
}

/** The lock that serialises everything that checks a user's balance before spending it. */
export const walletLock = (scope: BotScope, userId: number) =>
  // The main bot keeps the key it had before there were more bots: replicas of the old and the new
  // version, side by side during an upgrade, still serialise on the same wallets.
  scope.botId === MAIN_BOT_ID ? `wallet:${userId}` : `wallet:${scope.botId}:${userId}`;

/** Stars as a number on both engines (PostgreSQL's sum() is a bigint, which arrives as a string). */
export const starsSum = (column: Parameters<typeof sql>[1]) =>
  sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/**
 * The paid part of a balance, replaying the ledger in order (domain/subscription-ledger.ts): top-ups
 * fill the paid pool, grants and the welcome bonus and promo codes the granted one, a subscription
 * period its own allowance; a hold or a late charge takes allowance first, then granted Stars, and
 * its release gives each pool back what it took; refunds take paid Stars only.
 */
export function paidPart(entries: readonly LedgerLine[]): number {
  return replayWallet(entries).paid;
}

export class WalletLedger {
  constructor(
    protected readonly engine: Engine,
    readonly scope: BotScope,
    protected readonly now: () => number = Date.now,
  ) {}

  protected get t() {
    return this.engine.tables;
  }

  /** Books `entry` unless its key was booked before; true if booked now. */
  async book(entry: NewWalletEntry, tx?: Tx): Promise<boolean> {
    const { walletEntries } = this.t;
    const rows = await within(this.engine, tx, (db) =>
      db
        .insert(walletEntries)
        .values(this.scope.row({ ...entry, createdAt: new Date(this.now()) }))
        .onConflictDoNothing({ target: [walletEntries.botId, walletEntries.key] })
        .returning({ id: walletEntries.id }),
    );
    return changed(rows) === 1;
  }

  async balance(userId: number, tx?: Tx): Promise<number> {
    return within(this.engine, tx, (db) => this.balanceIn(db, userId));
  }

  protected async balanceIn(db: Sql, userId: number): Promise<number> {
    const { walletEntries } = this.t;
    const [row] = await db
      .select({ sum: starsSum(walletEntries.delta) })
      .from(walletEntries)
      .where(this.scope.where(walletEntries, eq(walletEntries.userId, userId)));
    return row?.sum ?? 0;
  }

  /**
   * The paid part of the balance: what is left of the user's top-ups. Spending (holds, charges) takes
   * granted Stars (grants, the welcome bonus) first; refunds take paid Stars only. So the paid part is
   * the balance minus the granted Stars still unspent, and granted Stars are never refundable.
   */
  async paidBalance(userId: number, tx?: Tx): Promise<number> {
    return within(this.engine, tx, (db) => this.paidBalanceIn(db, userId));
  }

  protected async paidBalanceIn(db: Sql, userId: number): Promise<number> {
    return (await this.#pools(db, userId)).paid;
  }

  /** Every pool of the user's Stars (paid, granted, each period's allowance), from the ledger. */
  async pools(userId: number, tx?: Tx): Promise<WalletPools> {
    return within(this.engine, tx, (db) => this.#pools(db, userId));
  }

  async #pools(db: Sql, userId: number): Promise<WalletPools> {
    const { walletEntries } = this.t;
    const entries = await db
      .select({
        kind: walletEntries.kind,
        key: walletEntries.key,
        stars: walletEntries.stars,
        delta: walletEntries.delta,
        chargeId: walletEntries.chargeId,
      })
      .from(walletEntries)
      .where(this.scope.where(walletEntries, eq(walletEntries.userId, userId)))
      .orderBy(walletEntries.id);
    return replayWallet(entries);
  }

  /**
   * Expires the allowance of the user's subscription periods that have ended (by this store's
   * clock; a refunded period ends at its refund), inside `tx` under the user's wallet lock: the
   * unspent rest leaves the balance under `sub_expire:<charge>` (booked even at 0: it closes the
   * period, so later holds skip it without replaying the ledger). `all`: also the parts a release gave
   * back to a period already closed (`sub_expire:<charge>:<n>`). Returns the Stars expired now.
   */
  async expireAllowances(tx: Tx, userId: number, all = false): Promise<number> {
    const { subscriptionPeriods: p, walletEntries: w } = this.t;
    // The period's own bot: its expiry entry is in the same bot's ledger.
    const open = sql`not exists (select 1 from ${w} x where x.bot_id = ${p.botId} and x.key = 'sub_expire:' || ${p.chargeId})`;
    const ended = await tx.db
      .select({ chargeId: p.chargeId })
      .from(p)
      .where(
        this.scope.where(
          p,
          eq(p.userId, userId),
          lte(p.endsAt, new Date(this.now())),
          all ? undefined : open,
        ),
      );
    if (ended.length === 0) return 0;
    const pools = await this.#pools(tx.db, userId);
    let expired = 0;
    for (const { chargeId } of ended) {
      const pool = pools.allowance.find((a) => a.chargeId === chargeId);
      const left = Math.max(pool?.left ?? 0, 0);
      const expiries = pool?.expiries ?? 0;
      if (expiries > 0 && left === 0) continue;
      const booked = await this.book(
        {
          key: subscriptionKeys.expire(chargeId, expiries + 1),
          userId,
          kind: 'allowance_expire',
          delta: -left,
          stars: left,
          chargeId,
        },
        tx,
      );
      if (booked) expired += left;
    }
    return expired;
  }

  /** expireAllowances in a transaction of its own (the periodic job, a balance shown). */
  async expireAllowancesNow(userId: number): Promise<number> {
    // Most customers never subscribed: one read, no write transaction (SQLite's is exclusive).
    const { subscriptionPeriods: p } = this.t;
    const ended = await this.engine.run((db) =>
      db
        .select({ chargeId: p.chargeId })
        .from(p)
        .where(this.scope.where(p, eq(p.userId, userId), lte(p.endsAt, new Date(this.now()))))
        .limit(1),
    );
    if (ended.length === 0) return 0;
    return this.engine.transaction(async (tx) => {
      await tx.lock(walletLock(this.scope, userId));
      return this.expireAllowances(tx, userId, true);
    });
  }

  /** The latest entries that moved the balance, newest first. */
  history(userId: number, limit: number): Promise<WalletEntryRecord[]> {
    const { walletEntries } = this.t;
    return this.engine.run((db) =>
      db
        .select()
        .from(walletEntries)
        .where(this.scope.where(walletEntries, eq(walletEntries.userId, userId), ne(walletEntries.delta, 0)))
        .orderBy(desc(walletEntries.id))
        .limit(limit),
    );
  }

  /**
   * Holds `stars` for an order submission, inside the caller's transaction (the one that moves the
   * draft to `submitting`). Throws InsufficientStarsError, which rolls that transaction back.
   */
  async hold(
    tx: Tx,
    order: { userId: number; orderId: string; idempotencyKey: string; stars: number },
  ): Promise<void> {
    const { walletEntries } = this.t;
    await tx.lock(walletLock(this.scope, order.userId));
    const key = holdKey(order.orderId, order.idempotencyKey);
    const existing = await tx.db
      .select({ id: walletEntries.id })
      .from(walletEntries)
      .where(this.scope.where(walletEntries, eq(walletEntries.key, key)));
    if (existing.length > 0) return;
    // An ended period's allowance is never spent: it expires first, under the same lock.
    await this.expireAllowances(tx, order.userId);
    const balance = await this.balanceIn(tx.db, order.userId);
    if (balance < order.stars) throw new InsufficientStarsError(order.stars, balance);
    await this.book(
      {
        key,
        userId: order.userId,
        kind: 'hold',
        delta: -order.stars,
        stars: order.stars,
        orderId: order.orderId,
      },
      tx,
    );
  }

  /**
   * Settles the order's holds from the order as it is now, in one transaction under the user's
   * wallet lock (or the caller's transaction: the state change that decided it). `decide` says what
   * each hold should become; a hold still open is captured or released once (its settle key); a
   * hold already released whose order turns out delivered after all (a resend that reached the
   * chat) is charged once (`charge:<hold key>`). Safe to run any number of times, from any process.
   */
  settleOrder(orderId: string, decide: HoldRule, tx?: Tx, reward?: RewardSpend): Promise<Settled> {
    const work = async (t: Tx): Promise<Settled> => {
      const { orders } = this.t;
      const owner = first(
        await t.db
          .select({ userId: orders.userId })
          .from(orders)
          .where(this.scope.where(orders, eq(orders.id, orderId))),
      );
      const done: Settled = { captured: 0, released: 0, charged: 0, rewards: [] };
      if (!owner) return done;
      await t.lock(walletLock(this.scope, owner.userId));
      // A late charge never takes an ended period's allowance: it expires first.
      await this.expireAllowances(t, owner.userId);
      // Read under the lock: what decides is the row as the last writer left it.
      const order = first(
        await t.db
          .select()
          .from(orders)
          .where(this.scope.where(orders, eq(orders.id, orderId))),
      )!;
      const entries = await this.#entriesOf(t.db, orderId);
      const byKey = new Map(entries.map((e) => [e.key, e]));
      for (const hold of entries.filter((e) => e.kind === 'hold')) {
        const verdict = decide(order, hold.key);
        if (verdict === 'keep') continue;
        const settlement = byKey.get(settleKey(hold.key));
        if (!settlement) {
          const booked = await this.book(
            {
              key: settleKey(hold.key),
              userId: hold.userId,
              kind: verdict,
              delta: verdict === 'release' ? hold.stars : 0,
              stars: hold.stars,
              orderId,
            },
            t,
          );
          if (booked) done[verdict === 'capture' ? 'captured' : 'released'] += hold.stars;
          // The referrer earns on the paid Stars spent on a delivered result, with the capture or not at all.
          if (booked && verdict === 'capture' && reward) {
            const spend = { userId: hold.userId, orderId, key: settleKey(hold.key), fundedBy: hold.key };
            const earned = await reward(t, spend);
            if (earned) done.rewards.push(earned);
          }
          continue;
        }
        if (verdict === 'capture' && settlement.kind === 'release') {
          const booked = await this.book(
            {
              key: chargeKey(hold.key),
              userId: hold.userId,
              kind: 'charge',
              delta: -hold.stars,
              stars: hold.stars,
              orderId,
            },
            t,
          );
          if (booked) done.charged += hold.stars;
          if (booked && reward) {
            const key = chargeKey(hold.key);
            const earned = await reward(t, { userId: hold.userId, orderId, key, fundedBy: key });
            if (earned) done.rewards.push(earned);
          }
        }
      }
      // A release gives allowance back to the period it came from: if that period has ended, it expires.
      if (done.released > 0) await this.expireAllowances(t, owner.userId, true);
      return done;
    };
    return tx ? work(tx) : this.engine.transaction(work);
  }

  /**
   * Orders whose money may not be where their state says (the sweep settles each with settleOrder):
   * an open hold that is not the live submission of an order still in flight, or a delivered order
   * whose live hold was released and never charged. In-flight orders are left out here, so a sweep over
   * thousands of active orders reads only the few that need it.
   */
  async ordersToSettle(limit = 500): Promise<string[]> {
    const { walletEntries: w, orders: o } = this.t;
    // The SQL form of holdVerdict (domain/wallet.ts), its keys built by ledgerKeys' own functions.
    const liveKey = keySql(holdKey, o.id, o.idempotencyKey);
    const kept = sql`${w.key} = ${liveKey} and (${o.stage} = 'submitting'
      or (${o.stage} = 'submitted' and ${o.lostAt} is null and (${o.status} is null
        or (${o.status} not in ('failed', 'cancelled') and (${o.status} <> 'completed' or ${o.deliveredAt} is null)))))`;
    const captured = sql`${o.stage} = 'submitted' and ${o.lostAt} is null and ${o.status} = 'completed'
      and ${o.deliveredAt} is not null and ${o.deliveryOutcome} = 'sent'`;
    // Every key is unique within its bot: a settlement or a charge counts in the hold's own bot only.
    const settled = sql`exists (select 1 from ${w} s where s.bot_id = ${w.botId} and s.key = ${keySql(settleKey, w.key)})`;
    const ownOrder = and(eq(o.botId, w.botId), eq(o.id, w.orderId));
    const openHolds = await this.engine.run((db) =>
      db
        .selectDistinct({ orderId: o.id })
        .from(w)
        .innerJoin(o, ownOrder)
        .where(this.scope.where(w, eq(w.kind, 'hold'), sql`not ${settled}`, sql`not (${kept})`))
        .limit(limit),
    );
    const charged = sql`exists (select 1 from ${w} c where c.bot_id = ${w.botId} and c.key = ${keySql(chargeKey, liveKey)})`;
    const unpaid = await this.engine.run((db) =>
      db
        .selectDistinct({ orderId: o.id })
        .from(w)
        .innerJoin(o, ownOrder)
        .where(
          this.scope.where(
            w,
            eq(w.kind, 'release'),
            sql`${w.key} = ${keySql(settleKey, liveKey)}`,
            sql`${captured}`,
            sql`not ${charged}`,
          ),
        )
        .limit(limit),
    );
    return [...new Set([...openHolds, ...unpaid].map((r) => r.orderId))];
  }

  /** What the order's settlements moved: Stars captured (spent, a late charge included) and released (returned). */
  async settlementsOf(orderId: string): Promise<{ captured: number; released: number }> {
    const { walletEntries } = this.t;
    const rows = await this.engine.run((db) =>
      db
        .select({ kind: walletEntries.kind, stars: starsSum(walletEntries.stars) })
        .from(walletEntries)
        .where(
          this.scope.where(
            walletEntries,
            eq(walletEntries.orderId, orderId),
            inArray(walletEntries.kind, ['capture', 'release', 'charge']),
          ),
        )
        .groupBy(walletEntries.kind),
    );
    const of = (kind: string) => rows.find((r) => r.kind === kind)?.stars ?? 0;
    return { captured: of('capture') + of('charge'), released: of('release') };
  }

  #entriesOf(db: Sql, orderId: string): Promise<WalletEntryRecord[]> {
    const { walletEntries } = this.t;
    return db
      .select()
      .from(walletEntries)
      .where(this.scope.where(walletEntries, eq(walletEntries.orderId, orderId)));
  }
}
