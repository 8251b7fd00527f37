/**
 * What the use cases offer bot, workers and (later) the HTTP API: built by the composition root
 * (app/services.ts), handed to the bot's context and the loops. Nothing here imports Telegram.
 */
import type {
  AuditLogRepository,
  BroadcastsRepository,
  OrdersRepository,
  StatsRepository,
  UsersRepository,
} from '../db/index.js';
import type { ResellerClient } from '../reseller/client.js';
import type { AdminServices } from './admin.js';
import type { CatalogService } from './catalog.js';
import type { MediaRelay } from './media-relay.js';
import type { OrderingService } from './ordering.js';
import type { PromptLibraryService } from './prompt-library.js';
import type { UserLimits } from './user-limits.js';
import type { WalletService } from './wallet/wallet.js';

export interface Services {
  users: UsersRepository;
  orders: OrdersRepository;
  client: ResellerClient;
  catalog: CatalogService;
  ordering: OrderingService;
  relay: MediaRelay;
  /** /balance, /stats and the admins' alerts (the monitor runs as a singleton job: app/jobs.ts). */
  admin: AdminServices;
  promptLibrary: PromptLibraryService;
  /** The customers' Stars wallet; null unless BILLING=stars. */
  wallet: WalletService | null;
  /** Per-user caps (MAX_ACTIVE_ORDERS_PER_USER and the daily ones) and a customer's usage of them. */
  limits: UserLimits;
  /** Broadcasts and their recipients (/broadcast; the sender runs once in the cluster). */
  broadcasts: BroadcastsRepository;
  /** What admins did (/audit). */
  audit: AuditLogRepository;
  /** A customer's orders and spend, for their card (/user). */
  customerStats: Pick<StatsRepository, 'customerOrders'>;
}
