/**
 * Orders: every state change is one conditional UPDATE (`WHERE stage = ...` / `WHERE delivered_at IS
 * NULL`), so two presses, two processes or a restart can never both win the same transition.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  min,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  ACTIVE_ORDER_STATUSES,
  FINAL_ORDER_STATUSES,
  isFinalStatus,
  LOST_ORDER_CODE,
  stagesInto,
} from '../../domain/order-state.js';
import type { Order } from '../../reseller/schemas.js';
import { changed, type Engine, first, type Sql, type Tables, type Tx } from '../engine.js';
import type {
  DeliveredFile,
  DeliveryOutcome,
  NewOrder,
  OrderRecord,
  OrderStage,
  StoredError,
} from '../records.js';

export interface QuoteFields {
  quoteId: string | null;
  priceUsd: string;
  /** With BILLING=stars, what the customer pays for priceUsd; null otherwise. */
  priceStars: number | null;
  quoteExpiresAt: Date | null;
}

const ACTIVE_STATUSES = [...ACTIVE_ORDER_STATUSES];
// Each move's guard: the stages the domain lets a row leave for it (domain/order-state.ts).
const INTO_SUBMITTING = stagesInto('submitting');
const INTO_SUBMITTED = stagesInto('submitted');
const INTO_REJECTED = stagesInto('rejected');
const INTO_ABANDONED = stagesInto('abandoned');
const INTO_DRAFT = stagesInto('awaiting_confirmation');

function parseIsoDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** The columns an upstream Order fills in. */
function upstreamFields(order: Order) {
  return {
    status: order.status,
    costUsd: order.cost_usd,
    result: order.result,
    resultExpiresAt: parseIsoDate(order.expires_at),
    error: order.error ?? null,
  };
}

/** A status we do not know (read as processing, see readOrderStatus). */
const isUnknownStatus = (order: Order) => order.unknown_status !== undefined;

/** What an order cost (SQL): the amount upstream charged where it said, else the confirmed price. */
export function chargedUsd(orders: Tables['orders']) {
  return sql<string>`coalesce(${orders.costUsd}, ${orders.priceUsd})`;
}

export class OrdersRepository {
  readonly #engine: Engine;
  readonly #clock: () => number;
  /** The tracker reads one row per poll: prepared once. */
  readonly #findOne;

  constructor(engine: Engine, now: () => number = Date.now) {
    this.#engine = engine;
    this.#clock = now;
    const { orders } = engine.tables;
    this.#findOne = engine.db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare('orders_find');
  }

  #now(): Date {
    return new Date(this.#clock());
  }

