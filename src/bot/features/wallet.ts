/**
 * The customer's side of the Stars wallet (BILLING=stars): /wallet (balance, latest movements, packs
 * to buy), the invoices for those packs, /paysupport and /terms (Telegram requires both of sellers
 * of digital goods). Payments themselves are handled in payments.ts, ahead of everything else.
 */
import { InlineKeyboard } from 'grammy';
import type { WalletEntryRecord } from '../../db/records.js';
import { STARS_CURRENCY } from '../../domain/stars-payment.js';
import { menuData } from '../../telegram/callback-data/menu.js';
import { promoAskData } from '../../telegram/callback-data/promo.js';
import { subscriptionActionData } from '../../telegram/callback-data/subscriptions.js';
import { walletBuyData } from '../../telegram/callback-data/wallet.js';
import type { Texts } from '../../telegram/i18n.js';
import { topupInvoiceTexts } from '../../telegram/invoice-links.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { withHtml } from '../../telegram/texts/html-slots.js';
import { withShownModelName } from '../../telegram/texts/model-name.js';
import { stars } from '../../telegram/texts/money.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';

export const walletFeature = new Composer<BotContext>();
const privateChats = walletFeature.chatType('private');

const HISTORY_LINES = 8;

/** What a movement was, as HTML: its model name is escaped here, so the line must not escape it again. */
function entryLabel(texts: Texts, entry: WalletEntryRecord, models: ReadonlyMap<string, string>): string {
  const model = entry.orderId ? (models.get(entry.orderId) ?? '') : '';
  return texts.t(`wallet-what-${entry.kind}`, { model });
}

/** Movements paid through Telegram: their charge id is what /refund takes. */
const PAID_KINDS: ReadonlySet<WalletEntryRecord['kind']> = new Set(['topup', 'allowance']);

/**
 * The latest movements of `userId`'s wallet, one line each (or "no movements yet"). `charges`
 * (the admins' /wallet <id>) adds the charge id to paid lines: what /refund takes.
 */
export async function walletHistoryLines(
  ctx: BaseContext,
  userId: number,
  opts: { charges?: boolean } = {},
): Promise<string[]> {
  const history = await ctx.deps.wallet!.history(userId, HISTORY_LINES);
  if (history.length === 0) return [ctx.t('wallet-empty-history')];
  const lines = [ctx.t('wallet-history-title')];
  const now = new Date();
  const orderIds = [...new Set(history.flatMap((entry) => (entry.orderId ? [entry.orderId] : [])))];
  const orders = await Promise.all(orderIds.map((id) => ctx.deps.ordering.find(id)));
  const models = new Map(orders.flatMap((order) => (order ? [[order.id, order.modelName] as const] : [])));
  for (const entry of history) {
    const sign = entry.delta > 0 ? '+' : '−';
    const charge = opts.charges && PAID_KINDS.has(entry.kind) ? entry.chargeId : null;
    lines.push(
      withHtml(
        ctx,
        charge ? 'admin-wallet-history-line' : 'wallet-history-line',
        {
          date: ctx.dateTime(entry.createdAt, now),
          amount: `${sign}${stars(ctx, Math.abs(entry.delta))}`,
          ...(charge ? { charge } : {}),
        },
        { what: entryLabel(ctx, entry, models) },
      ),
    );
  }
  return lines;
}

/** Balance, the latest movements and the packs, for the customer `userId`. */
async function renderWallet(
  ctx: BaseContext,
  userId: number,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const wallet = ctx.deps.wallet!;
  // A subscriber's plan Stars expire with the period: the title says how many and until when (read
  // first: the status expires a period that has ended, so the balance below is what is spendable).
  const plan = ctx.deps.subscriptions ? await ctx.deps.subscriptions.status(userId) : undefined;
  const balance = await wallet.balance(userId);
  const planStars = plan?.subscription.state === 'active' ? plan.allowanceLeft : 0;
  const lines = [
    planStars > 0
      ? ctx.t('wallet-title-plan', {
          balance: stars(ctx, balance),
          plan: stars(ctx, planStars),
          date: ctx.dateTime(plan!.subscription.expiresAt),
        })
      : ctx.t('wallet-title', { balance: stars(ctx, balance) }),
    '',
    ...(await walletHistoryLines(ctx, userId)),
  ];
  lines.push('', ctx.t('wallet-choose-pack'));
  const keyboard = new InlineKeyboard();
  wallet.topupPacks.forEach((pack, i) => {
    keyboard.text(
      ctx.t('wallet-button-pack', { amount: stars(ctx, pack) }),
      walletBuyData.pack({ stars: pack, orderId: undefined }),
    );
    if (i % 2 === 1) keyboard.row();
  });
  if (ctx.deps.promo) keyboard.row().text(ctx.t('promo-button-enter'), promoAskData.pack({ action: 'ask' }));
  if (ctx.deps.subscriptions) {
    keyboard.row().text(ctx.t('subscription-button-plans'), subscriptionActionData.pack({ action: 'plans' }));
  }
  return { text: lines.join('\n'), keyboard: mainMenuButton(ctx, keyboard) };
}

