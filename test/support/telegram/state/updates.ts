import type { Update } from 'grammy/types';
import { ApiError } from '../api-error.js';

/**
 * Telegram's default when allowed_updates was never specified: these are sent only when asked for
 * (`subscription` too: issue 44 makes the bot ask for every type it handles, and a test proves it).
 * `guest_message` (Bot API 10.0) is delivered by default: the Bot API server's own default
 * (DEFAULT_ALLOWED_UPDATE_TYPES in tdlib/telegram-bot-api 10.0) leaves out only chat_member,
 * message_reaction and message_reaction_count, and so does the documented default.
 */
const DEFAULT_EXCLUDED = new Set([
  'chat_member',
  'message_reaction',
  'message_reaction_count',
  'subscription',
]);

interface Waiter {
  wake: () => void;
  terminate: (err: ApiError) => void;
  signal: AbortSignal;
}

export interface PollOptions {
  offset?: number | undefined;
  limit?: number | undefined;
  timeoutSeconds?: number | undefined;
  allowedUpdates?: string[] | undefined;
  /** Aborted when the bot's HTTP connection goes away. */
  signal: AbortSignal;
}

/** The getUpdates queue: offset confirmation, long polling, allowed_updates, and the one-poller rule. */
export class UpdateQueue {
  private nextId = 1;
  private queue: Array<{ update: Update; delivered: boolean; again?: true }> = [];
  /** Every update ever pushed, by id: a test may have Telegram deliver one again. */
  private readonly history = new Map<number, Update>();
  private allowed: Set<string> | undefined;
  private waiter: Waiter | undefined;
  private closed = false;
  /** Updates a webhook pusher took and has not yet had answered 2xx. */
  pushing = 0;

  push(update: Omit<Update, 'update_id'>): number {
    const full = { ...update, update_id: this.nextId++ } as Update;
    this.history.set(full.update_id, full);
    this.queue.push({ update: full, delivered: false });
    this.waiter?.wake();
    return full.update_id;
  }

  get(updateId: number): Update | undefined {
    return this.history.get(updateId);
  }

  /**
   * Delivers an update again with its own update_id, as Telegram does when it believes the bot
   * never confirmed it (a crash before the offset moved on, a lost webhook answer).
   */
  redeliver(updateId: number): void {
    const update = this.history.get(updateId);
    if (!update) throw new Error(`no update ${updateId} was ever pushed`);
    this.queue.push({ update, delivered: false, again: true });
    this.waiter?.wake();
  }

  /** A long poll is waiting for updates right now. */
  hasWaitingPoller(): boolean {
    return this.waiter !== undefined;
  }

  /** Updates the bot has not even received yet: the bot cannot be idle while these exist. */
  undelivered(): number {
    return this.queue.filter((e) => !e.delivered).length + this.pushing;
  }

  dropPending(): void {
    this.queue = [];
  }

  close(): void {
    this.closed = true;
    this.waiter?.wake();
  }

  async poll(opts: PollOptions): Promise<Update[]> {
    this.confirm(opts.offset);
    if (opts.allowedUpdates !== undefined) {
      this.allowed = opts.allowedUpdates.length ? new Set(opts.allowedUpdates) : undefined;
    }
    this.displacePoller();
    const limit = Math.min(Math.max(opts.limit ?? 100, 1), 100);
    const timeoutMs = Math.max(opts.timeoutSeconds ?? 0, 0) * 1000;
    const ready = this.take(limit);
    if (ready.length > 0 || timeoutMs === 0 || this.closed) return ready;
    await new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        opts.signal.removeEventListener('abort', finish);
        if (this.waiter === waiter) this.waiter = undefined;
      };
      const finish = () => {
        cleanup();
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      const waiter: Waiter = {
        wake: finish,
        terminate: (err) => {
          cleanup();
          reject(err);
        },
        signal: opts.signal,
      };
      opts.signal.addEventListener('abort', finish);
      this.waiter = waiter;
    });
    return opts.signal.aborted ? [] : this.take(limit);
  }

  /** offset confirms everything below it; a negative offset keeps only the last -offset updates. */
  private confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    if (offset < 0) this.queue = this.queue.slice(offset);
    // A redelivery carries an old id: it is confirmed once the bot has received it.
    else this.queue = this.queue.filter((e) => e.update.update_id >= offset || (e.again && !e.delivered));
  }

  private take(limit: number): Update[] {
    // Types the bot did not ask for are never delivered (Telegram does not even keep them).
    this.queue = this.queue.filter((e) => this.isAllowed(e.update));
    const batch = this.queue.slice(0, limit);
    for (const e of batch) e.delivered = true;
    return batch.map((e) => e.update);
  }

  private isAllowed(update: Update): boolean {
    const type = Object.keys(update).find((k) => k !== 'update_id') ?? '';
    return this.allowed ? this.allowed.has(type) : !DEFAULT_EXCLUDED.has(type);
  }

  /**
   * Like Telegram, the newer request wins and the older one is answered with 409. A short grace
   * period lets the abort of a poller that is going away anyway (grammY's bot.stop()) arrive first,
   * so a clean restart is not reported as two bot instances.
   */
  private displacePoller(): void {
    const old = this.waiter;
    if (!old) return;
    this.waiter = undefined;
    setTimeout(() => {
      if (old.signal.aborted) {
        old.wake();
        return;
      }
      old.terminate(
        new ApiError(
          409,
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
        ),
      );
    }, 50);
  }
}
