/**
 * Orders: every state change is one conditional UPDATE (`WHERE stage = ...` / `WHERE delivered_at IS
 * NULL`), so two presses, two processes or a restart can never both win the same transition.
 */
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  ACTIVE_ORDER_STATUSES,
  FINAL_ORDER_STATUSES,
  isFinalStatus,
  LOST_ORDER_CODE,
} from '../../domain/order-state.js';
import type { Order } from '../../reseller/schemas.js';
import type { Db, DbExecutor } from '../client.js';
import {
  type NewOrderRow,
  type OrderRow,
  type OrderStage,
  orders,
  type StoredError,
} from '../schema/orders.js';

export type NewOrder = Omit<NewOrderRow, 'createdAt' | 'updatedAt' | 'stage'>;

export interface QuoteFields {
  quoteId: string | null;
  priceUsd: string;
  /** With BILLING=stars, what the customer pays for priceUsd; null otherwise. */
  priceStars: number | null;
  quoteExpiresAt: Date | null;
}

const ACTIVE_STATUSES = [...ACTIVE_ORDER_STATUSES];

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

export class OrdersRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  #now(): Date {
    return new Date(this.now());
  }

  /** Inserts a priced draft (`awaiting_confirmation`). */
  insertDraft(values: NewOrder): OrderRow {
    const now = this.#now();
    return this.db
      .insert(orders)
      .values({ ...values, stage: 'awaiting_confirmation', createdAt: now, updatedAt: now })
      .returning()
      .get();
  }

  find(id: string): OrderRow | undefined {
    return this.db.select().from(orders).where(eq(orders.id, id)).get();
  }

  /** The row only if it belongs to this chat (ownership check for callbacks). */
  findForChat(id: string, chatId: number): OrderRow | undefined {
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.chatId, chatId)))
      .get();
  }

  /**
   * awaiting_confirmation -> submitting, only if the row still has this key. `alongside` runs in the
   * same IMMEDIATE transaction once the row moved (a wallet's hold): if it throws, nothing changed
   * and the error reaches the caller.
   */
  beginSubmission(id: string, key: string, alongside?: (tx: DbExecutor) => void): boolean {
    return this.db.transaction(
      (tx) => {
        const moved =
          tx
            .update(orders)
            .set({ stage: 'submitting', updatedAt: this.#now() })
            .where(
              and(
                eq(orders.id, id),
                eq(orders.idempotencyKey, key),
                eq(orders.stage, 'awaiting_confirmation'),
              ),
            )
            .run().changes === 1;
        if (moved) alongside?.(tx);
        return moved;
      },
      { behavior: 'immediate' },
    );
  }

  /** Counts one POST /orders about to be sent with `key`. */
  countSubmitAttempt(id: string, key: string): void {
    this.db
      .update(orders)
      .set({ submitAttempts: sql`${orders.submitAttempts} + 1`, updatedAt: this.#now() })
      .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key)))
      .run();
  }

  /** A transient failure: the row stays `submitting` with its key; the error is kept for display. */
  notePendingError(id: string, key: string, error: StoredError): void {
    this.db
      .update(orders)
      .set({ submitError: error, updatedAt: this.#now() })
      .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key), eq(orders.stage, 'submitting')))
      .run();
  }

  /**
   * Upstream said no order was created (business error, stale quote): back to `awaiting_confirmation`
   * with a NEW key, optionally with new quote fields. Conditional on the old key, so it applies once.
   */
  reopen(
    id: string,
    oldKey: string,
    change: { newKey: string; submitError: StoredError | null; quote?: QuoteFields },
  ): OrderRow | undefined {
    return this.db
      .update(orders)
      .set({
        stage: 'awaiting_confirmation',
        idempotencyKey: change.newKey,
        submitError: change.submitError,
        ...change.quote,
        updatedAt: this.#now(),
      })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.idempotencyKey, oldKey),
          inArray(orders.stage, ['awaiting_confirmation', 'submitting']),
        ),
      )
      .returning()
      .get();
  }

  /** Closes the row for good (see stage `rejected`). */
  markRejected(id: string, key: string, error: StoredError): boolean {
    return (
      this.db
        .update(orders)
        .set({ stage: 'rejected', submitError: error, updatedAt: this.#now() })
        .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key), eq(orders.stage, 'submitting')))
        .run().changes === 1
    );
  }

  /** submitting -> submitted with the upstream order; false if another attempt recorded it first. */
  markSubmitted(id: string, key: string, order: Order): boolean {
    const now = this.#now();
    return (
      this.db
        .update(orders)
        .set({
          stage: 'submitted',
          upstreamOrderId: order.id,
          ...upstreamFields(order),
          submitError: null,
          submittedAt: now,
          nextPollAt: now,
          finishedAt: isFinalStatus(order.status) ? now : null,
          updatedAt: now,
        })
        .where(and(eq(orders.id, id), eq(orders.idempotencyKey, key), eq(orders.stage, 'submitting')))
        .run().changes === 1
    );
  }

  /** awaiting_confirmation -> abandoned, for the owning chat only. */
  abandonDraft(id: string, chatId: number): boolean {
    return (
      this.db
        .update(orders)
        .set({ stage: 'abandoned', updatedAt: this.#now() })
        .where(and(eq(orders.id, id), eq(orders.chatId, chatId), eq(orders.stage, 'awaiting_confirmation')))
        .run().changes === 1
    );
  }

  /** Housekeeping: drafts nobody confirmed before `cutoff` become abandoned. Returns how many. */
  abandonDraftsOlderThan(cutoff: Date): number {
    return this.db
      .update(orders)
      .set({ stage: 'abandoned', updatedAt: this.#now() })
      .where(and(eq(orders.stage, 'awaiting_confirmation'), lt(orders.updatedAt, cutoff)))
      .run().changes;
  }

  /** Rows whose POST /orders may have been sent without a recorded answer (oldest first). */
  listSubmitting(): OrderRow[] {
    return this.db
      .select()
      .from(orders)
      .where(eq(orders.stage, 'submitting'))
      .orderBy(asc(orders.updatedAt))
      .all();
  }

  /**
   * Applies a polled upstream order. A final status is never replaced by a non-final one (a stale
   * response), and `becameFinal` is true for exactly one call: the one that set `finished_at`.
   */
  updateFromUpstream(id: string, order: Order): { row: OrderRow; becameFinal: boolean } {
    // Most polls find an active order unchanged: answer from one prepared read, without a write.
    const current = this.findFresh(id);
    if (
      current?.upstreamOrderId === order.id &&
      !isFinalStatus(order.status) &&
      current.status === order.status &&
      current.costUsd === order.cost_usd
    ) {
      return { row: current, becameFinal: false };
    }
    return this.db.transaction((tx) => {
      const now = this.#now();
      const final = isFinalStatus(order.status);
      const notRegressing = final
        ? sql`1 = 1`
        : or(isNull(orders.status), inArray(orders.status, ACTIVE_STATUSES));
      tx.update(orders)
        .set({ ...upstreamFields(order), ...(final && { nextPollAt: null }), updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.upstreamOrderId, order.id), notRegressing))
        .run();
      const becameFinal =
        final &&
        tx
          .update(orders)
          .set({ finishedAt: now })
          .where(and(eq(orders.id, id), eq(orders.upstreamOrderId, order.id), isNull(orders.finishedAt)))
          .run().changes === 1;
      const row = tx.select().from(orders).where(eq(orders.id, id)).get();
      if (!row) throw new Error(`order ${id} not found`);
      if (row.upstreamOrderId !== order.id) {
        throw new Error(`order ${id} is upstream ${row.upstreamOrderId}, not ${order.id}`);
      }
      return { row, becameFinal };
    });
  }

  /** Submitted orders upstream still works on, soonest poll first; `dueAt` limits to those due by then. */
  listActive(opts: { dueAt?: Date; limit?: number } = {}): OrderRow[] {
    const query = this.db
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.status, ACTIVE_STATUSES),
          opts.dueAt ? or(isNull(orders.nextPollAt), lte(orders.nextPollAt, opts.dueAt)) : undefined,
        ),
      )
      .orderBy(asc(orders.nextPollAt));
    return opts.limit === undefined ? query.all() : query.limit(opts.limit).all();
  }

  /** The tracker's schedule: when to poll next and how many polls in a row failed. */
  setNextPoll(id: string, nextPollAt: Date | null, pollFailures: number): void {
    this.db
      .update(orders)
      .set({ nextPollAt, pollFailures, updatedAt: this.#now() })
      .where(eq(orders.id, id))
      .run();
  }

  /** The Telegram message that shows this order's progress (edited by the tracker). */
  setStatusMessageId(id: string, messageId: number | null): void {
    this.db
      .update(orders)
      .set({ statusMessageId: messageId, updatedAt: this.#now() })
      .where(eq(orders.id, id))
      .run();
  }

  /** Claims delivery of the result: true for exactly one caller, false if it was already delivered. */
  markDelivered(id: string): boolean {
    const now = this.#now();
    return (
      this.db
        .update(orders)
        .set({ deliveredAt: now, updatedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.deliveredAt)))
        .run().changes === 1
    );
  }

  /** Final orders whose outcome was not yet delivered to the chat (e.g. a crash before delivery). */
  listUndelivered(): OrderRow[] {
    return this.db
      .select()
      .from(orders)
      .where(and(inArray(orders.status, [...FINAL_ORDER_STATUSES]), isNull(orders.deliveredAt)))
      .orderBy(asc(orders.finishedAt))
      .all();
  }

  /** Final (or lost) orders whose onFinalState hook has not completed (crash or hook failure). */
  listFinalUnhandled(): OrderRow[] {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.stage, 'submitted'),
          or(inArray(orders.status, [...FINAL_ORDER_STATUSES]), this.#lost()),
          isNull(orders.finalHandledAt),
        ),
      )
      .orderBy(asc(orders.updatedAt))
      .all();
  }

  markFinalHandled(id: string): boolean {
    const now = this.#now();
    return (
      this.db
        .update(orders)
        .set({ finalHandledAt: now, updatedAt: now })
        .where(and(eq(orders.id, id), isNull(orders.finalHandledAt)))
        .run().changes === 1
    );
  }

  /** A chat's orders, newest first. By default only real (submitted) orders, not drafts. */
  listForChat(
    chatId: number,
    opts: { limit: number; offset?: number; stages?: readonly OrderStage[] },
  ): OrderRow[] {
    const stages = opts.stages ?? ['submitted'];
    return this.db
      .select()
      .from(orders)
      .where(and(eq(orders.chatId, chatId), inArray(orders.stage, [...stages])))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(opts.limit)
      .offset(opts.offset ?? 0)
      .all();
  }

  /** Submitted orders upstream is working on, by status (for /metrics). */
  countActive(): { queued: number; processing: number } {
    const rows = this.db
      .select({ status: orders.status, n: sql<number>`count(*)` })
      .from(orders)
      .where(and(eq(orders.stage, 'submitted'), inArray(orders.status, ACTIVE_STATUSES)))
      .groupBy(orders.status)
      .all();
    const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    return { queued: count('queued'), processing: count('processing') };
  }

  countForChat(chatId: number, stages: readonly OrderStage[] = ['submitted']): number {
    return (
      this.db
        .select({ n: sql<number>`count(*)` })
        .from(orders)
        .where(and(eq(orders.chatId, chatId), inArray(orders.stage, [...stages])))
        .get()?.n ?? 0
    );
  }

  // ---------------------------------------------------------------- order tracker (appended)

  /** What the tracker may poll: active upstream, known upstream id, not marked lost (see markLost). */
  #pollable() {
    return and(
      inArray(orders.status, ACTIVE_STATUSES),
      sql`${orders.upstreamOrderId} is not null`,
      sql`coalesce(json_extract(${orders.error}, '$.code'), '') <> 'order_not_found'`,
    );
  }

  /** Pollable orders due by `dueAt` (`next_poll_at` null or earlier), soonest first; lost ones excluded. */
  listDue(opts: { dueAt: Date; limit: number }): OrderRow[] {
    return this.db
      .select()
      .from(orders)
      .where(and(this.#pollable(), or(isNull(orders.nextPollAt), lte(orders.nextPollAt, opts.dueAt))))
      .orderBy(asc(orders.nextPollAt))
      .limit(opts.limit)
      .all();
  }

  /** The earliest `next_poll_at` strictly after `after` among pollable orders (the tracker's next wake-up). */
  nextPollAfter(after: Date): Date | null {
    const row = this.db
      .select({ at: sql<number | null>`min(${orders.nextPollAt})` })
      .from(orders)
      .where(and(this.#pollable(), sql`${orders.nextPollAt} > ${after.getTime()}`))
      .get();
    return row?.at == null ? null : new Date(row.at);
  }

  /**
   * Upstream answered order_not_found: the status stays as last seen, error_json records the code and
   * polling stops. Returns the row if this call marked it (once), undefined otherwise.
   */
  markLost(id: string, message = 'upstream does not know this order'): OrderRow | undefined {
    const now = this.#now();
    return this.db
      .update(orders)
      .set({ error: { code: LOST_ORDER_CODE, message }, nextPollAt: null, updatedAt: now })
      .where(and(eq(orders.id, id), this.#pollable()))
      .returning()
      .get();
  }

  #findStatement?: { get(values: { id: string }): OrderRow | undefined };

  /** Same as find, through a statement prepared once: the tracker reads one row per poll. */
  findFresh(id: string): OrderRow | undefined {
    this.#findStatement ??= this.db
      .select()
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .prepare();
    return this.#findStatement.get({ id });
  }

  /** Marked lost (see markLost): still active by its last status, but upstream does not know it. */
  #lost() {
    return and(
      inArray(orders.status, ACTIVE_STATUSES),
      sql`json_extract(${orders.error}, '$.code') = 'order_not_found'`,
    );
  }

  /** Lost orders (see markLost) whose chat was not told yet (delivered_at null). */
  listLostUndelivered(): OrderRow[] {
    return this.db
      .select()
      .from(orders)
      .where(and(this.#lost(), isNull(orders.deliveredAt)))
      .orderBy(asc(orders.updatedAt))
      .all();
  }
}
