/**
 * What both Mini App APIs (the admins' control room, api.ts; the customers' app, customer-api.ts)
 * share: which bot a request names, matching a path to an endpoint, the checks once the caller is
 * known, and a JSON answer never cached.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, readBody } from '../webhook.js';
import type { WriteLimiter } from './write-limiter.js';

/** The request header naming the bot whose page this is (its id in the `bots` table). */
export const MINIAPP_BOT_HEADER = 'x-bot-id';

/** The bot id in X-Bot-Id: absent is the main bot, anything but a positive integer is nobody. */
export function botIdOf(header: string | string[] | undefined, mainBotId: number): number | undefined {
  if (header === undefined) return mainBotId;
  if (typeof header !== 'string' || !/^[1-9]\d{0,15}$/.test(header)) return undefined;
  const id = Number(header);
  return Number.isSafeInteger(id) ? id : undefined;
}

export interface CompiledRoute<R> {
  route: R;
  segments: string[];
}

/** Routes with their paths split once (`:name` segments are params). */
export const compileRoutes = <R extends { path: string }>(routes: readonly R[]): CompiledRoute<R>[] =>
  routes.map((route) => ({ route, segments: route.path.split('/').filter(Boolean) }));

/**
 * compileRoutes, once per list: a bot hands the same list as long as its runtime lives, and a new
 * runtime (a new token) hands a new one.
 */
export function compiledOnce<R extends { path: string }>(): (routes: readonly R[]) => CompiledRoute<R>[] {
  const compiled = new WeakMap<readonly R[], CompiledRoute<R>[]>();
  return (routes) => {
    let found = compiled.get(routes);
    if (!found) {
      found = compileRoutes(routes);
      compiled.set(routes, found);
    }
    return found;
  };
}

/** The endpoint for `method` and `path`, with its params decoded, or undefined. */
export function matchRoute<R extends { method: string }>(
  compiled: readonly CompiledRoute<R>[],
  method: string,
  path: string,
): { route: R; params: Record<string, string> } | undefined {
  const parts = path.split('/').filter(Boolean);
  for (const c of compiled) {
    if (c.route.method !== method || c.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    c.segments.forEach((seg, i) => {
      const part = parts[i]!;
      if (!seg.startsWith(':')) {
        if (seg !== part) ok = false;
        return;
      }
      try {
        params[seg.slice(1)] = decodeURIComponent(part);
      } catch {
        ok = false;
      }
    });
    if (ok) return { route: c.route, params };
  }
  return undefined;
}

export const NO_STORE = { 'cache-control': 'no-store' };

export function answerJson(res: ServerResponse, status: number, json: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...NO_STORE });
  res.end(json === undefined ? '' : JSON.stringify(json));
}

/**
 * A request's JSON body (undefined for GET or an empty body), or the status that refuses it: 413
 * past `maxBytes`, 400 when it is not JSON.
 */
export async function readJsonBody(
  req: IncomingMessage,
  maxBytes: number,
): Promise<{ ok: true; body: unknown } | { ok: false; status: 400 | 413 }> {
  if (req.method === 'GET') return { ok: true, body: undefined };
  try {
    const raw = await readBody(req, maxBytes);
    return { ok: true, body: raw.length ? JSON.parse(raw.toString('utf8')) : undefined };
  } catch (err) {
    return { ok: false, status: err instanceof BodyTooLarge ? 413 : 400 };
  }
}

/** `Content-Disposition` for a download named `fileName`, its name reduced to safe characters. */
export const attachment = (fileName: string): string =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

/**
 * A signed caller's request past the checks both APIs make once they know who it is: the endpoint
 * for its method and path (else 404), the caller's write budget for a write (else 429), its JSON
 * body (else 400 or 413). Undefined once the request is answered.
 */
export async function routeRequest<R extends { method: string; write?: boolean | undefined }>(
  req: IncomingMessage,
  res: ServerResponse,
  to: { compiled: readonly CompiledRoute<R>[]; path: string; maxBodyBytes: number },
  caller: { id: number; limiter: Pick<WriteLimiter, 'take'> },
): Promise<{ route: R; params: Record<string, string>; body: unknown } | undefined> {
  const refuse = (status: 404 | 429) => {
    req.resume();
    answerJson(res, status, undefined);
    return undefined;
  };
  const found = matchRoute(to.compiled, req.method ?? '', to.path);
  if (!found) return refuse(404);
  if (found.route.write && !caller.limiter.take(caller.id)) return refuse(429);
  const read = await readJsonBody(req, to.maxBodyBytes);
  if (!read.ok) {
    answerJson(res, read.status, undefined);
    return undefined;
  }
  return { ...found, body: read.body };
}