  get #t() {
    return this.#engine.tables.orders;
  }

  #run<T>(work: (db: Sql) => Promise<T>): Promise<T> {
    return this.#engine.run(work);
  }

  /** A conditional update: how many rows it changed. */
  async #updateWhere(set: PgUpdateSetSource<Tables['orders']>, where: SQL | undefined): Promise<number> {
    const orders = this.#t;
    const rows = await this.#run((db) =>
      db.update(orders).set(set).where(where).returning({ id: orders.id }),
    );
    return changed(rows);
  }

  /** A conditional update of one row: true if this call changed it (the caller won the race). */
  async #updateOne(set: PgUpdateSetSource<Tables['orders']>, where: SQL | undefined): Promise<boolean> {
    return (await this.#updateWhere(set, where)) === 1;
  }

  /** Inserts a priced draft (`awaiting_confirmation`). */
  async insertDraft(values: NewOrder): Promise<OrderRecord> {
    const now = this.#now();
    const rows = await this.#run((db) =>
      db
        .insert(this.#t)
        .values({ ...values, stage: 'awaiting_confirmation', createdAt: now, updatedAt: now })
        .returning(),
    );
    return rows[0]!;
  }

  async find(id: string): Promise<OrderRecord | undefined> {
    return first(await this.#run(() => this.#findOne.execute({ id })));
  }

  /** The row only if it belongs to this chat (ownership check for callbacks). */
  async findForChat(id: string, chatId: number): Promise<OrderRecord | undefined> {
    const orders = this.#t;
    return first(
      await this.#run((db) =>
        db
          .select()
          .from(orders)
          .where(and(eq(orders.id, id), eq(orders.chatId, chatId))),
      ),
    );
  }

  /**
   * awaiting_confirmation -> submitting, only if the row still has this key. `alongside` runs in the
   * same transaction once the row moved (a wallet's hold): if it throws, nothing changed and the
   * error reaches the caller.
   */
  async beginSubmission(id: string, key: string, alongside?: (tx: Tx) => Promise<void>): Promise<boolean> {
    const orders = this.#t;
    return this.#engine.transaction(async (tx) => {
      const moved = await tx.db
        .update(orders)
        .set({ stage: 'submitting', updatedAt: this.#now() })
        .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key), inArray(orders.stage, INTO_SUBMITTING)))
        .returning({ id: orders.id });
      if (changed(moved) !== 1) return false;
      await alongside?.(tx);
      return true;
    });
  }

  /** Counts one POST /orders about to be sent with `key`. */
  async countSubmitAttempt(id: string, key: string): Promise<void> {
    const orders = this.#t;
    await this.#run((db) =>
      db
        .update(orders)
        .set({ submitAttempts: sql`${orders.submitAttempts} + 1`, updatedAt: this.#now() })
        .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key))),
    );
  }

  /** A transient failure: the row stays `submitting` with its key; the error is kept for display. */
  async notePendingError(id: string, key: string, error: StoredError): Promise<void> {
    const orders = this.#t;
    await this.#run((db) =>
      db
        .update(orders)
        .set({ submitError: error, updatedAt: this.#now() })
        .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key), eq(orders.stage, 'submitting'))),
    );
  }

  /**
   * Upstream said no order was created (business error, stale quote): back to `awaiting_confirmation`
   * with a NEW key, optionally with new quote fields. Conditional on the old key, so it applies once.
   * `alongside` runs in the same transaction once the row moved (the wallet frees the old key's hold):
   * the state change and its settlement commit together or not at all.
   */
  async reopen(
    id: string,
    oldKey: string,
    change: { newKey: string; submitError: StoredError | null; quote?: QuoteFields },
    alongside?: (tx: Tx) => Promise<void>,
  ): Promise<OrderRecord | undefined> {
    const orders = this.#t;
    return this.#engine.transaction(async (tx) => {
      const row = first(
        await tx.db
          .update(orders)
          .set({
            stage: 'awaiting_confirmation',
            idempotencyKey: change.newKey,
            submitError: change.submitError,
            ...change.quote,
            updatedAt: this.#now(),
          })
          .where(and(eq(orders.id, id), eq(orders.idempotencyKey, oldKey), inArray(orders.stage, INTO_DRAFT)))
          .returning(),
      );
      if (row) await alongside?.(tx);
      return row;
    });
  }

  /** Closes the row for good (see stage `rejected`); `alongside` as for reopen. */
  async markRejected(
    id: string,
    key: string,
    error: StoredError,
    alongside?: (tx: Tx) => Promise<void>,
  ): Promise<boolean> {
    const orders = this.#t;
    return this.#engine.transaction(async (tx) => {
      const moved = await tx.db
        .update(orders)
        .set({ stage: 'rejected', submitError: error, updatedAt: this.#now() })
        .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key), inArray(orders.stage, INTO_REJECTED)))
        .returning({ id: orders.id });
      if (changed(moved) !== 1) return false;
      await alongside?.(tx);
      return true;
    });
  }

  /** submitting -> submitted with the upstream order; false if another attempt recorded it first. */
  async markSubmitted(id: string, key: string, order: Order): Promise<boolean> {
    const orders = this.#t;
    const now = this.#now();
    return this.#updateOne(
      {
        stage: 'submitted',
        upstreamOrderId: order.id,
        ...upstreamFields(order),
        submitError: null,
        submittedAt: now,
        unknownStatusSince: isUnknownStatus(order) ? now : null,
        nextPollAt: now,
        finishedAt: isFinalStatus(order.status) ? now : null,
        updatedAt: now,
      },
      and(eq(orders.id, id), eq(orders.idempotencyKey, key), inArray(orders.stage, INTO_SUBMITTED)),
    );
  }

  /** awaiting_confirmation -> abandoned, for the owning chat only. */
  async abandonDraft(id: string, chatId: number): Promise<boolean> {
    const orders = this.#t;
    return this.#updateOne(
      { stage: 'abandoned', updatedAt: this.#now() },
      and(eq(orders.id, id), eq(orders.chatId, chatId), inArray(orders.stage, INTO_ABANDONED)),
    );
  }

  /** Housekeeping: drafts nobody confirmed before `cutoff` become abandoned. Returns how many. */
  async abandonDraftsOlderThan(cutoff: Date): Promise<number> {
    const orders = this.#t;
    return this.#updateWhere(
      { stage: 'abandoned', updatedAt: this.#now() },
      and(inArray(orders.stage, INTO_ABANDONED), lt(orders.updatedAt, cutoff)),
    );
  }

  /** Rows whose POST /orders may have been sent without a recorded answer (oldest first). */
  listSubmitting(): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) =>
      db.select().from(orders).where(eq(orders.stage, 'submitting')).orderBy(asc(orders.updatedAt)),
    );
  }

  /**
   * Applies a polled upstream order. A final status is never replaced by a non-final one (a stale
   * response), and `becameFinal` is true for exactly one call: the one that set `finished_at`;
   * `alongside` runs in that call's transaction (the wallet settles a failed or cancelled order).
   * A status we do not know sets `unknown_status_since` the first time it is seen (kept while it
   * stays unknown); a known one clears it and its report (see claimUnknownStatusReport).
   */
  async updateFromUpstream(
    id: string,
    order: Order,
    alongside?: (tx: Tx) => Promise<void>,
  ): Promise<{ row: OrderRecord; becameFinal: boolean }> {
    // Most polls find an active order unchanged: answer from one prepared read, without a write.
    const current = await this.find(id);
    if (
      current?.upstreamOrderId === order.id &&
      !isFinalStatus(order.status) &&
      current.status === order.status &&
      current.costUsd === order.cost_usd &&
      (current.unknownStatusSince !== null) === isUnknownStatus(order)
    ) {
      return { row: current, becameFinal: false };
    }
    const orders = this.#t;
    return this.#engine.transaction(async (tx) => {
      const { db } = tx;
      const now = this.#now();
      const final = isFinalStatus(order.status);
      const notRegressing = final
        ? undefined
        : or(isNull(orders.status), inArray(orders.status, ACTIVE_STATUSES));
      const unknown = isUnknownStatus(order);
      await db
        .update(orders)
        .set({
          ...upstreamFields(order),
          ...(final && { nextPollAt: null }),
          ...(!unknown && { unknownStatusSince: null, unknownStatusReportedAt: null }),
          updatedAt: now,
        })
        .where(and(eq(orders.id, id), eq(orders.upstreamOrderId, order.id), notRegressing));
      if (unknown) {
        // Since the first poll that saw it: a later unknown status (another word) keeps that time.
        await db
          .update(orders)
          .set({ unknownStatusSince: now })
          .where(
            and(
              eq(orders.id, id),
              eq(orders.upstreamOrderId, order.id),
              notRegressing,
              isNull(orders.unknownStatusSince),
            ),
          );
      }
      const becameFinal =
        final &&
        changed(
          await db
            .update(orders)
            .set({ finishedAt: now })
            .where(and(eq(orders.id, id), eq(orders.upstreamOrderId, order.id), isNull(orders.finishedAt)))
            .returning({ id: orders.id }),
        ) === 1;
      const row = first(await db.select().from(orders).where(eq(orders.id, id)));
      if (!row) throw new Error(`order ${id} not found`);
      if (row.upstreamOrderId !== order.id) {
        throw new Error(`order ${id} is upstream ${row.upstreamOrderId}, not ${order.id}`);
      }
      if (becameFinal) await alongside?.(tx);
      return { row, becameFinal };
    });
  }

  /** Submitted orders upstream still works on, soonest poll first; `dueAt` limits to those due by then. */
  listActive(opts: { dueAt?: Date; limit?: number } = {}): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) => {
      const query = db
        .select()
        .from(orders)
        .where(
          and(
            inArray(orders.status, ACTIVE_STATUSES),
            opts.dueAt ? or(isNull(orders.nextPollAt), lte(orders.nextPollAt, opts.dueAt)) : undefined,
          ),
        )
        .orderBy(asc(orders.nextPollAt));
      return opts.limit === undefined ? query : query.limit(opts.limit);
    });
  }

  /** The tracker's schedule: when to poll next and how many polls in a row failed. */
  async setNextPoll(id: string, nextPollAt: Date | null, pollFailures: number): Promise<void> {
    const orders = this.#t;
    await this.#run((db) =>
      db
        .update(orders)
        .set({ nextPollAt, pollFailures, pollOwner: null, updatedAt: this.#now() })
        .where(eq(orders.id, id)),
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
    const orders = this.#t;
    const unchanged = row.nextPollAt ? eq(orders.nextPollAt, row.nextPollAt) : isNull(orders.nextPollAt);
    return this.#updateOne({ nextPollAt: until, pollOwner: owner }, and(eq(orders.id, row.id), unchanged));
  }

  /**
   * Makes due at once the polls `owner` claimed and never finished: called by a process starting
   * under that owner, which has no poll running yet, so those claims are a dead predecessor's. The
   * row is due from its last schedule (`updated_at`), so its backoff starts again from the minimum.
   * Returns how many.
   */
  async releasePollClaimsOf(owner: string, now: Date): Promise<number> {
    const orders = this.#t;
    return this.#updateWhere(
      { nextPollAt: sql`${orders.updatedAt}`, pollOwner: null },
      // Only pollable rows can hold a claim: the condition also lets the status index narrow the scan.
      and(this.#pollable(), eq(orders.pollOwner, owner), gt(orders.nextPollAt, now)),
    );
  }

  /** Undoes claimPoll (a poll cut short by shutdown): the row is due again as it was. */
  async releasePoll(id: string, claimedUntil: Date, nextPollAt: Date | null): Promise<void> {
    const orders = this.#t;
    await this.#run((db) =>
      db
        .update(orders)
        .set({ nextPollAt, pollOwner: null })
        .where(and(eq(orders.id, id), eq(orders.nextPollAt, claimedUntil))),
    );
  }

  /** The Telegram message that shows this order's progress (edited by the tracker). */
  /** Telegram's ids of the result files that reached the chat (sharing, re-use as an input). */
  async setResultFiles(id: string, files: DeliveredFile[]): Promise<void> {
    const orders = this.#t;
    await this.#run((db) =>
      db.update(orders).set({ resultFiles: files, updatedAt: this.#now() }).where(eq(orders.id, id)),
    );
  }

  async setStatusMessageId(id: string, messageId: number | null): Promise<void> {
    const orders = this.#t;
    await this.#run((db) =>
      db.update(orders).set({ statusMessageId: messageId, updatedAt: this.#now() }).where(eq(orders.id, id)),
    );
  }

  /**
   * Claims delivery of the outcome: true for exactly one caller, false if it was already delivered.
   * For a completed order `outcome` records whether a result file reached the chat (see
   * DELIVERY_OUTCOMES): the wallet captures or releases from it.
   */
  async markDelivered(id: string, outcome: DeliveryOutcome | null = null): Promise<boolean> {
    const orders = this.#t;
    const now = this.#now();
    return this.#updateOne(
      { deliveredAt: now, deliveryOutcome: outcome, updatedAt: now },
      and(eq(orders.id, id), isNull(orders.deliveredAt)),
    );
  }

  /** A resend reached the chat after a delivery that reached nothing: true for the one call that says so. */
  async markResent(id: string): Promise<boolean> {
    const orders = this.#t;
    return this.#updateOne(
      { deliveryOutcome: 'sent', updatedAt: this.#now() },
      and(eq(orders.id, id), isNotNull(orders.deliveredAt), eq(orders.deliveryOutcome, 'none')),
    );
  }

  /**
   * Claims the right to deliver an order's outcome for `owner` (a process) for `leaseMs`: true if it
   * is undelivered and no other owner holds an unexpired claim (an owner renews its own). Replicas
   * sharing the database so never deliver the same outcome together; a claim of a process that died
   * lapses after the lease.
   */
  async claimDelivery(id: string, owner: string, leaseMs: number): Promise<boolean> {
    const orders = this.#t;
    const now = this.#now();
    return this.#updateOne(
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
    const orders = this.#t;
    await this.#updateWhere(
      { deliveryOwner: null, deliveryLeaseUntil: null },
      and(eq(orders.id, id), eq(orders.deliveryOwner, owner), isNull(orders.deliveredAt)),
    );
  }

  /** Final orders whose outcome was not yet delivered to the chat (e.g. a crash before delivery). */
  listUndelivered(): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) =>
      db
        .select()
        .from(orders)
        .where(and(inArray(orders.status, [...FINAL_ORDER_STATUSES]), isNull(orders.deliveredAt)))
        .orderBy(asc(orders.finishedAt)),
    );
  }

  /** Final (or lost) orders whose onFinalState hook has not completed (crash or hook failure). */
  listFinalUnhandled(): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) =>
      db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.stage, 'submitted'),
            or(inArray(orders.status, [...FINAL_ORDER_STATUSES]), this.#lost()),
            isNull(orders.finalHandledAt),
          ),
        )
        .orderBy(asc(orders.updatedAt)),
    );
  }

  async markFinalHandled(id: string): Promise<boolean> {
    const orders = this.#t;
    const now = this.#now();
    return this.#updateOne(
      { finalHandledAt: now, updatedAt: now },
      and(eq(orders.id, id), isNull(orders.finalHandledAt)),
    );
  }

  /** A chat's orders, newest first. By default only real (submitted) orders, not drafts. */
  /** The user's own results that reached their chat, newest first (what they may share). */
  listDeliveredResults(userId: number, opts: { limit: number }): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.status, 'completed'), isNotNull(orders.resultFiles)))
        .orderBy(desc(orders.finishedAt), desc(orders.id))
        .limit(opts.limit),
    );
  }

  listForChat(
    chatId: number,
    opts: { limit: number; offset?: number; stages?: readonly OrderStage[] },
  ): Promise<OrderRecord[]> {
    const orders = this.#t;
    const stages = opts.stages ?? ['submitted'];
    return this.#run((db) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.chatId, chatId), inArray(orders.stage, [...stages])))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(opts.limit)
        .offset(opts.offset ?? 0),
    );
  }

  /** Submitted orders upstream is working on, by status (for /metrics and /stats); lost ones excluded. */
  async countActive(): Promise<{ queued: number; processing: number }> {
    const orders = this.#t;
    const rows = await this.#run((db) =>
      db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(
          and(eq(orders.stage, 'submitted'), inArray(orders.status, ACTIVE_STATUSES), isNull(orders.lostAt)),
        )
        .groupBy(orders.status),
    );
    const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    return { queued: of('queued'), processing: of('processing') };
  }

  async countForChat(chatId: number, stages: readonly OrderStage[] = ['submitted']): Promise<number> {
    const orders = this.#t;
    const rows = await this.#run((db) =>
      db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.chatId, chatId), inArray(orders.stage, [...stages]))),
    );
    return first(rows)?.n ?? 0;
  }

  // ---------------------------------------------------------------- order tracker

  /** What the tracker may poll: active upstream, known upstream id, not marked lost (see markLost). */
  #pollable() {
    const orders = this.#t;
    return and(
      inArray(orders.status, ACTIVE_STATUSES),
      isNotNull(orders.upstreamOrderId),
      isNull(orders.lostAt),
    );
  }

  /** Pollable orders due by `dueAt` (`next_poll_at` null or earlier), soonest first; lost ones excluded. */
  listDue(opts: { dueAt: Date; limit: number }): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) =>
      db
        .select()
        .from(orders)
        .where(and(this.#pollable(), or(isNull(orders.nextPollAt), lte(orders.nextPollAt, opts.dueAt))))
        .orderBy(asc(orders.nextPollAt))
        .limit(opts.limit),
    );
  }

  /** The earliest `next_poll_at` strictly after `after` among pollable orders (the tracker's next wake-up). */
  async nextPollAfter(after: Date): Promise<Date | null> {
    const orders = this.#t;
    const rows = await this.#run((db) =>
      db
        .select({ at: min(orders.nextPollAt) })
        .from(orders)
        .where(and(this.#pollable(), gt(orders.nextPollAt, after))),
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
    const orders = this.#t;
    const now = this.#now();
    return this.#engine.transaction(async (tx) => {
      const row = first(
        await tx.db
          .update(orders)
          .set({ error: { code: LOST_ORDER_CODE, message }, lostAt: now, nextPollAt: null, updatedAt: now })
          .where(and(eq(orders.id, id), this.#pollable()))
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
    const orders = this.#t;
    const now = this.#now();
    return first(
      await this.#run((db) =>
        db
          .update(orders)
          .set({ unknownStatusReportedAt: now })
          .where(
            and(
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
    const orders = this.#t;
    return and(inArray(orders.status, ACTIVE_STATUSES), isNotNull(orders.lostAt));
  }

  /** Lost orders (see markLost) whose chat was not told yet (delivered_at null). */
  listLostUndelivered(): Promise<OrderRecord[]> {
    const orders = this.#t;
    return this.#run((db) =>
      db
        .select()
        .from(orders)
        .where(and(this.#lost(), isNull(orders.deliveredAt)))
        .orderBy(asc(orders.updatedAt)),
    );
  }
}
