/**
 * The HTTP routes of the bot process: served on PORT in webhook mode, on METRICS_PORT (when set) in
 * polling mode. Adding a route is one line here.
 */
import { metrics } from '../metrics.js';
import { healthRoute, metricsRoute, readinessRoute } from '../server/probes.js';
import type { Route } from '../server/router.js';
import { webhookRoute } from '../server/webhook.js';
import type { Container } from './container.js';

export function httpRoutes(c: Container, draining: () => boolean): Route[] {
  const { mode } = c.config;
  return [
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
        ]
      : []),
  ];
}
