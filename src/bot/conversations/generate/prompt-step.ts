import { InlineKeyboard } from 'grammy';
import { hasVisibleText } from '../../../lib/text.js';
import type { PromptStep } from '../../../services/model-form.js';
import { FORM } from '../../../telegram/callback-data/generate.js';
import { contentRefusalText } from '../../../telegram/texts/content-refusal.js';
import type { BaseContext } from '../../context.js';
import {
  answerStaleButton,
  cancelRow,
  clearButtons,
  type FormConversation,
  handleOutsideInput,
} from './form-conversation.js';

/** A file came without a caption: files come next, or this model takes none at all. */
function mediaWithoutText(carriesMedia: boolean, takesMedia: boolean): string {
  if (!carriesMedia) return 'gen-prompt-expected-text';
  return takesMedia ? 'gen-prompt-media-first' : 'gen-prompt-text-only';
}

/** Asks for the prompt within the model's limits; resolves with it, or undefined when skipped. */
export async function askPrompt(
  conversation: FormConversation,
  ctx: BaseContext,
  step: PromptStep,
  /** Whether the model asks for files after the prompt (how to explain a photo sent with a caption). */
  takesMedia: boolean,
): Promise<string | undefined> {
  const keyboard = new InlineKeyboard();
  if (step.mode === 'optional') keyboard.text(ctx.t('button-skip'), FORM.skip);
  const limits = step.maxLength ? ctx.t('gen-prompt-limit', { max: step.maxLength }) : '';
  const question = await ctx.reply(
    ctx.t(step.mode === 'optional' ? 'gen-prompt-ask-optional' : 'gen-prompt-ask', { limits }),
    { reply_markup: cancelRow(ctx, keyboard) },
  );
  // The album already told to send the text first: its other items (one message each) get no reply.
  // A local of the conversation, so a replay after a restart rebuilds it.
  let albumAnswered: string | undefined;
  for (;;) {
    const answer = await conversation.wait();
    if (await handleOutsideInput(conversation, answer)) continue;
    if (answer.callbackQuery) {
      if (answer.callbackQuery.data === FORM.skip && step.mode === 'optional') {
        await answer.answerCallbackQuery();
        await clearButtons(answer, question.message_id);
        return undefined;
      }
      await answerStaleButton(answer);
      continue;
    }
    const message = answer.message;
    const carriesMedia = !!(message?.photo || message?.video || message?.document || message?.animation);
    const raw = message?.text ?? message?.caption;
    if (!raw || !hasVisibleText(raw)) {
      const album = message?.media_group_id;
      if (album !== undefined && album === albumAnswered) continue;
      albumAnswered = album;
      await answer.reply(ctx.t(mediaWithoutText(carriesMedia, takesMedia)));
      continue;
    }
    const text = raw.trim();
    const length = [...text].length;
    if (step.maxLength !== undefined && length > step.maxLength) {
      await answer.reply(ctx.t('gen-prompt-too-long', { length, max: step.maxLength }));
      continue;
    }
    if (length < step.minLength) {
      await answer.reply(ctx.t('gen-prompt-too-short', { min: step.minLength }));
      continue;
    }
    // The content rules see it before anything else does (a refusal is a strike: issue 42).
    const verdict = await conversation.external((outer) =>
      outer.deps.contentRules.screen({
        userId: outer.from!.id,
        chatId: outer.chat!.id,
        locale: outer.locale,
        text,
        place: 'private',
      }),
    );
    if (verdict.kind === 'blocked') {
      await answer.reply(contentRefusalText(ctx, verdict, ''));
      if (!verdict.banned) continue;
      await clearButtons(answer, question.message_id);
      await conversation.halt();
    }
    await clearButtons(answer, question.message_id);
    // The caption is the description; the file itself is not kept from here: say so, never drop it silently.
    if (carriesMedia)
      await answer.reply(ctx.t(takesMedia ? 'gen-prompt-caption-used' : 'gen-prompt-caption-no-media'));
    return text;
  }
}
