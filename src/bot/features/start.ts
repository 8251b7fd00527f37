import { Composer } from 'grammy';
import { menuData } from '../callback-data/menu.js';
import type { BotContext } from '../context.js';
import { createMainMenuKeyboard } from '../keyboards/main-menu.js';

export const startFeature = new Composer<BotContext>();
const privateChats = startFeature.chatType('private');

/** The greeting for /start; coming back to the menu later just asks what next (`menu-title`). */
function welcomeText(ctx: BotContext, key: 'start-welcome' | 'menu-title' = 'start-welcome'): string {
  const welcome = ctx.t(key, { name: ctx.from?.first_name ?? '' });
  return ctx.deps.sandbox ? `${welcome}\n\n${ctx.t('sandbox-badge')}` : welcome;
}

privateChats.command('start', async (ctx) => {
  await ctx.conversation.exitAll();
  await ctx.reply(welcomeText(ctx), { reply_markup: createMainMenuKeyboard(ctx) });
});

/** Buttons that lead back to the menu edit the message in place instead of piling up new ones. */
privateChats.callbackQuery(menuData.filter({ item: 'home' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(welcomeText(ctx, 'menu-title'), { reply_markup: createMainMenuKeyboard(ctx) });
});
