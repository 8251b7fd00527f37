/**
 * Shared pieces of the generation form: its types, and what it does with an update that is not
 * an answer to the current question.
 */
import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard } from 'grammy';
import type { MediaMap, OptionValue } from '../../../reseller/schemas.js';
import { FORM } from '../../../telegram/callback-data/generate.js';
import type { FormPart } from '../../../telegram/form-parts.js';
import { mainMenuButton } from '../../../telegram/keyboards/main-menu.js';
import type { BaseContext, BotContext } from '../../context.js';

export type FormConversation = Conversation<BotContext, BaseContext>;

/** Arguments of the `generate` conversation; JSON-safe because the plugin stores them. */
export interface GenerateArgs {
  modelId: number;
  /** Inputs to start from ("Change options", "Try again"): prompt and media are not asked again. */
  preset?: {
    prompt?: string;
    media: MediaMap;
    options: Record<string, OptionValue>;
    /**
     * Where the form starts: 'options' (default), 'media' (a library prompt, or "📎 Files": the
     * files, then the settings), 'prompt' ("✏️ Description": only the description is asked again)
     * or 'choose' (✏️ Change under a result: the customer picks the part to change first).
     */
    startAt?: FormPart | 'choose';
  };
}

export interface FormAnswers {
  prompt?: string;
  media: MediaMap;
  options: Record<string, OptionValue>;
}

/** Callback prefixes of the navigation outside the form: pressing them leaves the form. */
const LEAVING_PREFIXES = ['menu:', 'gt:', 'gm:'];

/**
 * Commands and menu buttons leave the form and are handled as usual (the user changed their
 * mind). The form's own Cancel ends it. Buttons of other messages (an older order's Cancel, say)
 * pass through untouched and the form keeps waiting. Returns true when the update was consumed.
 */
export async function handleOutsideInput(conversation: FormConversation, ctx: BaseContext): Promise<boolean> {
  const text = ctx.message?.text;
  if (text?.startsWith('/')) await conversation.halt({ next: true });
  const data = ctx.callbackQuery?.data;
  if (data === undefined) return false;
  if (data === FORM.cancel) {
    await ctx.answerCallbackQuery();
    await ctx.editMessageText(ctx.t('gen-cancelled'), { reply_markup: mainMenuButton(ctx) });
    await conversation.halt();
  }
  if (LEAVING_PREFIXES.some((p) => data.startsWith(p))) await conversation.halt({ next: true });
  if (!data.startsWith('g:')) await conversation.skip({ next: true });
  return false;
}

/** Answers a form button that does not fit the current step (an old message, forged data). */
export async function answerStaleButton(ctx: BaseContext): Promise<void> {
  await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
}

/** Removes the buttons of a message that no longer asks anything, ignoring "not modified". */
export async function clearButtons(ctx: BaseContext, messageId: number | undefined): Promise<void> {
  if (messageId === undefined || ctx.chat === undefined) return;
  await ctx.api
    .editMessageReplyMarkup(ctx.chat.id, messageId, { reply_markup: new InlineKeyboard() })
    .catch(() => undefined);
}

export function cancelRow(ctx: BaseContext, keyboard = new InlineKeyboard()): InlineKeyboard {
  return keyboard.row().text(ctx.t('button-cancel'), FORM.cancel);
}
