/**
 * /user <id or @username> for admins: a customer's card (language, first and last seen, orders and
 * spend, wallet with billing on, today's usage against the limits, ban status) with buttons to ban
 * or unban and to list the latest orders. Bans and unbans are recorded in the audit log.
 * For anyone else the command and the buttons fall through to the catch-all.
 */
import { InlineKeyboard } from 'grammy';
import type { UserRecord } from '../../db/records.js';
import { formatMoney } from '../../domain/money.js';
import { customerCardData } from '../../telegram/callback-data/admin.js';
import { languageLabel } from '../../telegram/i18n.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { orderPrice, price, stars } from '../../telegram/texts/money.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { isAdmin } from './admin.js';
import { statusKey } from './orders.js';
import { subscriptionCardLine } from './subscriptions.js';

const RECENT_ORDERS = 10;

function cardKeyboard(ctx: BaseContext, user: UserRecord): InlineKeyboard {
  const id = user.telegramId;
  const keyboard = new InlineKeyboard();
  if (!ctx.deps.admin.customers.isAdmin(id)) {
    keyboard.text(
      ctx.t(user.bannedAt ? 'admin-user-button-unban' : 'admin-user-button-ban'),
      customerCardData.pack({ action: user.bannedAt ? 'unban' : 'ban', id }),
    );
  }
  return keyboard.text(ctx.t('admin-user-button-orders'), customerCardData.pack({ action: 'orders', id }));
}

function languageOf(ctx: BaseContext, user: UserRecord): string {
  if (user.locale) return languageLabel(user.locale);
  return ctx.t('admin-user-language-auto', { language: user.languageCode ?? '?' });
}

/** Who referred the customer and which campaign link brought them (first touch). */
async function originLines(ctx: BaseContext, user: UserRecord): Promise<string[]> {
  const lines: string[] = [];
  if (user.referredBy !== null) {
    const referrer = await ctx.deps.admin.customers.find(user.referredBy);
    lines.push(
      ctx.t('admin-user-referred-by', { name: referrer?.firstName || '—', id: String(user.referredBy) }),
    );
  }
  if (user.campaignId !== null) {
    const campaign = await ctx.deps.admin.campaigns.find(user.campaignId);
    lines.push(ctx.t('admin-user-campaign', { name: campaign?.name ?? `#${user.campaignId}` }));
  }
  return lines;
}

async function cardText(ctx: BaseContext, user: UserRecord): Promise<string> {
  const { deps } = ctx;
  const id = user.telegramId;
  const now = new Date();
  const orders = await deps.admin.customers.orders(id);
  const lines = [
    ctx.t('admin-user-card', {
      name: user.firstName || '—',
      username: user.username ? ` @${user.username}` : '',
      id: String(id),
      language: languageOf(ctx, user),
      first: ctx.dateTime(user.createdAt, now),
      last: ctx.dateTime(user.seenAt, now),
      orders: orders.orders,
      completed: orders.completed,
      spent: price(ctx, orders.spentUsd),
    }),
  ];
  if (deps.wallet)
    lines.push(ctx.t('admin-user-wallet', { balance: stars(ctx, await deps.wallet.balance(id)) }));
  const subscription = deps.subscriptions && (await subscriptionCardLine(ctx, deps.subscriptions, id));
  if (subscription) lines.push(subscription);
  const redeemed = await deps.promo?.redeemedBy(id);
  if (redeemed) lines.push(ctx.t('admin-user-promo', { count: redeemed }));
  lines.push(...(await originLines(ctx, user)));
  const usage = await deps.limits.usage(id);
  lines.push(
    ctx.t('admin-user-limits', {
      ordersToday: usage.ordersToday,
      spentToday: price(ctx, usage.spentTodayUsd),
      active: usage.activeOrders,
    }),
  );
  const caps = deps.config.userLimits;
  const capTexts = [
    caps.maxActiveOrders !== null && ctx.t('admin-user-cap-active', { n: caps.maxActiveOrders }),
    caps.dailyOrders !== null && ctx.t('admin-user-cap-daily-orders', { n: caps.dailyOrders }),
    caps.dailySpendUsd !== null &&
      ctx.t('admin-user-cap-daily-spend', { amount: formatMoney(caps.dailySpendUsd, ctx.locale) }),
  ].filter((s): s is string => typeof s === 'string');
  lines.push(
    capTexts.length > 0
      ? ctx.t('admin-user-limits-caps', { caps: capTexts.join(', ') })
      : ctx.t('admin-user-limits-none'),
    '',
  );
  if (deps.admin.customers.isAdmin(id)) lines.push(ctx.t('admin-user-status-admin'));
  else if (user.bannedAt)
    lines.push(ctx.t('admin-user-status-banned', { date: ctx.dateTime(user.bannedAt, now) }));
  else if (user.blocked) lines.push(ctx.t('admin-user-status-blocked'));
  else lines.push(ctx.t('admin-user-status-ok'));
  return lines.join('\n');
}

async function ordersText(ctx: BaseContext, user: UserRecord): Promise<string> {
  const rows = await ctx.deps.admin.customers.recentOrders(user.telegramId, RECENT_ORDERS);
  const lines = [ctx.t('admin-user-orders-title', { name: user.firstName || String(user.telegramId) }), ''];
  if (rows.length === 0) lines.push(ctx.t('admin-user-orders-empty'));
  const now = new Date();
  for (const order of rows) {
    lines.push(
      ctx.t('admin-user-orders-line', {
        date: ctx.dateTime(order.submittedAt ?? order.createdAt, now),
        model: order.modelName,
        status: ctx.t(`orders-status-${statusKey(order)}`),
        price: orderPrice(ctx, order),
      }),
    );
  }
  return lines.join('\n');
}

export const customerCardFeature = new Composer<BotContext>();
const admins = customerCardFeature.chatType('private').filter(isAdmin);

admins.command('user', async (ctx) => {
  const query = ctx.match.trim();
  if (!query) {
    await ctx.reply(ctx.t('admin-user-usage'));
    return;
  }
  const user = await ctx.deps.admin.customers.lookUp(query);
  if (user === 'malformed') {
    await ctx.reply(ctx.t('admin-user-usage'));
    return;
  }
  if (!user) {
    await ctx.reply(ctx.t('admin-user-not-found', { query }));
    return;
  }
  await ctx.reply(await cardText(ctx, user), { reply_markup: cardKeyboard(ctx, user) });
});

admins.callbackQuery(customerCardData.filter(), async (ctx) => {
  const { action, id } = customerCardData.parse(ctx.callbackQuery.data)!;
  const { customers } = ctx.deps.admin;
  if (
    (action === 'ban' || action === 'unban') &&
    (await customers.setBanned(ctx.from.id, id, action === 'ban')) === 'admin'
  ) {
    await ctx.answerCallbackQuery({ text: ctx.t('admin-user-admin-not-bannable'), show_alert: true });
    return;
  }
  const user = await customers.find(id);
  if (!user) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  const toast =
    action === 'ban' ? 'admin-user-banned' : action === 'unban' ? 'admin-user-unbanned' : undefined;
  await ctx.answerCallbackQuery(toast ? { text: ctx.t(toast) } : {});
  if (action === 'orders') {
    await editIgnoringNotModified(
      ctx.editMessageText(await ordersText(ctx, user), {
        reply_markup: new InlineKeyboard().text(
          ctx.t('admin-user-button-card'),
          customerCardData.pack({ action: 'card', id }),
        ),
      }),
    );
    return;
  }
  await editIgnoringNotModified(
    ctx.editMessageText(await cardText(ctx, user), { reply_markup: cardKeyboard(ctx, user) }),
  );
});
