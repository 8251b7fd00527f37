/**
 * The buttons under a delivered result (and on a finished order in /orders): 🔁 Again, ✏️ Change
 * and ➕ Use as input. Each names an order row; the row is read from the store and checked against
 * the chat that owns it, so a button works after a restart and on every replica, and a button of
 * another customer's order changes nothing. Everything ends in the generation form or its priced
 * summary, whose Confirm keeps the exactly-once rules of any confirmation.
 */
import { InlineKeyboard } from 'grammy';
import type { DeliveredFile, OrderRecord } from '../../db/records.js';
import { isFinalStatus } from '../../domain/order-state.js';
import type { Model } from '../../reseller/schemas.js';
import type { ModelGroup } from '../../services/catalog.js';
import { planForm } from '../../services/model-form.js';
import { inputStepFor, inputsExpired, modelsTaking, type ReusableKind } from '../../services/result-reuse.js';
import type { TelegramFileRef } from '../../services/telegram-file.js';
import { afterResultData } from '../../telegram/callback-data/after-result.js';
import { reusableKind } from '../../telegram/keyboards/after-result.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { retryKeyboard } from '../../telegram/keyboards/way-out.js';
import { orderSummary } from '../../telegram/order-summary.js';
import { modelName } from '../../telegram/texts/model-name.js';
import { modelButtonLabel, pricesShown } from '../../telegram/texts/money.js';
import { upstreamErrorText } from '../../telegram/texts/upstream-errors.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import type { GenerateArgs } from '../conversations/generate/form-conversation.js';
import {
  GENERATE_CONVERSATION,
  prepareFailureText,
  prepareOrder,
} from '../conversations/generate/generate.js';
import { relayFile } from '../conversations/generate/media-step.js';
import { readAnsweringIfSlow } from './answer-if-slow.js';
import { currentInputs, reuploadInputs, stoppedByCancel } from './order-inputs.js';

export const afterResultFeature = new Composer<BotContext>();
const privateChats = afterResultFeature.chatType('private');

/** This chat's finished order, or undefined after an answer: a polite refusal for another's (or a forged id). */
async function ownFinishedOrder(ctx: BotContext, id: string): Promise<OrderRecord | undefined> {
  const order = await ctx.deps.ordering.findForChat(id, ctx.chat!.id);
  if (!order) {
    await ctx.answerCallbackQuery({ text: ctx.t('after-result-not-yours'), show_alert: true });
    return undefined;
  }
  if (order.stage !== 'submitted' || !isFinalStatus(order.status)) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return undefined;
  }
  return order;
}

const changeButton = (ctx: BotContext, orderId: string) =>
  new InlineKeyboard().text(
    ctx.t('after-result-button-change'),
    afterResultData.change.pack({ id: orderId }),
  );

/**
 * 🔁 Again: the same request priced anew (a new quote where the model needs one), then its summary.
 * The button under a result and the customers' app's link (app-result-links.ts) both run this.
 */
export async function againFlow(ctx: BotContext, order: OrderRecord): Promise<void> {
  const expired = inputsExpired(order, Date.now());
  const waiting = await ctx.reply(
    ctx.t(expired ? 'after-result-reuploading' : pricesShown(ctx) ? 'gen-pricing' : 'gen-preparing'),
  );
  const edit = (text: string, keyboard?: InlineKeyboard) =>
    ctx.api.editMessageText(waiting.chat.id, waiting.message_id, text, {
      ...(keyboard && { reply_markup: keyboard }),
    });
  let request = order.request;
  if (expired) {
    // Upstream no longer has the files: the same ones again from Telegram, else ✏️ Change asks for them.
    const reuploaded = await reuploadInputs(ctx, order);
    if (!reuploaded.ok) {
      await (stoppedByCancel(reuploaded)
        ? edit(ctx.t('gen-media-upload-stopped'))
        : edit(ctx.t('after-result-inputs-expired'), changeButton(ctx, order.id)));
      return;
    }
    request = { ...order.request, media: reuploaded.media };
    await edit(ctx.t(pricesShown(ctx) ? 'gen-pricing' : 'gen-preparing'));
  }
  const prepared = await prepareOrder(ctx, order.modelId, request);
  const model = await ctx.deps.catalog.getModel(order.modelId).catch(() => undefined);
  if (!prepared.ok) {
    const name = model ? modelName(ctx, model) : order.modelName;
    await edit(prepareFailureText(ctx, prepared, name), changeButton(ctx, order.id));
    return;
  }
  const summary = await orderSummary(ctx, prepared.order, model, prepared.walletBalance);
  await edit(summary.text, summary.keyboard);
  // As in the form: the summary becomes the new order's status message once confirmed.
  await ctx.deps.ordering.setStatusMessageId(prepared.order.id, waiting.message_id);
}

