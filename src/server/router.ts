/**
 * The HTTP server's routing: a request goes to the route with its method and exact path, anything
 * else is 404 (its body left unread). A handler that throws is logged and answered 500. The webhook,
 * the probes and /metrics are routes like any other (app/routes.ts lists them); an authenticated
 * JSON API adds its own, checking every request itself before it calls a service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface Route {
  method: HttpMethod;
  /** Matched exactly, without the query string; one ending in `/*` matches every path under it. */
  path: string;
  handle: RouteHandler;
}

export function route(method: HttpMethod, path: string, handle: RouteHandler): Route {
  return { method, path, handle };
}

/** Writes `body` (JSON) with `status`, unless the response is already on its way or gone. */
export function send(res: ServerResponse, status: number, body = ''): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, body ? { 'content-type': 'application/json' } : {}).end(body);
}

/** The request listener for `routes`; two routes with one method and path are a wiring mistake. */
export function createRouter(
  routes: readonly Route[],
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse) => void {
  const table = new Map<string, RouteHandler>();
  const prefixes: Array<{ method: string; prefix: string; handle: RouteHandler }> = [];
  for (const r of routes) {
    const key = `${r.method} ${r.path}`;
    if (table.has(key)) throw new Error(`two HTTP routes for ${key}`);
    table.set(key, r.handle);
    if (r.path.endsWith('/*'))
      prefixes.push({ method: r.method, prefix: r.path.slice(0, -1), handle: r.handle });
  }
  // The longest prefix wins (/miniapp/api/ before /miniapp/).
  prefixes.sort((a, b) => b.prefix.length - a.prefix.length);
  const underPrefix = (method: string | undefined, path: string) =>
    prefixes.find((p) => p.method === method && path.startsWith(p.prefix))?.handle;
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const handle = table.get(`${req.method} ${path}`) ?? underPrefix(req.method, path);
    const run = async () => {
      if (handle) {
        await handle(req, res);
      } else {
        send(res, 404);
        req.resume();
      }
    };
    run().catch((err: unknown) => {
      logger.error({ err }, 'HTTP request failed');
      send(res, 500);
    });
  };
}
