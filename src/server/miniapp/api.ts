/**
 * The Mini App's JSON API: every request under /miniapp/api. Each one must carry
 * `Authorization: tma <initData>` signed for an admin (init-data.ts): forged or stale is 401,
 * someone else is 403, and neither answer says more. Then the request goes to the MiniAppRoute with
 * its method and path (`:name` segments become params); a `write` route is rate-limited per admin.
 * Answers are JSON, or CSV as a download. Stateless: any replica answers any request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger.js';
import { type Route, route, send } from '../router.js';
import { BodyTooLarge, readBody } from '../webhook.js';
import { checkInitData, type InitDataCheck, initDataOf } from './init-data.js';
import type { MiniAppRoute } from './route.js';
import { WriteLimiter } from './write-limiter.js';

export const MINIAPP_API_PREFIX = '/miniapp/api';
/** Settings documents are small; anything larger is not ours. */
const MAX_API_BODY_BYTES = 64 * 1024;

export interface MiniAppApiOptions {
  auth: InitDataCheck;
  routes: readonly MiniAppRoute[];
  logger: Logger;
  /** Writes per admin per minute (default 30). */
  writesPerMinute?: number;
}

interface CompiledRoute {
  route: MiniAppRoute;
  segments: string[];
}

function match(compiled: readonly CompiledRoute[], method: string, path: string) {
  const parts = path.split('/').filter(Boolean);
  for (const c of compiled) {
    if (c.route.method !== method || c.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    c.segments.forEach((seg, i) => {
      const part = parts[i]!;
      if (seg.startsWith(':')) {
        try {
          params[seg.slice(1)] = decodeURIComponent(part);
        } catch {
          ok = false;
        }
      } else if (seg !== part) ok = false;
    });
    if (ok) return { route: c.route, params };
  }
  return undefined;
}

const noStore = { 'cache-control': 'no-store' };

function answerJson(res: ServerResponse, status: number, json: unknown): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...noStore });
  res.end(json === undefined ? '' : JSON.stringify(json));
}

export function miniAppApiRoutes(opts: MiniAppApiOptions): Route[] {
  const log = opts.logger.child({ component: 'miniapp-api' });
  const compiled = opts.routes.map((r) => ({ route: r, segments: r.path.split('/').filter(Boolean) }));
  const limiter = new WriteLimiter(opts.writesPerMinute ?? 30, opts.auth.now);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Checked before the body is read: a stranger's request costs nothing more.
    const verdict = checkInitData(initDataOf(req.headers.authorization) ?? '', opts.auth);
    if (verdict.kind !== 'admin') {
      req.resume();
      return answerJson(res, verdict.kind === 'invalid' ? 401 : 403, undefined);
    }
    const found = match(compiled, req.method ?? '', url.pathname.slice(MINIAPP_API_PREFIX.length));
    if (!found) {
      req.resume();
      return answerJson(res, 404, undefined);
    }
    if (found.route.write && !limiter.take(verdict.userId)) {
      req.resume();
      return answerJson(res, 429, undefined);
    }
    let body: unknown;
    if (req.method !== 'GET') {
      try {
        const raw = await readBody(req, MAX_API_BODY_BYTES);
        body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch (err) {
        return answerJson(res, err instanceof BodyTooLarge ? 413 : 400, undefined);
      }
    }
    const answer = await found.route.handle({
      adminId: verdict.userId,
      params: found.params,
      query: url.searchParams,
      body,
    });
    if (answer.csv) {
      const name = answer.csv.filename.replace(/[^\w.-]/g, '_');
      res.writeHead(answer.status, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${name}"`,
        ...noStore,
      });
      return void res.end(answer.csv.text);
    }
    if (answer.status >= 500) log.error({ path: found.route.path }, 'Mini App API route failed');
    answerJson(res, answer.status, answer.json);
  }

  const handle = (req: IncomingMessage, res: ServerResponse) =>
    serve(req, res).catch((err: unknown) => {
      // Never the request itself: its Authorization header is a credential.
      log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'Mini App API request failed');
      send(res, 500);
    });
  return (['GET', 'PUT', 'POST'] as const).map((method) => route(method, `${MINIAPP_API_PREFIX}/*`, handle));
}
