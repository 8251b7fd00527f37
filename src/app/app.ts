/**
 * Starts and stops what the container built, in order: the upstream's answer to our key (one
 * question), Telegram (getMe, command menus), the services and workers, the singleton jobs, then
 * the way updates come in (webhook or polling). Stopping drains in the reverse order (see `stop`).
 */
import type { Server } from 'node:http';
import { GrammyError } from 'grammy';
import { commandLists, registerAdminCommands, registerCommands } from '../bot/commands.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';
import { createHttpServer, listen } from '../server/http-server.js';
import { WEBHOOK_PATH } from '../server/webhook.js';
import { SingletonJobs } from '../services/singleton-jobs.js';
import { setAdminMenuButtons } from '../telegram/menu-button.js';
import { startPolling } from '../workers/polling.js';
import { type Container, createContainer } from './container.js';
import { singletonJobs } from './jobs.js';
import { httpRoutes } from './routes.js';
import { checkUpstream } from './upstream-check.js';

export interface App {
  /** Takes updates once everything behind them runs; `onFatal` when Telegram ends polling for good. */
  start(onFatal: (reason: string) => void): Promise<void>;
  /** Drains and closes everything; safe to call at any point of start. */
  stop(): Promise<void>;
}

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

/** Command menus for everyone and, per admin, the admin commands (an admin who never opened the bot is skipped). */
async function registerCommandMenus(c: Container): Promise<void> {
  const { api } = c.bot;
  await registerCommands(api, commandLists(c.config, c.i18n));
  const admin = await registerAdminCommands(api, commandLists(c.config, c.i18n), c.config.adminIds);
  for (const { adminId, error } of admin.failed) {
    c.logger.warn(
      { adminId, err: error },
      'could not register the admin commands (has the admin opened the bot?)',
    );
  }
  await registerAdminMenuButtons(c);
}

/** The admin Mini App as each admin chat's menu button, when it is on (customers keep theirs). */
async function registerAdminMenuButtons(c: Container): Promise<void> {
  const { url } = c.config.miniApp;
  if (!url) return;
  const text = c.i18n.t(c.config.defaultLocale, 'dashboard-menu-button');
  const { failed } = await setAdminMenuButtons(c.bot.api, { url, text, adminIds: c.config.adminIds });
  for (const { adminId, error } of failed) {
    c.logger.warn(
      { adminId, err: error },
      'could not set the admin menu button (has the admin opened the bot?)',
    );
  }
}

/** Updates start coming in: the webhook server, or polling (with the probes on METRICS_PORT if set). */
async function receiveUpdates(
  c: Container,
  draining: () => boolean,
  onFatal: (reason: string) => void,
): Promise<() => Promise<void>> {
  const { config, bot, logger } = c;
  const routes = httpRoutes(c, draining);
  if (config.mode.kind === 'webhook') {
    const { url, secret, port } = config.mode;
    const server = createHttpServer({ routes, logger });
    await listen(server, port, 'PORT');
    await bot.api.setWebhook(new URL(WEBHOOK_PATH, url).href, { secret_token: secret });
    return () => close(server);
  }
  const { metricsPort } = config;
  const probes = metricsPort ? createHttpServer({ routes, logger }) : undefined;
  if (probes && metricsPort) await listen(probes, metricsPort, 'METRICS_PORT');
  await bot.api.deleteWebhook();
  const stopPolling = startPolling({
    api: bot.api,
    accept: async (update) => {
      await c.inboxWorker.accept(update);
    },
    logger,
    onStopped: (err) => {
      // 401 (token revoked) or 409 (another instance polls): only a restart can bring polling back.
      logger.fatal({ err }, 'Telegram ended polling: exiting');
      onFatal('polling ended');
    },
  });
  return async () => {
    await stopPolling();
    if (probes) await close(probes);
  };
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function createApp(config: Config, logger: Logger): Promise<App> {
  const c = await createContainer(config, logger);
  const singletons = new SingletonJobs({
    acquire: () => c.store.holdSingleton('singleton-jobs'),
    logger,
    jobs: singletonJobs(c),
  });
  let draining = false;
  let stopReceiving: (() => Promise<void>) | undefined;

  return {
    async start(onFatal) {
      // A key or URL the upstream refuses stops here, as a token Telegram refuses does below.
      await checkUpstream(c.upstream, logger);
      // Added bots whose sealed tokens BOT_TOKENS_SECRET cannot open stop the start, named.
      await c.services.bots.checkSealedTokens();
      // Telegram unreachable at start-up: getMe (and every call below) keeps retrying every few
      // seconds with a warning in the log (telegram/telegram-link.ts), rather than exiting into a
      // restart loop.
      await initOrExplain(c.bot);
      await c.services.bots.recordMain(c.bot.botInfo);
      await registerCommandMenus(c);
      // The admins' live settings before any price is shown; then a version check every 2 s.
      await c.services.liveSettings.load();
      c.services.liveSettings.start();
      c.services.catalog.start();
      await c.services.ordering.resumeFinalHooks();
      c.notifier.start();
      await c.tracker.start();
      await c.inboxWorker.start();
      await singletons.start();
      metrics.observe({
        activeOrders: () => c.services.orders.countActive(),
        catalog: () => c.services.catalog.stats(),
        inboxPending: () => c.store.inbox.countPending(),
      });
      stopReceiving = await receiveUpdates(c, () => draining, onFatal);
      // Logged once updates can arrive: tests and operators wait for this line.
      logger.info({ username: c.bot.botInfo.username, mode: config.mode.kind }, 'bot started');
    },

    async stop() {
      draining = true; // /readyz answers 503 from now on
      // 1. No new updates; the ones in hand finish (or are handed back after the grace period).
      await stopReceiving?.();
      await c.inboxWorker.drain(config.drainGraceMs);
      // 2. The once-in-the-cluster jobs stop (another replica takes the lock over).
      await singletons.stop();
      // 3. Downloads in flight end, so the tracker is not held by a slow result host (those orders
      //    are delivered after the restart); then order polling stops.
      c.notifier.abortInFlight();
      await c.tracker.stop();
      // 4. Alerts and referral reward notices already raised go out; then the notifier's tasks end
      //    and the upstream closes.
      await c.services.admin.alerts.whenIdle();
      await c.services.referrals.whenIdle();
      await c.notifier.stop();
      await c.pollClient.close();
      c.services.catalog.stop();
      await c.services.liveSettings.stop();
      await c.upstream.close();
      // 5. The store last: everything above may still write to it.
      await c.store.close();
    },
  };
}
