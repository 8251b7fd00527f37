/**
 * What a post tells the outbound scheduler (outbound-scheduler.ts) about the work that makes it:
 * - `urgent`: it is made while a payment is handled, so it goes before every other post. A
 *   payment's inbox slot is held until its answers are sent, and payments have few slots of their
 *   own: had the "Stars credited" notice waited its turn behind a thousand flooding chats, those
 *   slots would fill and the next checkout would miss Telegram's 10 seconds.
 * - `waits`: the handler's budget waits (budget-waits.ts), marked while the post waits its turn.
 *
 * The mark rides on the call's payload, under a symbol (never serialized), put there by a
 * transformer on the Api of the update's context (`markPosts`): the scheduler, further in, reads it
 * off the same object, also when a retry or a conversation's call (conversation-calls.ts) passes
 * the payload on. It used to travel with the handler's async context (AsyncLocalStorage), which on
 * this Node costs a hook on every promise the process makes: about 10 KB more garbage per update,
 * and 5-25% more CPU in interleaved runs of bench/handler-cost.ts.
 */
import type { Transformer } from 'grammy';
import type { BudgetWaits } from './budget-waits.js';

export interface PostMarks {
  urgent?: boolean;
  waits?: BudgetWaits | undefined;
}

const MARKS = Symbol('post marks');

/** `payload` (a call's own object) carrying `marks`. */
export function markPayload<T extends object>(payload: T, marks: PostMarks): T {
  (payload as { [MARKS]?: PostMarks })[MARKS] = marks;
  return payload;
}

/** The marks a call's payload carries, if any. */
export function marksOf(payload: unknown): PostMarks | undefined {
  return typeof payload === 'object' && payload !== null
    ? (payload as { [MARKS]?: PostMarks })[MARKS]
    : undefined;
}

/** For a context's Api: every call it makes carries `marks`. */
export function markPosts(marks: PostMarks): Transformer {
  return (prev, method, payload, signal) => prev(method, markPayload(payload ?? {}, marks), signal);
}
