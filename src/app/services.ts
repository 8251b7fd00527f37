/**
 * Builds the services on top of the database and the upstream, in one place for the bot process
 * (app/container.ts), the tests and the benchmarks.
 */
import type { Config, StarsBilling } from '../config.js';
import type { Store, Tx } from '../db/index.js';
import { ModelExamplesRepository } from '../db/repositories/model-examples.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import { ResellerClient } from '../reseller/client.js';
import { ResellerError } from '../reseller/errors.js';
import type { RetryPolicy } from '../reseller/retry.js';
import { Accounts } from '../services/accounts.js';
import { AuditTrail } from '../services/admin/audit-trail.js';
import { BroadcastAdmin } from '../services/admin/broadcasts.js';
import { CampaignAdmin } from '../services/admin/campaigns.js';
import { CustomerAdmin } from '../services/admin/customers.js';
import { DashboardService } from '../services/admin/dashboard.js';
import { createAdminServices, withAdminHooks } from '../services/admin.js';
import type { AdminAlerts } from '../services/admin-alerts.js';
import { BotRegistry } from '../services/bot-registry.js';
import { BotSpendCap } from '../services/bot-spend-cap.js';
import { CatalogService } from '../services/catalog.js';
import { composeHooks } from '../services/compose-hooks.js';
import { ContentRulesService } from '../services/content-rules.js';
import { GroupsService } from '../services/groups.js';
import type { Services } from '../services/index.js';
import { InputReupload } from '../services/input-reupload.js';
import { LiveSettings, type SettingsDefaults } from '../services/live-settings.js';
import { MediaRelay, type TelegramFileInfo } from '../services/media-relay.js';
import { ModelExamples } from '../services/model-examples.js';
import type { OrderPipelineHooks } from '../services/order-hooks.js';
import { type OrderingDeps, OrderingService } from '../services/ordering.js';
import { PromoCodes } from '../services/promo-codes.js';
import { PromptLibraryService } from '../services/prompt-library.js';
import { ReferralProgram } from '../services/referrals.js';
import { RemindersService } from '../services/reminders.js';
import { ReportsService } from '../services/reports.js';
import type { SettingsWatch } from '../services/settings-watch.js';
import { SubscriptionsService } from '../services/subscriptions.js';
import { type KeyVerdict, UpstreamKeyService } from '../services/upstream-key.js';
import { UserLimits } from '../services/user-limits.js';
import { WalletService } from '../services/wallet/wallet.js';
import { WalletAdmin } from '../services/wallet/wallet-admin.js';

