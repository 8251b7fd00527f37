/**
 * The customers' Mini App API (issue 43): every request under /miniapp/me, for the bot it names in
 * `X-Bot-Id` (none: the main bot), as the admin API does. Each must carry `Authorization: tma
 * <initData>` signed with THAT bot's token, fresh (init-data.ts); the user it names is the only
 * customer the request may see: routes get `userId` and answer with that customer's own data,
 * nothing else. Forged, stale or another bot's initData is 401; a customer the bot refuses (banned,
 * not on the allowlist) is 403. Writes are rate-limited per customer. Answers are JSON; a route may
 * answer a file (a result's bytes) instead.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger.js';
import { type Route, route, send } from '../router.js';
import {
  answerJson,
  attachment,
  botIdOf,
  compiledOnce,
  MINIAPP_BOT_HEADER,
  routeRequest,
} from './api-routing.js';
import { checkSignedUser, initDataOf, type SignedUserCheck } from './init-data.js';
import { WriteLimiter } from './write-limiter.js';

export const CUSTOMER_API_PREFIX = '/miniapp/me';

/** A customer's requests are small: a promo code, a pack, an id. */
const MAX_BODY_BYTES = 16 * 1024;

/** What a route answers: JSON, or a file's bytes with its type. */
export interface CustomerAnswer {
  status: number;
  json?: unknown;
  file?: { contentType: string; body: Buffer | NodeJS.ReadableStream; fileName?: string };
}

/** One endpoint of the customers' API, mounted under /miniapp/me after the initData check. */
export interface CustomerRoute {
  method: 'GET' | 'POST';
  /** Relative to /miniapp/me, with :params. */
  path: string;
  /** Writes are rate-limited per customer. */
  write?: boolean;
  handle(req: {
    /** The customer the signed initData names: the only one whose data the answer may hold. */
    userId: number;
    languageCode: string | undefined;
    params: Record<string, string>;
    query: URLSearchParams;
    body: unknown;
  }): Promise<CustomerAnswer>;
}

/** One bot's side of the app: whose initData it takes, who may use it, its endpoints. */
export interface CustomerBot {
  botToken: string;
  /** False for a customer the bot refuses (banned, not on the allowlist): 403. */
  mayUse(userId: number): Promise<boolean>;
  routes: readonly CustomerRoute[];
}

export interface CustomerApiOptions {
  /** The signature's age limit and clock (MINIAPP_AUTH_MAX_AGE), the same for every bot. */
  auth: Omit<SignedUserCheck, 'botToken'>;
  /** The bot a request names (by its registry id; absent header: `mainBotId`), or undefined. */
  botOf(botId: number): CustomerBot | undefined;
  mainBotId: number;
  logger: Logger;
  /** Writes per customer per minute (default 20). */
  writesPerMinute?: number;
}

function answerFile(res: ServerResponse, status: number, file: NonNullable<CustomerAnswer['file']>): void {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    'x-content-type-options': 'nosniff',
    // The customer's own file: their client may keep it, nobody between may.
    'cache-control': 'private, max-age=3600',
  };
  if (file.fileName) headers['content-disposition'] = attachment(file.fileName);
  res.writeHead(status, headers);
  if (Buffer.isBuffer(file.body)) res.end(file.body);
  else file.body.pipe(res);
}

/** Sends a route's answer: a file, or JSON. */
export function sendCustomerAnswer(res: ServerResponse, answer: CustomerAnswer): void {
  if (answer.file) answerFile(res, answer.status, answer.file);
  else answerJson(res, answer.status, answer.json);
}

export function customerApiRoutes(opts: CustomerApiOptions): Route[] {
  const log = opts.logger.child({ component: 'customer-api' });
  const compiled = compiledOnce<CustomerRoute>();
  const limiter = new WriteLimiter(opts.writesPerMinute ?? 20, opts.auth.now);

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Checked before the body is read, with the token of the bot the request names: a stranger's
    // request costs nothing more, and initData of one bot opens no other bot's customers.
    const botId = botIdOf(req.headers[MINIAPP_BOT_HEADER], opts.mainBotId);
    const bot = botId === undefined ? undefined : opts.botOf(botId);
    const verdict = bot
      ? checkSignedUser(initDataOf(req.headers.authorization) ?? '', { ...opts.auth, botToken: bot.botToken })
      : ({ kind: 'invalid' } as const);
    if (!bot || verdict.kind !== 'user') {
      req.resume();
      return answerJson(res, 401, undefined);
    }
    if (!(await bot.mayUse(verdict.userId))) {
      req.resume();
      return answerJson(res, 403, undefined);
    }
    const found = await routeRequest(
      req,
      res,
      {
        compiled: compiled(bot.routes),
        path: url.pathname.slice(CUSTOMER_API_PREFIX.length),
        maxBodyBytes: MAX_BODY_BYTES,
      },
      { id: verdict.userId, limiter },
    );
    if (!found) return;
    const answer = await found.route.handle({
      userId: verdict.userId,
      languageCode: verdict.languageCode,
      params: found.params,
      query: url.searchParams,
      body: found.body,
    });
    if (answer.status >= 500) log.error({ path: found.route.path }, 'customer API route failed');
    sendCustomerAnswer(res, answer);
  }

  const handle = (req: IncomingMessage, res: ServerResponse) =>
    serve(req, res).catch((err: unknown) => {
      // Never the request itself: its Authorization header is a credential.
      log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'customer API request failed');
      send(res, 500);
    });
  return (['GET', 'POST'] as const).map((method) => route(method, `${CUSTOMER_API_PREFIX}/*`, handle));
}
