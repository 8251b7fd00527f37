/**
 * Reports of results posted in groups (issue 42): filed once per reporter and order (a second press
 * files nothing), resolved once by an admin (removed, owner banned, or dismissed; a second admin's
 * press finds it resolved), together with the other members' open reports of the same post.
 */
import { count, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first } from '../engine.js';
import type { ContentReportRecord, ReportStatus } from '../records.js';

export type NewReport = Pick<
  ContentReportRecord,
  'orderId' | 'chatId' | 'messageId' | 'reporterId' | 'ownerId'
>;

export class ContentReportsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {}

  /** The new report, or undefined when this reporter already reported this order. */
  async file(report: NewReport): Promise<ContentReportRecord | undefined> {
    const t = this.engine.tables.contentReports;
    const rows = await this.engine.run((db) =>
      db
        .insert(t)
        .values(this.scope.row({ ...report, status: 'open' as const, createdAt: new Date(this.now()) }))
        .onConflictDoNothing({ target: [t.botId, t.orderId, t.reporterId] })
        .returning(),
    );
    return first(rows);
  }

  async find(id: number): Promise<ContentReportRecord | undefined> {
    const t = this.engine.tables.contentReports;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(t)
          .where(this.scope.where(t, eq(t.id, id))),
      ),
    );
  }

  /** Resolves an open report; false if it was resolved already. */
  async resolve(id: number, status: Exclude<ReportStatus, 'open'>, adminId: number): Promise<boolean> {
    const t = this.engine.tables.contentReports;
    const rows = await this.engine.run((db) =>
      db
        .update(t)
        .set({ status, resolvedBy: adminId, resolvedAt: new Date(this.now()) })
        .where(this.scope.where(t, eq(t.id, id), eq(t.status, 'open')))
        .returning({ id: t.id }),
    );
    return rows.length === 1;
  }

  /**
   * Resolves the other open reports of the same post (order, chat, message) as `report` was: one
   * decision per post. The ids it resolved, smallest first.
   */
  async resolveSamePost(
    report: Pick<ContentReportRecord, 'id' | 'orderId' | 'chatId' | 'messageId'>,
    status: Exclude<ReportStatus, 'open'>,
    adminId: number,
  ): Promise<number[]> {
    const t = this.engine.tables.contentReports;
    const rows = await this.engine.run((db) =>
      db
        .update(t)
        .set({ status, resolvedBy: adminId, resolvedAt: new Date(this.now()) })
        .where(
          this.scope.where(
            t,
            eq(t.orderId, report.orderId),
            eq(t.chatId, report.chatId),
            eq(t.messageId, report.messageId),
            eq(t.status, 'open'),
            ne(t.id, report.id),
          ),
        )
        .returning({ id: t.id }),
    );
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /** The open reports, oldest first (or newest first). */
  listOpen(limit: number, order: 'oldest' | 'newest' = 'oldest'): Promise<ContentReportRecord[]> {
    const t = this.engine.tables.contentReports;
    return this.engine.run((db) =>
      db
        .select()
        .from(t)
        .where(this.scope.where(t, eq(t.status, 'open')))
        .orderBy(...(order === 'oldest' ? [t.createdAt, t.id] : [desc(t.createdAt), desc(t.id)]))
        .limit(limit),
    );
  }

  /** How many reports (any status) each of these orders has: the members who reported its result. */
  async countByOrder(orderIds: readonly string[]): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const t = this.engine.tables.contentReports;
    const rows = await this.engine.run((db) =>
      db
        .select({ orderId: t.orderId, reports: count() })
        .from(t)
        .where(this.scope.where(t, inArray(t.orderId, [...orderIds])))
        .groupBy(t.orderId),
    );
    return new Map(rows.map((r) => [r.orderId, Number(r.reports)]));
  }

  /** Reports filed since `since`, and how many of them are still open. */
  async countSince(since: Date): Promise<{ reports: number; open: number }> {
    const t = this.engine.tables.contentReports;
    const row = first(
      await this.engine.run((db) =>
        db
          .select({
            reports: count(),
            open: sql<number>`coalesce(sum(case when ${t.status} = 'open' then 1 else 0 end), 0)`.mapWith(
              Number,
            ),
          })
          .from(t)
          .where(this.scope.where(t, gte(t.createdAt, since))),
      ),
    );
    return { reports: row?.reports ?? 0, open: row?.open ?? 0 };
  }

  /** The latest reports, newest first. */
  recent(limit: number): Promise<ContentReportRecord[]> {
    const t = this.engine.tables.contentReports;
    return this.engine.run((db) =>
      db.select().from(t).where(this.scope.where(t)).orderBy(desc(t.createdAt), desc(t.id)).limit(limit),
    );
  }
}
