import type { MiddlewareFn } from 'grammy';
import type { BaseContext } from '../context.js';

/**
 * Telegram shows a spinner on the button until the query is answered, and a second answer is an
 * error. Features answer with their own text; this makes sure every query gets exactly one answer,
 * even when a handler forgot or threw.
 */
export const answerCallbacksOnce: MiddlewareFn<BaseContext> = async (ctx, next) => {
  if (!ctx.callbackQuery) return next();
  let answered = false;
  const answer = ctx.answerCallbackQuery.bind(ctx);
  ctx.answerCallbackQuery = async (...args: Parameters<typeof answer>) => {
    if (answered) return true;
    answered = true;
    return answer(...args);
  };
  try {
    await next();
  } finally {
    if (!answered) {
      answered = true;
      await answer().catch((error: unknown) =>
        ctx.logger?.warn({ err: error }, 'late callback answer failed'),
      );
    }
  }
};
