/**
 * /orders: the chat's submitted orders, newest first, five per page; each opens its details
 * (prompt excerpt, settings, status, cost, dates) with the actions that still make sense: send
 * the files again while upstream keeps them, cancel while active, try again after a failure.
 * Every button names a row of this chat; anything else gets a short answer and changes nothing.
 */

import { InlineKeyboard } from 'grammy';
import type { OrderRecord } from '../../db/records.js';
import { isActiveStatus, isLostOrder, resultsExpired } from '../../domain/order-state.js';
import { customerAppUrlOf, resultInAppUrl } from '../../lib/mini-app-url.js';
import { truncate } from '../../lib/text.js';
import type { Model } from '../../reseller/schemas.js';
import { menuData } from '../../telegram/callback-data/menu.js';
import { orderButtons } from '../../telegram/callback-data/orders.js';
import { deliverResults } from '../../telegram/delivery/deliver.js';
import { isGroupChat } from '../../telegram/group-card.js';
import { afterResultKeyboard } from '../../telegram/keyboards/after-result.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import {
  canOfferCancel,
  isUndelivered,
  priceLine,
  STATUS_ICONS,
  starsSettlement,
} from '../../telegram/order-status.js';
import { requestLines } from '../../telegram/order-summary.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { withShownModelName } from '../../telegram/texts/model-name.js';
import { orderPrice, pricesShown } from '../../telegram/texts/money.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import type { GenerateArgs } from '../conversations/generate/form-conversation.js';
import { GENERATE_CONVERSATION } from '../conversations/generate/generate.js';
import { currentInputs } from './order-inputs.js';

const PAGE_SIZE = 5;
const PROMPT_EXCERPT_CHARS = 200;
const BUTTON_MODEL_CHARS = 32;

export const ordersFeature = new Composer<BotContext>();
const privateChats = ordersFeature.chatType('private');

/** The `orders-status-*` key of an order: its upstream status, lost, or completed but not delivered. */
export function statusKey(order: Pick<OrderRecord, 'status' | 'lostAt' | 'deliveryOutcome'>): string {
  if (isLostOrder(order)) return 'lost';
  if (isUndelivered(order)) return 'undelivered';
  return order.status ?? 'queued';
}

/**
 * The price in a list line: with Stars, held and returned Stars are not a cost, so they say so, as
 * the status message does (`starsSettlement`); a USD price is what the order cost.
 */
function listPrice(ctx: BaseContext, order: OrderRecord): string {
  const price = orderPrice(ctx, order);
  if (order.priceStars === null) return price;
  const settled = starsSettlement(order, { lost: isLostOrder(order) });
  if (settled === 'completed') return price;
  return ctx.t(settled === 'running' ? 'orders-price-held' : 'orders-price-returned', { price });
}

/** The titles of the groups some of `rows` were made in. */
async function titlesOfGroups(ctx: BaseContext, rows: readonly OrderRecord[]): Promise<Map<number, string>> {
  const titles = new Map<number, string>();
  for (const chatId of new Set(rows.map((r) => r.chatId).filter(isGroupChat))) {
    const group = await ctx.deps.groups.find(chatId);
    titles.set(chatId, group?.title ?? String(chatId));
  }
  return titles;
}

/** The order's model as the reseller names it now (as its status message does), else as stored. */
function shownModelName(ctx: BaseContext, order: OrderRecord): string {
  return withShownModelName(ctx, order, (id) => ctx.deps.catalog.displayOf(id)).modelName;
}

async function render(ctx: BaseContext, text: string, keyboard: InlineKeyboard, mode: 'edit' | 'reply') {
  if (mode === 'edit') {
    await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
  } else {
    await ctx.reply(text, { reply_markup: keyboard });
  }
}

