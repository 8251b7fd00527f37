/**
 * What an orchestrator and a scraper ask: /healthz (the process answers), /readyz (it can serve:
 * the store answers and it is not draining) and /metrics (Prometheus).
 */
import type { Registry } from 'prom-client';
import { type Route, route, send } from './router.js';

/** Alive: answered by the process itself, whatever the store does. */
export function healthRoute(): Route {
  return route('GET', '/healthz', (_req, res) => send(res, 200, '{"ok":true}'));
}

export interface ReadinessOptions {
  /** True once shutdown began: the load balancer should send nothing more here. */
  draining(): boolean;
  /** Rejects when the store does not answer. */
  ping(): Promise<void>;
}

/** Ready: the store answers (it is opened only once migrated) and the process is not draining. */
export function readinessRoute(opts: ReadinessOptions): Route {
  return route('GET', '/readyz', async (_req, res) => {
    const json = { 'content-type': 'application/json' };
    if (opts.draining()) return void res.writeHead(503, json).end('{"ready":false,"reason":"draining"}');
    try {
      await opts.ping();
      res.writeHead(200, json).end('{"ready":true}');
    } catch {
      res.writeHead(503, json).end('{"ready":false,"reason":"database"}');
    }
  });
}

export function metricsRoute(registry: Registry): Route {
  return route('GET', '/metrics', async (_req, res) => {
    const body = await registry.metrics();
    res.writeHead(200, { 'content-type': registry.contentType }).end(body);
  });
}