export function createServices(opts: {
  config: Config;
  logger: Logger;
  store: Store;
  upstream: { baseUrl: string; apiKey: string };
  /** Telegram's getFile (the bot's Api): the relay asks it where a user's file is. */
  getFile?: (fileId: string) => Promise<TelegramFileInfo>;
  /** Run after the bot's own order hooks (per-user limits, the wallet's settlement). */
  hooks?: OrderPipelineHooks;
  /** Test seam: run before the bot's own order hooks (a process pausing or dying before it settles). */
  hooksBefore?: OrderPipelineHooks;
  /** The ordering pipeline's and the limits' clock (tests: the simulator's manual clock). */
  now?: () => number;
  /** The live settings' version checks run on these (tests move a manual clock). */
  liveSettingsTimers?: Timers;
  /** The process's one look at every bot's settings version; without it, the bot polls its own. */
  settingsWatch?: SettingsWatch;
  /** The upstream client's waits between retries (tests: none, or a manual clock; real timers otherwise). */
  upstreamSleep?: (ms: number) => Promise<void>;
  /** The upstream client's retry policy; its default otherwise. */
  upstreamRetry?: Partial<RetryPolicy>;
  /** An added bot's: the operator's alerts (the main bot's admins), told when its spend cap is reached. */
  operatorAlerts?: Pick<AdminAlerts, 'raiseLater'>;
  /** An added bot's own upstream key was set or cleared here: the process serves it again with it. */
  upstreamKeyChanged?: () => void;
}): Services {
  const { config, logger, store } = opts;
  const client = new ResellerClient({
    baseUrl: opts.upstream.baseUrl,
    apiKey: opts.upstream.apiKey,
    logger,
    ...(opts.upstreamSleep && { sleep: opts.upstreamSleep }),
    ...(opts.upstreamRetry && { retry: opts.upstreamRetry }),
  });
  // Prices, offered models, names, packs and welcome Stars: the environment, unless an admin changed
  // them live (every replica sees a change within seconds).
  const liveSettings = new LiveSettings({
    repository: store.liveSettings,
    audit: store.audit,
    defaults: settingsDefaults(config),
    logger,
    ...(opts.liveSettingsTimers && { timers: opts.liveSettingsTimers }),
    ...(opts.settingsWatch && { watch: opts.settingsWatch.slot(store.scope.botId) }),
  });
  const admin = createAdminServices({ config, logger, store, client });
  // HIDDEN_MODEL_TYPES and ALLOWED_MODEL_IDS are applied by the live settings (an admin may offer a
  // hidden model), so menu, form and prompt library agree on what is offered.
  const catalog = new CatalogService(client, {
    logger,
    allowedModelIds: config.catalog.allowedModelIds,
    offer: () => liveSettings.current(),
    store: store.catalogSnapshots,
    reporter: {
      unreadableModel: (model, reason) =>
        admin.alerts.raiseLater({ kind: 'unreadable_model', model, reason }, model),
      servingStored: (error, count) => admin.alerts.raiseLater({ kind: 'catalog_stale', error, count }),
    },
  });
  const referrals = new ReferralProgram({
    referrals: store.referrals,
    campaigns: store.campaigns,
    rules: config.billing.mode === 'stars' ? config.billing.referral : undefined,
    logger,
  });
  const wallet =
    config.billing.mode === 'stars'
      ? starsWallet({ store, billing: config.billing, referrals, logger, live: () => liveSettings.current() })
      : null;
  const limits = new UserLimits(store.stats, config.userLimits, opts.now);
  // The bot's daily cap, read live from the registry; its admins and the operator hear once a day.
  const spendCap = new BotSpendCap({
    botId: store.scope.botId,
    bots: store.bots,
    stats: store.stats,
    ...(opts.now && { now: opts.now }),
    onReached: (reached) => {
      const alert = {
        kind: 'spend_cap_reached',
        capUsd: reached.capUsd,
        spentUsd: reached.spentUsd,
        resetsAt: new Date(reached.resetsAt),
      } as const;
      admin.alerts.raiseLater(alert, reached.day);
      opts.operatorAlerts?.raiseLater(
        { ...alert, bot: { id: reached.botId, username: reached.botUsername } },
        `${reached.botId}:${reached.day}`,
      );
    },
  });
  const ordering = new OrderingService({
    orders: store.orders,
    client,
    catalog,
    logger,
    // Per-user limits first: they hold nothing, so a refusal there needs no release elsewhere.
    hooks: withAdminHooks(composeHooks(opts.hooksBefore, limits.hooks, wallet?.hooks, opts.hooks), admin),
    ...(opts.now && { now: opts.now }),
    ...submissionBookings({ wallet, spendCap }),
    // The catalog priced it wrong (or upstream changed its prices): admins hear, the catalog reloads.
    onChargeMismatch: (order, chargedUsd) => {
      admin.alerts.raiseLater(
        { kind: 'charge_mismatch', modelName: order.modelName, confirmedUsd: order.priceUsd, chargedUsd },
        String(order.modelId),
      );
      catalog
        .refresh()
        .catch((err: unknown) => logger.warn({ err }, 'catalog refresh after a charge mismatch failed'));
    },
  });
  const payoutUsdPerStar = config.billing.mode === 'stars' ? config.billing.payoutUsdPerStar : undefined;
  const campaigns = new CampaignAdmin({
    campaigns: store.campaigns,
    audit: store.audit,
    payoutUsdPerStar,
    logger,
  });
  const relay = new MediaRelay({
    getFile: async (fileId) => {
      if (!opts.getFile) throw new Error('no Telegram getFile given to createServices');
      return opts.getFile(fileId);
    },
    token: config.botToken,
    apiRoot: config.telegram.apiRoot,
    localFiles: config.telegram.localFiles,
    client,
    logger,
    sources: store.uploadSources,
  });
  const customers = new CustomerAdmin({
    users: store.users,
    orders: store.orders,
    stats: store.stats,
    audit: store.audit,
    adminIds: config.adminIds,
    logger,
  });
  return {
    users: store.users,
    orders: ordering.orders,
    client,
    catalog,
    ordering,
    relay,
    reupload: new InputReupload({ sources: store.uploadSources, relay }),
    admin: {
      ...admin,
      broadcasts: new BroadcastAdmin({
        broadcasts: store.broadcasts,
        audit: store.audit,
        logger,
        rate: config.broadcastRate,
      }),
      customers,
      wallet: wallet && new WalletAdmin({ wallet, users: store.users, audit: store.audit, logger }),
      audit: new AuditTrail(store.audit, store.users),
      campaigns,
      dashboard: new DashboardService({
        dashboard: store.dashboard,
        wallet: store.wallet,
        orders: store.orders,
        broadcasts: store.broadcasts,
        campaigns,
        reminders: store.reminders,
        payoutUsdPerStar,
        upstreamBalance: async () =>
          (await client.getBalance({ signal: AbortSignal.timeout(5_000) })).balanceUsd,
      }),
    },
    accounts: new Accounts(store.users, config.adminIds),
    promptLibrary: new PromptLibraryService(client, { logger }),
    wallet,
    limits,
    spendCap,
    promo: wallet && new PromoCodes({ codes: store.promoCodes, wallet, audit: store.audit, logger }),
    referrals,
    liveSettings,
    subscriptions:
      config.billing.mode === 'stars' && (config.billing.subscriptions?.plans.length ?? 0) > 0
        ? new SubscriptionsService({
            store: store.subscriptions,
            ledger: store.wallet,
            plans: config.billing.subscriptions!.plans,
            periodSeconds: config.billing.subscriptions!.periodSeconds,
            logger,
            // Once per charge (a mismatch, a refund) or per customer (two live subscriptions).
            alert: (alert) =>
              admin.alerts.raiseLater(
                alert,
                alert.kind === 'subscription_duplicate' ? String(alert.userId) : alert.chargeId,
              ),
          })
        : null,
    reminders: new RemindersService({
      reminders: store.reminders,
      subscriptions: store.subscriptions,
      ledger: store.wallet,
      orders: store.orders,
      // Read at every run: REMINDERS, or what an admin set live in the control room.
      rules: () => liveSettings.current().reminders,
      logger,
      ...(opts.now && { now: opts.now }),
    }),
    contentRules: new ContentRulesService({
      repo: store.contentRules,
      audit: store.audit,
      paidOrders: async (userId) => (await store.stats.customerOrders(userId)).completed,
      adminIds: config.adminIds,
      logger,
      ...(opts.now && { now: opts.now }),
    }),
    groups: new GroupsService({
      repo: store.groupChats,
      audit: store.audit,
      mode: config.groups.mode,
      logger,
      ...(opts.now && { now: opts.now }),
    }),
    reports: new ReportsService({
      reports: store.contentReports,
      orders: store.orders,
      audit: store.audit,
      customers,
      logger,
      ...(opts.now && { now: opts.now }),
    }),
    modelExamples: new ModelExamples({
      repo: new ModelExamplesRepository(store.engine, store.scope, opts.now),
      orders: store.orders,
      audit: store.audit,
      adminIds: config.adminIds,
      logger,
    }),
    bots: new BotRegistry(store.bots, config.bots.tokensSecret),
    upstreamKey: new UpstreamKeyService({
      botId: store.scope.botId,
      bots: store.bots,
      secret: config.bots.tokensSecret,
      inFlight: () => store.orders.countInFlight(),
      probe: (key) => probeUpstreamKey(opts.upstream.baseUrl, key),
      changed: opts.upstreamKeyChanged ?? (() => {}),
    }),
  };
}

