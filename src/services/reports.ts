/**
 * Reports of results posted in groups (issue 42): any member of the group may report a result once;
 * the bot's admins get each new report (bot/features/reports.ts) and resolve it by removing the
 * post, banning its owner or dismissing it. Every resolution is audited; /stats and the control
 * room count them.
 */
import type {
  AuditLogRepository,
  ContentReportRecord,
  ContentReportsRepository,
  OrderRecord,
  OrdersRepository,
  ReportStatus,
} from '../db/index.js';
import type { Logger } from '../logger.js';

export type ReportOutcome =
  | { kind: 'filed'; report: ContentReportRecord; order: OrderRecord }
  /** This member reported this result already. */
  | { kind: 'again' }
  /** No result of this chat has that id (a forged or foreign button). */
  | { kind: 'not_found' };

const DAY_MS = 86_400_000;

export class ReportsService {
  readonly #reports: ContentReportsRepository;
  readonly #orders: Pick<OrdersRepository, 'findForChat' | 'find'>;
  readonly #audit: AuditLogRepository;
  readonly #logger: Logger;
  readonly #now: () => number;

  constructor(deps: {
    reports: ContentReportsRepository;
    orders: Pick<OrdersRepository, 'findForChat' | 'find'>;
    audit: AuditLogRepository;
    logger: Logger;
    now?: () => number;
  }) {
    this.#reports = deps.reports;
    this.#orders = deps.orders;
    this.#audit = deps.audit;
    this.#logger = deps.logger.child({ component: 'reports' });
    this.#now = deps.now ?? Date.now;
  }

  /** `reporterId` reports the result of `orderId` posted as `messageId` in `chatId`. */
  async file(orderId: string, chatId: number, messageId: number, reporterId: number): Promise<ReportOutcome> {
    const order = await this.#orders.findForChat(orderId, chatId);
    if (order?.status !== 'completed') return { kind: 'not_found' };
    const report = await this.#reports.file({
      orderId,
      chatId,
      messageId,
      reporterId,
      ownerId: order.userId,
    });
    if (!report) return { kind: 'again' };
    this.#logger.info({ reportId: report.id, orderId, chatId, reporterId }, 'result reported');
    return { kind: 'filed', report, order };
  }

  async find(
    id: number,
  ): Promise<{ report: ContentReportRecord; order: OrderRecord | undefined } | undefined> {
    const report = await this.#reports.find(id);
    return report && { report, order: await this.#orders.find(report.orderId) };
  }

  /** Resolves an open report, audited; false if another admin resolved it first. */
  async resolve(adminId: number, id: number, status: Exclude<ReportStatus, 'open'>): Promise<boolean> {
    if (!(await this.#reports.resolve(id, status, adminId))) return false;
    const report = await this.#reports.find(id);
    await this.#audit.record({
      actorId: adminId,
      action: `report_${status}`,
      ...(report && { targetUserId: report.ownerId }),
      details: { report: id },
    });
    return true;
  }

  listOpen(limit: number): Promise<ContentReportRecord[]> {
    return this.#reports.listOpen(limit);
  }

  /** Reports over the last `days` days, and how many still wait for an admin. */
  figures(days: number): Promise<{ reports: number; open: number }> {
    return this.#reports.countSince(new Date(this.#now() - days * DAY_MS));
  }
}
