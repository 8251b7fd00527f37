/**
 * Composition root: config -> logger -> database -> upstream -> bot -> polling or webhook.
 * Shuts down gracefully on SIGINT/SIGTERM: stops taking updates, lets in-flight ones finish,
 * then closes the upstream and the database.
 */
import 'dotenv/config';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GrammyError } from 'grammy';
import { commandLists, registerAdminCommands, registerCommands } from './bot/commands.js';
import { countTelegramErrors, createTelegramBot, installFeatures } from './bot/index.js';
import { ConfigError, loadConfig, secretsOf } from './config.js';
import { openStore } from './db/index.js';
import { Periodic } from './lib/periodic.js';
import { redactSecrets } from './lib/redact.js';
import { trustingOrigin } from './lib/url-policy.js';
import { createLogger } from './logger.js';
import { metrics } from './metrics.js';
import { ResellerClient } from './reseller/client.js';
import { createHttpServer, listen, WEBHOOK_PATH } from './server/http-server.js';
import { createServices } from './services/container.js';
import { DraftExpiry } from './services/draft-expiry.js';
import { OrderTracker } from './services/order-tracker.js';
import { SingletonJobs } from './services/singleton-jobs.js';
import { SubmissionRetrier } from './services/submission-retrier.js';
import { StarsReconciler } from './services/wallet/reconciliation.js';
import { TelegramBroadcastTransport } from './telegram/broadcast-transport.js';
import { chatWork } from './telegram/chat-work.js';
import { createI18n, textsFor } from './telegram/i18n.js';
import { chatIdOf } from './telegram/inbox-lane.js';
import { reportUntranslatedTo } from './telegram/texts/labels.js';
import { spokenLocale } from './texts/locales.js';
import { connectUpstream } from './upstream.js';
import { AdminNotifier } from './workers/admin-notifier.js';
import { TelegramBroadcastReporter } from './workers/broadcast/reporter.js';
import { BroadcastSender } from './workers/broadcast/sender.js';
import { OrderNotifier } from './workers/order-notifier.js';
import { startPolling } from './workers/polling.js';
import { UpdateInboxWorker } from './workers/update-inbox.js';

/** No BOT_TOKEN at all: most likely the first `npm start` on a fresh clone. */
const FIRST_RUN_HELP = `
To run the bot in Telegram you need a bot token:
  1. In Telegram, open @BotFather, send /newbot and follow the steps; it answers with a token
     such as 123456789:AAE...
  2. cp .env.example .env, put the token in it (BOT_TOKEN=...), then npm start again.

To try the bot first, without any token: npm run playground (a chat with the bot in this terminal).
See README.md, "Getting started", and .env.example for every variable.
`;

/** getMe; a token Telegram refuses is said plainly instead of as a failed API call. */
async function initOrExplain(bot: { init(): Promise<void> }): Promise<void> {
  try {
    await bot.init();
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 401) {
      throw new Error(
        'BOT_TOKEN was rejected by Telegram (401 Unauthorized): it is mistyped, or it was revoked. Copy it again from @BotFather (/mybots, your bot, API Token).',
      );
    }
    throw error;
  }
}

