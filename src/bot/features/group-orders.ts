/**
 * Orders made in a group (issue 42): `/generate@bot <description>`, or a message that mentions the
 * bot, starts an order that belongs to its caller. The caller alone sees its card (the model, the
 * description, their price; an ephemeral message where the chat can show one) and only their
 * presses count: anyone else is told whose order it is. Nothing is held before Confirm; the Stars
 * come from the caller's own wallet, and a caller short of Stars gets a link to top up in the
 * bot's private chat. Once confirmed, a status message in the group follows the order and the
 * result is posted there for everyone, with a link to make one's own.
 */
import type { Context } from 'grammy';
import { InlineKeyboard } from 'grammy';
import type { OrderRecord } from '../../db/records.js';
import type { CatalogModel } from '../../services/catalog.js';
import type { GroupVerdict } from '../../services/groups.js';
import { buildRequest, planForm } from '../../services/model-form.js';
import { groupOrderData } from '../../telegram/callback-data/group-order.js';
import { cardAfterConfirm, editPressed, groupCard, sendToCaller } from '../../telegram/group-card.js';
import { orderStatusText } from '../../telegram/order-status.js';
import { modelName } from '../../telegram/texts/model-name.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { prepareFailureText, prepareOrder } from '../conversations/generate/generate.js';
import { publicOrderModels } from './public-order-models.js';

export const groupOrdersFeature = new Composer<BotContext>();
const groups = groupOrdersFeature.chatType(['group', 'supergroup']);

type GroupContext = BotContext & Context;

/** Why a group takes no order now: its cap until when, or turned off. */
function closedText(ctx: GroupContext, verdict: Exclude<GroupVerdict, { kind: 'open' }>): string {
  return verdict.kind === 'capped'
    ? ctx.t('group-capped', { cap: verdict.cap, reset: ctx.time(new Date(verdict.resetsAt)) })
    : ctx.t('group-closed');
}

/** Whether the group takes orders now; says why not when it does not (GROUPS=off: the bot left). */
async function groupIsOpen(ctx: GroupContext): Promise<boolean> {
  const verdict = await ctx.deps.groups.verdict(ctx.chat!.id);
  if (verdict.kind === 'open') return true;
  if (verdict.kind !== 'off') await ctx.reply(closedText(ctx, verdict));
  return false;
}

/** Prices `description` on `model` for the caller and shows them its card. */
async function offer(
  ctx: GroupContext,
  model: CatalogModel,
  description: string,
  notice?: string,
): Promise<void> {
  const chatId = ctx.chat!.id;
  const callerId = ctx.from!.id;
  const request = buildRequest(model, planForm(model), { prompt: description, media: {}, options: {} });
  const prepared = await prepareOrder(ctx, model.id, request, 'group');
  if (!prepared.ok) {
    const text = prepareFailureText(ctx, prepared, modelName(ctx, model));
    if (ctx.callbackQuery) await editPressed(ctx.api, ctx.callbackQuery, text);
    else await sendToCaller(ctx.api, chatId, callerId, text);
    return;
  }
  const card = groupCard(ctx, prepared.order, modelName(ctx, model), notice);
  if (ctx.callbackQuery) await editPressed(ctx.api, ctx.callbackQuery, card.text, card.keyboard);
  else await sendToCaller(ctx.api, chatId, callerId, card.text, card.keyboard);
}

async function startGroupOrder(ctx: GroupContext, description: string): Promise<void> {
  if (!ctx.from || ctx.msg?.sender_chat) {
    // An anonymous admin or a channel: nobody whose wallet could pay.
    await ctx.reply(ctx.t('group-anonymous'));
    return;
  }
  if (!(await groupIsOpen(ctx))) return;
  const text = description.trim();
  if (text === '') {
    await sendToCaller(
      ctx.api,
      ctx.chat!.id,
      ctx.from.id,
      ctx.t('group-generate-usage', { bot: ctx.me.username }),
    );
    return;
  }
  const [model] = await publicOrderModels(ctx.deps, ctx.from.id);
  if (!model) {
    await sendToCaller(ctx.api, ctx.chat!.id, ctx.from.id, ctx.t('group-no-models'));
    return;
  }
  await offer(ctx, model, text);
}

groups.command('generate', (ctx) => startGroupOrder(ctx, ctx.match));

