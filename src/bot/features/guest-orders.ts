/**
 * Guest mode (issue 42; Bot API 10.0): `@bot <description>` in any chat, the bot not a member of
 * it. The bot answers the guest query with its card (the model, the description, the caller's
 * price; Confirm, Another model, Cancel), posted in that chat for everyone to see; only the
 * caller's presses count, anyone else is told whose order it is. The order is the caller's own
 * (its chat is their private chat with the bot), and the card is its status: the notifier edits it
 * through queued and generating to the result, or to a sentence saying the Stars came back
 * (workers/order-notifier.ts). A caller the bot cannot write to yet (never started it, or blocked
 * it) gets a card that opens the bot instead.
 */
import { InlineKeyboard, InlineQueryResultBuilder } from 'grammy';
import type { OrderRecord } from '../../db/records.js';
import type { CatalogModel } from '../../services/catalog.js';
import { buildRequest, planForm } from '../../services/model-form.js';
import { guestOrderData } from '../../telegram/callback-data/group-order.js';
import { cardAfterConfirm, groupCard } from '../../telegram/group-card.js';
import { orderStatusText } from '../../telegram/order-status.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { modelName } from '../../telegram/texts/model-name.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { prepareFailureText, prepareOrder } from '../conversations/generate/generate.js';
import { publicOrderModels } from './public-order-models.js';

export const guestOrdersFeature = new Composer<BotContext>();

/** An article's title: what the caller's client shows while the answer is posted. */
const TITLE_CHARS = 64;

/** Answers the guest query with `text` (and buttons): the one message the bot may post there. */
async function answer(ctx: BotContext, id: string, text: string, keyboard?: InlineKeyboard) {
  const title = ctx.me.first_name.slice(0, TITLE_CHARS);
  const result = InlineQueryResultBuilder.article(id, title, keyboard ? { reply_markup: keyboard } : {}).text(
    text,
    { parse_mode: 'HTML' },
  );
  return ctx.answerGuestQuery(result);
}