async function showOrderList(ctx: BaseContext, requestedPage: number, mode: 'edit' | 'reply') {
  // The customer's orders: this chat's, and those they made in groups (issue 42).
  const userId = ctx.chat!.id;
  const total = await ctx.deps.ordering.countForCustomer(userId);
  if (total === 0) {
    const keyboard = new InlineKeyboard()
      .text(ctx.t('menu-generate'), menuData.pack({ item: 'generate' }))
      .row()
      .text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
    await render(ctx, ctx.t('orders-empty'), keyboard, mode);
    return;
  }
  const pages = Math.ceil(total / PAGE_SIZE);
  const page = Math.min(Math.max(0, requestedPage), pages - 1);
  const rows = await ctx.deps.ordering.listForCustomer(userId, {
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
  });
  const groupTitles = await titlesOfGroups(ctx, rows);
  const now = new Date();
  const lines = [ctx.t('orders-title')];
  if (pages > 1) lines.push(ctx.t('orders-page', { page: page + 1, pages }));
  lines.push('');
  const keyboard = new InlineKeyboard();
  rows.forEach((order, i) => {
    const n = page * PAGE_SIZE + i + 1;
    const key = statusKey(order);
    const name = shownModelName(ctx, order);
    lines.push(
      ctx.t(pricesShown(ctx) ? 'orders-line' : 'orders-line-no-price', {
        n,
        icon: STATUS_ICONS[key] ?? '⏳',
        model: name,
        status: ctx.t(`orders-status-${key}`),
        price: listPrice(ctx, order),
        date: ctx.dateTime(order.submittedAt ?? order.createdAt, now),
      }) +
        (isGroupChat(order.chatId)
          ? ctx.t('orders-in-group', { chat: groupTitles.get(order.chatId) ?? '' })
          : ''),
    );
    // Button labels are plain text: no escaping, no markup.
    keyboard
      .text(
        `${n}. ${STATUS_ICONS[key] ?? '⏳'} ${truncate(name, BUTTON_MODEL_CHARS)}`,
        orderButtons.details.pack({ id: order.id, page }),
      )
      .row();
  });
  if (page > 0) keyboard.text(ctx.t('orders-button-prev'), orderButtons.list.pack({ page: page - 1 }));
  if (page < pages - 1)
    keyboard.text(ctx.t('orders-button-next'), orderButtons.list.pack({ page: page + 1 }));
  if (pages > 1) keyboard.row();
  // Every result at a glance, searchable, in the customers' app (issue 43), where the Mini Apps are on.
  const appUrl = customerAppUrlOf(ctx.deps.config.miniApp.url);
  if (appUrl) keyboard.webApp(ctx.t('orders-button-app'), appUrl).row();
  keyboard.text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
  await render(ctx, lines.join('\n'), keyboard, mode);
}

export async function showOrderDetails(
  ctx: BaseContext,
  order: OrderRecord,
  page: number,
  mode: 'edit' | 'reply',
): Promise<void> {
  const now = new Date();
  const model: Model | undefined = await ctx.deps.catalog.getModel(order.modelId).catch(() => undefined);
  const key = statusKey(order);
  const date = (d: Date) => ctx.dateTime(d, now);
  const lines = [
    ctx.t('orders-details-title', { date: date(order.submittedAt ?? order.createdAt) }),
    '',
    ctx.t('summary-model', { model: shownModelName(ctx, order) }),
    ctx.t('orders-details-status', {
      status: `${STATUS_ICONS[key] ?? '⏳'} ${ctx.t(`orders-status-${key}`)}`,
    }),
  ];
  if (isGroupChat(order.chatId)) {
    const title = (await titlesOfGroups(ctx, [order])).get(order.chatId) ?? '';
    lines.push(ctx.t('orders-details-group', { chat: title }));
  }
  lines.push(...requestLines(ctx, order.request, model, PROMPT_EXCERPT_CHARS));
  // Stars: held, paid or returned, worded as in the order's status message; USD: what it cost.
  if (order.priceStars !== null)
    lines.push(priceLine(ctx, order, starsSettlement(order, { lost: isLostOrder(order) })));
  else if (pricesShown(ctx)) lines.push(ctx.t('order-cost', { price: orderPrice(ctx, order) }));
  if (order.finishedAt) lines.push(ctx.t('orders-details-finished', { date: date(order.finishedAt) }));
  const hasFiles = order.status === 'completed' && (order.result?.length ?? 0) > 0;
  const expired = resultsExpired(order, now.getTime());
  if (hasFiles && order.resultExpiresAt) {
    lines.push(
      ctx.t(expired ? 'orders-details-expired' : 'orders-details-kept-until', {
        date: date(order.resultExpiresAt),
      }),
    );
  }

  // A group's order is shown here, and acted on in its group: Back only.
  if (isGroupChat(order.chatId)) {
    await render(
      ctx,
      lines.join('\n'),
      new InlineKeyboard().text(ctx.t('button-back'), orderButtons.list.pack({ page })),
      mode,
    );
    return;
  }
  // A finished result gets the same actions as under the delivered files.
  const keyboard =
    order.status === 'completed'
      ? afterResultKeyboard(ctx, order.id, order.resultFiles ?? [], {
          share: ctx.deps.config.sharing,
          appUrl: resultInAppUrl(ctx.deps.config.miniApp.url, order.id),
        }).row()
      : new InlineKeyboard();
  if (hasFiles && !expired)
    keyboard.text(ctx.t('orders-button-resend'), orderButtons.resend.pack({ id: order.id })).row();
  const flags = ctx.deps.live?.statusMessages.flagsFor(order.id) ?? {};
  // Here Cancel is offered while queued too: the answer (not started yet) is worth having.
  if (
    isActiveStatus(order.status) &&
    !isLostOrder(order) &&
    (order.status === 'queued' || canOfferCancel(order, flags))
  ) {
    keyboard.text(ctx.t('tracking-button-cancel'), orderButtons.cancel.pack({ id: order.id })).row();
  }
  // As under the final status message: an order that ended without a result can be placed anew.
  if (order.status === 'failed' || order.status === 'cancelled' || isLostOrder(order))
    keyboard.text(ctx.t('tracking-button-retry'), orderButtons.retry.pack({ id: order.id })).row();
  keyboard.text(ctx.t('button-back'), orderButtons.list.pack({ page }));
  await render(ctx, lines.join('\n'), keyboard, mode);
}

