/**
 * The generation form as a conversation: prompt, media and options, each step derived from the
 * model, then the exact price. It ends by showing the priced order; confirming is handled by
 * the order-confirmation feature, keyed by the order id, so a double press, a replay or a
 * restart can never create a second order.
 */
import type { OrderRecord } from '../../../db/index.js';
import { TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES } from '../../../services/media-rules.js';
import { buildRequest, planForm, visibleOptions } from '../../../services/model-form.js';
import { asResellerError } from '../../../services/submission-errors.js';
import type { BaseContext, BotContext } from '../../context.js';
import { orderSummary } from '../../order-summary.js';
import { upstreamErrorText } from '../../texts/upstream-errors.js';
import type { FormAnswers, FormConversation, GenerateArgs } from './form-conversation.js';
import { askMedia } from './media-step.js';
import { askOptions } from './options-step.js';
import { askPrompt } from './prompt-step.js';

export const GENERATE_CONVERSATION = 'generate';

type PrepareResult =
  | { ok: true; order: OrderRecord; walletBalance: number | undefined }
  | { ok: false; code: string; message: string };

async function prepareOrder(
  outer: BotContext,
  modelId: number,
  request: ReturnType<typeof buildRequest>,
): Promise<PrepareResult> {
  try {
    const order = await outer.deps.ordering.prepare({
      chatId: outer.chat!.id,
      userId: outer.from!.id,
      locale: outer.locale,
      modelId,
      request,
    });
    return { ok: true, order, walletBalance: await outer.deps.wallet?.balance(order.userId) };
  } catch (error) {
    const failure = asResellerError(error);
    outer.logger.warn({ err: error, code: failure.code }, 'pricing failed');
    return { ok: false, code: failure.code, message: failure.message };
  }
}

export async function generateConversation(
  conversation: FormConversation,
  ctx: BaseContext,
  args: GenerateArgs,
) {
  const model = await conversation.external((outer) => outer.deps.catalog.getModel(args.modelId));
  if (!model) {
    await ctx.reply(ctx.t('gen-model-unavailable'));
    return;
  }
  const plan = planForm(model);
  const downloadLimit = await conversation.external((outer) =>
    outer.deps.config.telegram.localFiles ? null : TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES,
  );
  const answers: FormAnswers = args.preset
    ? { ...args.preset, media: { ...args.preset.media }, options: { ...args.preset.options } }
    : { media: {}, options: {} };

  // A preset starts at the options, or at the media ('media': a library prompt fills in the prompt).
  if (!args.preset || args.preset.startAt === 'media') {
    if (plan.prompt && !args.preset) {
      const prompt = await askPrompt(conversation, ctx, plan.prompt, plan.media.length > 0);
      if (prompt !== undefined) answers.prompt = prompt;
    }
    for (const step of plan.media) {
      const elsewhere = Object.values(answers.media).reduce((n, files) => n + files.length, 0);
      answers.media[step.key] = await askMedia(conversation, ctx, model, step, elsewhere, downloadLimit);
    }
  }

  let notice: string | undefined;
  for (;;) {
    answers.options = await askOptions(conversation, ctx, plan, answers.media, answers.options, notice);
    const request = buildRequest(model, plan, answers);
    const waiting = await ctx.reply(ctx.t('gen-pricing'));
    const prepared = await conversation.external((outer) => prepareOrder(outer, model.id, request));
    if (prepared.ok) {
      const summary = await orderSummary(ctx, prepared.order, model, prepared.walletBalance);
      await ctx.api.editMessageText(waiting.chat.id, waiting.message_id, summary.text, {
        reply_markup: summary.keyboard,
      });
      // The summary becomes the order's status message once confirmed, also after a restart.
      const orderId = prepared.order.id;
      await conversation.external((outer) =>
        outer.deps.orders.setStatusMessageId(orderId, waiting.message_id),
      );
      return;
    }
    // The inputs are kept: the user changes what upstream objected to and tries again.
    notice = upstreamErrorText(ctx, prepared.code, prepared.message);
    await ctx.api.deleteMessage(waiting.chat.id, waiting.message_id).catch(() => undefined);
    if (visibleOptions(plan, answers.media).length === 0) {
      await ctx.reply(`${notice}\n\n${ctx.t('gen-try-again-later')}`);
      return;
    }
  }
}
