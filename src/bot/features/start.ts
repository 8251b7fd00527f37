import { isAppAction, parseStartPayload } from '../../domain/start-payload.js';
import { menuData } from '../../telegram/callback-data/menu.js';
import { createMainMenuKeyboard } from '../../telegram/keyboards/main-menu.js';
import { stars } from '../../telegram/texts/money.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { openFromApp } from './app-links.js';
import { replyToPromoRedemption } from './promo.js';
import { replyToCardTopUp } from './wallet.js';

export const startFeature = new Composer<BotContext>();
const privateChats = startFeature.chatType('private');

/**
 * The greeting for /start; coming back to the menu later just asks what next (`menu-title`). The
 * sandbox badge comes first, so the buttons stay right under the text they belong to.
 */
function welcomeText(ctx: BotContext, key: 'start-welcome' | 'menu-title' = 'start-welcome'): string {
  const welcome = ctx.t(key, { name: ctx.from?.first_name ?? '' });
  return ctx.deps.sandbox ? `${ctx.t('sandbox-badge')}\n\n${welcome}` : welcome;
}

/** The menu, with the Wallet entry and its balance when Stars billing is on. */
async function mainMenu(ctx: BotContext) {
  const balance = ctx.deps.wallet && ctx.from ? await ctx.deps.wallet.balance(ctx.from.id) : undefined;
  return createMainMenuKeyboard(ctx, balance);
}

/** The menu as a new message (after a flow that leaves no message to edit). */
export async function replyWithMainMenu(ctx: BotContext): Promise<void> {
  await ctx.reply(welcomeText(ctx, 'menu-title'), { reply_markup: await mainMenu(ctx) });
}

/**
 * `/start <payload>` (a deep link): a referral or campaign payload attributes a user whose row this
 * very update created (first touch, once: ReferralProgram.attributeStart); a promo payload redeems
 * the code after the menu (only with Stars billing; without it the payload is ignored like an
 * unknown one). Anything unknown is ignored: the customer gets the menu.
 */
privateChats.command('start', async (ctx) => {
  await ctx.conversation.exitAll();
  const payload = parseStartPayload(ctx.match.trim() || undefined);
  // The customers' app opens its flow at once, without the welcome.
  if (isAppAction(payload) && (await openFromApp(ctx, payload))) return;
  if (payload?.kind === 'referral' || payload?.kind === 'campaign') {
    await ctx.deps.referrals.attributeStart({ id: ctx.from.id, updateId: ctx.update.update_id }, payload);
  }
  // A welcome bonus nobody is told about is just a number on the Wallet button: say it once, when
  // this /start is what credited it.
  const wallet = ctx.deps.wallet;
  const bonus = wallet && (await wallet.ensureWelcome(ctx.from.id)) ? wallet.welcomeStars : 0;
  const text =
    bonus > 0
      ? `${welcomeText(ctx)}\n\n${ctx.t('start-welcome-bonus', { amount: stars(ctx, bonus) })}`
      : welcomeText(ctx);
  await ctx.reply(text, { reply_markup: await mainMenu(ctx) });
  if (payload?.kind === 'promo' && ctx.deps.promo) await replyToPromoRedemption(ctx, payload.code);
  if (payload?.kind === 'order' && ctx.deps.wallet) await replyToCardTopUp(ctx, payload.code);
});

/** Buttons that lead back to the menu edit the message in place instead of piling up new ones. */
privateChats.callbackQuery(menuData.filter({ item: 'home' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(welcomeText(ctx, 'menu-title'), { reply_markup: await mainMenu(ctx) });
});
