/**
 * Whether the update being handled is only waiting for the bot's send budget: a post of its handler
 * waits its turn among the bot's ~30 a second (outbound-scheduler.ts). The update inbox does not
 * count such an update against its worker slots (up to a bound, workers/update-inbox.ts): under a
 * flood of busy chats their replies wait for the budget, and a newcomer's update is claimed
 * meanwhile instead of waiting for one of them to be sent.
 *
 * The inbox worker registers an update's waits here (`handleWithBudgetWaits`); the bot marks the
 * posts of that update's context with them (post-marks.ts), and the scheduler reads the mark.
 */
import { withEntry } from '../lib/scoped-entry.js';

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

/**
 * The waits of each update being handled, by update_id: a conversation's context carries its own
 * copy of the update, with the same id.
 */
const waitsOfUpdate = new Map<number, BudgetWaits>();

/** Runs the handling of update `updateId` with its posts' waits for the budget counted in `waits`. */
export async function handleWithBudgetWaits<T>(
  updateId: number,
  waits: BudgetWaits,
  work: () => Promise<T>,
): Promise<T> {
  return withEntry(waitsOfUpdate, updateId, waits, work);
}

/** The waits of update `updateId` while it is handled under `handleWithBudgetWaits`. */
export function budgetWaitsOf(updateId: number): BudgetWaits | undefined {
  return waitsOfUpdate.get(updateId);
}
