/**
 * The Mini App's JSON API: every request under /miniapp/api, for the bot it names in `X-Bot-Id`
 * (none: the main bot; each added bot has its own control room, issue 40). Each one must carry
 * `Authorization: tma <initData>` signed with THAT bot's token for one of ITS admins (init-data.ts):
 * forged, stale, signed by another bot or naming a bot not served here is 401, someone else is 403,
 * and neither answer says more. Then the request goes to that bot's MiniAppRoute with its method
 * and path (`:name` segments become params); a `write` route is rate-limited per admin.
 * Answers are JSON, or CSV as a download. Stateless: any replica answers any request (an added
 * bot's, once that replica serves the bot: within seconds of /bot_add, app/bot-fleet.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger.js';
import { type Route, route, send } from '../router.js';
import { BodyTooLarge, readBody } from '../webhook.js';
import { checkInitData, type InitDataCheck, initDataOf } from './init-data.js';
import type { MiniAppRoute } from './route.js';
import { WriteLimiter } from './write-limiter.js';

export const MINIAPP_API_PREFIX = '/miniapp/api';
/** The request header naming the bot whose control room the page is (its id in the `bots` table). */
export const MINIAPP_BOT_HEADER = 'x-bot-id';
/** Settings documents are small; anything larger is not ours. */
const MAX_API_BODY_BYTES = 64 * 1024;

/**
 * The Mini App URL of an added bot's control room: the page with `?bot=<id>`, which it sends back
 * as X-Bot-Id (miniapp/src/api.ts). Null when the Mini App is off.
 */
export function miniAppUrlOf(pageUrl: string | null, botId: number): string | null {
  if (!pageUrl) return null;
  const url = new URL(pageUrl);
  url.searchParams.set('bot', String(botId));
  return url.href;
}

/** An added bot's control room: whose initData it takes, and its endpoints. */
export interface MiniAppBot {
  botToken: string;
  adminIds: readonly number[];
  routes: readonly MiniAppRoute[];
}

export interface MiniAppApiOptions {
  /** The main bot's check and endpoints (a request without X-Bot-Id, or naming the main bot). */
  auth: InitDataCheck;
  routes: readonly MiniAppRoute[];
  /** The main bot's id (what X-Bot-Id names it by). */
  mainBotId?: number;
  /** An added bot served here, by id; undefined when there is none. */
  addedBot?: (botId: number) => MiniAppBot | undefined;
  logger: Logger;
  /** Writes per admin per minute (default 30). */
  writesPerMinute?: number;
}

interface CompiledRoute {
  route: MiniAppRoute;
  segments: string[];
}

const compile = (routes: readonly MiniAppRoute[]): CompiledRoute[] =>
  routes.map((r) => ({ route: r, segments: r.path.split('/').filter(Boolean) }));

/** The bot id in X-Bot-Id: absent is the main bot, anything but a positive integer is nobody. */
function botIdOf(header: string | string[] | undefined, mainBotId: number): number | undefined {
  if (header === undefined) return mainBotId;
  if (typeof header !== 'string' || !/^[1-9]\d{0,15}$/.test(header)) return undefined;
  const id = Number(header);
  return Number.isSafeInteger(id) ? id : undefined;
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
  const mainBotId = opts.mainBotId ?? 1;
  const main = { check: opts.auth, compiled: compile(opts.routes) };
  /** Each added bot's compiled endpoints, as long as it hands the same list (its runtime lives). */
  const compiledOf = new WeakMap<readonly MiniAppRoute[], CompiledRoute[]>();

  /** The check and endpoints of the bot a request names, or undefined when it is not served here. */
  function botOf(header: string | string[] | undefined) {
    const botId = botIdOf(header, mainBotId);
    if (botId === undefined) return undefined;
    if (botId === mainBotId) return main;
    const bot = opts.addedBot?.(botId);
    if (!bot) return undefined;
    let compiled = compiledOf.get(bot.routes);
    if (!compiled) {
      compiled = compile(bot.routes);
      compiledOf.set(bot.routes, compiled);
    }
    const check = { ...opts.auth, botToken: bot.botToken, adminIds: bot.adminIds };
    return { check, compiled };
  }
  const limiter = new WriteLimiter(opts.writesPerMinute ?? 30, opts.auth.now);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Checked before the body is read: a stranger's request costs nothing more. The signature is
    // checked with the token of the bot the request names: initData of one bot opens no other.
    const bot = botOf(req.headers[MINIAPP_BOT_HEADER]);
    const verdict = bot
      ? checkInitData(initDataOf(req.headers.authorization) ?? '', bot.check)
      : ({ kind: 'invalid' } as const);
    if (!bot || verdict.kind !== 'admin') {
      req.resume();
      return answerJson(res, verdict.kind === 'not_admin' ? 403 : 401, undefined);
    }
    const found = match(bot.compiled, req.method ?? '', url.pathname.slice(MINIAPP_API_PREFIX.length));
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