/** A message that mentions the bot by its @username: what follows (or surrounds) it is the description. */
groups.on('message:text', async (ctx, next) => {
  const mention = `@${ctx.me.username}`.toLowerCase();
  const entities = ctx.message.entities ?? [];
  const mentioned = entities.some(
    (e) =>
      e.type === 'mention' && ctx.message.text.slice(e.offset, e.offset + e.length).toLowerCase() === mention,
  );
  if (!mentioned) return next();
  const description = ctx.message.text.replace(new RegExp(`@${ctx.me.username}\\b`, 'gi'), ' ');
  await startGroupOrder(ctx, description.replace(/\s+/g, ' '));
});

/**
 * The draft a card's button names, if it is the presser's: anyone else is told whose order it is
 * (by first name) and nothing changes.
 */
async function ownDraft(ctx: GroupContext, id: string): Promise<OrderRecord | undefined> {
  const order = await ctx.deps.ordering.findForChat(id, ctx.chat!.id);
  if (!order) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return undefined;
  }
  if (order.userId !== ctx.from!.id) {
    const owner = await ctx.deps.accounts.find(order.userId);
    await ctx.answerCallbackQuery({
      text: ctx.t('group-not-yours', { name: owner?.firstName ?? '' }),
      show_alert: true,
    });
    return undefined;
  }
  return order;
}

const modelNamed = async (ctx: GroupContext, order: OrderRecord) => {
  const model = await ctx.deps.catalog.getModel(order.modelId).catch(() => undefined);
  return model ? modelName(ctx, model) : order.modelName;
};

groups.callbackQuery(groupOrderData.confirm.filter(), async (ctx) => {
  const order = await ownDraft(ctx, groupOrderData.confirm.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  // Checked again at Confirm: the group may have been turned off, or reached its cap, meanwhile.
  const verdict = await ctx.deps.groups.verdict(ctx.chat.id);
  if (verdict.kind !== 'open') {
    await ctx.answerCallbackQuery();
    await editPressed(ctx.api, ctx.callbackQuery, closedText(ctx, verdict));
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('order-submitting') });
  const outcome = await ctx.deps.ordering.confirm(order.id, ctx.chat.id);
  const model = await modelNamed(ctx, order);
  switch (outcome.kind) {
    case 'ordered': {
      if (!outcome.firstTime) return;
      await editPressed(ctx.api, ctx.callbackQuery, ctx.t('group-card-placed', { model }));
      // Everyone sees it coming: the status message the notifier keeps up to date, then the result.
      const status = await orderStatusText(ctx, outcome.order);
      const sent = await ctx.api.sendMessage(
        ctx.chat.id,
        `${ctx.t('group-order-for', { name: ctx.from.first_name })}\n${status.text}`,
      );
      await ctx.deps.ordering.setStatusMessageId(order.id, sent.message_id);
      ctx.deps.live?.tracker.track(order.id);
      return;
    }
    default: {
      const card = cardAfterConfirm(ctx, outcome, model, groupOrderData, ctx.me.username);
      await editPressed(ctx.api, ctx.callbackQuery, card.text, card.keyboard);
      return;
    }
  }
});

groups.callbackQuery(groupOrderData.another.filter(), async (ctx) => {
  const order = await ownDraft(ctx, groupOrderData.another.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  if (!(await ctx.deps.ordering.cancelDraft(order.id, ctx.chat.id))) {
    await editPressed(ctx.api, ctx.callbackQuery, ctx.t('order-closed'));
    return;
  }
  const models = await publicOrderModels(ctx.deps, ctx.from.id);
  const at = models.findIndex((m) => m.id === order.modelId);
  const next = models[(at + 1) % Math.max(models.length, 1)];
  if (!next) {
    await editPressed(ctx.api, ctx.callbackQuery, ctx.t('group-no-models'));
    return;
  }
  await offer(ctx, next, order.request.prompt ?? '');
});

groups.callbackQuery(groupOrderData.cancel.filter(), async (ctx) => {
  const order = await ownDraft(ctx, groupOrderData.cancel.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  await ctx.deps.ordering.cancelDraft(order.id, ctx.chat.id);
  await editPressed(ctx.api, ctx.callbackQuery, ctx.t('gen-cancelled'), new InlineKeyboard());
});
