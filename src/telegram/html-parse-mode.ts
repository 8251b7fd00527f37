import type { Transformer } from 'grammy';

const METHODS_WITH_TEXT = new Set([
  'sendMessage',
  'editMessageText',
  'sendPhoto',
  'sendVideo',
  'sendAnimation',
  'sendDocument',
  'sendAudio',
  'editMessageCaption',
]);

/**
 * All our texts are Fluent messages with HTML markup: default every text-bearing call to parse_mode
 * HTML. A payload that brings its own entities (an admin's broadcast, sent back as Telegram gave
 * it) is not parsed at all.
 */
export const htmlParseMode: Transformer = (prev, method, payload, signal) => {
  const own = payload && ('entities' in payload || 'caption_entities' in payload);
  if (METHODS_WITH_TEXT.has(method) && payload && !own && !('parse_mode' in payload)) {
    return prev(method, { ...payload, parse_mode: 'HTML' } as typeof payload, signal);
  }
  return prev(method, payload, signal);
};