privateChats.callbackQuery(afterResultData.again.filter(), async (ctx) => {
  const order = await ownFinishedOrder(ctx, afterResultData.again.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  await againFlow(ctx, order);
});

/** ✏️ Change: the form pre-filled with the order's inputs; the customer picks what to change first. */
export async function changeFlow(ctx: BotContext, order: OrderRecord): Promise<void> {
  const { prompt, options = {} } = order.request;
  // Files upstream no longer keeps are uploaded again from Telegram; if they cannot be, asked again.
  const files = await currentInputs(ctx, order);
  if (files === 'stopped') return;
  const args: GenerateArgs = {
    modelId: order.modelId,
    preset: {
      ...(prompt ? { prompt } : {}),
      media: files ?? {},
      options,
      startAt: files ? 'choose' : 'media',
    },
  };
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(GENERATE_CONVERSATION, args);
}

privateChats.callbackQuery(afterResultData.change.filter(), async (ctx) => {
  const order = await ownFinishedOrder(ctx, afterResultData.change.unpack(ctx.callbackQuery.data).id);
  if (!order) return;
  await ctx.answerCallbackQuery();
  await changeFlow(ctx, order);
});

/** The result file a button names, if it reached the chat as a photo or a video. */
export function reusableFile(order: OrderRecord, index: number) {
  const file = order.status === 'completed' ? order.resultFiles?.find((f) => f.index === index) : undefined;
  const kind = file && reusableKind(file.kind);
  return file && kind ? { file, kind } : undefined;
}

/**
 * ➕ Use as input's list: the models (`groups`, those that take the file) as buttons, each starting
 * its form with the result attached. The button under a result and the app's link both end here.
 */
export async function offerModelsTaking(
  ctx: BotContext,
  file: { id: string; n: number; kind: ReusableKind },
  groups: ReadonlyArray<{ models: Model[] }>,
): Promise<void> {
  const keyboard = new InlineKeyboard();
  for (const model of groups.flatMap((g) => g.models)) {
    const label = modelButtonLabel(ctx, model, ctx.deps.wallet?.pricing);
    keyboard.text(label, afterResultData.useWith.pack({ id: file.id, n: file.n, m: model.id })).row();
  }
  // 🏠 is the way out for a customer who changed their mind (it turns the list into the menu).
  await ctx.reply(ctx.t('after-result-use-choose', { kind: file.kind }), {
    reply_markup: mainMenuButton(ctx, keyboard),
  });
}

/** ➕ Use as input: the models that take this file, in the menu's groups and order. */
privateChats.callbackQuery(afterResultData.use.filter(), async (ctx) => {
  const { id, n } = afterResultData.use.unpack(ctx.callbackQuery.data);
  const order = await ownFinishedOrder(ctx, id);
  if (!order) return;
  const reusable = reusableFile(order, n);
  if (!reusable) {
    await ctx.answerCallbackQuery({ text: ctx.t('after-result-use-gone'), show_alert: true });
    return;
  }
  let read: { value: ModelGroup[]; answered: boolean };
  try {
    read = await readAnsweringIfSlow(ctx, ctx.deps.catalog.groups());
  } catch (error) {
    ctx.logger.warn({ err: error }, 'use as input: the catalog could not be loaded');
    await ctx.reply(ctx.t('gen-catalog-unavailable'), {
      reply_markup: retryKeyboard(ctx, ctx.callbackQuery.data),
    });
    return;
  }
  const groups = modelsTaking(read.value, reusable.kind);
  if (groups.length === 0) {
    if (!read.answered)
      await ctx.answerCallbackQuery({ text: ctx.t('after-result-use-none'), show_alert: true });
    // Too late for an alert: said in the chat instead.
    else await ctx.reply(ctx.t('after-result-use-none'), { reply_markup: mainMenuButton(ctx) });
    return;
  }
  await ctx.answerCallbackQuery();
  await offerModelsTaking(ctx, { id, n, kind: reusable.kind }, groups);
});

/** The exact bytes of a result: a photo's original document where one was sent, else the file itself. */
function exactBytes(file: DeliveredFile): TelegramFileRef {
  const { original } = file;
  if (original) {
    return {
      kind: 'document',
      fileId: original.fileId,
      fileUniqueId: original.fileUniqueId,
      ...(original.fileName ? { fileName: original.fileName } : {}),
      ...(original.size !== undefined ? { fileSize: original.size } : {}),
    };
  }
  return { kind: file.kind, fileId: file.fileId, fileUniqueId: file.fileUniqueId };
}

/** The model picked: the bot uploads the result itself and the model's form starts with it attached. */
privateChats.callbackQuery(afterResultData.useWith.filter(), async (ctx) => {
  const { id, n, m } = afterResultData.useWith.unpack(ctx.callbackQuery.data);
  const order = await ownFinishedOrder(ctx, id);
  if (!order) return;
  const reusable = reusableFile(order, n);
  const model = await ctx.deps.catalog.getModel(m).catch(() => undefined);
  const step = reusable && model ? inputStepFor(model, reusable.kind) : undefined;
  if (!reusable || !model || !step) {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  await ctx.answerCallbackQuery();
  const chatId = ctx.chat.id;
  const messageId = ctx.callbackQuery.message?.message_id;
  const say = async (text: string, keyboard = new InlineKeyboard()) => {
    if (messageId === undefined) await ctx.reply(text, { reply_markup: keyboard });
    else await ctx.api.editMessageText(chatId, messageId, text, { reply_markup: keyboard });
  };
  await say(ctx.t('after-result-use-uploading', { model: modelName(ctx, model) }));
  const relayed = await relayFile(ctx, exactBytes(reusable.file));
  if (!relayed.ok) {
    // /cancel stopped it: the customer's own choice, not a failure to try again.
    if (relayed.relayCode === 'aborted') {
      await say(ctx.t('gen-media-upload-stopped'));
      return;
    }
    await say(
      relayed.upstreamCode
        ? upstreamErrorText(ctx, relayed.upstreamCode, relayed.upstreamMessage)
        : ctx.t('after-result-use-failed'),
      retryKeyboard(ctx, ctx.callbackQuery.data),
    );
    return;
  }
  await say(ctx.t('after-result-use-ready', { model: modelName(ctx, model) }));
  const args: GenerateArgs = {
    modelId: model.id,
    preset: {
      media: { [step.key]: [relayed.tmpPath] },
      options: {},
      // The file is there: a model that takes a description asks for it, any other goes to its settings.
      startAt: planForm(model).prompt ? 'prompt' : 'options',
    },
  };
  await ctx.conversation.exitAll();
  await ctx.conversation.enter(GENERATE_CONVERSATION, args);
});
