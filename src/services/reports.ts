/**
 * Reports of results posted in groups and on guest cards (issue 42): any member who sees a result
 * may report it once; the bot's admins get each new report (bot/features/reports.ts) and resolve it,
 * in the chat or in the control room (server/miniapp/reports-routes.ts), by removing the post,
 * banning its owner or dismissing it: `act` is that one rule for both. Every resolution is audited;
 * /stats and the control room count them.
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
import type { CustomerAdmin } from './admin/customers.js';

export type ReportOutcome =
  | { kind: 'filed'; report: ContentReportRecord; order: OrderRecord }
  /** This member reported this result already. */
  | { kind: 'again' }
  /** No result of this chat has that id (a forged or foreign button). */
  | { kind: 'not_found' };

/** What an admin does with a report, in the chat or in the control room. */
export type ReportAction = 'remove' | 'ban' | 'dismiss';

const RESOLVED_AS: Record<ReportAction, Exclude<ReportStatus, 'open'>> = {
  remove: 'removed',
  ban: 'banned',
  dismiss: 'dismissed',
};

/**
 * Takes a reported post away as Telegram allows (telegram/reported-post.ts): true when it is gone or
 * hidden, false when Telegram refused (over 48 hours old, gone already).
 */
export type RemovePost = (report: ContentReportRecord, order: OrderRecord | undefined) => Promise<boolean>;

/** What became of an admin's action; every report is as it stands after it. */
export type ActOutcome =
  /** No report of this bot has that id. */
  | { kind: 'not_found' }
  /** This action resolved it (audited). */
  | { kind: 'resolved'; report: ContentReportRecord; order: OrderRecord | undefined }
  /** It was resolved before (another admin, another screen): nothing was done. */
  | { kind: 'already'; report: ContentReportRecord; order: OrderRecord | undefined }
  /** Telegram refused to take the post away: the report stays open. */
  | { kind: 'remove_failed'; report: ContentReportRecord; order: OrderRecord | undefined }
  /** The owner is an admin, whom no one bans: the report stays open. */
  | { kind: 'owner_is_admin'; report: ContentReportRecord; order: OrderRecord | undefined };

/** A report of a result on a guest card: its post has no message id (Telegram names it otherwise). */
export const onGuestCard = (report: Pick<ContentReportRecord, 'messageId'>): boolean =>
  report.messageId === 0;

const DAY_MS = 86_400_000;

export class ReportsService {
  readonly #reports: ContentReportsRepository;
  readonly #orders: Pick<OrdersRepository, 'findForChat' | 'find'>;
  readonly #audit: AuditLogRepository;
  readonly #customers: Pick<CustomerAdmin, 'setBanned'>;
  readonly #logger: Logger;
  readonly #now: () => number;

  constructor(deps: {
    reports: ContentReportsRepository;
    orders: Pick<OrdersRepository, 'findForChat' | 'find'>;
    audit: AuditLogRepository;
    /** Bans a report's owner (audited there), never an admin. */
    customers: Pick<CustomerAdmin, 'setBanned'>;
    logger: Logger;
    now?: () => number;
  }) {
    this.#reports = deps.reports;
    this.#orders = deps.orders;
    this.#audit = deps.audit;
    this.#customers = deps.customers;
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

  /**
   * Resolves an open report, audited; false if another admin resolved it first. The other members'
   * open reports of the same post go with it (the post is gone, its owner banned, or it was found
   * fine: one decision per post), named in the same audit entry.
   */
  async resolve(adminId: number, id: number, status: Exclude<ReportStatus, 'open'>): Promise<boolean> {
    if (!(await this.#reports.resolve(id, status, adminId))) return false;
    const report = await this.#reports.find(id);
    const samePost = report ? await this.#reports.resolveSamePost(report, status, adminId) : [];
    await this.#audit.record({
      actorId: adminId,
      action: `report_${status}`,
      ...(report && { targetUserId: report.ownerId }),
      details: { report: id, ...(samePost.length > 0 && { samePost }) },
    });
    return true;
  }

  /**
   * `adminId` acts on report `id` (the chat's buttons and the control room alike): an open report is
   * resolved once; Remove resolves it only once the post is gone (`removePost`), Ban only when the
   * owner is no admin (the ban audited by CustomerAdmin, the resolution here). A report resolved
   * before is left as it is, post and owner untouched.
   */
  async act(adminId: number, id: number, action: ReportAction, removePost: RemovePost): Promise<ActOutcome> {
    const found = await this.find(id);
    if (!found) return { kind: 'not_found' };
    const { report, order } = found;
    if (report.status !== 'open') return { kind: 'already', report, order };
    if (action === 'remove' && !(await removePost(report, order))) {
      // Gone because another admin removed it meanwhile, or refused: the report says which.
      const now = (await this.#reports.find(id)) ?? report;
      return { kind: now.status === 'open' ? 'remove_failed' : 'already', report: now, order };
    }
    if (action === 'ban' && (await this.#customers.setBanned(adminId, report.ownerId, true)) === 'admin') {
      return { kind: 'owner_is_admin', report, order };
    }
    const resolved = await this.resolve(adminId, id, RESOLVED_AS[action]);
    const now = (await this.#reports.find(id)) ?? report;
    return { kind: resolved ? 'resolved' : 'already', report: now, order };
  }

  /** The open reports, oldest first (/reports). */
  listOpen(limit: number): Promise<ContentReportRecord[]> {
    return this.#reports.listOpen(limit);
  }

  /** The open reports, newest first, each with its order (undefined once the order is gone). */
  async openWithOrders(
    limit: number,
  ): Promise<Array<{ report: ContentReportRecord; order: OrderRecord | undefined }>> {
    const open = await this.#reports.listOpen(limit, 'newest');
    const orders = new Map<string, OrderRecord | undefined>();
    for (const { orderId } of open) {
      if (!orders.has(orderId)) orders.set(orderId, await this.#orders.find(orderId));
    }
    return open.map((report) => ({ report, order: orders.get(report.orderId) }));
  }

  /** How many members reported each of these orders' results (resolved reports included). */
  reportsOf(orderIds: readonly string[]): Promise<Map<string, number>> {
    return this.#reports.countByOrder(orderIds);
  }

  /** Reports over the last `days` days, and how many still wait for an admin. */
  figures(days: number): Promise<{ reports: number; open: number }> {
    return this.#reports.countSince(new Date(this.#now() - days * DAY_MS));
  }
}
