/**
 * The store: the only door to persistence. Everything above src/db/ gets these repositories and
 * the plain records of records.ts; drizzle and SQL stay in here.
 */

import { BotScope, MAIN_BOT_ID } from './bot-scope.js';
import type { Dialect, Engine, SingletonHold } from './engine.js';
import { openPostgres, redactDatabaseUrl } from './engines/postgres.js';
import { openSqlite } from './engines/sqlite.js';
import type { SupportedLocale } from './records.js';
import { AdminAlertsRepository } from './repositories/admin-alerts.js';
import { AuditLogRepository } from './repositories/audit-log.js';
import { BotsRepository } from './repositories/bots.js';
import { BroadcastsRepository } from './repositories/broadcasts.js';
import { CampaignsRepository } from './repositories/campaigns.js';
import { CatalogSnapshotsRepository } from './repositories/catalog-snapshots.js';
import { ContentReportsRepository } from './repositories/content-reports.js';
import { ContentRulesRepository } from './repositories/content-rules.js';
import { createConversationStateStorage } from './repositories/conversation-states.js';
import { DashboardRepository } from './repositories/dashboard.js';
import { GroupChatsRepository } from './repositories/group-chats.js';
import { InboxReplicasRepository } from './repositories/inbox-replicas.js';
import { LiveSettingsRepository, SettingsVersionsRepository } from './repositories/live-settings.js';
import { OrdersRepository } from './repositories/orders.js';
import { PromoCodesRepository } from './repositories/promo-codes.js';
import { ReferralsRepository } from './repositories/referrals.js';
import { RemindersRepository } from './repositories/reminders.js';
import { StatsRepository } from './repositories/stats.js';
import { SubscriptionsRepository } from './repositories/subscriptions.js';
import { PollBudgetRepository, UpdateInboxRepository } from './repositories/update-inbox.js';
import { UploadSourcesRepository } from './repositories/upload-sources.js';
import { UsersRepository } from './repositories/users.js';
import { WaitingBotsRepository } from './repositories/waiting-bots.js';
import { WalletRepository } from './repositories/wallet.js';

export { BotScope, MAIN_BOT_ID } from './bot-scope.js';
export type { SingletonHold, Tx } from './engine.js';
export { DatabaseOpenError } from './engines/sqlite.js';
export * from './records.js';
export type { NewAuditEntry } from './repositories/audit-log.js';
export type { NewBot } from './repositories/bots.js';
export type { NewBroadcast, RecipientCounts } from './repositories/broadcasts.js';
export type { CampaignEvents, CampaignFigures } from './repositories/campaigns.js';
export type { StoredCatalog } from './repositories/catalog-snapshots.js';
export type { NewReport } from './repositories/content-reports.js';
export type { BlockBooking, NewContentBlock } from './repositories/content-rules.js';
export type { AfterWrite, SettingsWrite } from './repositories/live-settings.js';
export type { QuoteFields } from './repositories/orders.js';
export type { DisableOutcome, NewPromoCode } from './repositories/promo-codes.js';
export type { Attribution, InviteStats, ReferralTotals } from './repositories/referrals.js';
export type { DueReminder, PlannedReminder } from './repositories/reminders.js';
export type { StatsCounts } from './repositories/stats.js';
export type { PeriodOutcome, SubscriptionStats } from './repositories/subscriptions.js';
export type { NewInboxUpdate } from './repositories/update-inbox.js';
export type { NewUploadSource } from './repositories/upload-sources.js';
export {
  type CreditOutcome,
  type HoldRule,
  type HoldVerdict,
  holdKey,
  InsufficientStarsError,
  type NewWalletEntry,
  type ReferralCredit,
  type RefundStart,
  type RewardBooked,
  type RewardClawback,
  type RewardSpend,
  type Settled,
  type SpendBooked,
  type SpendRefunded,
  type WalletTotals,
} from './repositories/wallet.js';
export { UnscopedStatementError } from './scope-guard.js';
export {
  AdminAlertsRepository,
  AuditLogRepository,
  BotsRepository,
  BroadcastsRepository,
  CampaignsRepository,
  CatalogSnapshotsRepository,
  ContentReportsRepository,
  ContentRulesRepository,
  DashboardRepository,
  GroupChatsRepository,
  InboxReplicasRepository,
  LiveSettingsRepository,
  OrdersRepository,
  PollBudgetRepository,
  PromoCodesRepository,
  ReferralsRepository,
  RemindersRepository,
  redactDatabaseUrl,
  SettingsVersionsRepository,
  StatsRepository,
  SubscriptionsRepository,
  UpdateInboxRepository,
  UploadSourcesRepository,
  UsersRepository,
  WaitingBotsRepository,
  WalletRepository,
};

/** Where the data lives: a SQLite file (the default) or a PostgreSQL server. */
export type StoreLocation = { path: string } | { url: string };

