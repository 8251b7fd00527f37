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
    // Their first update from the bot's private chat (not a guest message that happens to be in
    // someone's private chat): from now on the bot can write to them there.
    if (ctx.user && !ctx.user.startedAt && ctx.chat?.type === 'private' && !ctx.update.guest_message) {
      await deps.accounts.markStarted(ctx.user.telegramId);
      ctx.user = { ...ctx.user, startedAt: new Date() };
    }
    return next();
  };
}
