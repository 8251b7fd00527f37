/**
 * One bot's part of the process: its scoped store, its Telegram client (own send budget and flood
 * gates), its services, its grammY bot, its update inbox worker, its order tracker and notifier and
 * its chores. The main bot (BOT_TOKEN) and every added bot are each one of these, built on the same
 * shared parts (container.ts): the database engine, the upstream, the texts. An added bot with its
 * own upstream key (/upstream_key) talks to the same upstream with that key instead.
 */
import type { I18n } from '@grammyjs/i18n';
import type { Bot } from 'grammy';
import type { BotContext } from '../bot/context.js';
import { createTelegramBot, installFeatures, type TelegramBot } from '../bot/index.js';
import type { Config } from '../config.js';
import { MAIN_BOT_ID, type Store, storeOn } from '../db/index.js';
import { Periodic } from '../lib/periodic.js';
import type { Logger } from '../logger.js';
import { botLabel } from '../metrics.js';
import { ResellerClient } from '../reseller/client.js';
import type { AdminAlerts } from '../services/admin-alerts.js';
import { DraftExpiry } from '../services/draft-expiry.js';
import type { Services } from '../services/index.js';
import { OrderTracker } from '../services/order-tracker.js';
import type { PromoCodes } from '../services/promo-codes.js';
import type { ReminderFacts } from '../services/reminders.js';
import type { SettingsWatch } from '../services/settings-watch.js';
import { SubmissionRetrier } from '../services/submission-retrier.js';
import { StarsReconciler } from '../services/wallet/reconciliation.js';
import { outcomeOf, TelegramBroadcastTransport } from '../telegram/broadcast-transport.js';
import type { TelegramContext } from '../telegram/context.js';
import { textsForUser } from '../telegram/i18n.js';
import { reminderMessage } from '../telegram/reminder-message.js';
import type { Upstream } from '../upstream.js';
import { AdminNotifier } from '../workers/admin-notifier.js';
import { TelegramBroadcastReporter } from '../workers/broadcast/reporter.js';
import { BroadcastSender } from '../workers/broadcast/sender.js';
import { floodNotice } from '../workers/flood-notice.js';
import type { InboxLooks } from '../workers/inbox-looks.js';
import type { InboxPartition } from '../workers/inbox-partition.js';
import { OrderNotifier } from '../workers/order-notifier.js';
import { ReferralNotifier } from '../workers/referral-notifier.js';
import { ReminderSender } from '../workers/reminder-sender.js';
import type { SlotShare } from '../workers/slot-share.js';
import { UpdateInboxWorker } from '../workers/update-inbox.js';
import { inboxHooks } from './inbox-hooks.js';
import { pruneInbox } from './inbox-pruning.js';
import { createServices } from './services.js';
import { tellSubscriptionEnded } from './subscription-ended-notice.js';

/** A chore that runs now and then: once at once, then on its timer. */
export interface Chore {
  runOnce(): Promise<unknown>;
  start(): void;
  stop(): Promise<void>;
}

/** What every bot of the process shares. */
export interface SharedParts {
  /** The loaded config (in sandbox mode, trusting the simulator's result origin). */
  config: Config;
  logger: Logger;
  /** The main bot's store; its engine is every bot's. */
  store: Store;
  upstream: Upstream;
  /** The main bot's texts (its brand and billing). */
  i18n: I18n<TelegramContext>;
  /**
   * What every added bot starts from: BOT_TEMPLATE's settings over the main bot's config (the main
   * bot's own without a template), and the texts for them (the main bot's own without one), made
   * once for every added bot. A bot's own live settings still win over these.
   */
  addedBots: { config: Config; i18n: I18n<TelegramContext> };
  /** The process's update-handling slots, shared fairly by the bots' inbox workers. */
  slots: SlotShare;
  /** The process's one look at every bot's live settings version, every 2 s. */
  settingsWatch: SettingsWatch;
  /** The process's one idle look at every quiet bot's inbox, every 250 ms. */
  inboxLooks: InboxLooks;
  /** The process's share of the inbox's lanes among the replicas. */
  partition: InboxPartition;
}

