/**
 * Posts made while a payment is handled go before every other post (telegram/outbound-scheduler.ts).
 * A payment's inbox slot is held until its answers are sent, and payments have few slots of their
 * own: had the "Stars credited" notice waited its turn behind a thousand flooding chats, those slots
 * would fill and the next checkout would miss Telegram's 10 seconds.
 *
 * The mark travels with the handler's async context, so nothing between the handler and the
 * scheduler needs to pass it on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const urgent = new AsyncLocalStorage<true>();

/** Runs `work` with every message it posts marked urgent. */
export function withUrgentPosts<T>(work: () => Promise<T>): Promise<T> {
  return urgent.run(true, work);
}

/** Whether the post being made now comes from work marked urgent. */
export function postsAreUrgent(): boolean {
  return urgent.getStore() === true;
}
