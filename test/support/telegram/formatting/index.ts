import type { MessageEntity } from 'grammy/types';
import { badRequest } from '../api-error.js';
import { EntityParseError, type FormattedText } from './entities.js';
import { parseHtml } from './html.js';
import { parseMarkdown } from './markdown.js';
import { parseMarkdownV2 } from './markdown-v2.js';

export type { FormattedText } from './entities.js';

const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;

/** Applies parse_mode (or takes explicit entities) and returns what the chat will display. */
export function formatText(raw: string, parseMode: string | undefined, explicit: unknown): FormattedText {
  if (parseMode === undefined || parseMode === '') {
    return { text: raw, entities: Array.isArray(explicit) ? (explicit as MessageEntity[]) : [] };
  }
  try {
    switch (parseMode.toLowerCase()) {
      case 'html':
        return parseHtml(raw);
      case 'markdownv2':
        return parseMarkdownV2(raw);
      case 'markdown':
        return parseMarkdown(raw);
      default:
        throw badRequest('unsupported parse_mode');
    }
  } catch (err) {
    if (err instanceof EntityParseError) throw badRequest(`can't parse entities: ${err.message}`);
    throw err;
  }
}

/**
 * Limits apply after entity parsing. Lengths are UTF-16 code units (what entity offsets use):
 * the stricter reading, so a bot that fits here fits on Telegram.
 */
export function checkMessageText(formatted: FormattedText): void {
  if (formatted.text.trim() === '') throw badRequest('message text is empty');
  if (formatted.text.length > TEXT_LIMIT) throw badRequest('message is too long');
}

function checkCaption(formatted: FormattedText): void {
  if (formatted.text.length > CAPTION_LIMIT) throw badRequest('message caption is too long');
}

/** Formats an optional caption (`caption`, `parse_mode`, `caption_entities` of a request or InputMedia). */
export function formatCaption(source: Record<string, unknown>): FormattedText | undefined {
  const caption = source['caption'];
  if (caption === undefined || caption === null || caption === '') return undefined;
  const parseMode = typeof source['parse_mode'] === 'string' ? source['parse_mode'] : undefined;
  const formatted = formatText(String(caption), parseMode, source['caption_entities']);
  checkCaption(formatted);
  return formatted;
}