/** Which bot a runtime serves. */
export interface BotIdentity {
  /** Its row in the bots registry (MAIN_BOT_ID for BOT_TOKEN). */
  id: number;
  token: string;
  /** Who administers it: ADMIN_IDS for the main bot, its creator for an added one. */
  adminIds: readonly number[];
  /** Suspended by the operator (the fleet keeps it current). */
  suspended(): boolean;
  /** An added bot's: the main bot's alerts, which tell the operator when its spend cap is reached. */
  operatorAlerts?: Pick<AdminAlerts, 'raiseLater'>;
  /**
   * An added bot's own upstream API key (opened from its sealed column): its orders, catalog,
   * polls and /balance use it, on the shared upstream's URL. Absent: the shared RESELLER_API_KEY.
   */
  upstreamKey?: string;
  /** Its admin set or cleared that key here: serve the bot again with it (the fleet's). */
  upstreamKeyChanged?: () => void;
}

export interface BotRuntime {
  botId: number;
  /** The shared config (an added bot's: the template's) with this bot's token and admins. */
  config: Config;
  /** Its texts: the main bot's, or the template's for an added bot. */
  i18n: I18n<TelegramContext>;
  logger: Logger;
  /** The store scoped to this bot. */
  store: Store;
  telegram: TelegramBot;
  /** The bot with its features installed. */
  bot: Bot<BotContext>;
  services: Services;
  /** Status messages and delivery of tracked orders. */
  notifier: OrderNotifier;
  /** Polls active orders; its own client, without retries (it paces and reschedules polls itself). */
  tracker: OrderTracker;
  pollClient: ResellerClient;
  inboxWorker: UpdateInboxWorker;
  broadcastSender: BroadcastSender;
  resubmitter: Chore;
  draftExpiry: Chore;
  /** With Stars billing: compares the ledger with Telegram's Star transactions. */
  reconciler: StarsReconciler | null;
  /** With Stars billing: settles the holds a crash left. */
  starsSweep: Chore | null;
  /** Ends subscriptions whose renewal never came and expires ended periods' allowance. */
  subscriptionsSweep: Chore | null;
  /**
   * Sends the reminders of the rules in force (REMINDERS, or the control room's live choice), so it
   * exists even with every rule off at start: a run with none in force plans and sends nothing.
   */
  reminderSender: ReminderSender;
  inboxPruner: Chore;
}

