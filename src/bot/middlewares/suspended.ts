/**
 * A bot the operator suspended (/bot_off) answers every customer with one sentence (`bot-suspended`,
 * which the brand's texts may replace) and takes no order and no payment: checkouts are declined,
 * inline queries get nothing. A payment Telegram already took is still credited (it passes), and
 * the bot's own admins pass, so they can still see their figures.
 */
import type { MiddlewareFn } from 'grammy';
import { htmlToPlainText } from '../../lib/html.js';
import type { BaseContext } from '../context.js';
import { isAdmin } from '../features/admin.js';

/** Telegram's cap on a checkout's error message and an alert's text. */
const SHORT_TEXT = 200;

export const suspendedGate: MiddlewareFn<BaseContext> = async (ctx, next) => {
  if (!ctx.deps.thisBot?.suspended() || ctx.message?.successful_payment || isAdmin(ctx)) return next();
  const text = ctx.t('bot-suspended');
  if (ctx.preCheckoutQuery) {
    await ctx.answerPreCheckoutQuery(false, { error_message: htmlToPlainText(text, SHORT_TEXT) });
  } else if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text: htmlToPlainText(text, SHORT_TEXT), show_alert: true });
  } else if (ctx.inlineQuery) {
    await ctx.answerInlineQuery([], { cache_time: 10, is_personal: true });
  } else if (ctx.chat?.type === 'private' && ctx.message) {
    await ctx.reply(text);
  }
};
