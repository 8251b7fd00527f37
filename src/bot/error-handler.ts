import { type BotError, GrammyError } from 'grammy';
import { mainMenuButton } from '../telegram/keyboards/main-menu.js';
import type { BaseContext } from './context.js';

/**
 * The one error boundary: log with the update id, then tell the user in their language. If even
 * that fails (blocked bot, Telegram down), the log is all we can do.
 */
export async function handleBotError(error: BotError<BaseContext>): Promise<void> {
  const { ctx } = error;
  const logger = ctx.logger ?? ctx.deps?.logger;
  logger?.error({ err: error.error, updateId: ctx.update.update_id }, 'update handling failed');
  if (error.error instanceof GrammyError && error.error.error_code === 403) {
    if (ctx.from)
      await ctx.deps?.accounts
        .blockedTheBot(ctx.from.id)
        .catch((err: unknown) => logger?.warn({ err }, 'could not mark the user as blocked'));
    return;
  }
  if (!ctx.chat || typeof ctx.t !== 'function') return;
  try {
    // A way on from the dead end, where there is a menu to go to (private chats only).
    const keyboard = ctx.chat.type === 'private' ? mainMenuButton(ctx) : undefined;
    await ctx.reply(ctx.t('error-generic'), keyboard ? { reply_markup: keyboard } : {});
  } catch (replyError) {
    logger?.warn({ err: replyError }, 'could not tell the user about the error');
  }
}
