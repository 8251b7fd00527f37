/**
 * A button whose handler must read something that may be slow first (the catalog, loaded from
 * upstream when this process has none yet). Telegram takes the answer to a button for about 15 s
 * only, and a late answer throws ("query is too old"), replacing the prepared screen with the
 * generic error.
 */
import type { BotContext } from '../context.js';

const NOT_YET = Symbol('not yet');

/** Settles once the work queued now has run: anything that waits for I/O has not settled by then. */
const afterPendingWork = () => new Promise<typeof NOT_YET>((resolve) => setImmediate(() => resolve(NOT_YET)));

/**
 * Reads `read`. A value at hand (a cached catalog settles within microtasks) leaves the answer to the
 * caller, who may still give it a text (a stale button's toast); a read that waits for I/O gets the
 * button answered first, and `answered` tells the caller that a text answer would not show now.
 * A failed read is thrown as is.
 */
export async function readAnsweringIfSlow<T>(
  ctx: BotContext,
  read: Promise<T>,
): Promise<{ value: T; answered: boolean }> {
  const early = await Promise.race([read, afterPendingWork()]);
  if (early !== NOT_YET) return { value: early as T, answered: false };
  await ctx.answerCallbackQuery();
  return { value: await read, answered: true };
}
