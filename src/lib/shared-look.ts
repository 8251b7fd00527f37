/**
 * One periodic look for many members of a process, each keyed by its bot id (issue 40): fifty bots
 * cost one statement a look, not fifty (services/settings-watch.ts, workers/inbox-looks.ts). The
 * look runs only while someone has joined: the first to join starts it, the last to leave stops it.
 */
import type { Logger } from '../logger.js';
import { Periodic } from './periodic.js';
import type { Timers } from './timers.js';

/** A member's place: it joins with what the look needs of it, and leaves. */
export interface LookSlot<T> {
  join(member: T): void;
  leave(): void;
}

export interface SharedLookOptions<T> {
  name: string;
  intervalMs: number;
  logger: Logger;
  /** One look at every member joined now, by bot id. */
  look(members: ReadonlyMap<number, T>): Promise<void>;
  timers?: Timers;
}

export class SharedLook<T> {
  readonly #members = new Map<number, T>();
  readonly #look: SharedLookOptions<T>['look'];
  readonly #poll: Periodic;
  #current: Promise<void> | undefined;

  constructor(opts: SharedLookOptions<T>) {
    this.#look = opts.look;
    this.#poll = new Periodic({
      name: opts.name,
      intervalMs: opts.intervalMs,
      logger: opts.logger,
      run: () => this.look(),
      ...(opts.timers && { timers: opts.timers }),
    });
  }

  /** The place of bot `botId` (its registry id). */
  slot(botId: number): LookSlot<T> {
    let mine: T | undefined;
    return {
      join: (member) => {
        mine = member;
        this.#members.set(botId, member);
        if (this.#members.size === 1) this.#poll.start();
      },
      leave: () => {
        // Only its own place: a runtime replacing this bot's may have joined already.
        if (mine === undefined || this.#members.get(botId) !== mine) return;
        mine = undefined;
        this.#members.delete(botId);
        if (this.#members.size === 0) void this.#poll.stop();
      },
    };
  }

  /** Members joined now. */
  get size(): number {
    return this.#members.size;
  }

  /** One look now (also what the timer runs). */
  look(): Promise<void> {
    const pass = this.#members.size === 0 ? Promise.resolve() : this.#look(this.#members);
    this.#current = pass.catch(() => undefined);
    return pass;
  }

  /** Resolves once the look running now (if any) is done (tests). */
  async whenIdle(): Promise<void> {
    await this.#current;
  }
}
