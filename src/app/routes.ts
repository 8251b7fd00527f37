/**
 * The HTTP routes of the bot process: served on PORT in webhook mode, on METRICS_PORT (when set) in
 * polling mode. Adding a route is one line here.
 */
import { metrics } from '../metrics.js';
import { miniAppApiRoutes } from '../server/miniapp/api.js';
import { dashboardRoutes } from '../server/miniapp/dashboard-routes.js';
import type { MiniAppRoute } from '../server/miniapp/route.js';
import { settingsRoutes } from '../server/miniapp/settings-routes.js';
import { miniAppStaticRoutes } from '../server/miniapp/static.js';
import { healthRoute, metricsRoute, readinessRoute } from '../server/probes.js';
import type { Route } from '../server/router.js';
import { webhookRoute } from '../server/webhook.js';
import type { BotFleet } from './bot-fleet.js';
import type { Container } from './container.js';

/** The admin Mini App's API endpoints (under /miniapp/api), one line each. */
function miniAppEndpoints(c: Container): MiniAppRoute[] {
  const { admin, liveSettings, catalog, wallet } = c.services;
  return [
    ...dashboardRoutes(admin.dashboard),
    ...settingsRoutes({ liveSettings, catalog, pricing: wallet?.pricing ?? null }),
  ];
}

/** The admin Mini App's page and API, when it is on (PUBLIC_URL, and an HTTP port in polling mode). */
function miniAppRoutes(c: Container): Route[] {
  if (!c.config.miniApp.url) return [];
  return [
    ...miniAppStaticRoutes(),
    ...miniAppApiRoutes({
      auth: {
        botToken: c.config.botToken,
        adminIds: c.config.adminIds,
        maxAgeSeconds: c.config.miniApp.authMaxAgeSeconds,
        now: Date.now,
      },
      routes: miniAppEndpoints(c),
      logger: c.logger,
    }),
  ];
}

export function httpRoutes(c: Container, fleet: BotFleet, draining: () => boolean): Route[] {
  const { mode } = c.config;
  return [
    ...miniAppRoutes(c),
    healthRoute(),
    readinessRoute({ draining, ping: () => c.store.ping() }),
    metricsRoute(metrics.registry),
    ...(mode.kind === 'webhook'
      ? [
          webhookRoute({
            secret: mode.secret,
            accept: async (update) => {
              await c.inboxWorker.accept(update);
            },
            logger: c.logger,
            onRequest: (outcome) => metrics.webhookRequests.inc({ outcome }),
          }),
          fleet.webhookRoute(),
        ]
      : []),
  ];
}
