import { InlineKeyboard } from 'grammy';
import { htmlToPlainText } from '../../../lib/html.js';
import type { MediaMap, OptionValue } from '../../../reseller/schemas.js';
import {
  type FormPlan,
  missingRequiredOptions,
  type OptionField,
  parseOptionInput,
  suggestedNumbers,
  visibleOptions,
} from '../../../services/model-form.js';
import { FORM, parseFormIndex } from '../../../telegram/callback-data/generate.js';
import { editIgnoringNotModified } from '../../../telegram/telegram-errors.js';
import { optionLabel, optionValueLabel } from '../../../telegram/texts/labels.js';
import type { BaseContext } from '../../context.js';
import {
  answerStaleButton,
  cancelRow,
  clearButtons,
  type FormConversation,
  handleOutsideInput,
} from './form-conversation.js';

/** The one-tap values of an option; numbers and text can also be typed. */
function choicesOf(field: OptionField): Array<{ value: OptionValue; label?: string }> {
  switch (field.kind) {
    case 'select':
      return field.choices;
    case 'number':
      return suggestedNumbers(field).map((value) => ({ value }));
    case 'boolean':
      return [{ value: true }, { value: false }];
    case 'text':
      return [];
  }
}

function currentValue(field: OptionField, chosen: Record<string, OptionValue>): OptionValue | undefined {
  return chosen[field.key] ?? field.default;
}

function valueText(ctx: BaseContext, field: OptionField, value: OptionValue | undefined): string {
  if (value === undefined) return ctx.t('option-value-unset');
  const label = field.kind === 'select' ? field.choices.find((c) => c.value === value)?.label : undefined;
  return optionValueLabel(ctx, field.key, value, label);
}

function overview(ctx: BaseContext, fields: OptionField[], chosen: Record<string, OptionValue>) {
  const keyboard = new InlineKeyboard();
  fields.forEach((field, index) => {
    const label = `${optionLabel(ctx, field.key, field.label)}: ${valueText(ctx, field, currentValue(field, chosen))}`;
    keyboard.text(label, FORM.option(index)).row();
  });
  keyboard.text(ctx.t('button-continue'), FORM.next);
  return { text: ctx.t('gen-options-title'), keyboard: cancelRow(ctx, keyboard) };
}

/** "Or type a number from 1 to 4", with only the bounds the model states. */
function numberHint(ctx: BaseContext, min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ctx.t('gen-option-type-number', { min, max });
  if (min !== undefined) return ctx.t('gen-option-type-number-min', { min });
  if (max !== undefined) return ctx.t('gen-option-type-number-max', { max });
  return ctx.t('gen-option-type-number-any');
}

/** A whole-number field whose every allowed value (min to max by step) has a button. */
function allOnButtons(field: Extract<OptionField, { kind: 'number' }>, buttons: number): boolean {
  const { min, max } = field;
  if (!field.integer || min === undefined || max === undefined) return false;
  const step = field.step ?? 1;
  return step > 0 && Math.floor((max - min) / step) + 1 <= buttons;
}

function picker(ctx: BaseContext, field: OptionField, chosen: Record<string, OptionValue>) {
  const keyboard = new InlineKeyboard();
  const current = currentValue(field, chosen);
  choicesOf(field).forEach((choice, index) => {
    const label = optionValueLabel(ctx, field.key, choice.value, choice.label);
    keyboard.text(choice.value === current ? `✅ ${label}` : label, FORM.value(index));
    if (index % 3 === 2) keyboard.row();
  });
  keyboard.row().text(ctx.t('button-back'), FORM.back);
  const name = optionLabel(ctx, field.key, field.label);
  let hint = '';
  if (field.kind === 'number') {
    // When every value the model allows is already a button (1 2 3 4), there's nothing to type.
    if (!allOnButtons(field, choicesOf(field).length)) hint = numberHint(ctx, field.min, field.max);
  } else if (field.kind === 'text') {
    hint = ctx.t('gen-option-type-text');
  }
  return { text: ctx.t('gen-option-choose', { name, hint }), keyboard };
}

/**
 * One message lists every option with its current value; tapping one opens its choices in place.
 * Resolves with the values the user set (defaults stay implicit) once they press Continue.
 */
export async function askOptions(
  conversation: FormConversation,
  ctx: BaseContext,
  plan: FormPlan,
  media: MediaMap,
  initial: Record<string, OptionValue>,
  notice?: string,
): Promise<Record<string, OptionValue>> {
  const chosen = { ...initial };
  const fields = visibleOptions(plan, media);
  if (fields.length === 0) return chosen;

  const first = overview(ctx, fields, chosen);
  const screen = await ctx.reply(notice ? `${notice}\n\n${first.text}` : first.text, {
    reply_markup: first.keyboard,
  });
  let messageId = screen.message_id;
  let editing: OptionField | undefined;

  const show = async (c: BaseContext, view: { text: string; keyboard: InlineKeyboard }, fresh = false) => {
    if (fresh) {
      await clearButtons(c, messageId);
      messageId = (await c.reply(view.text, { reply_markup: view.keyboard })).message_id;
    } else {
      await editIgnoringNotModified(
        c.api.editMessageText(screen.chat.id, messageId, view.text, { reply_markup: view.keyboard }),
      );
    }
  };

  for (;;) {
    const answer = await conversation.wait();
    if (await handleOutsideInput(conversation, answer)) continue;
    const data = answer.callbackQuery?.data;
    if (data === undefined) {
      const text = answer.message?.text;
      const result = editing && text ? parseOptionInput(editing, text) : undefined;
      if (!editing || !text || !result) {
        await answer.reply(ctx.t('gen-options-use-buttons'));
        continue;
      }
      if (!result.ok) {
        await answer.reply(
          ctx.t(`gen-option-invalid-${result.reason.replace(/_/g, '-')}`, {
            min: (editing.kind === 'number' ? editing.min : undefined) ?? 0,
            max: (editing.kind === 'number' ? editing.max : undefined) ?? 0,
          }),
        );
        continue;
      }
      chosen[editing.key] = result.value;
      editing = undefined;
      await show(answer, overview(ctx, fields, chosen), true);
      continue;
    }
    if (data === FORM.next && !editing) {
      const missing = missingRequiredOptions(plan, media, chosen);
      if (missing.length > 0) {
        const names = missing.map((f) => optionLabel(ctx, f.key, f.label)).join(', ');
        // An alert shows no markup: our escaped HTML would read "Width &amp; Height" there.
        const text = htmlToPlainText(ctx.t('gen-options-missing', { names }), 200);
        await answer.answerCallbackQuery({ text, show_alert: true });
        continue;
      }
      await answer.answerCallbackQuery();
      await clearButtons(answer, messageId);
      return chosen;
    }
    const optionIndex = parseFormIndex(data, 'opt');
    const valueIndex = parseFormIndex(data, 'val');
    if (!editing && optionIndex !== undefined && fields[optionIndex]) {
      editing = fields[optionIndex];
      await answer.answerCallbackQuery();
      await show(answer, picker(ctx, editing, chosen));
    } else if (editing && data === FORM.back) {
      editing = undefined;
      await answer.answerCallbackQuery();
      await show(answer, overview(ctx, fields, chosen));
    } else if (editing && valueIndex !== undefined && choicesOf(editing)[valueIndex]) {
      chosen[editing.key] = choicesOf(editing)[valueIndex]!.value;
      editing = undefined;
      await answer.answerCallbackQuery();
      await show(answer, overview(ctx, fields, chosen));
    } else {
      await answerStaleButton(answer);
    }
  }
}