/** Every secret of the loaded config (database password included), for the last-resort error line. */
let knownSecrets: string[] = [];

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      const firstRun = !process.env.BOT_TOKEN?.trim();
      process.stderr.write(
        `${error.message}\n${firstRun ? FIRST_RUN_HELP : 'See .env.example for every variable.\n'}`,
      );
      process.exit(1);
    }
    throw error;
  }

  knownSecrets = secretsOf(config);
  const logger = createLogger({ level: config.logLevel, secrets: knownSecrets });
  // Last resort: a promise nobody awaited must never end the process silently. It is logged loudly
  // and the bot keeps serving: every state that matters is in the database, and exiting would drop
  // the updates in flight for every other user.
  process.on('unhandledRejection', (reason: unknown) => {
    metrics.unhandledRejections.inc();
    logger.error({ err: reason }, 'unhandled rejection: a bug, but the bot keeps running');
  });
  // A synchronous exception nobody caught unwound a stack half-way: the state it left is unknown,
  // so the process still ends (code 1), as Node intends, but through our logger (secrets redacted,
  // one JSON line an operator can alert on) rather than a raw stack trace. A restart is safe: every
  // order and delivery is resumed from the database (docs/architecture.md, "A result delivered once").
  process.on('uncaughtException', (err: Error) => {
    logger.fatal({ err }, 'uncaught exception: exiting so the orchestrator restarts the bot');
    logger.flush();
    process.exit(1);
  });
  // Migrated before anything reads it (on PostgreSQL under an advisory lock: replicas may start together).
  const store = await openStore(config.database, { defaultLocale: config.defaultLocale });
  const upstream = await connectUpstream(config, logger);
  // Sandbox mode: the in-process simulator serves its results from its own origin (plain http on
  // loopback). That origin, exactly, is trusted; every other result URL stays under the strict policy.
  if (upstream.sandbox)
    config = { ...config, resultUrls: trustingOrigin(config.resultUrls, upstream.baseUrl) };

  // The Bot and its Api first (nothing is sent yet): every service and worker below speaks through it.
  const telegram = createTelegramBot(config.botToken, { apiRoot: config.telegram.apiRoot, logger });
  const { api } = telegram.bot;
  const i18n = createI18n(config.defaultLocale, config.branding, config.billing.mode);
  // A catalog word shown as upstream wrote it (no text of ours yet) is logged once, to be translated.
  reportUntranslatedTo((kind, slug, locale) =>
    logger.warn({ kind, slug, locale }, 'catalog word without a translation: add it to locales/'),
  );
  const services = createServices({ config, logger, store, upstream, getFile: (id) => api.getFile(id) });
  // The tracker reports to the notifier, which edits status messages and delivers results.
  const notifier = new OrderNotifier({
    orders: services.orders,
    users: services.users,
    config,
    logger,
    api,
    i18n,
    deliveryRecorded: (orderId) => services.ordering.deliveryRecorded(orderId),
  });
  services.admin.alerts.bindSink(new AdminNotifier({ config, users: services.users, logger, api, i18n }));
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
    ordering: services.ordering,
    orders: services.orders,
    logger,
    events: notifier,
    owner: config.replicaId,
    // ORDER_POLL_RPS for every replica on the database together.
    maxRequestsPerSecond: config.orderPolling.perSecond,
    budget: store.pollBudget,
    minIntervalMs: config.orderPolling.minMs,
    maxIntervalMs: config.orderPolling.maxMs,
  });
  // Broadcasts: sent once in the cluster (a singleton job below), at BROADCAST_RATE for the whole bot.
  const broadcastSender = new BroadcastSender({
    broadcasts: store.broadcasts,
    markBlocked: (userId) => store.users.markBlocked(userId),
    transport: new TelegramBroadcastTransport({
      token: config.botToken,
      apiRoot: config.telegram.apiRoot,
      transformers: [countTelegramErrors],
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
      live: { tracker, statusMessages: notifier, inbox: store.inbox },
    },
  });
  // Every update, webhook or polling, is stored first and handled from the inbox by whichever
  // replica claims it (one chat at a time, in order).
  const inboxWorker = new UpdateInboxWorker({
    inbox: store.inbox,
    handle: (update) => bot.handleUpdate(update),
    onRetry: (update) => {
      if (update.callback_query) telegram.callbackAnswers.presumeAnswered(update.callback_query.id);
    },
    onCancelRequested: (update) => {
      const chatId = chatIdOf(update);
      if (chatId !== undefined) chatWork.abort(chatId);
    },
    owner: config.replicaId,
    logger,
    maxInFlight: config.inboxConcurrency,
    isWaiting: (update) => {
      const chatId = chatIdOf(update);
      return chatId !== undefined && telegram.floodGate.holdsBack(chatId);
    },
    onDropped: (update) => {
      const chatId = chatIdOf(update);
      const from = update.message?.from ?? update.edited_message?.from;
      if (chatId === undefined) return;
      const texts = textsFor(i18n, spokenLocale(undefined, from?.language_code, config.defaultLocale));
      api.sendMessage(chatId, texts.t('inbox-flood-notice')).catch((err: unknown) => {
        logger.warn({ err, chatId }, 'could not tell a flooding chat that its messages were dropped');
      });
    },
  });
  // Telegram unreachable at start-up: getMe (and every call below) keeps retrying every few seconds
  // with a warning in the log (telegram/telegram-link.ts), rather than exiting into a restart loop.
  await initOrExplain(bot);
  await registerCommands(api, commandLists(config, i18n));
  const adminCommands = await registerAdminCommands(api, commandLists(config, i18n), config.adminIds);
  for (const { adminId, error } of adminCommands.failed) {
    logger.warn(
      { adminId, err: error },
      'could not register the admin commands (has the admin opened the bot?)',
    );
  }
  services.catalog.start();
  await services.ordering.resumeFinalHooks();
  notifier.start();
  await tracker.start();
  await inboxWorker.start();
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
  const reconciler =
    services.wallet &&
    new StarsReconciler({
      ledger: services.wallet.ledger,
      fetch: (offset, limit) => bot.api.getStarTransactions({ offset, limit }),
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
  const inboxPruner = new Periodic({
    name: 'prune-update-inbox',
    intervalMs: 60 * 60_000,
    logger,
    run: async () => {
      // A resend comes within minutes; a day of handled ids is ample to recognise one.
      await store.inbox.prune(new Date(Date.now() - 24 * 60 * 60_000));
      await store.pollBudget.prune(Math.floor(Date.now() / 1000) - 120);
    },
  });
  // Once in the cluster: on the replica holding the store's singleton lock (with SQLite, this one).
  const singletons = new SingletonJobs({
    acquire: () => store.holdSingleton('singleton-jobs'),
    logger,
    jobs: [
      {
        name: 'resubmit-stuck-orders',
        start: async () => {
          await resubmitter.runOnce();
          resubmitter.start();
        },
        stop: () => resubmitter.stop(),
      },
      {
        name: 'close-old-drafts',
        start: async () => {
          await draftExpiry.runOnce();
          draftExpiry.start();
        },
        stop: () => draftExpiry.stop(),
      },
      // Nobody to alert without admins; /balance still reads the balance on demand.
      ...(config.adminIds.length > 0
        ? [
            {
              name: 'balance-monitor',
              start: () => services.admin.balance.start(),
              stop: () => services.admin.balance.stop(),
            },
          ]
        : []),
      ...(starsSweep
        ? [
            {
              name: 'settle-stars',
              start: async () => {
                await starsSweep.runOnce();
                starsSweep.start();
              },
              stop: () => starsSweep.stop(),
            },
          ]
        : []),
      ...(reconciler
        ? [{ name: 'stars-reconciliation', start: () => reconciler.start(), stop: () => reconciler.stop() }]
        : []),
      {
        name: 'broadcasts',
        start: () => broadcastSender.start(),
        stop: () => broadcastSender.stop(),
      },
      {
        name: 'prune-update-inbox',
        start: () => inboxPruner.start(),
        stop: () => inboxPruner.stop(),
      },
    ],
  });
  await singletons.start();

  metrics.observe({
    activeOrders: () => services.orders.countActive(),
    catalog: () => services.catalog.stats(),
    inboxPending: () => store.inbox.countPending(),
  });
  let stopping = false;
  const metricsRoute = {
    '/metrics': async (_req: IncomingMessage, res: ServerResponse) => {
      const body = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body);
    },
    // Ready: the store answers (migrated: it is opened only after its migrations) and not draining.
    '/readyz': async (_req: IncomingMessage, res: ServerResponse) => {
      const json = { 'content-type': 'application/json' };
      if (stopping) return void res.writeHead(503, json).end('{"ready":false,"reason":"draining"}');
      try {
        await store.ping();
        res.writeHead(200, json).end('{"ready":true}');
      } catch {
        res.writeHead(503, json).end('{"ready":false,"reason":"database"}');
      }
    },
  };

  let stopReceiving: () => Promise<void>;
  if (config.mode.kind === 'webhook') {
    const { url, secret, port } = config.mode;
    const server = createHttpServer({
      webhook: {
        secret,
        accept: async (update) => {
          await inboxWorker.accept(update);
        },
      },
      logger,
      routes: metricsRoute,
      onRequest: (outcome) => metrics.webhookRequests.inc({ outcome }),
    });
    await listen(server, port, 'PORT');
    await bot.api.setWebhook(new URL(WEBHOOK_PATH, url).href, { secret_token: secret });
    stopReceiving = () => new Promise((resolve) => server.close(() => resolve()));
  } else {
    const { metricsPort } = config;
    const metricsServer = metricsPort ? createHttpServer({ logger, routes: metricsRoute }) : undefined;
    if (metricsServer && metricsPort) await listen(metricsServer, metricsPort, 'METRICS_PORT');
    await bot.api.deleteWebhook();
    const stopPolling = startPolling({
      api: bot.api,
      accept: async (update) => {
        await inboxWorker.accept(update);
      },
      logger,
      onStopped: (err) => {
        // 401 (token revoked) or 409 (another instance polls): only a restart can bring polling back.
        logger.fatal({ err }, 'Telegram ended polling: exiting');
        void shutdown('polling ended', 1);
      },
    });
    stopReceiving = async () => {
      await stopPolling();
      await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    };
  }
  // Logged once updates can arrive: tests and operators wait for this line.
  logger.info({ username: bot.botInfo.username, mode: config.mode.kind }, 'bot started');

  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Drain: no new updates, the ones in hand finish (or are handed back after the grace period).
    await stopReceiving();
    await inboxWorker.drain(config.drainGraceMs);
    await singletons.stop();
    notifier.abortInFlight();
    await tracker.stop();
    await services.admin.alerts.whenIdle();
    await notifier.stop();
    await pollClient.close();
    services.catalog.stop();
    await upstream.close();
    await store.close();
    logger.info('bye');
    logger.flush();
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const fromEnv = [process.env.BOT_TOKEN, process.env.RESELLER_API_KEY].filter((s): s is string => !!s);
  const secrets = [...fromEnv, ...knownSecrets];
  process.stderr.write(`Fatal: ${redactSecrets(message, secrets)}\n`);
  process.exit(1);
});
