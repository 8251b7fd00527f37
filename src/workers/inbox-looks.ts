/**
 * The idle look of every bot of the process at once (issue 40). A bot's inbox worker looks for
 * updates other replicas stored (and claims that lapsed) with a claiming pass, less and less often
 * while nothing happens; fifty quiet bots on a replica still made 25 passes a second, most of its
 * idle CPU on PostgreSQL. Once a worker has been quiet for its longest wait, it parks here instead:
 * one statement every `intervalMs` asks which parked bots have a claimable update
 * (WaitingBotsRepository), and only those are woken (their worker passes and looks on its own again).
 * Anything a worker hears itself (an update stored here) unparks it at once.
 */
import type { WaitingBotsRepository } from '../db/index.js';
import { Periodic } from '../lib/periodic.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

/** One bot's place: its worker parks with how to wake it, and unparks when it wakes by itself. */
export interface InboxLookSlot {
  park(wake: () => void): void;
  unpark(): void;
}

export interface InboxLooksDeps {
  waiting: Pick<WaitingBotsRepository, 'of'>;
  logger: Logger;
  /** How often the parked bots are looked at (the workers' short idle wait: 250 ms). */
  intervalMs: number;
  timers?: Timers;
}

export class InboxLooks {
  readonly #parked = new Map<number, () => void>();
  readonly #waiting: InboxLooksDeps['waiting'];
  readonly #poll: Periodic;
  #current: Promise<void> | undefined;

  constructor(deps: InboxLooksDeps) {
    this.#waiting = deps.waiting;
    this.#poll = new Periodic({
      name: 'inbox-looks',
      intervalMs: deps.intervalMs,
      logger: deps.logger,
      run: () => this.look(),
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  slot(botId: number): InboxLookSlot {
    let mine: (() => void) | undefined;
    return {
      park: (wake) => {
        mine = wake;
        this.#parked.set(botId, wake);
        if (this.#parked.size === 1) this.#poll.start();
      },
      unpark: () => {
        // Only its own place: a runtime replacing this bot's may have parked already.
        if (mine === undefined || this.#parked.get(botId) !== mine) return;
        mine = undefined;
        this.#parked.delete(botId);
        if (this.#parked.size === 0) void this.#poll.stop();
      },
    };
  }

  /** Bots parked now (tests, metrics). */
  get parked(): number {
    return this.#parked.size;
  }

  /** One look at every parked bot; those with a claimable update are woken (and unparked). */
  look(): Promise<void> {
    const pass = this.#lookOnce();
    this.#current = pass.catch(() => undefined);
    return pass;
  }

  /** Resolves once the look running now (if any) is done (tests). */
  async whenIdle(): Promise<void> {
    await this.#current;
  }

  async #lookOnce(): Promise<void> {
    if (this.#parked.size === 0) return;
    const waiting = await this.#waiting.of([...this.#parked.keys()]);
    for (const botId of waiting) this.#parked.get(botId)?.();
  }
}
