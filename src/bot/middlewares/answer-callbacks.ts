import type { MiddlewareFn, Transformer } from 'grammy';
import type { BaseContext } from '../context.js';

/**
 * Telegram shows a spinner on the button until its query is answered, and a second answer is an
 * error. Features answer with their own text, from the outer middleware or from inside a
 * conversation (whose real calls reach Telegram through bot.api too: telegram/conversation-calls.ts),
 * so the bookkeeping sits on the API itself: a transformer lets the first answer of each query
 * through and drops repeats, and a middleware
 * answers, after handling, any query nobody answered, even when a handler threw.
 */
export interface CallbackAnswerGuard {
  /** For bot.api: drops a second answer to the same query. */
  transformer: Transformer;
  /** Outer middleware: answers what nobody answered. */
  middleware: MiddlewareFn<BaseContext>;
  /**
   * An update handled again after its first handler died (update inbox): that handler may have
   * answered already, and a second answer is an error, so this query is answered by nobody now.
   */
  presumeAnswered(queryId: string): void;
}

/** A query presumed answered (presumeAnswered) may never reach the middleware that forgets it: keep the set bounded. */
const MAX_REMEMBERED = 10_000;

export function createCallbackAnswerGuard(): CallbackAnswerGuard {
  const answered = new Set<string>();
  const remember = (id: string) => {
    answered.add(id);
    if (answered.size > MAX_REMEMBERED) answered.delete(answered.values().next().value!);
  };

  const transformer: Transformer = async (prev, method, payload, signal) => {
    if (method !== 'answerCallbackQuery') return prev(method, payload, signal);
    const id = (payload as { callback_query_id: string }).callback_query_id;
    if (answered.has(id)) return { ok: true, result: true } as Awaited<ReturnType<typeof prev>>;
    remember(id);
    const result = await prev(method, payload, signal);
    if (!result.ok) answered.delete(id);
    return result;
  };

  const middleware: MiddlewareFn<BaseContext> = async (ctx, next) => {
    const id = ctx.callbackQuery?.id;
    if (id === undefined) return next();
    try {
      await next();
    } finally {
      if (!answered.has(id)) {
        await ctx
          .answerCallbackQuery()
          .catch((error: unknown) => ctx.logger?.warn({ err: error }, 'late callback answer failed'));
      }
      // The query is done with: forget it so the set stays small.
      answered.delete(id);
    }
  };

  return { transformer, middleware, presumeAnswered: remember };
}