export function createBotRuntime(shared: SharedParts, identity: BotIdentity): BotRuntime {
  const { i18n } = shared;
  const upstream = ownUpstream(shared.upstream, identity.upstreamKey);
  const config: Config = { ...shared.config, botToken: identity.token, adminIds: [...identity.adminIds] };
  // Lines of an added bot say which (its id, never its token).
  const logger = identity.id === MAIN_BOT_ID ? shared.logger : shared.logger.child({ bot: identity.id });
  const store =
    identity.id === MAIN_BOT_ID
      ? shared.store
      : storeOn(shared.store.engine, { bot: identity.id, defaultLocale: config.defaultLocale });

  // The Bot and its Api first (nothing is sent yet): every service and worker below speaks through it.
  const telegram = createTelegramBot(config.botToken, {
    apiRoot: config.telegram.apiRoot,
    logger,
    sendRate: config.telegram.sendRate,
  });
  const { api } = telegram.bot;
  const services = createServices({
    config,
    logger,
    store,
    upstream,
    settingsWatch: shared.settingsWatch,
    getFile: (id) => api.getFile(id),
    ...(identity.operatorAlerts && { operatorAlerts: identity.operatorAlerts }),
    ...(identity.upstreamKeyChanged && { upstreamKeyChanged: identity.upstreamKeyChanged }),
  });
  // The tracker reports to the notifier, which edits status messages and delivers results.
  const notifier = new OrderNotifier({
    orders: services.orders,
    users: services.users,
    config,
    logger,
    api,
    i18n,
    deliveryRecorded: (orderId) => services.ordering.deliveryRecorded(orderId),
    sharing: config.sharing,
    modelDisplays: (modelId) => services.catalog.displayOf(modelId),
    referralCodeOf: (userId) =>
      services.referrals.offered ? services.referrals.codeOf(userId) : Promise.resolve(undefined),
  });
  services.admin.alerts.bindSink(new AdminNotifier({ config, users: services.users, logger, api, i18n }));
  services.referrals.bindNotices(new ReferralNotifier({ config, users: services.users, logger, api, i18n }));
  // Polls get no retries of their own: the tracker paces and reschedules them (and honours 429s).
  const pollClient = new ResellerClient({
    baseUrl: upstream.baseUrl,
    apiKey: upstream.apiKey,
    logger,
    retry: { retries: 0 },
  });
  const tracker = new OrderTracker({
    // Observed: failed polls feed the admins' alerts (rejected key, sustained outage).
    client: services.admin.alerts.observePolls(pollClient),
    // Orders stuck in a status we do not know are reported to the admins once.
    alerts: services.admin.alerts,
    ordering: services.ordering,
    orders: services.orders,
    logger,
    events: notifier,
    owner: config.replicaId,
    // ORDER_POLL_RPS for every replica and every bot on the database together (a shared budget).
    maxRequestsPerSecond: config.orderPolling.perSecond,
    budget: store.pollBudget,
    minIntervalMs: config.orderPolling.minMs,
    maxIntervalMs: config.orderPolling.maxMs,
  });
  // Broadcasts: sent once in the cluster (a singleton job), at BROADCAST_RATE for the whole bot.
  const broadcastSender = new BroadcastSender({
    broadcasts: store.broadcasts,
    markBlocked: (userId) => store.users.markBlocked(userId),
    transport: new TelegramBroadcastTransport({
      token: config.botToken,
      apiRoot: config.telegram.apiRoot,
      transformers: telegram.broadcastTransformers,
    }),
    reporter: new TelegramBroadcastReporter(api, i18n),
    rate: config.broadcastRate,
    logger,
  });
  // A broadcast started or changed here is sent at once (the sender runs on one replica only; the
  // others see the change when it next looks, within seconds).
  services.admin.broadcasts.onChange(() => broadcastSender.wake());
  const bot = installFeatures(telegram, {
    store,
    deps: {
      config,
      logger,
      i18n,
      sandbox: upstream.sandbox,
      ...services,
      thisBot: {
        id: identity.id,
        main: identity.id === MAIN_BOT_ID,
        suspended: identity.suspended,
        addedBotTexts: shared.addedBots.i18n,
      },
      live: { tracker, statusMessages: notifier, inbox: store.inbox },
    },
  });
  // Every update, webhook or polling, is stored first and handled from the inbox by whichever
  // replica claims it (one chat at a time, in order).
  const inboxWorker = new UpdateInboxWorker({
    inbox: store.inbox,
    handle: (update) => bot.handleUpdate(update),
    readSenders: (ids) => store.users.findMany(ids),
    ...inboxHooks(telegram),
    owner: config.replicaId,
    logger,
    maxInFlight: config.inboxConcurrency,
    // An idle bot looks for other replicas' updates less and less often (up to every 2 s): fifty
    // idle bots in one process then cost a few passes a second, not two hundred.
    idlePollMaxMs: 2_000,
    // Quiet for longer: one look for every bot of the process (workers/inbox-looks.ts).
    looks: shared.inboxLooks.slot(identity.id),
    // Among replicas, only this one's shards of the bot's lanes (workers/inbox-partition.ts).
    partition: shared.partition.slot(identity.id),
    leaseMs: config.inboxLeaseMs,
    // A flood in one bot leaves room for the others' customers (workers/slot-share.ts).
    share: shared.slots,
    metricsBot: botLabel(identity.id),
    onDropped: floodNotice({ api, i18n, users: store.users, defaultLocale: config.defaultLocale, logger }),
  });
  // Rows left `submitting` (a crash between sending and hearing back, or upstream unreachable at
  // Confirm) are sent again with the same key now and then periodically.
  const resubmitter = new SubmissionRetrier({
    ordering: services.ordering,
    intervalMs: config.orderPolling.resubmitMs,
    logger,
    onOrdered: (order) => {
      tracker.track(order.id);
      notifier.refresh(order.id, order.chatId);
    },
  });
  const draftExpiry = new DraftExpiry({
    orders: services.orders,
    maxAgeMs: config.draftExpiryMs,
    intervalMs: 60 * 60_000,
    logger,
  });
  // Telegram pays each bot its own Stars: each bot's ledger is compared with its own transactions.
  const reconciler =
    services.wallet &&
    new StarsReconciler({
      ledger: services.wallet.ledger,
      fetch: (offset, limit) => bot.api.getStarTransactions({ offset, limit }),
      periods: () => store.subscriptions.allPeriods(),
      report: (differences) =>
        services.admin.alerts.raiseLater({ kind: 'stars_reconciliation', differences }),
      logger,
    });
  // Stars whose order's state says otherwise (a crash or a failure between a state change or a
  // delivery and its settlement) are settled at start-up and every few minutes.
  const wallet = services.wallet;
  const starsSweep =
    wallet &&
    new Periodic({ name: 'settle-stars', intervalMs: 10 * 60_000, logger, run: () => wallet.sweep() });
  const subscriptions = services.subscriptions;
  const subscriptionsSweep =
    subscriptions &&
    new Periodic({
      name: 'end-lapsed-subscriptions',
      intervalMs: 5 * 60_000,
      logger,
      run: () =>
        subscriptions.endLapsed(
          tellSubscriptionEnded({ api, i18n, users: store.users, defaultLocale: config.defaultLocale }),
        ),
    });
  // The bot speaks first (issue 44): once in the cluster, paced like a broadcast. Always there: an
  // admin may turn a rule on live, and the next run (5 minutes at most) follows.
  const reminderSender = new ReminderSender({
    reminders: store.reminders,
    service: services.reminders,
    ...(services.promo &&
      config.winBackPromoStars > 0 && {
        enrich: giftOnWinBack(services.promo, config.winBackPromoStars),
      }),
    compose: (due, facts) => reminderMessage(textsForUser(i18n, due.user, config.defaultLocale), facts),
    send: async (chatId, message) => {
      try {
        await api.sendMessage(chatId, message.text, { reply_markup: message.keyboard });
        return { kind: 'sent' };
      } catch (err) {
        return outcomeOf(err);
      }
    },
    markBlocked: (userId) => store.users.markBlocked(userId),
    broadcastRunning: async () => (await store.broadcasts.active())?.status === 'running',
    rate: config.broadcastRate,
    intervalMs: 5 * 60_000,
    logger,
  });
  const inboxPruner = new Periodic({
    name: 'prune-update-inbox',
    intervalMs: 60 * 60_000,
    logger,
    run: () => pruneInbox(store, Date.now()),
  });
  return {
    botId: identity.id,
    config,
    i18n,
    logger,
    store,
    telegram,
    bot,
    services,
    notifier,
    tracker,
    pollClient,
    inboxWorker,
    broadcastSender,
    resubmitter,
    draftExpiry,
    reconciler,
    starsSweep,
    subscriptionsSweep,
    reminderSender,
    inboxPruner,
  };
}

/** Days a win-back reminder's promo code stays valid. */
const WIN_BACK_GIFT_DAYS = 7;

/** A win-back reminder carries a one-time promo code of `stars` made for its customer. */
function giftOnWinBack(promo: PromoCodes, stars: number) {
  return async (facts: ReminderFacts): Promise<ReminderFacts> =>
    facts.rule === 'win_back'
      ? { ...facts, gift: { ...(await promo.createGift(stars, WIN_BACK_GIFT_DAYS)), stars } }
      : facts;
}

/**
 * The upstream a bot orders from: the shared one, or the same API (URL, sandbox flag) with the
 * bot's own key. Closing stays the shared upstream's business (app.ts closes it once).
 */
function ownUpstream(shared: Upstream, ownKey: string | undefined): Upstream {
  if (ownKey === undefined) return shared;
  return { baseUrl: shared.baseUrl, apiKey: ownKey, sandbox: shared.sandbox, close: async () => {} };
}

/** The bot's @username (without the @) once getMe has answered, else null. */
export const botUsernameOf = (rt: Pick<BotRuntime, 'bot'>): string | null =>
  rt.bot.isInited() ? rt.bot.botInfo.username : null;
