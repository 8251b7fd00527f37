import { Composer, InlineKeyboard } from 'grammy';
import { menuData } from '../callback-data/menu.js';
import type { BotContext } from '../context.js';

export const helpFeature = new Composer<BotContext>();
const privateChats = helpFeature.chatType('private');

function backToMenu(ctx: BotContext) {
  return new InlineKeyboard().text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
}

privateChats.command('help', (ctx) => ctx.reply(ctx.t('help-text'), { reply_markup: backToMenu(ctx) }));

privateChats.callbackQuery(menuData.filter({ item: 'help' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t('help-text'), { reply_markup: backToMenu(ctx) });
});
