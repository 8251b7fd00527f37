/**
 * Starts and stops what the container built, in order: the upstream's answer to our key (one
 * question), Telegram (getMe, command menus), the services and workers, the singleton jobs, then
 * the way updates come in (webhook or polling). Stopping drains in the reverse order (see `stop`).
 */
import type { Server } from 'node:http';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createHttpServer, listen } from '../server/http-server.js';
import { WEBHOOK_PATH } from '../server/webhook.js';
import { SingletonJobs } from '../services/singleton-jobs.js';
import { BotFleet } from './bot-fleet.js';
import { pollIntake, registerWebhook } from './bot-intake.js';
import { startBot, stopLoops } from './bot-lifecycle.js';
import { type Container, createSharedParts, mainContainer } from './container.js';
import { singletonJobs } from './jobs.js';
import { httpRoutes } from './routes.js';
import { checkUpstream } from './upstream-check.js';

export interface App {
  /** Takes updates once everything behind them runs; `onFatal` when Telegram ends polling for good. */
  start(onFatal: (reason: string) => void): Promise<void>;
  /** Drains and closes everything; safe to call at any point of start. */
  stop(): Promise<void>;
}

/** Updates start coming in: the webhook server, or polling (with the probes on METRICS_PORT if set). */
async function receiveUpdates(
  c: Container,
  fleet: BotFleet,
  draining: () => boolean,
  onFatal: (reason: string) => void,
): Promise<() => Promise<void>> {
  const { config, logger } = c;
  const routes = httpRoutes(c, fleet, draining);
  if (config.mode.kind === 'webhook') {
    const { url, secret, port } = config.mode;
    const server = createHttpServer({ routes, logger });
    await listen(server, port, 'PORT');
    await registerWebhook(c, url, WEBHOOK_PATH, secret);
    return () => close(server);
  }
  const { metricsPort } = config;
  const probes = metricsPort ? createHttpServer({ routes, logger }) : undefined;
  if (probes && metricsPort) await listen(probes, metricsPort, 'METRICS_PORT');
  const stopPolling = await pollIntake(c, (err) => {
    // 401 (token revoked) or 409 (another instance polls): only a restart can bring polling back.
    logger.fatal({ err }, 'Telegram ended polling: exiting');
    onFatal('polling ended');
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
  const shared = await createSharedParts(config, logger);
  const c = mainContainer(shared);
  // One lock for the cluster's once-only jobs; added bots bring theirs to it (bot-fleet.ts).
  const singletons = new SingletonJobs({
    acquire: () => c.store.holdSingleton('singleton-jobs'),
    logger,
    jobs: singletonJobs(c),
  });
  const fleet = new BotFleet({ shared, main: c, singletons, logger });
  let draining = false;
  let stopReceiving: (() => Promise<void>) | undefined;

  return {
    async start(onFatal) {
      // A key or URL the upstream refuses stops here, as a token Telegram refuses does below.
      await checkUpstream(c.upstream, logger);
      // Added bots whose sealed tokens BOT_TOKENS_SECRET cannot open stop the start, named.
      await c.services.bots.checkSealedTokens();
      // Among the replicas before any inbox worker claims: each claims only its shards.
      await shared.partition.start();
      await startBot(c);
      await c.services.bots.recordMain(c.bot.botInfo);
      await singletons.start();
      stopReceiving = await receiveUpdates(c, fleet, () => draining, onFatal);
      // Logged once updates can arrive: tests and operators wait for this line.
      logger.info({ username: c.bot.botInfo.username, mode: config.mode.kind }, 'bot started');
      // The added bots after the main one: a bot whose token stopped working is logged, not fatal.
      await fleet.start();
    },

    async stop() {
      draining = true; // /readyz answers 503 from now on
      // 0. The other replicas take this one's shards of the inbox at once.
      await shared.partition.stop();
      // 1. The added bots drain first (their updates, their jobs, their loops).
      await fleet.stop(config.drainGraceMs);
      // 2. No new updates for the main bot; the ones in hand finish (or are handed back after the
      //    grace period).
      await stopReceiving?.();
      await c.inboxWorker.drain(config.drainGraceMs);
      // 3. The once-in-the-cluster jobs stop (another replica takes the lock over).
      await singletons.stop();
      // 4. The main bot's loops drain; then the upstream closes.
      await stopLoops(c);
      await c.upstream.close();
      // 5. The store last: everything above may still write to it.
      await c.store.close();
    },
  };
}
