/**
 * Examples of a model admins picked for the customers' app (issue 43), one bot's: a delivered
 * result (once per order and file: a second pick of the same file adds nothing) or an uploaded
 * file, in the order admins set (`position`, smaller first). A state moves only from the states a
 * caller names (one conditional UPDATE), so two presses, or a press on an example already
 * withdrawn, change it once at most. Also the picker's reading of the orders: a model's latest
 * delivered results across the bot's customers.
 */
import { and, asc, desc, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first } from '../engine.js';
import type { ExampleState, ModelExampleRecord } from '../model-example-records.js';
import type { OrderRecord } from '../records.js';

export type NewModelExample = Pick<
  ModelExampleRecord,
  | 'id'
  | 'modelId'
  | 'source'
  | 'orderId'
  | 'fileIndex'
  | 'ownerUserId'
  | 'state'
  | 'kind'
  | 'fileId'
  | 'previewFileId'
  | 'addedBy'
>;

export class ModelExamplesRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Adds `example` after the model's last one; undefined when that result file is an example of
   * this bot already.
   */
  async add(example: NewModelExample): Promise<ModelExampleRecord | undefined> {
    const t = this.engine.tables.modelExamples;
    return this.engine.transaction(async (tx) => {
      await tx.lock(`model-examples:${this.scope.botId}:${example.modelId}`);
      const [last] = await tx.db
        .select({ position: sql<number>`coalesce(max(${t.position}), 0)`.mapWith(Number) })
        .from(t)
        .where(this.scope.where(t, eq(t.modelId, example.modelId)));
      const rows = await tx.db
        .insert(t)
        .values(
          this.scope.row({
            ...example,
            position: (last?.position ?? 0) + 1,
            createdAt: new Date(this.now()),
            decidedAt: null,
          }),
        )
        .onConflictDoNothing({ target: [t.botId, t.orderId, t.fileIndex] })
        .returning();
      return first(rows);
    });
  }

  async find(id: string): Promise<ModelExampleRecord | undefined> {
    const t = this.engine.tables.modelExamples;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(t)
          .where(this.scope.where(t, eq(t.id, id))),
      ),
    );
  }

  /** The model's examples in every state, in their order. */
  listForModel(modelId: number): Promise<ModelExampleRecord[]> {
    const t = this.engine.tables.modelExamples;
    return this.engine.run((db) =>
      db
        .select()
        .from(t)
        .where(this.scope.where(t, eq(t.modelId, modelId)))
        .orderBy(asc(t.position), asc(t.createdAt), asc(t.id)),
    );
  }

  /** The examples shown in the app, by model and in their order (of `modelIds` when given). */
  listShown(modelIds?: readonly number[]): Promise<ModelExampleRecord[]> {
    const t = this.engine.tables.modelExamples;
    if (modelIds?.length === 0) return Promise.resolve([]);
    return this.engine.run((db) =>
      db
        .select()
        .from(t)
        .where(
          this.scope.where(
            t,
            eq(t.state, 'shown'),
            modelIds === undefined ? undefined : inArray(t.modelId, [...modelIds]),
          ),
        )
        .orderBy(asc(t.modelId), asc(t.position), asc(t.createdAt), asc(t.id)),
    );
  }

  /** Which of these orders' files are examples already (in any state). */
  async pickedOf(orderIds: readonly string[]): Promise<Array<{ orderId: string; fileIndex: number }>> {
    if (orderIds.length === 0) return [];
    const t = this.engine.tables.modelExamples;
    const rows = await this.engine.run((db) =>
      db
        .select({ orderId: t.orderId, fileIndex: t.fileIndex })
        .from(t)
        .where(this.scope.where(t, inArray(t.orderId, [...orderIds]))),
    );
    return rows.flatMap((r) =>
      r.orderId !== null && r.fileIndex !== null ? [{ orderId: r.orderId, fileIndex: r.fileIndex }] : [],
    );
  }

  /**
   * Moves the example from one of the states `from` to `to` (recording when); for an owner's answer,
   * only an example of `ownerUserId`'s. The example as it is now, or undefined when nothing moved.
   */
  async setState(
    id: string,
    to: ExampleState,
    from: readonly ExampleState[],
    ownerUserId?: number,
  ): Promise<ModelExampleRecord | undefined> {
    const t = this.engine.tables.modelExamples;
    const rows = await this.engine.run((db) =>
      db
        .update(t)
        .set({ state: to, decidedAt: new Date(this.now()) })
        .where(
          this.scope.where(
            t,
            eq(t.id, id),
            inArray(t.state, [...from]),
            ownerUserId === undefined ? undefined : eq(t.ownerUserId, ownerUserId),
          ),
        )
        .returning(),
    );
    return first(rows);
  }

  /** Removes the example; the removed row, or undefined when it was not there. */
  async remove(id: string): Promise<ModelExampleRecord | undefined> {
    const t = this.engine.tables.modelExamples;
    const rows = await this.engine.run((db) =>
      db
        .delete(t)
        .where(this.scope.where(t, eq(t.id, id)))
        .returning(),
    );
    return first(rows);
  }

  /**
   * Swaps the example with its neighbour before (`up`) or after (`down`) among the model's
   * examples; false when there is none that way (or no such example). The model's examples are
   * numbered 1..n again on the way, so equal positions (two admins adding at once) sort out too.
   */
  async move(id: string, direction: 'up' | 'down'): Promise<boolean> {
    const t = this.engine.tables.modelExamples;
    const example = await this.find(id);
    if (!example) return false;
    return this.engine.transaction(async (tx) => {
      await tx.lock(`model-examples:${this.scope.botId}:${example.modelId}`);
      const rows = await tx.db
        .select({ id: t.id })
        .from(t)
        .where(this.scope.where(t, eq(t.modelId, example.modelId)))
        .orderBy(asc(t.position), asc(t.createdAt), asc(t.id));
      const ids = rows.map((r) => r.id);
      const at = ids.indexOf(id);
      const to = direction === 'up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= ids.length) return false;
      [ids[at], ids[to]] = [ids[to]!, ids[at]!];
      for (const [i, rowId] of ids.entries()) {
        await tx.db
          .update(t)
          .set({ position: i + 1 })
          .where(this.scope.where(t, eq(t.id, rowId)));
      }
      return true;
    });
  }

  /**
   * The control room's picker: the model's delivered results across the bot's customers, the last
   * delivered first, those after `before` (the last row of the page before).
   */
  deliveredOfModel(
    modelId: number,
    opts: { limit: number; before?: { at: Date; id: string } | undefined },
  ): Promise<OrderRecord[]> {
    const orders = this.engine.tables.orders;
    const { before } = opts;
    const conditions: Array<SQL | undefined> = [
      eq(orders.modelId, modelId),
      eq(orders.stage, 'submitted'),
      eq(orders.status, 'completed'),
      eq(orders.deliveryOutcome, 'sent'),
      isNotNull(orders.resultFiles),
      isNotNull(orders.deliveredAt),
      before &&
        or(
          lt(orders.deliveredAt, before.at),
          and(eq(orders.deliveredAt, before.at), lt(orders.id, before.id)),
        ),
    ];
    return this.engine.run((db) =>
      db
        .select()
        .from(orders)
        .where(this.scope.where(orders, ...conditions))
        .orderBy(desc(orders.deliveredAt), desc(orders.id))
        .limit(opts.limit),
    );
  }
}
