/**
 * Orders, as the store's callers see them: the rows' life from draft to delivery (order-rows.ts)
 * and, here, the order tracker's side: poll schedule and claims, delivery claims, lost orders. Every
 * state change is one conditional UPDATE, so two processes can never both win the same transition.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, min, or, sql } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES, FINAL_ORDER_STATUSES, LOST_ORDER_CODE } from '../../domain/order-state.js';
import { first, type Tx } from '../engine.js';
import type { OrderRecord } from '../records.js';
import { OrderRows } from './order-rows.js';

const ACTIVE_STATUSES = [...ACTIVE_ORDER_STATUSES];

export * from './order-rows.js';

/** The order tracker's side of the orders table: poll schedule and claims, delivery claims, lost orders. */
export class OrdersRepository extends OrderRows {
  /** The tracker's schedule: when to poll next and how many polls in a row failed. */
  async setNextPoll(id: string, nextPollAt: Date | null, pollFailures: number): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ nextPollAt, pollFailures, pollOwner: null, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id))),
    );
  }

  /**
   * Claims the next poll of `row` for one process: moves its `next_poll_at` to `until` if it is still
   * what `row` says (compare-and-set; `updated_at` is left alone, the poll schedule reads it). False
   * when another process claimed or rescheduled it first. A process that dies mid-poll leaves the
   * row due again at `until`, or at once for its successor under the same `owner`
   * (releasePollClaimsOf).
   */
  async claimPoll(row: Pick<OrderRecord, 'id' | 'nextPollAt'>, until: Date, owner: string): Promise<boolean> {
    const orders = this.t;
    const unchanged = row.nextPollAt ? eq(orders.nextPollAt, row.nextPollAt) : isNull(orders.nextPollAt);
    return this.updateOne({ nextPollAt: until, pollOwner: owner }, and(eq(orders.id, row.id), unchanged));
  }

  /**
   * Makes due at once the polls `owner` claimed and never finished: called by a process starting
   * under that owner, which has no poll running yet, so those claims are a dead predecessor's. The
   * row is due from its last schedule (`updated_at`), so its backoff starts again from the minimum.
   * Returns how many.
   */
  async releasePollClaimsOf(owner: string, now: Date): Promise<number> {
    const orders = this.t;
    return this.updateWhere(
      { nextPollAt: sql`${orders.updatedAt}`, pollOwner: null },
      // Only pollable rows can hold a claim: the condition also lets the status index narrow the scan.
      and(this.#pollable(), eq(orders.pollOwner, owner), gt(orders.nextPollAt, now)),
    );
  }

  /** Undoes claimPoll (a poll cut short by shutdown): the row is due again as it was. */
  async releasePoll(id: string, claimedUntil: Date, nextPollAt: Date | null): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ nextPollAt, pollOwner: null })
        .where(this.mine(eq(orders.id, id), eq(orders.nextPollAt, claimedUntil))),
    );
  }

  /**
   * Claims the right to deliver an order's outcome for `owner` (a process) for `leaseMs`: true if it
   * is undelivered and no other owner holds an unexpired claim (an owner renews its own). Replicas
   * sharing the database so never deliver the same outcome together; a claim of a process that died
   * lapses after the lease.
   */
  async claimDelivery(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const orders = this.t;
    const now = this.nowDate();
    return this.updateOne(
      { deliveryOwner: owner, deliveryLeaseUntil: new Date(now.getTime() + leaseMs) },
      and(
        eq(orders.id, id),
        isNull(orders.deliveredAt),
        or(
          isNull(orders.deliveryLeaseUntil),
          lt(orders.deliveryLeaseUntil, now),
          eq(orders.deliveryOwner, owner),
        ),
      ),
    );
  }

  /** Hands `owner`'s delivery claim back (a delivery cut short by shutdown): another process may take it. */
  async releaseDelivery(id: string, owner: string): Promise<void> {
    const orders = this.t;
    await this.updateWhere(
      { deliveryOwner: null, deliveryLeaseUntil: null },
      and(eq(orders.id, id), eq(orders.deliveryOwner, owner), isNull(orders.deliveredAt)),
    );
  }

  /** Final orders whose outcome was not yet delivered to the chat (e.g. a crash before delivery). */
  listUndelivered(): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.mine(inArray(orders.status, [...FINAL_ORDER_STATUSES]), isNull(orders.deliveredAt)))
        .orderBy(asc(orders.finishedAt)),
    );
  }

  /** Final (or lost) orders whose onFinalState hook has not completed (crash or hook failure). */
  listFinalUnhandled(): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(
          this.mine(
            eq(orders.stage, 'submitted'),
            or(inArray(orders.status, [...FINAL_ORDER_STATUSES]), this.#lost()),
            isNull(orders.finalHandledAt),
          ),
        )
        .orderBy(asc(orders.updatedAt)),
    );
  }

  async markFinalHandled(id: string): Promise<boolean> {
    const orders = this.t;
    const now = this.nowDate();
    return this.updateOne(
      { finalHandledAt: now, updatedAt: now },
      and(eq(orders.id, id), isNull(orders.finalHandledAt)),
    );
  }

  // ---------------------------------------------------------------- order tracker

  /** What the tracker may poll: active upstream, known upstream id, not marked lost (see markLost). */
  #pollable() {
    const orders = this.t;
    return and(
      inArray(orders.status, ACTIVE_STATUSES),
      isNotNull(orders.upstreamOrderId),
      isNull(orders.lostAt),
    );
  }

  /** Pollable orders due by `dueAt` (`next_poll_at` null or earlier), soonest first; lost ones excluded. */
  listDue(opts: { dueAt: Date; limit: number }): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.mine(this.#pollable(), or(isNull(orders.nextPollAt), lte(orders.nextPollAt, opts.dueAt))))
        .orderBy(asc(orders.nextPollAt))
        .limit(opts.limit),
    );
  }

  /** The earliest `next_poll_at` strictly after `after` among pollable orders (the tracker's next wake-up). */
  async nextPollAfter(after: Date): Promise<Date | null> {
    const orders = this.t;
    const rows = await this.run((db) =>
      db
        .select({ at: min(orders.nextPollAt) })
        .from(orders)
        .where(this.mine(this.#pollable(), gt(orders.nextPollAt, after))),
    );
    return first(rows)?.at ?? null;
  }

  /**
   * Upstream answered order_not_found: the status stays as last seen, error records the code, lost_at
   * is set and polling stops. Returns the row if this call marked it (once), undefined otherwise.
   */
  async markLost(
    id: string,
    message = 'upstream does not know this order',
    alongside?: (tx: Tx) => Promise<void>,
  ): Promise<OrderRecord | undefined> {
    const orders = this.t;
    const now = this.nowDate();
    return this.engine.transaction(async (tx) => {
      const row = first(
        await tx.db
          .update(orders)
          .set({ error: { code: LOST_ORDER_CODE, message }, lostAt: now, nextPollAt: null, updatedAt: now })
          .where(this.mine(eq(orders.id, id), this.#pollable()))
          .returning(),
      );
      if (row) await alongside?.(tx);
      return row;
    });
  }

  /**
   * Claims the one admin report of an order upstream has reported in a status we do not know since
   * `since` or earlier: sets `unknown_status_reported_at` in one conditional UPDATE, so exactly one
   * caller wins, across processes and restarts. From then on the order no longer counts against the
   * customer's active-order limit (StatsRepository.activeOrdersOf). Returns the row if this call
   * claimed it; undefined if it was reported already, is known again, final or lost.
   */
  async claimUnknownStatusReport(id: string, since: Date): Promise<OrderRecord | undefined> {
    const orders = this.t;
    const now = this.nowDate();
    return first(
      await this.run((db) =>
        db
          .update(orders)
          .set({ unknownStatusReportedAt: now })
          .where(
            this.mine(
              eq(orders.id, id),
              this.#pollable(),
              lte(orders.unknownStatusSince, since),
              isNull(orders.unknownStatusReportedAt),
            ),
          )
          .returning(),
      ),
    );
  }

  /** Same as find: kept for the tracker's call sites, which read one row per poll. */
  findFresh(id: string): Promise<OrderRecord | undefined> {
    return this.find(id);
  }

  /** Marked lost (see markLost): still active by its last status, but upstream does not know it. */
  #lost() {
    const orders = this.t;
    return and(inArray(orders.status, ACTIVE_STATUSES), isNotNull(orders.lostAt));
  }

  /** Lost orders (see markLost) whose chat was not told yet (delivered_at null). */
  listLostUndelivered(): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.mine(this.#lost(), isNull(orders.deliveredAt)))
        .orderBy(asc(orders.updatedAt)),
    );
  }
}