/** Sends an XTR invoice for `amount` Stars (one price item, no provider token: Telegram's rules). */
async function sendTopupInvoice(ctx: BaseContext, amount: number, orderId: string | null): Promise<void> {
  const wallet = ctx.deps.wallet!;
  const chatId = ctx.chat!.id;
  const { payload } = await wallet.createTopup(ctx.from!.id, chatId, amount, orderId);
  const { title, description, prices } = topupInvoiceTexts(ctx, amount);
  await ctx.api.sendInvoice(chatId, title, description, payload, STARS_CURRENCY, prices);
}

privateChats.command('wallet', async (ctx) => {
  if (!ctx.deps.wallet) {
    await ctx.reply(ctx.t('wallet-off'), { reply_markup: mainMenuButton(ctx) });
    return;
  }
  const view = await renderWallet(ctx, ctx.from.id);
  await ctx.reply(view.text, { reply_markup: view.keyboard });
});

// The main menu's Wallet entry: the same view, in place of the menu.
privateChats.callbackQuery(menuData.filter({ item: 'wallet' }), async (ctx) => {
  if (!ctx.deps.wallet) {
    await ctx.answerCallbackQuery({ text: ctx.t('wallet-off') });
    return;
  }
  await ctx.answerCallbackQuery();
  const view = await renderWallet(ctx, ctx.from.id);
  await ctx.editMessageText(view.text, { reply_markup: view.keyboard });
});

// Any wb: button, so a malformed one is answered as stale here rather than as unknown.
privateChats.callbackQuery(/^wb:/, async (ctx) => {
  const buy = walletBuyData.parse(ctx.callbackQuery.data);
  if (!buy || !ctx.deps.wallet) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  // A forged or foreign order id tops up the wallet all the same, just without the way back. The
  // order may be one the customer started in a group or on a guest card (its chat is not this one).
  const draft = buy.orderId ? await ctx.deps.ordering.findForCustomer(buy.orderId, ctx.from.id) : undefined;
  await ctx.answerCallbackQuery();
  await sendTopupInvoice(ctx, buy.stars, draft?.id ?? null);
});

/**
 * `/start o_<order id>`, the top-up link on a group or guest card short of Stars (issue 42): what the
 * order costs, what the wallet holds, and the pack that covers what is missing; once paid, the card
 * in the chat takes the Confirm. An order that is not the customer's, or no longer waits, shows
 * nothing more than the menu already did.
 */
export async function replyToCardTopUp(ctx: BaseContext, orderId: string): Promise<void> {
  const wallet = ctx.deps.wallet;
  const order = await ctx.deps.ordering.findForCustomer(orderId, ctx.from!.id);
  if (!wallet || order?.stage !== 'awaiting_confirmation' || order.priceStars === null) return;
  const balance = await wallet.balance(order.userId);
  const missing = order.priceStars - balance;
  if (missing <= 0) {
    await ctx.reply(ctx.t('card-topup-enough'));
    return;
  }
  const pack = wallet.packFor(missing);
  const shown = withShownModelName(ctx, order, (id) => ctx.deps.catalog.displayOf(id));
  const text = ctx.t('card-topup', {
    model: shown.modelName,
    prompt: order.request.prompt ?? '',
    price: stars(ctx, order.priceStars),
    balance: stars(ctx, balance),
  });
  const keyboard = new InlineKeyboard().text(
    ctx.t('wallet-button-topup', { amount: stars(ctx, pack) }),
    walletBuyData.pack({ stars: pack, orderId: order.id }),
  );
  await ctx.reply(text, { reply_markup: keyboard });
}

// Only a bot that sells Stars has these: a free bot's /terms would describe sales it doesn't make.
// Without billing they fall through to the catch-all, as /promo and /invite do.
const sellers = privateChats.filter((ctx) => Boolean(ctx.deps.wallet));
sellers.command('paysupport', (ctx) => ctx.reply(ctx.t('paysupport-text')));
sellers.command('terms', (ctx) =>
  ctx.reply(
    ctx.deps.subscriptions ? `${ctx.t('terms-text')}\n${ctx.t('terms-subscriptions')}` : ctx.t('terms-text'),
  ),
);
