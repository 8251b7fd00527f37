/**
 * Telegram's webhook (POST /telegram/webhook for the main bot, /telegram/<bot id> for an added
 * one), checked against the bot's secret token.
 *
 * The webhook never trusts the request: a wrong secret is 401 before the body is read, a body
 * over the cap is 413, bad JSON is 400, a connection dropped mid-body is logged and forgotten.
 * A good update is handed to `accept`, which stores it in the update inbox (workers handle it
 * later, on any replica): 200 once it is stored, 500 if it could not be (the database is down),
 * so Telegram sends it again. Handling never holds the request, and no rejection escapes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Update } from 'grammy/types';
import type { Logger } from '../logger.js';
import { type RouteHandler, send } from './router.js';

export const WEBHOOK_PATH = '/telegram/webhook';
/** Added bots' webhooks: /telegram/<bot id>, each with a secret of its own. */
export const BOT_WEBHOOKS_PATH = '/telegram/*';

export function botWebhookPath(botId: number): string {
  return `/telegram/${botId}`;
}

/** The bot id of a path under BOT_WEBHOOKS_PATH, undefined for anything else. */
export function botIdOfWebhookPath(path: string): number | undefined {
  const match = /^\/telegram\/(\d{1,9})$/.exec(path);
  return match ? Number(match[1]) : undefined;
}

/**
 * An added bot's webhook secret, derived from WEBHOOK_SECRET and its id: a replica knows every
 * bot's secret without storing one, and one bot's secret opens no other bot's route.
 */
export function botWebhookSecret(mainSecret: string, botId: number): string {
  return createHmac('sha256', mainSecret).update(`bot-webhook:${botId}`).digest('hex');
}
/** Telegram's updates are a few KB; a file is never inline. 1 MB leaves ample room. */
const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;

export interface WebhookOptions {
  /** The secret token Telegram sends with every request (set with setWebhook). */
  secret: string;
  /** Stores the update (the update inbox); resolves once it is durable. */
  accept(update: Update): Promise<void>;
  logger: Logger;
  maxBodyBytes?: number;
  /** Observed for every webhook request (metrics). */
  onRequest?(outcome: WebhookOutcome): void;
}

export type WebhookOutcome = 'stored' | 'unauthorized' | 'too_large' | 'bad_json' | 'aborted' | 'failed';

export class BodyTooLarge extends Error {}
class BodyAborted extends Error {}

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads the whole body, refusing more than `limit` bytes (declared or streamed). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err?: Error) => {
      if (done) return;
      done = true;
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, size));
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) finish(new BodyTooLarge());
      else chunks.push(chunk);
    });
    req.on('end', () => finish());
    req.on('aborted', () => finish(new BodyAborted()));
    req.on('error', () => finish(new BodyAborted()));
    req.on('close', () => {
      if (!req.complete) finish(new BodyAborted());
    });
  });
}

function isUpdate(value: unknown): value is Update {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Number.isSafeInteger((value as { update_id?: unknown }).update_id)
  );
}

/** The handler of one bot's webhook (see the module's comment). */
export function webhookHandler(opts: WebhookOptions): RouteHandler {
  const log = opts.logger.child({ component: 'http' });
  const maxBody = opts.maxBodyBytes ?? MAX_WEBHOOK_BODY_BYTES;
  const observe = (outcome: WebhookOutcome) => opts.onRequest?.(outcome);

  async function webhook(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!sameSecret(req.headers['x-telegram-bot-api-secret-token'], opts.secret)) {
      observe('unauthorized');
      send(res, 401);
      req.resume();
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        observe('too_large');
        log.warn({ limit: maxBody }, 'webhook body too large: refused');
        // Close after answering: the rest of the body is not worth reading.
        res.setHeader('connection', 'close');
        send(res, 413);
        return;
      }
      observe('aborted');
      log.warn('webhook request aborted before its body was complete');
      res.destroy();
      return;
    }
    let update: unknown;
    try {
      update = JSON.parse(body.toString('utf8'));
    } catch {
      update = undefined;
    }
    if (!isUpdate(update)) {
      observe('bad_json');
      log.warn({ bytes: body.length }, 'webhook body is not an update: answered 400');
      send(res, 400, '{"ok":false}');
      return;
    }
    try {
      await opts.accept(update);
    } catch (err) {
      observe('failed');
      log.error({ err, updateId: update.update_id }, 'update could not be stored: Telegram will resend it');
      send(res, 500, '{"ok":false}');
      return;
    }
    observe('stored');
    send(res, 200, '{"ok":true}');
  }

  return webhook;
}