/** `@bot a red fox` (any mention of the bot, wherever it stands): the rest is the description. */
function descriptionOf(text: string, username: string): string {
  return text
    .replace(new RegExp(`@${username}\\b`, 'gi'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

guestOrdersFeature.on('guest_message', async (ctx) => {
  const message = ctx.guestMessage;
  // Asked for only when on (telegram/allowed-updates.ts); one still in the inbox after a switch is left.
  if (!ctx.deps.config.guestMode) return;
  if (!ctx.from || message.sender_chat) {
    await answer(ctx, 'anonymous', ctx.t('group-anonymous'));
    return;
  }
  const description = descriptionOf(message.text ?? message.caption ?? '', ctx.me.username);
  if (description === '') {
    await answer(ctx, 'usage', ctx.t('guest-usage', { bot: ctx.me.username }));
    return;
  }
  // The result also goes to the caller's private chat (its buttons are theirs there): the bot must
  // be able to write to them.
  if (!ctx.user?.startedAt || ctx.user.blocked) {
    const open = new InlineKeyboard().url(
      ctx.t('guest-open-bot'),
      `https://t.me/${ctx.me.username}?start=guest`,
    );
    await answer(ctx, 'start', ctx.t('guest-first-visit', { name: ctx.from.first_name }), open);
    return;
  }
  const [model] = await publicOrderModels(ctx.deps, ctx.from.id);
  if (!model) {
    await answer(ctx, 'no-models', ctx.t('guest-no-models'));
    return;
  }
  await offer(ctx, model, description);
});

/**
 * Prices `description` on `model` for the caller: as the answer to their guest query, or on the
 * card a button of it was pressed on.
 */
async function offer(ctx: BotContext, model: CatalogModel, description: string): Promise<void> {
  const callerId = ctx.from!.id;
  const request = buildRequest(model, planForm(model), { prompt: description, media: {}, options: {} });
  const prepared = await prepareOrder(ctx, model.id, request, 'group', callerId);
  const pressed = ctx.callbackQuery?.inline_message_id;
  if (!prepared.ok) {
    const text = prepareFailureText(ctx, prepared, modelName(ctx, model));
    if (pressed) await edit(ctx, text);
    else await answer(ctx, 'refused', text);
    return;
  }
  const card = groupCard(ctx, prepared.order, modelName(ctx, model), undefined, guestOrderData);
  // The card's inline message is the order's from now on (another model: the same card, a new draft).
  let inlineMessageId = pressed;
  if (inlineMessageId) await edit(ctx, card.text, card.keyboard);
  else inlineMessageId = (await answer(ctx, prepared.order.id, card.text, card.keyboard)).inline_message_id;
  await ctx.deps.ordering.setInlineMessageId(prepared.order.id, inlineMessageId);
}

/** Edits the card a button was pressed on (an inline message). */
async function edit(ctx: BotContext, text: string, keyboard = new InlineKeyboard()): Promise<void> {
  await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
}

async function _showCard(ctx: BotContext, order: OrderRecord, model: string, notice?: string) {
  const card = groupCard(ctx, order, model, notice, guestOrderData);
  await edit(ctx, card.text, card.keyboard);
}

/**
 * The draft a card's button names, if the presser is its caller: anyone else is told whose order it
 * is and nothing changes. The card the press came from becomes the order's (a crash may have come
 * between answering the query and storing its id).
 */
async function ownDraft(ctx: BotContext, id: string): Promise<OrderRecord | undefined> {
  const inlineMessageId = ctx.callbackQuery?.inline_message_id;
  const order = inlineMessageId ? await ctx.deps.ordering.find(id) : undefined;
  if (!order || !inlineMessageId || (order.inlineMessageId ?? inlineMessageId) !== inlineMessageId) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return undefined;
  }
  if (order.userId !== ctx.from!.id) {
    const owner = await ctx.deps.accounts.find(order.userId);
    await ctx.answerCallbackQuery({
      text: ctx.t('guest-not-yours', { name: owner?.firstName ?? '', bot: ctx.me.username }),
      show_alert: true,
    });
    return undefined;
  }
  if (order.inlineMessageId === null) {
    await ctx.deps.ordering.setInlineMessageId(order.id, inlineMessageId);
    return { ...order, inlineMessageId };
  }
  return order;
}

const modelNamed = async (ctx: BotContext, order: OrderRecord) => {
  const model = await ctx.deps.catalog.getModel(order.modelId).catch(() => undefined);
  return model ? modelName(ctx, model) : order.modelName;
};

guestOrdersFeature.callbackQuery(guestOrderData.confirm.filter(), async (ctx) => {
  const order = await ownDraft(ctx, guestOrderData.confirm.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery({ text: ctx.t('order-submitting') });
  const outcome = await ctx.deps.ordering.confirm(order.id, order.chatId);
  const model = await modelNamed(ctx, order);
  switch (outcome.kind) {
    case 'ordered': {
      if (!outcome.firstTime) return;
      // The card becomes the order's status, which the notifier keeps up to date from here on.
      const status = await orderStatusText(ctx, outcome.order);
      await edit(ctx, `${ctx.t('group-order-for', { name: ctx.from.first_name })}\n${status.text}`);
      ctx.deps.live?.tracker.track(order.id);
      return;
    }
    default: {
      const card = cardAfterConfirm(ctx, outcome, model, guestOrderData, ctx.me.username);
      await edit(ctx, card.text, card.keyboard);
      return;
    }
  }
});

guestOrdersFeature.callbackQuery(guestOrderData.another.filter(), async (ctx) => {
  const order = await ownDraft(ctx, guestOrderData.another.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  if (!(await ctx.deps.ordering.cancelDraft(order.id, order.chatId))) {
    await edit(ctx, ctx.t('order-closed'));
    return;
  }
  const models = await publicOrderModels(ctx.deps, ctx.from.id);
  const at = models.findIndex((m) => m.id === order.modelId);
  const next = models[(at + 1) % Math.max(models.length, 1)];
  if (!next) {
    await edit(ctx, ctx.t('guest-no-models'));
    return;
  }
  await offer(ctx, next, order.request.prompt ?? '');
});

guestOrdersFeature.callbackQuery(guestOrderData.cancel.filter(), async (ctx) => {
  const order = await ownDraft(ctx, guestOrderData.cancel.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  await ctx.deps.ordering.cancelDraft(order.id, order.chatId);
  await edit(ctx, ctx.t('gen-cancelled'));
});
