import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

/** Last in the chain: whatever nothing else handled gets a helpful answer instead of silence. */
export const unhandledFeature = new Composer<BotContext>();
const privateChats = unhandledFeature.chatType('private');

privateChats.on('callback_query', async (ctx) => {
  ctx.logger.debug({ data: ctx.callbackQuery.data }, 'unhandled callback query');
  await ctx.answerCallbackQuery({ text: ctx.t('unhandled-callback'), show_alert: true });
});

privateChats.on('message', async (ctx) => {
  await ctx.reply(ctx.t('unhandled-text'), {
    reply_markup: mainMenuButton(ctx),
  });
});
