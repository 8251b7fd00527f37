/**
 * Group commit for the update inbox: every update offered while no commit is in flight (a whole
 * getUpdates batch, offered in one go) and every one offered while a commit is in flight (webhook
 * requests arriving meanwhile) is stored by the next single transaction. Each caller's promise
 * resolves only once its own update is durable, so the webhook still answers 200 and polling still
 * confirms an offset only for stored updates; on SQLite, one fsync serves the whole group.
 *
 * One update the store cannot keep must not stop the others: when a group fails, each of its
 * updates is tried alone; one that fails alone `attempts` times while the store still takes a
 * record of its id is skipped ('unstorable': logged with its type and id, never its text), so the
 * offset advances and the webhook answers 200. If the store takes nothing, the store is down: the
 * update is refused (Telegram sends it again).
 */
import type { NewInboxUpdate, UpdateInboxRepository } from '../db/index.js';
import type { StoreOptions, StoreOutcome } from '../db/repositories/update-inbox.js';
import { sleepOn, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

/** Updates per transaction at most (a getUpdates batch is up to 100). */
const MAX_GROUP = 500;

export type WriteOutcome = StoreOutcome | 'unstorable';

export interface InboxWriterOptions {
  inbox: Pick<UpdateInboxRepository, 'store' | 'skip'>;
  logger: Logger;
  timers: Timers;
  /** A chat's droppable updates waiting beyond this many are dropped (repository `store`). */
  maxBacklog?: number;
  /** The replica to wake for an update of a shard not this one's (repository `store`). */
  wake?: StoreOptions['wake'];
  /** Tries of an update stored alone before it is skipped; default 3, `retryMs` x try apart. */
  attempts?: number;
  retryMs?: number;
}

interface Pending {
  update: NewInboxUpdate;
  resolve(outcome: WriteOutcome): void;
  reject(err: unknown): void;
}

export class InboxWriter {
  readonly #opts: InboxWriterOptions;
  #queue: Pending[] = [];
  #flushing: Promise<void> | undefined;

  constructor(opts: InboxWriterOptions) {
    this.#opts = opts;
  }

  /** A commit is in flight or due. */
  get busy(): boolean {
    return this.#flushing !== undefined;
  }

  /** Resolves once nothing waits to be written. */
  async idle(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  write(update: NewInboxUpdate): Promise<WriteOutcome> {
    return new Promise<WriteOutcome>((resolve, reject) => {
      this.#queue.push({ update, resolve, reject });
      // The microtask lets the rest of a batch offered in one go join this group.
      this.#flushing ??= Promise.resolve().then(() => this.#flush());
    });
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length > 0) {
        const group = this.#queue.splice(0, MAX_GROUP);
        await this.#commit(group);
      }
    } finally {
      this.#flushing = undefined;
    }
  }

  async #commit(group: Pending[]): Promise<void> {
    // The same update twice in one group (a webhook resend racing the first): stored once.
    const unique = [...new Map(group.map((p) => [p.update.updateId, p.update])).values()];
    const outcomes = new Map<number, WriteOutcome | { error: unknown }>();
    try {
      const stored = await this.#opts.inbox.store(unique, this.#options());
      for (const [i, u] of unique.entries()) outcomes.set(u.updateId, stored[i] ?? 'stored');
    } catch (err) {
      if (unique.length === 1) outcomes.set(unique[0]!.updateId, await this.#alone(unique[0]!, err));
      // One of them may be what the store refuses: each alone, so the others are not held back.
      else for (const u of unique) outcomes.set(u.updateId, await this.#alone(u));
    }
    const told = new Set<number>();
    for (const p of group) {
      const outcome = outcomes.get(p.update.updateId)!;
      const repeat = told.has(p.update.updateId);
      told.add(p.update.updateId);
      if (typeof outcome === 'object') p.reject(outcome.error);
      else p.resolve(repeat && outcome !== 'unstorable' ? 'duplicate' : outcome);
    }
  }

  #options(): StoreOptions {
    const { maxBacklog, wake } = this.#opts;
    return { ...(maxBacklog !== undefined && { maxBacklog }), ...(wake && { wake }) };
  }

  /** Stores one update, trying a few times; skips it if the store takes everything but it. */
  async #alone(update: NewInboxUpdate, failed?: unknown): Promise<WriteOutcome | { error: unknown }> {
    const attempts = this.#opts.attempts ?? 3;
    const retryMs = this.#opts.retryMs ?? 100;
    let error = failed;
    for (let attempt = failed === undefined ? 1 : 2; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleepOn(this.#opts.timers, retryMs * (attempt - 1));
      try {
        const [outcome] = await this.#opts.inbox.store([update], this.#options());
        return outcome ?? 'stored';
      } catch (err) {
        error = err;
      }
    }
    // The store still takes a record of its id: the update, not the store, is the problem.
    if (await this.#opts.inbox.skip(update.updateId, update.lane)) {
      this.#opts.logger.error(
        { updateId: update.updateId, type: updateType(update), reason: reasonOf(error) },
        'update skipped: the store cannot keep it',
      );
      return 'unstorable';
    }
    return { error };
  }
}

/** The kind of update (message, callback_query, ...): what may be logged of it. */
function updateType(update: NewInboxUpdate): string {
  return Object.keys(update.payload).find((k) => k !== 'update_id') ?? 'unknown';
}

/** The store's reason, without the statement and its parameters (they hold the user's text). */
function reasonOf(err: unknown): string {
  const cause = (err as { cause?: unknown } | undefined)?.cause;
  const source = cause instanceof Error ? cause : err;
  const code = (source as { code?: unknown } | undefined)?.code;
  const message = source instanceof Error ? source.message : String(source);
  // drizzle's own message quotes the query and its params: only the driver's first line is kept.
  const line = message.startsWith('Failed query') ? 'query failed' : (message.split('\n')[0] ?? '');
  return [code, line.slice(0, 200)].filter(Boolean).join(': ');
}
