import { InlineKeyboard } from 'grammy';
import type { Model } from '../../../reseller/schemas.js';
import { MediaRelayError } from '../../../services/media-relay.js';
import { checkFile, type MediaProblem } from '../../../services/media-rules.js';
import type { MediaStep } from '../../../services/model-form.js';
import { fileRefFromMessage, type TelegramFileRef } from '../../../services/telegram-file.js';
import { FORM } from '../../../telegram/callback-data/generate.js';
import { chatWork } from '../../../telegram/chat-work.js';
import { mediaInputLabel } from '../../../telegram/texts/labels.js';
import { mediaProblemText } from '../../../telegram/texts/media-problems.js';
import { upstreamErrorText } from '../../../telegram/texts/upstream-errors.js';
import type { BaseContext, BotContext } from '../../context.js';
import {
  answerStaleButton,
  cancelRow,
  clearButtons,
  type FormConversation,
  handleOutsideInput,
} from './form-conversation.js';

/** JSON-safe result of relaying one file, so the conversation can store and replay it. */
export type RelayResult =
  | { ok: true; tmpPath: string }
  | { ok: false; relayCode: string; upstreamCode?: string; upstreamMessage?: string };

/** Relays one Telegram file to `POST /upload` as the chat's long work (/cancel stops it). */
export async function relayFile(outer: BotContext, file: TelegramFileRef): Promise<RelayResult> {
  try {
    // Registered so that /cancel (handled beside this chat's sequence) can stop it at once.
    const chatId = outer.chat?.id ?? 0;
    const upload = await chatWork.run(chatId, (signal) => outer.deps.relay.relay(file, { signal }));
    return { ok: true, tmpPath: upload.tmp_path };
  } catch (error) {
    outer.logger.warn({ err: error }, 'media relay failed');
    if (error instanceof MediaRelayError) {
      const upstream = error.resellerError;
      return {
        ok: false,
        relayCode: error.code,
        ...(upstream ? { upstreamCode: upstream.code, upstreamMessage: upstream.message } : {}),
      };
    }
    return { ok: false, relayCode: 'upload_failed' };
  }
}

function stepKeyboard(ctx: BaseContext, step: MediaStep, count: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  if (count > 0 && count >= step.min) keyboard.text(ctx.t('button-done'), FORM.done);
  else if (step.min === 0 && count === 0) keyboard.text(ctx.t('button-skip'), FORM.skip);
  return cancelRow(ctx, keyboard);
}

/**
 * "Photos: send one photo." The count texts are part of `gen-media-ask` (they agree with the number
 * and hold button names in bold), so it gets the numbers and the kind rather than ready words.
 */
function askText(ctx: BaseContext, step: MediaStep): string {
  const mode = step.min === step.max ? 'exact' : step.min > 0 ? 'range' : 'optional';
  return ctx.t('gen-media-ask', {
    what: mediaInputLabel(ctx, step.key),
    kind: step.kind,
    mode,
    n: step.max,
    min: step.min,
    max: step.max,
    formats: step.accepted.join(', '),
  });
}

/**
 * "Got 2 of 4." and what to do next, matching the buttons under it: below the minimum there is
 * no Done yet, and at the maximum another file would be refused.
 */
function receivedText(ctx: BaseContext, step: MediaStep, count: number): string {
  if (step.max === 1) return ctx.t('gen-media-received-one');
  if (count < step.min) {
    return ctx.t('gen-media-received-more', { count, max: step.max, left: step.min - count });
  }
  if (count >= step.max) return ctx.t('gen-media-received-full', { count, max: step.max });
  return ctx.t('gen-media-received', { count, max: step.max });
}

/**
 * Collects the files of one media input: local checks first (nothing is uploaded when they
 * fail), then the relay to upstream. Resolves with the tmp paths in the order received.
 */
export async function askMedia(
  conversation: FormConversation,
  ctx: BaseContext,
  model: Model,
  step: MediaStep,
  filesElsewhere: number,
  downloadLimit: number | null,
): Promise<string[]> {
  const files: string[] = [];
  let lastPrompt = (await ctx.reply(askText(ctx, step), { reply_markup: stepKeyboard(ctx, step, 0) }))
    .message_id;
  // A single-file input moves on by itself; with several files the user says when they are done,
  // so a file too many (an album of five for four places) is explained rather than misread.
  while (!(step.max === 1 && files.length === 1)) {
    const answer = await conversation.wait();
    if (await handleOutsideInput(conversation, answer)) continue;
    const data = answer.callbackQuery?.data;
    if (data !== undefined) {
      const canFinish =
        (data === FORM.done && files.length >= step.min && files.length > 0) ||
        (data === FORM.skip && step.min === 0 && files.length === 0);
      if (!canFinish) {
        await answerStaleButton(answer);
        continue;
      }
      await answer.answerCallbackQuery();
      await clearButtons(answer, lastPrompt);
      return files;
    }
    const message = answer.message;
    const file = message ? fileRefFromMessage(message) : undefined;
    if (!file) {
      await answer.reply(ctx.t('gen-media-expected-file', { kind: ctx.t(`gen-media-kind-${step.kind}`) }));
      continue;
    }
    const check = checkFile(
      model,
      step.input,
      file,
      { countForInput: files.length, countOverall: filesElsewhere + files.length },
      { telegramDownloadLimitBytes: downloadLimit },
    );
    if (!check.ok) {
      await answer.reply(mediaProblemText(ctx, check.problem as MediaProblem));
      continue;
    }
    const status = await answer.reply(ctx.t('gen-media-uploading'));
    await answer
      .replyWithChatAction(step.kind === 'video' ? 'upload_video' : 'upload_photo')
      .catch(() => undefined);
    const result = await conversation.external((outer) => relayFile(outer, file));
    if (!result.ok && result.relayCode === 'aborted') {
      // /cancel stopped it and already answered: end the form here too, so it does not come back.
      await answer.api.editMessageText(status.chat.id, status.message_id, ctx.t('gen-media-upload-stopped'));
      await conversation.halt();
    }
    if (!result.ok) {
      const reason = result.upstreamCode
        ? upstreamErrorText(ctx, result.upstreamCode, result.upstreamMessage)
        : ctx.t(`gen-media-relay-${result.relayCode.replace(/_/g, '-')}`);
      await answer.api.editMessageText(
        status.chat.id,
        status.message_id,
        // Two sentences side by side: the reason may carry markup of its own (the upstream detail).
        `${ctx.t('gen-media-failed')} ${reason}`,
      );
      continue;
    }
    files.push(result.tmpPath);
    await clearButtons(answer, lastPrompt);
    const received = receivedText(ctx, step, files.length);
    const last = step.max === 1;
    await answer.api.editMessageText(status.chat.id, status.message_id, received, {
      reply_markup: last ? new InlineKeyboard() : stepKeyboard(ctx, step, files.length),
    });
    lastPrompt = status.message_id;
  }
  return files;
}
