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

/**
 * Members keyed by bot id, each joining and leaving through its own place: a place leaves only its
 * own member, since a runtime replacing this bot's may have joined already. `first` and `last` hear
 * when the first member joins and the last one leaves.
 */
export class KeyedMembers<T> {
  readonly #members = new Map<number, T>();

  constructor(private readonly hooks: { first?(): void; last?(): void } = {}) {}

  /** Every member joined now, by bot id. */
  get all(): ReadonlyMap<number, T> {
    return this.#members;
  }

  /** The place of bot `botId` (its registry id). */
  slot(botId: number): LookSlot<T> {
    let mine: T | undefined;
    return {
      join: (member) => {
        mine = member;
        this.#members.set(botId, member);
        if (this.#members.size === 1) this.hooks.first?.();
      },
      leave: () => {
        if (mine === undefined || this.#members.get(botId) !== mine) return;
        mine = undefined;
        this.#members.delete(botId);
        if (this.#members.size === 0) this.hooks.last?.();
      },
    };
  }
}

export class SharedLook<T> {
  readonly #members: KeyedMembers<T>;
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
    // The look runs only while someone has joined.
    this.#members = new KeyedMembers<T>({
      first: () => this.#poll.start(),
      last: () => void this.#poll.stop(),
    });
  }

  /** The place of bot `botId` (its registry id). */
  slot(botId: number): LookSlot<T> {
    return this.#members.slot(botId);
  }

  /** Members joined now. */
  get size(): number {
    return this.#members.all.size;
  }

  /** One look now (also what the timer runs). */
  look(): Promise<void> {
    const members = this.#members.all;
    const pass = members.size === 0 ? Promise.resolve() : this.#look(members);
    this.#current = pass.catch(() => undefined);
    return pass;
  }

  /** Resolves once the look running now (if any) is done (tests). */
  async whenIdle(): Promise<void> {
    await this.#current;
  }
}
