/**
 * Customers as an admin sees them (/user): found by id or username, their orders and spend, and
 * the ban: an admin can never be banned, and every ban or unban is audited. The one door for the
 * bot and a future HTTP API.
 */
import type {
  AuditLogRepository,
  OrderRecord,
  OrdersRepository,
  StatsRepository,
  UserRecord,
  UsersRepository,
} from '../../db/index.js';
import { addMoney, moneyToString, parseMoney } from '../../domain/money.js';
import type { Logger } from '../../logger.js';

export interface CustomerOrders {
  /** Orders sent upstream (being sent or submitted). */
  orders: number;
  completed: number;
  /** What they cost, failed and cancelled ones aside (exact USD). */
  spentUsd: string;
}

/** What a ban or unban did: `admin` when refused (admins are never banned). */
export type BanOutcome = 'changed' | 'unchanged' | 'admin';

export class CustomerAdmin {
  readonly #users: UsersRepository;
  readonly #orders: Pick<OrdersRepository, 'listForChat'>;
  readonly #stats: Pick<StatsRepository, 'customerOrders'>;
  readonly #audit: AuditLogRepository;
  readonly #adminIds: ReadonlySet<number>;
  readonly #logger: Logger;

  constructor(deps: {
    users: UsersRepository;
    orders: Pick<OrdersRepository, 'listForChat'>;
    stats: Pick<StatsRepository, 'customerOrders'>;
    audit: AuditLogRepository;
    adminIds: readonly number[];
    logger: Logger;
  }) {
    this.#users = deps.users;
    this.#orders = deps.orders;
    this.#stats = deps.stats;
    this.#audit = deps.audit;
    this.#adminIds = new Set(deps.adminIds);
    this.#logger = deps.logger;
  }

  /**
   * `123456789` or `@name` (Telegram usernames: 5-32 letters, digits and underscores); 'malformed'
   * for anything else ("john smith"), which no customer could be found by.
   */
  lookUp(query: string): Promise<UserRecord | undefined | 'malformed'> {
    if (/^\d{1,15}$/.test(query)) return this.#users.find(Number(query));
    const name = /^@?([A-Za-z0-9_]{3,32})$/.exec(query)?.[1];
    return name ? this.#users.findByUsername(name) : Promise.resolve('malformed');
  }

  find(id: number): Promise<UserRecord | undefined> {
    return this.#users.find(id);
  }

  /** Admins (ADMIN_IDS) cannot be banned: the card offers no button, and a stale one is refused. */
  isAdmin(id: number): boolean {
    return this.#adminIds.has(id);
  }

  async orders(id: number): Promise<CustomerOrders> {
    const { orders, completed, prices } = await this.#stats.customerOrders(id);
    return { orders, completed, spentUsd: moneyToString(addMoney(...prices.map(parseMoney))) };
  }

  /** Their latest orders, newest first (a customer's orders are placed in their private chat). */
  recentOrders(id: number, limit: number): Promise<OrderRecord[]> {
    return this.#orders.listForChat(id, { limit });
  }

  /** Bans or unbans `id`, audited when it changed anything; never an admin. */
  async setBanned(adminId: number, id: number, banned: boolean): Promise<BanOutcome> {
    if (this.isAdmin(id)) return 'admin';
    if (!(await this.#users.setBanned(id, banned))) return 'unchanged';
    await this.#audit.record({
      actorId: adminId,
      action: banned ? 'user_banned' : 'user_unbanned',
      targetUserId: id,
    });
    this.#logger.info({ adminId, userId: id, action: banned ? 'ban' : 'unban' }, 'customer ban changed');
    return 'changed';
  }
}
