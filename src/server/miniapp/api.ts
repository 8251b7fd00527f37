/**
 * The Mini App's JSON API: every request under /miniapp/api, for the bot it names in `X-Bot-Id`
 * (none: the main bot; each added bot has its own control room, issue 40). Each one must carry
 * `Authorization: tma <initData>` signed with THAT bot's token for one of ITS admins (init-data.ts),
 * or, in an added bot's room, signed with the MAIN bot's token for one of the main bot's admins:
 * the operator sees every bot (opened from /bots in the main bot). Anything else is refused as the
 * named bot's own check says: forged, stale, signed by another bot or naming a bot not served here
 * is 401, someone else is 403, and neither answer says more. Then the request goes to that bot's
 * MiniAppRoute with its method and path (`:name` segments become params); a `write` route is
 * rate-limited per admin (one limit for an admin across every room).
 * Answers are JSON, or CSV as a download. Stateless: any replica answers any request (an added
 * bot's, once that replica serves the bot: within seconds of /bot_add, app/bot-fleet.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger.js';
import { type Route, route, send } from '../router.js';
import {
  answerJson,
  attachment,
  botIdOf,
  compiledOnce,
  compileRoutes,
  MINIAPP_BOT_HEADER,
  NO_STORE,
  routeRequest,
} from './api-routing.js';
import { checkInitData, type InitDataCheck, type InitDataVerdict, initDataOf } from './init-data.js';
import type { MiniAppRoute } from './route.js';
import { WriteLimiter } from './write-limiter.js';

export const MINIAPP_API_PREFIX = '/miniapp/api';
export { miniAppUrlOf } from '../../lib/mini-app-url.js';
export { MINIAPP_BOT_HEADER } from './api-routing.js';

/**
 * The largest document is the content rules: at most 2,000 lines of 100 characters (Cyrillic takes
 * two bytes a character), about 420 KB as JSON. Anything larger is not ours.
 */
const MAX_API_BODY_BYTES = 512 * 1024;

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

export function miniAppApiRoutes(opts: MiniAppApiOptions): Route[] {
  const log = opts.logger.child({ component: 'miniapp-api' });
  const mainBotId = opts.mainBotId ?? 1;
  const main = { check: opts.auth, compiled: compileRoutes(opts.routes) };
  /** Each added bot's compiled endpoints, as long as it hands the same list (its runtime lives). */
  const compiled = compiledOnce<MiniAppRoute>();

  /**
   * The check and endpoints of the bot a request names, or undefined when it is not served here.
   * An added bot's room also takes the operator: `operators` is the main bot's check.
   */
  function botOf(header: string | string[] | undefined) {
    const botId = botIdOf(header, mainBotId);
    if (botId === undefined) return undefined;
    if (botId === mainBotId) return main;
    const bot = opts.addedBot?.(botId);
    if (!bot) return undefined;
    const check = { ...opts.auth, botToken: bot.botToken, adminIds: bot.adminIds };
    return { check, operators: opts.auth, compiled: compiled(bot.routes) };
  }

  /**
   * Who the initData proves the caller is, for the bot named: its own admin, else (in an added
   * bot's room) one of the operator's admins with initData of the main bot. When neither, the bot's
   * own verdict stands, so a refusal reads as it did before the operator could come in.
   */
  function verdictOf(raw: string, bot: NonNullable<ReturnType<typeof botOf>>): InitDataVerdict {
    const own = checkInitData(raw, bot.check);
    if (own.kind === 'admin' || !('operators' in bot)) return own;
    const operator = checkInitData(raw, bot.operators);
    return operator.kind === 'admin' ? operator : own;
  }
  const limiter = new WriteLimiter(opts.writesPerMinute ?? 30, opts.auth.now);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Checked before the body is read: a stranger's request costs nothing more. The signature is
    // checked with the token of the bot the request names: initData of one bot opens no other,
    // except the main bot's for its admins (the operator), who may open any.
    const bot = botOf(req.headers[MINIAPP_BOT_HEADER]);
    const verdict = bot
      ? verdictOf(initDataOf(req.headers.authorization) ?? '', bot)
      : ({ kind: 'invalid' } as const);
    if (!bot || verdict.kind !== 'admin') {
      req.resume();
      return answerJson(res, verdict.kind === 'not_admin' ? 403 : 401, undefined);
    }
    const found = await routeRequest(
      req,
      res,
      {
        compiled: bot.compiled,
        path: url.pathname.slice(MINIAPP_API_PREFIX.length),
        maxBodyBytes: MAX_API_BODY_BYTES,
      },
      { id: verdict.userId, limiter },
    );
    if (!found) return;
    const answer = await found.route.handle({
      adminId: verdict.userId,
      params: found.params,
      query: url.searchParams,
      body: found.body,
    });
    if (answer.csv) {
      res.writeHead(answer.status, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': attachment(answer.csv.filename),
        ...NO_STORE,
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