/**
 * Whether the upstream takes a key (GET /balance, asked once): refused (401 or 403), or not
 * answered. The client keeps the key out of its errors; nothing here logs or keeps it.
 */
export async function probeUpstreamKey(baseUrl: string, key: string): Promise<KeyVerdict> {
  const client = new ResellerClient({ baseUrl, apiKey: key, retry: { retries: 0 } });
  try {
    await client.getBalance({ signal: AbortSignal.timeout(10_000) });
    return 'accepted';
  } catch (error) {
    if (error instanceof ResellerError && (error.httpStatus === 401 || error.httpStatus === 403))
      return 'refused';
    return 'unreachable';
  } finally {
    await client.close();
  }
}

/**
 * What the transaction that starts a submission checks and books, and how the ordering pipeline
 * books Stars through the wallet: the bot's spend cap first (a refusal there holds nothing), then
 * the wallet's hold; the price in Stars; the settlement in the transaction that records a state
 * change. Production and the tests that build an older or a dying process all take it from here,
 * so they differ only where they mean to.
 */
export function submissionBookings(parts: {
  wallet: WalletService | null;
  spendCap?: Pick<BotSpendCap, 'guard'>;
}): Pick<OrderingDeps, 'starPrice' | 'submissionHold' | 'settle'> {
  const { wallet, spendCap } = parts;
  return {
    submissionHold: async (tx, order) => {
      await spendCap?.guard(tx, order);
      await wallet?.holdForSubmission(tx, order);
    },
    ...(wallet && {
      starPrice: (modelId: number, usd: string) => wallet.pricing.starsFor(modelId, usd),
      settle: (tx: Tx, orderId: string) => wallet.settle(orderId, tx),
    }),
  };
}

/**
 * The Stars wallet as production wires it: referral rewards earned with each capture, taken back
 * with a Telegram refund of spent Stars, and announced after the commit. Tests that build a wallet
 * of their own call this, so a hook added here reaches them too.
 */
export function starsWallet(opts: {
  store: Store;
  billing: StarsBilling;
  referrals: ReferralProgram;
  logger: Logger;
  live?: ConstructorParameters<typeof WalletService>[0]['live'];
}): WalletService {
  const { store, billing, referrals, logger } = opts;
  return new WalletService({
    ledger: store.wallet,
    config: billing,
    logger,
    rewardSpend: referrals.rewardSpend,
    rewardClawback: referrals.rewardClawback,
    rewardBooked: (reward) => referrals.rewardBooked(reward),
    ...(opts.live && { live: opts.live }),
  });
}

/** The environment's values: what the live settings start from and fall back to. */
export function settingsDefaults(config: Config): SettingsDefaults {
  const { billing, catalog } = config;
  const stars = billing.mode === 'stars' ? billing : undefined;
  return {
    markupPercent: stars?.markupPercent ?? '0',
    overrides: stars?.overrides ?? new Map(),
    welcomeStars: stars?.welcomeStars ?? 0,
    topupPacks: stars?.topupPacks ?? [],
    allowedModelIds: catalog.allowedModelIds,
    hiddenModelTypes: catalog.hiddenModelTypes,
    reminders: config.reminders,
  };
}
