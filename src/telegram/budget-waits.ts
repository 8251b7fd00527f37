/**
 * Whether the update being handled is only waiting for the bot's send budget: a post of its handler
 * waits its turn among the bot's ~30 a second (outbound-scheduler.ts). The update inbox does not
 * count such an update against its worker slots (up to a bound, workers/update-inbox.ts): under a
 * flood of busy chats their replies wait for the budget, and a newcomer's update is claimed
 * meanwhile instead of waiting for one of them to be sent.
 *
 * The mark travels with the handler's async context, like the urgent mark (outbound-priority.ts), so
 * nothing between the handler and the scheduler passes it on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One handler's posts waiting for the budget. */
export class BudgetWaits {
  #posts = 0;
  readonly #onChange: () => void;

  /** `onChange`: the handler began or stopped waiting. */
  constructor(onChange: () => void = () => {}) {
    this.#onChange = onChange;
  }

  /** A post of this handler waits for its turn. */
  get waiting(): boolean {
    return this.#posts > 0;
  }

  /** A post begins waiting for its turn. */
  enter(): void {
    if (this.#posts++ === 0) this.#onChange();
  }

  /** A post waiting for its turn goes out (or was called off). */
  leave(): void {
    if (--this.#posts === 0) this.#onChange();
  }
}

const current = new AsyncLocalStorage<BudgetWaits>();

/** Runs `work` with its posts' waits for the budget counted in `waits`. */
export function withBudgetWaits<T>(waits: BudgetWaits, work: () => Promise<T>): Promise<T> {
  return current.run(waits, work);
}

/** The waits of the handler making a post now, if it runs under `withBudgetWaits`. */
export function budgetWaitsOfCaller(): BudgetWaits | undefined {
  return current.getStore();
}
