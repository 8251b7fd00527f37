/**
 * What the use cases offer bot, workers and (later) the HTTP API: built by the composition root
 * (app/services.ts), handed to the bot's context and the loops. Nothing here imports Telegram.
 */

import type { OrdersRepository, UsersRepository } from '../db/index.js';
import type { ResellerClient } from '../reseller/client.js';
import type { Accounts } from './accounts.js';
import type { AuditTrail } from './admin/audit-trail.js';
import type { BroadcastAdmin } from './admin/broadcasts.js';
import type { CampaignAdmin } from './admin/campaigns.js';
import type { CustomerAdmin } from './admin/customers.js';
import type { DashboardService } from './admin/dashboard.js';
import type { AdminServices } from './admin.js';
import type { BotRegistry } from './bot-registry.js';
import type { BotSpendCap } from './bot-spend-cap.js';
import type { CatalogService } from './catalog.js';
import type { ContentRulesService } from './content-rules.js';
import type { GroupsService } from './groups.js';
import type { InputReupload } from './input-reupload.js';
import type { LiveSettings } from './live-settings.js';
import type { MediaRelay } from './media-relay.js';
import type { ModelExamples } from './model-examples.js';
import type { OrderingService } from './ordering.js';
import type { PromoCodes } from './promo-codes.js';
import type { PromptLibraryService } from './prompt-library.js';
import type { ReferralProgram } from './referrals.js';
import type { RemindersService } from './reminders.js';
import type { ReportsService } from './reports.js';
import type { SubscriptionsService } from './subscriptions.js';
import type { UpstreamKeyService } from './upstream-key.js';
import type { UserLimits } from './user-limits.js';
import type { WalletService } from './wallet/wallet.js';
import type { WalletAdmin } from './wallet/wallet-admin.js';

export interface Services {
  users: UsersRepository;
  orders: OrdersRepository;
  client: ResellerClient;
  catalog: CatalogService;
  ordering: OrderingService;
  relay: MediaRelay;
  /** An older order's inputs uploaded again from their Telegram files (🔁 Again, ✏️ Change). */
  reupload: InputReupload;
  /**
   * The admins' tools: /balance, /stats and the alerts (the monitor runs only as a singleton job:
   * app/jobs.ts), broadcasts, customers, wallet refunds and grants (null unless BILLING=stars), the audit log.
   */
  admin: AdminTools;
  /** The sender's own account: their stored row on every update, their language. */
  accounts: Accounts;
  promptLibrary: PromptLibraryService;
  /** The customers' Stars wallet; null unless BILLING=stars. */
  wallet: WalletService | null;
  /** Per-user caps (MAX_ACTIVE_ORDERS_PER_USER and the daily ones) and a customer's usage of them. */
  limits: UserLimits;
  /** The bot's daily upstream spend cap (set with /bot_cap), checked before every order is sent. */
  spendCap: BotSpendCap;
  /** Promo codes: redeemed by customers, created and disabled by admins (audited); null unless BILLING=stars. */
  promo: PromoCodes | null;
  /** Deep-link attribution and the referral program (/invite; rewards only with BILLING=stars). */
  referrals: ReferralProgram;
  /** Prices, offered models, their names, packs and welcome Stars as admins set them live (issue 26). */
  liveSettings: LiveSettings;
  /** Stars subscriptions (SUBSCRIPTION_PLANS); null unless BILLING=stars with plans. */
  subscriptions: SubscriptionsService | null;
  /**
   * What the bot says first (issue 44): the rules in force (the live settings over REMINDERS), due
   * reminders and whether each is still true.
   */
  reminders: RemindersService;
  /** Content rules (issue 42): descriptions screened before pricing, strikes and bans, gated models. */
  contentRules: ContentRulesService;
  /** The groups the bot takes orders in (GROUPS), turned on, off and capped by admins (issue 42). */
  groups: GroupsService;
  /** Results posted in groups that members reported, resolved by admins (issue 42). */
  reports: ReportsService;
  /** Examples of each model admins picked for the customers' app, with their owners' consent (issue 43). */
  modelExamples: ModelExamples;
  /** The bots served beyond BOT_TOKEN, their tokens sealed with BOT_TOKENS_SECRET. */
  bots: BotRegistry;
  /** An added bot's own upstream key (/upstream_key), sealed like its token; the shared key otherwise. */
  upstreamKey: UpstreamKeyService;
}

export interface AdminTools extends AdminServices {
  /** Started, paused, resumed, cancelled and audited (/broadcast; the sender runs once in the cluster). */
  broadcasts: BroadcastAdmin;
  /** A customer's card and ban, audited (/user). */
  customers: CustomerAdmin;
  /** Refunds and grants, audited (/refund, /grant, /wallet <id>); null unless BILLING=stars. */
  wallet: WalletAdmin | null;
  /** What admins did (/audit). */
  audit: AuditTrail;
  /** Campaign links and their figures, audited (/campaign_new, /campaigns). */
  campaigns: CampaignAdmin;
  /** The admin Mini App's figures (read only). */
  dashboard: DashboardService;
}
