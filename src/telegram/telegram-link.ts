/**
 * The bot's link to Telegram through an outage. Network failures and Telegram's 5xx are retried
 * with a short, capped backoff (about a second, at most `maxDelayMs`), never the hour auto-retry
 * would reach, so the bot answers within seconds of Telegram coming back. The outage is logged once
 * when it begins, now and then while it lasts, and once when it ends, with its length.
 *
 * Start-up with Telegram unreachable keeps retrying the same way, with the same visible logs: an
 * orchestrator sees a process that says what it waits for, and the bot starts by itself once
 * Telegram answers, instead of exiting into a restart loop.
 */
import { HttpError, type Transformer } from 'grammy';
import type { Logger } from '../logger.js';

export interface TelegramLinkOptions {
  logger: Logger;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** While down, a reminder is logged this often (default one minute). */
  reminderMs?: number;
  now?: () => number;
  /** Waits between attempts (tests record the delays instead of waiting). */
  pause?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function realPause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export class TelegramLink {
  readonly #log: Logger;
  readonly #initialDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #reminderMs: number;
  readonly #now: () => number;
  readonly #pause: NonNullable<TelegramLinkOptions['pause']>;
  #downSince: number | undefined;
  #lastReminder = 0;
  #failures = 0;

  constructor(opts: TelegramLinkOptions) {
    this.#log = opts.logger.child({ component: 'telegram-link' });
    this.#initialDelayMs = opts.initialDelayMs ?? 500;
    this.#maxDelayMs = opts.maxDelayMs ?? 3_000;
    this.#reminderMs = opts.reminderMs ?? 60_000;
    this.#now = opts.now ?? Date.now;
    this.#pause = opts.pause ?? realPause;
  }

  get down(): boolean {
    return this.#downSince !== undefined;
  }

  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    let delay = this.#initialDelayMs;
    for (;;) {
      let reason: string;
      try {
        const res = await prev(method, payload, signal);
        // Any answer below 500 means Telegram is there (a 4xx is its verdict, not an outage).
        if (res.ok || res.error_code < 500) {
          this.#reached();
          return res;
        }
        reason = `HTTP ${res.error_code}: ${res.description}`;
      } catch (err) {
        if (!(err instanceof HttpError) || signal?.aborted) throw err;
        reason = err.message;
      }
      this.#failed(method, reason);
      await this.#pause(delay, signal as AbortSignal | undefined);
      delay = Math.min(this.#maxDelayMs, delay * 2);
    }
  };

  #failed(method: string, reason: string): void {
    const now = this.#now();
    this.#failures++;
    if (this.#downSince === undefined) {
      this.#downSince = now;
      this.#lastReminder = now;
      this.#log.warn({ method, reason }, 'Telegram is unreachable: retrying every few seconds');
    } else if (now - this.#lastReminder >= this.#reminderMs) {
      this.#lastReminder = now;
      this.#log.warn(
        { method, reason, downMs: now - this.#downSince, failures: this.#failures },
        'Telegram is still unreachable',
      );
    }
  }

  #reached(): void {
    if (this.#downSince === undefined) return;
    const downMs = this.#now() - this.#downSince;
    this.#log.info({ downMs, failures: this.#failures }, 'Telegram is reachable again');
    this.#downSince = undefined;
    this.#failures = 0;
  }
}