/** The chat's submitted order named by a button, or undefined after a short answer. */
async function ownOrder(ctx: BotContext, id: string): Promise<OrderRecord | undefined> {
  const order = await ctx.deps.ordering.findForChat(id, ctx.chat!.id);
  if (order?.stage !== 'submitted') {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return undefined;
  }
  return order;
}

privateChats.command('orders', async (ctx) => {
  await showOrderList(ctx, 0, 'reply');
});

privateChats.callbackQuery(menuData.filter({ item: 'orders' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await showOrderList(ctx, 0, 'edit');
});

privateChats.callbackQuery(orderButtons.list.filter(), async (ctx) => {
  const { page } = orderButtons.list.unpack(ctx.callbackQuery.data);
  await ctx.answerCallbackQuery();
  await showOrderList(ctx, page, 'edit');
});

privateChats.callbackQuery(orderButtons.details.filter(), async (ctx) => {
  const button = orderButtons.details.unpack(ctx.callbackQuery.data);
  const order = await ctx.deps.ordering.findForCustomer(button.id, ctx.chat.id);
  if (order?.stage !== 'submitted') {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  await ctx.answerCallbackQuery();
  await showOrderDetails(ctx, order, button.page, 'edit');
});

privateChats.callbackQuery(orderButtons.resend.filter(), async (ctx) => {
  const button = orderButtons.resend.unpack(ctx.callbackQuery.data);
  const order = await ownOrder(ctx, button.id);
  if (!order) return;
  if (order.status !== 'completed' || (order.result?.length ?? 0) === 0) {
    await ctx.answerCallbackQuery({ text: ctx.t('orders-resend-nothing'), show_alert: true });
    return;
  }
  if (resultsExpired(order, Date.now())) {
    await ctx.answerCallbackQuery({ text: ctx.t('orders-resend-expired'), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('orders-resend-started') });
  const summary = await deliverResults(
    {
      api: ctx.api,
      logger: ctx.logger,
      localFiles: ctx.deps.config.telegram.localFiles,
      urlPolicy: ctx.deps.config.resultUrls,
    },
    order,
    { chatId: ctx.chat.id, texts: ctx },
  );
  ctx.logger.info({ orderId: order.id, ...summary }, 'results sent again');
  if (summary.sent > 0) {
    // The first delivery reached nothing (nothing was charged): now a file did, so it is paid, once.
    if ((await ctx.deps.ordering.recordResent(order.id)) && order.priceStars !== null) {
      await ctx.reply(ctx.t('orders-resend-charged', { price: orderPrice(ctx, order) }));
    }
    return;
  }
  if (summary.linked > 0) return;
  const allExpired = summary.expired >= (order.result?.length ?? 0);
  // Sending the same files again would fail the same way: the way on is the order placed anew.
  const retry = new InlineKeyboard().text(
    ctx.t('tracking-button-retry'),
    orderButtons.retry.pack({ id: order.id }),
  );
  await ctx.reply(ctx.t(allExpired ? 'orders-resend-expired' : 'orders-resend-nothing'), {
    reply_markup: mainMenuButton(ctx, retry),
  });
});

privateChats.callbackQuery(orderButtons.retry.filter(), async (ctx) => {
  const button = orderButtons.retry.unpack(ctx.callbackQuery.data);
  const order = await ownOrder(ctx, button.id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  const { prompt, options = {} } = order.request;
  // A day on, upstream has dropped the files: the same ones again from Telegram, else asked for.
  const files = await currentInputs(ctx, order);
  if (files === 'stopped') return;
  if (!files) await ctx.reply(ctx.t('orders-retry-files-expired'));
  const args: GenerateArgs = {
    modelId: order.modelId,
    preset: {
      ...(prompt ? { prompt } : {}),
      media: files ?? {},
      options,
      ...(!files && { startAt: 'media' }),
    },
  };
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(GENERATE_CONVERSATION, args);
});