export interface Store {
  readonly dialect: Dialect;
  readonly engine: Engine;
  /** The bot whose records this store reads and writes. */
  readonly scope: BotScope;
  readonly users: UsersRepository;
  readonly orders: OrdersRepository;
  readonly alerts: AdminAlertsRepository;
  readonly catalogSnapshots: CatalogSnapshotsRepository;
  readonly wallet: WalletRepository;
  readonly stats: StatsRepository;
  readonly inbox: UpdateInboxRepository;
  readonly pollBudget: PollBudgetRepository;
  readonly broadcasts: BroadcastsRepository;
  readonly audit: AuditLogRepository;
  readonly promoCodes: PromoCodesRepository;
  readonly referrals: ReferralsRepository;
  readonly campaigns: CampaignsRepository;
  /** The admin Mini App's figures. */
  readonly dashboard: DashboardRepository;
  /** Where each upstream upload came from, to upload an older order's inputs again. */
  readonly uploadSources: UploadSourcesRepository;
  /** The settings admins change live (prices, models, packs), versioned. */
  readonly liveSettings: LiveSettingsRepository;
  /** Stars subscriptions: subscribers and their paid periods. */
  readonly subscriptions: SubscriptionsRepository;
  readonly reminders: RemindersRepository;
  /** Content rules (issue 42) and the descriptions they refused. */
  readonly contentRules: ContentRulesRepository;
  /** The groups the bot was added to, and their admins' settings (issue 42). */
  readonly groupChats: GroupChatsRepository;
  /** Results posted in groups that members reported, and what admins did (issue 42). */
  readonly contentReports: ContentReportsRepository;
  /** The bots this deployment serves, the main one first. */
  readonly bots: BotsRepository;
  /** Every bot's live settings version at once (the process's one look for all its bots). */
  readonly settingsVersions: SettingsVersionsRepository;
  /** Which bots have updates waiting to be claimed (the process's one idle look for all its bots). */
  readonly waitingBots: WaitingBotsRepository;
  /** The replicas sharing the update inbox, which split its shards (issue 41). */
  readonly inboxReplicas: InboxReplicasRepository;
  conversationStorage<S>(): ReturnType<typeof createConversationStateStorage<S>>;
  /** See Engine.holdSingleton: once-per-cluster jobs (services/singleton-jobs.ts). */
  holdSingleton(name: string): Promise<SingletonHold | undefined>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Drives every timestamp the store writes. */
  now?: () => number;
  /** The bot whose records this store reads and writes (bot-scope.ts); the main bot by default. */
  bot?: number;
  /** DEFAULT_LOCALE: the language of users who chose none and whose Telegram language we do not speak. */
  defaultLocale?: SupportedLocale;
}

/** Opens the engine at `location`, migrated and ready. */
export async function openStore(
  location: StoreLocation,
  opts: StoreOptions | (() => number) = {},
): Promise<Store> {
  const engine = 'url' in location ? await openPostgres(location.url) : openSqlite(location.path);
  return storeOn(engine, opts);
}

export function storeOn(engine: Engine, opts: StoreOptions | (() => number) = {}): Store {
  const {
    now = Date.now,
    defaultLocale = 'en',
    bot = MAIN_BOT_ID,
  } = typeof opts === 'function' ? { now: opts } : opts;
  const scope = new BotScope(bot);
  const wallet = new WalletRepository(engine, scope, now);
  return {
    dialect: engine.dialect,
    engine,
    scope,
    users: new UsersRepository(engine, scope, now),
    orders: new OrdersRepository(engine, scope, now),
    alerts: new AdminAlertsRepository(engine, scope),
    catalogSnapshots: new CatalogSnapshotsRepository(engine),
    wallet,
    stats: new StatsRepository(engine, scope),
    inbox: new UpdateInboxRepository(engine, scope, now),
    pollBudget: new PollBudgetRepository(engine),
    broadcasts: new BroadcastsRepository(engine, scope, now, defaultLocale),
    audit: new AuditLogRepository(engine, scope, now),
    promoCodes: new PromoCodesRepository(engine, scope, wallet, now),
    referrals: new ReferralsRepository(engine, scope, wallet, now),
    campaigns: new CampaignsRepository(engine, scope, now),
    dashboard: new DashboardRepository(engine, scope),
    uploadSources: new UploadSourcesRepository(engine, scope, now),
    liveSettings: new LiveSettingsRepository(engine, scope, now),
    subscriptions: new SubscriptionsRepository(engine, scope, wallet, now),
    reminders: new RemindersRepository(engine, scope, now),
    contentRules: new ContentRulesRepository(engine, scope, now),
    groupChats: new GroupChatsRepository(engine, scope, now),
    contentReports: new ContentReportsRepository(engine, scope, now),
    bots: new BotsRepository(engine, now),
    settingsVersions: new SettingsVersionsRepository(engine),
    waitingBots: new WaitingBotsRepository(engine, now),
    inboxReplicas: new InboxReplicasRepository(engine, now),
    conversationStorage: () => createConversationStateStorage(engine, scope),
    holdSingleton: (name) => engine.holdSingleton(name),
    ping: () => engine.ping(),
    close: () => engine.close(),
  };
}
