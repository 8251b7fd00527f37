/**
 * Orders' rows from draft to delivery (the tracker's polls and claims are in orders.ts): every state change is one conditional UPDATE (`WHERE stage = ...` / `WHERE delivered_at IS
 * NULL`), so two presses, two processes or a restart can never both win the same transition.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ACTIVE_ORDER_STATUSES, isFinalStatus, stagesInto } from '../../domain/order-state.js';
import type { Order } from '../../reseller/schemas.js';
import type { BotScope } from '../bot-scope.js';
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

export class OrderRows {
  protected readonly engine: Engine;
  protected readonly clock: () => number;
  /** The tracker reads one row per poll: prepared once. */
  protected readonly findOne;

  constructor(
    engine: Engine,
    readonly scope: BotScope,
    now: () => number = Date.now,
  ) {
    this.engine = engine;
    this.clock = now;
    const { orders } = engine.tables;
    this.findOne = engine.db
      .select()
      .from(orders)
      // The bot goes in as a value: one statement text for every bot.
      .where(and(eq(orders.botId, this.scope.botId), eq(orders.id, sql.placeholder('id'))))
      .prepare('orders_find');
  }

  protected nowDate(): Date {
    return new Date(this.clock());
  }

  protected get t() {
    return this.engine.tables.orders;
  }

  protected run<T>(work: (db: Sql) => Promise<T>): Promise<T> {
    return this.engine.run(work);
  }

  /** `conditions` (all of them) within this bot's orders. */
  protected mine(...conditions: Array<SQL | undefined>): SQL {
    return this.scope.where(this.t, ...conditions);
  }

  /** A conditional update of this bot's orders: how many rows it changed. */
  protected async updateWhere(
    set: PgUpdateSetSource<Tables['orders']>,
    where: SQL | undefined,
  ): Promise<number> {
    const orders = this.t;
    const rows = await this.run((db) =>
      db.update(orders).set(set).where(this.mine(where)).returning({ id: orders.id }),
    );
    return changed(rows);
  }

  /** A conditional update of one row: true if this call changed it (the caller won the race). */
  protected async updateOne(
    set: PgUpdateSetSource<Tables['orders']>,
    where: SQL | undefined,
  ): Promise<boolean> {
    return (await this.updateWhere(set, where)) === 1;
  }

  /** Inserts a priced draft (`awaiting_confirmation`). */
  async insertDraft(values: NewOrder): Promise<OrderRecord> {
    const now = this.nowDate();
    const rows = await this.run((db) =>
      db
        .insert(this.t)
        .values(
          this.scope.row({
            ...values,
            stage: 'awaiting_confirmation' as const,
            createdAt: now,
            updatedAt: now,
          }),
        )
        .returning(),
    );
    return rows[0]!;
  }

  async find(id: string): Promise<OrderRecord | undefined> {
    return first(await this.run(() => this.findOne.execute({ id })));
  }

  /** The row only if it belongs to this chat (ownership check for callbacks). */
  async findForChat(id: string, chatId: number): Promise<OrderRecord | undefined> {
    const orders = this.t;
    return first(
      await this.run((db) =>
        db
          .select()
          .from(orders)
          .where(this.mine(eq(orders.id, id), eq(orders.chatId, chatId))),
      ),
    );
  }

  /**
   * awaiting_confirmation -> submitting, only if the row still has this key. `alongside` runs in the
   * same transaction once the row moved (a wallet's hold): if it throws, nothing changed and the
   * error reaches the caller.
   */
  async beginSubmission(id: string, key: string, alongside?: (tx: Tx) => Promise<void>): Promise<boolean> {
    const orders = this.t;
    return this.engine.transaction(async (tx) => {
      const moved = await tx.db
        .update(orders)
        .set({ stage: 'submitting', updatedAt: this.nowDate() })
        .where(
          this.mine(
            eq(orders.id, id),
            eq(orders.idempotencyKey, key),
            inArray(orders.stage, INTO_SUBMITTING),
          ),
        )
        .returning({ id: orders.id });
      if (changed(moved) !== 1) return false;
      await alongside?.(tx);
      return true;
    });
  }

  /** Counts one POST /orders about to be sent with `key`. */
  async countSubmitAttempt(id: string, key: string): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ submitAttempts: sql`${orders.submitAttempts} + 1`, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id), eq(orders.idempotencyKey, key))),
    );
  }

  /** A transient failure: the row stays `submitting` with its key; the error is kept for display. */
  async notePendingError(id: string, key: string, error: StoredError): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ submitError: error, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id), eq(orders.idempotencyKey, key), eq(orders.stage, 'submitting'))),
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
    const orders = this.t;
    return this.engine.transaction(async (tx) => {
      const row = first(
        await tx.db
          .update(orders)
          .set({
            stage: 'awaiting_confirmation',
            idempotencyKey: change.newKey,
            submitError: change.submitError,
            ...change.quote,
            updatedAt: this.nowDate(),
          })
          .where(
            this.mine(
              eq(orders.id, id),
              eq(orders.idempotencyKey, oldKey),
              inArray(orders.stage, INTO_DRAFT),
            ),
          )
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
    const orders = this.t;
    return this.engine.transaction(async (tx) => {
      const moved = await tx.db
        .update(orders)
        .set({ stage: 'rejected', submitError: error, updatedAt: this.nowDate() })
        .where(
          this.mine(eq(orders.id, id), eq(orders.idempotencyKey, key), inArray(orders.stage, INTO_REJECTED)),
        )
        .returning({ id: orders.id });
      if (changed(moved) !== 1) return false;
      await alongside?.(tx);
      return true;
    });
  }

  /** submitting -> submitted with the upstream order; false if another attempt recorded it first. */
  async markSubmitted(id: string, key: string, order: Order): Promise<boolean> {
    const orders = this.t;
    const now = this.nowDate();
    return this.updateOne(
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
    const orders = this.t;
    return this.updateOne(
      { stage: 'abandoned', updatedAt: this.nowDate() },
      and(eq(orders.id, id), eq(orders.chatId, chatId), inArray(orders.stage, INTO_ABANDONED)),
    );
  }

  /** Housekeeping: drafts nobody confirmed before `cutoff` become abandoned. Returns how many. */
  async abandonDraftsOlderThan(cutoff: Date): Promise<number> {
    const orders = this.t;
    return this.updateWhere(
      { stage: 'abandoned', updatedAt: this.nowDate() },
      and(inArray(orders.stage, INTO_ABANDONED), lt(orders.updatedAt, cutoff)),
    );
  }

  /** Rows whose POST /orders may have been sent without a recorded answer (oldest first). */
  listSubmitting(): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.mine(eq(orders.stage, 'submitting')))
        .orderBy(asc(orders.updatedAt)),
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
    const orders = this.t;
    return this.engine.transaction(async (tx) => {
      const { db } = tx;
      const now = this.nowDate();
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
        .where(this.mine(eq(orders.id, id), eq(orders.upstreamOrderId, order.id), notRegressing));
      if (unknown) {
        // Since the first poll that saw it: a later unknown status (another word) keeps that time.
        await db
          .update(orders)
          .set({ unknownStatusSince: now })
          .where(
            this.mine(
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
            .where(
              this.mine(eq(orders.id, id), eq(orders.upstreamOrderId, order.id), isNull(orders.finishedAt)),
            )
            .returning({ id: orders.id }),
        ) === 1;
      const row = first(
        await db
          .select()
          .from(orders)
          .where(this.mine(eq(orders.id, id))),
      );
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
    const orders = this.t;
    return this.run((db) => {
      const query = db
        .select()
        .from(orders)
        .where(
          this.mine(
            inArray(orders.status, ACTIVE_STATUSES),
            opts.dueAt ? or(isNull(orders.nextPollAt), lte(orders.nextPollAt, opts.dueAt)) : undefined,
          ),
        )
        .orderBy(asc(orders.nextPollAt));
      return opts.limit === undefined ? query : query.limit(opts.limit);
    });
  }

  /** Telegram's ids of the result files that reached the chat (sharing, re-use as an input). */
  async setResultFiles(id: string, files: DeliveredFile[]): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ resultFiles: files, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id))),
    );
  }

  /** The Telegram message that shows this order's progress (edited by the tracker). */
  async setStatusMessageId(id: string, messageId: number | null): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ statusMessageId: messageId, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id))),
    );
  }

  /** A guest order's card, as answerGuestQuery returned it (issue 42). */
  async setInlineMessageId(id: string, inlineMessageId: string): Promise<void> {
    const orders = this.t;
    await this.run((db) =>
      db
        .update(orders)
        .set({ inlineMessageId, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id))),
    );
  }

  /**
   * Claims delivery of the outcome: true for exactly one caller, false if it was already delivered.
   * For a completed order `outcome` records whether a result file reached the chat (see
   * DELIVERY_OUTCOMES): the wallet captures or releases from it.
   */
  async markDelivered(id: string, outcome: DeliveryOutcome | null = null): Promise<boolean> {
    const orders = this.t;
    const now = this.nowDate();
    return this.updateOne(
      { deliveredAt: now, deliveryOutcome: outcome, updatedAt: now },
      and(eq(orders.id, id), isNull(orders.deliveredAt)),
    );
  }

  /** A resend reached the chat after a delivery that reached nothing: true for the one call that says so. */
  async markResent(id: string): Promise<boolean> {
    const orders = this.t;
    return this.updateOne(
      { deliveryOutcome: 'sent', updatedAt: this.nowDate() },
      and(eq(orders.id, id), isNotNull(orders.deliveredAt), eq(orders.deliveryOutcome, 'none')),
    );
  }

  /** The user's own results that reached their chat, newest first (what they may share). */
  listDeliveredResults(userId: number, opts: { limit: number }): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(
          this.mine(eq(orders.userId, userId), eq(orders.status, 'completed'), isNotNull(orders.resultFiles)),
        )
        .orderBy(desc(orders.finishedAt), desc(orders.id))
        .limit(opts.limit),
    );
  }

  /** A customer's results that reached a chat (their private chat's, theirs in groups and on guest cards). */
  #deliveredResults(userId: number): SQL {
    const orders = this.t;
    return and(
      this.#customers(userId),
      eq(orders.stage, 'submitted'),
      eq(orders.status, 'completed'),
      eq(orders.deliveryOutcome, 'sent'),
      isNotNull(orders.resultFiles),
    ) as SQL;
  }

  /**
   * The customers' app's gallery (issue 43): a customer's delivered results, the last delivered
   * first, those after `before` (the last row of the page before), of one model when `modelId` is set.
   */
  listDeliveredForCustomer(
    userId: number,
    opts: { limit: number; before?: { at: Date; id: string }; modelId?: number },
  ): Promise<OrderRecord[]> {
    const orders = this.t;
    const { before, modelId } = opts;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(
          this.mine(
            this.#deliveredResults(userId),
            modelId === undefined ? undefined : eq(orders.modelId, modelId),
            before &&
              or(
                lt(orders.deliveredAt, before.at),
                and(eq(orders.deliveredAt, before.at), lt(orders.id, before.id)),
              ),
          ),
        )
        .orderBy(desc(orders.deliveredAt), desc(orders.id))
        .limit(opts.limit),
    );
  }

  /** The models of a customer's delivered results, each once (with the name stored last), newest first. */
  async deliveredModelsOfCustomer(userId: number): Promise<Array<{ modelId: number; modelName: string }>> {
    const orders = this.t;
    const last = sql<Date>`max(${orders.deliveredAt})`;
    const rows = await this.run((db) =>
      db
        .select({ modelId: orders.modelId, modelName: sql<string>`max(${orders.modelName})` })
        .from(orders)
        .where(this.mine(this.#deliveredResults(userId)))
        .groupBy(orders.modelId)
        .orderBy(desc(last), asc(orders.modelId)),
    );
    return rows.map((r) => ({ modelId: Number(r.modelId), modelName: String(r.modelName) }));
  }

  /** A chat's orders, newest first. By default only real (submitted) orders, not drafts. */
  listForChat(
    chatId: number,
    opts: { limit: number; offset?: number; stages?: readonly OrderStage[] },
  ): Promise<OrderRecord[]> {
    const orders = this.t;
    const stages = opts.stages ?? ['submitted'];
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.mine(eq(orders.chatId, chatId), inArray(orders.stage, [...stages])))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(opts.limit)
        .offset(opts.offset ?? 0),
    );
  }

  /**
   * A customer's orders as /orders lists them, newest first: those of their private chat and those
   * they made in groups (issue 42: a group's order is its caller's). By default submitted ones only.
   */
  listForCustomer(
    userId: number,
    opts: { limit: number; offset?: number; stages?: readonly OrderStage[] },
  ): Promise<OrderRecord[]> {
    const orders = this.t;
    return this.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.mine(this.#customers(userId), inArray(orders.stage, [...(opts.stages ?? ['submitted'])])))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(opts.limit)
        .offset(opts.offset ?? 0),
    );
  }

  async countForCustomer(userId: number): Promise<number> {
    const orders = this.t;
    const rows = await this.run((db) =>
      db
        .select({ n: count() })
        .from(orders)
        .where(this.mine(this.#customers(userId), eq(orders.stage, 'submitted'))),
    );
    return first(rows)?.n ?? 0;
  }

  /** The row only if it is one of this customer's orders (their chat's, or theirs in a group). */
  async findForCustomer(id: string, userId: number): Promise<OrderRecord | undefined> {
    const orders = this.t;
    return first(
      await this.run((db) =>
        db
          .select()
          .from(orders)
          .where(this.mine(eq(orders.id, id), this.#customers(userId))),
      ),
    );
  }

  /**
   * Marks (or unmarks) one of a customer's delivered result files as a favourite (the app's ★):
   * false when the order is no delivered result of theirs or has no such file. Serialised per order,
   * so two presses at once never lose each other's file.
   */
  async setFavourite(userId: number, id: string, index: number, favourite: boolean): Promise<boolean> {
    const orders = this.t;
    return this.engine.transaction(async (tx) => {
      await tx.lock(`order-files:${id}`);
      const order = first(
        await tx.db
          .select()
          .from(orders)
          .where(this.mine(eq(orders.id, id), this.#deliveredResults(userId))),
      );
      const files = order?.resultFiles;
      if (!files?.some((f) => f.index === index)) return false;
      const next = files.map((f) => {
        if (f.index !== index) return f;
        const { favourite: _, ...rest } = f;
        return favourite ? { ...rest, favourite: true as const } : rest;
      });
      await tx.db
        .update(orders)
        .set({ resultFiles: next, updatedAt: this.nowDate() })
        .where(this.mine(eq(orders.id, id)));
      return true;
    });
  }

  /** Their private chat's orders, and their own in groups (whose chat ids are negative). */
  #customers(userId: number): SQL {
    const orders = this.t;
    return or(eq(orders.chatId, userId), and(eq(orders.userId, userId), lt(orders.chatId, 0))) as SQL;
  }

  /** Submitted orders upstream is working on, by status (for /metrics and /stats); lost ones excluded. */
  async countActive(): Promise<{ queued: number; processing: number }> {
    const orders = this.t;
    const rows = await this.run((db) =>
      db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(
          this.mine(
            eq(orders.stage, 'submitted'),
            inArray(orders.status, ACTIVE_STATUSES),
            isNull(orders.lostAt),
          ),
        )
        .groupBy(orders.status),
    );
    const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    return { queued: of('queued'), processing: of('processing') };
  }

  /**
   * Orders the upstream account that took them still has to answer for: sent or maybe sent
   * (`submitting`, resent with the same key) and submitted ones not final and not given up. A bot
   * changes its upstream key only when there are none (services/upstream-key.ts).
   */
  async countInFlight(): Promise<number> {
    const orders = this.t;
    const rows = await this.run((db) =>
      db
        .select({ n: count() })
        .from(orders)
        .where(
          this.mine(
            or(
              eq(orders.stage, 'submitting'),
              and(eq(orders.stage, 'submitted'), isNull(orders.finishedAt), isNull(orders.lostAt)),
            ),
          ),
        ),
    );
    return Number(rows[0]?.n ?? 0);
  }

  async countForChat(chatId: number, stages: readonly OrderStage[] = ['submitted']): Promise<number> {
    const orders = this.t;
    const rows = await this.run((db) =>
      db
        .select({ n: count() })
        .from(orders)
        .where(this.mine(eq(orders.chatId, chatId), inArray(orders.stage, [...stages]))),
    );
    return first(rows)?.n ?? 0;
  }
}
