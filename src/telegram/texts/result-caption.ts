import { escapeHtml, htmlToPlainText } from '../../lib/html.js';
import type { Texts } from '../i18n.js';

/** Telegram's limit on a caption, counted on the text without markup. */
export const CAPTION_LIMIT = 1024;
const MODEL_NAME_CHARS = 100;

const visibleLength = (html: string) => htmlToPlainText(html, Number.MAX_SAFE_INTEGER).length;

/** Cuts to `max` UTF-16 units with an ellipsis, never inside a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end--;
  return `${text.slice(0, end)}…`;
}

/** A caption of ours (a brand may override it) kept within Telegram's limit: cut as plain text if need be. */
export function fitCaption(html: string): string {
  return visibleLength(html) <= CAPTION_LIMIT ? html : escapeHtml(htmlToPlainText(html, CAPTION_LIMIT));
}

/**
 * The delivered result's caption: the model and, if the customer wants it, the prompt (escaped by
 * the translation), cut so the whole stays within Telegram's 1024 characters.
 */
export function resultCaption(
  ctx: Texts,
  order: { modelName: string; request: { prompt?: string } },
  withPrompt: boolean,
): string {
  const head = ctx.t('after-result-caption', { model: cut(order.modelName, MODEL_NAME_CHARS) });
  const prompt = withPrompt ? order.request.prompt?.trim() : undefined;
  if (!prompt) return head;
  const line = (p: string) => `${head}\n${ctx.t('after-result-caption-prompt', { prompt: p })}`;
  const overflow = visibleLength(line(prompt)) - CAPTION_LIMIT;
  return overflow > 0 ? line(cut(prompt, Math.max(0, prompt.length - overflow))) : line(prompt);
}
