import { InlineKeyboard } from 'grammy';
import type { PromptStep } from '../../../services/model-form.js';
import { FORM } from '../../callback-data/generate.js';
import type { BaseContext } from '../../context.js';
import {
  answerStaleButton,
  cancelRow,
  clearButtons,
  type FormConversation,
  handleOutsideInput,
} from './form-conversation.js';

/** Asks for the prompt within the model's limits; resolves with it, or undefined when skipped. */
export async function askPrompt(
  conversation: FormConversation,
  ctx: BaseContext,
  step: PromptStep,
): Promise<string | undefined> {
  const keyboard = new InlineKeyboard();
  if (step.mode === 'optional') keyboard.text(ctx.t('button-skip'), FORM.skip);
  const limits = step.maxLength ? ctx.t('gen-prompt-limit', { max: step.maxLength }) : '';
  const question = await ctx.reply(
    ctx.t(step.mode === 'optional' ? 'gen-prompt-ask-optional' : 'gen-prompt-ask', { limits }),
    { reply_markup: cancelRow(ctx, keyboard) },
  );
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
    const text = answer.message?.text ?? answer.message?.caption;
    if (!text) {
      await answer.reply(ctx.t('gen-prompt-expected-text'));
      continue;
    }
    const length = [...text].length;
    if (step.maxLength !== undefined && length > step.maxLength) {
      await answer.reply(ctx.t('gen-prompt-too-long', { length, max: step.maxLength }));
      continue;
    }
    if (length < step.minLength) {
      await answer.reply(ctx.t('gen-prompt-too-short', { min: step.minLength }));
      continue;
    }
    await clearButtons(answer, question.message_id);
    return text;
  }
}
