import type { MiddlewareFn } from 'grammy';
import type { BaseContext, BotDeps } from '../context.js';

/** Gives every update its dependencies, a child logger, and the sender's stored row. */
export function attachUser(deps: BotDeps): MiddlewareFn<BaseContext> {
  return async (ctx, next) => {
    ctx.deps = deps;
    ctx.logger = deps.logger.child({ updateId: ctx.update.update_id });
    const from = ctx.from;
    ctx.user =
      from && !from.is_bot
        ? await deps.accounts.seen({
            id: from.id,
            firstName: from.first_name,
            username: from.username,
            languageCode: from.language_code,
            updateId: ctx.update.update_id,
          })
        : undefined;
    return next();
  };
}
