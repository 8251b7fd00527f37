/**
 * Webhook delivery, as Telegram does it, in front of a load balancer: once the bot has called
 * setWebhook, every update is POSTed to the webhook (with the secret token header) instead of being
 * served by getUpdates. The registered URL is public HTTPS; `targets` are the local replicas the
 * balancer forwards to, round-robin.
 *
 * - One chat's updates are sent one after another, each once the previous one was answered 2xx;
 *   other chats' go in parallel (the emulator's reading: Telegram keeps a chat's order).
 * - At most `max_connections` POSTs (setWebhook; Telegram's default 40) are in flight at once.
 * - A failed POST (connection refused, 5xx, a dead replica, no answer in 10 s) is sent again, to
 *   the next target.
 * - Posted with node:http over kept-alive connections, not fetch: the emulator shares the machine
 *   with the bots it serves, and fetch cost it more CPU per update than the bot spent storing it.
 * - `duplicateEvery` N: every Nth update goes to two replicas at once (a resend racing the first
 *   answer), as Telegram does when an answer is slow or lost.
 */
import { Agent, type ClientRequest, request as httpRequest } from 'node:http';
import { Context } from 'grammy';
import type { Update } from 'grammy/types';
import type { BotSettings } from './state/bot-settings.js';
import type { UpdateQueue } from './state/updates.js';

export interface WebhookPushOptions {
  /** Base URLs of the replicas ('http://127.0.0.1:PORT'); the registered URL's path is kept. */
  targets: string[];
  duplicateEvery?: number;
}

export interface WebhookDelivery {
  updateId: number;
  target: string;
  status: number | 'network';
}

const RETRY_MS = 100;
/** How long a POST may take before it counts as failed (and is sent again). */
const POST_TIMEOUT_MS = 10_000;
/** Telegram's default for setWebhook's max_connections (1-100). */
const DEFAULT_MAX_CONNECTIONS = 40;

/** The chat (or user) an update belongs to, read with grammY's own getters. */
function chatOf(update: Update): string {
  const ctx = new Context(update, undefined as never, undefined as never);
  return String(ctx.chat?.id ?? ctx.from?.id ?? `update:${update.update_id}`);
}

export class WebhookPusher {
  readonly deliveries: WebhookDelivery[] = [];
  #next = 0;
  #count = 0;
  /** POSTs in flight, and those waiting for one of the `max_connections`. */
  #inFlight = 0;
  readonly #waiting: Array<() => void> = [];
  readonly #abort = new AbortController();
  /** Connections kept open between POSTs, as Telegram does (a new one each time costs the bot). */
  readonly #agent = new Agent({ keepAlive: true });
  /** POSTs under way, ended by close(). */
  readonly #open = new Set<ClientRequest>();
  readonly #loop: Promise<void>;

  constructor(
    private readonly updates: UpdateQueue,
    private readonly settings: BotSettings,
    private readonly opts: WebhookPushOptions,
  ) {
    this.#loop = this.#run();
  }

  async close(): Promise<void> {
    this.#abort.abort();
    for (const request of this.#open) request.destroy();
    await this.#loop.catch(() => undefined);
    this.#agent.destroy();
  }

  async #run(): Promise<void> {
    let offset = 0;
    while (!this.#abort.signal.aborted) {
      if (!this.settings.webhook.url) {
        await this.#sleep(50);
        continue;
      }
      const batch = await this.updates.poll({
        offset,
        limit: 100,
        timeoutSeconds: 1,
        signal: this.#abort.signal,
      });
      if (batch.length === 0) continue;
      this.updates.pushing += batch.length;
      const byChat = new Map<string, Update[]>();
      for (const update of batch) {
        const key = chatOf(update);
        byChat.set(key, [...(byChat.get(key) ?? []), update]);
      }
      await Promise.all(
        [...byChat.values()].map(async (updates) => {
          for (const update of updates) {
            await this.#deliver(update);
            this.updates.pushing--;
          }
        }),
      );
      offset = batch.at(-1)!.update_id + 1;
    }
  }

  async #deliver(update: Update): Promise<void> {
    const copies = this.opts.duplicateEvery && ++this.#count % this.opts.duplicateEvery === 0 ? 2 : 1;
    while (!this.#abort.signal.aborted) {
      const sent = await Promise.all(
        Array.from({ length: copies }, () => this.#post(update, this.#target())),
      );
      if (sent.some(Boolean)) return;
      await this.#sleep(RETRY_MS);
    }
  }

  #target(): string {
    const { targets } = this.opts;
    const target = targets[this.#next % targets.length]!;
    this.#next++;
    return target;
  }

  async #post(update: Update, target: string): Promise<boolean> {
    await this.#connection();
    try {
      return await this.#postNow(update, target);
    } finally {
      // Handed on to the next waiting POST, or free.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inFlight--;
    }
  }

  /** Resolves once one of the webhook's `max_connections` is this POST's. */
  async #connection(): Promise<void> {
    const max = Number(this.settings.webhook['max_connections'] ?? DEFAULT_MAX_CONNECTIONS);
    if (this.#inFlight < max) {
      this.#inFlight++;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  async #postNow(update: Update, target: string): Promise<boolean> {
    const url = new URL(new URL(this.settings.webhook.url).pathname, target);
    const secret = this.settings.webhook['secret_token'];
    const body = JSON.stringify(update);
    const status = await new Promise<number | 'network'>((resolve) => {
      const request = httpRequest(url, {
        method: 'POST',
        agent: this.#agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(typeof secret === 'string' ? { 'x-telegram-bot-api-secret-token': secret } : {}),
        },
        timeout: POST_TIMEOUT_MS,
      });
      this.#open.add(request);
      request.on('close', () => this.#open.delete(request));
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 'network'));
        response.on('error', () => resolve('network'));
      });
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve('network'));
      request.end(body);
    });
    this.deliveries.push({ updateId: update.update_id, target, status });
    return typeof status === 'number' && status >= 200 && status < 300;
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }
}
