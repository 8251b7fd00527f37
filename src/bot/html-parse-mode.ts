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

/** All our texts are Fluent messages with HTML markup: default every text-bearing call to parse_mode HTML. */
export const htmlParseMode: Transformer = (prev, method, payload, signal) => {
  if (METHODS_WITH_TEXT.has(method) && payload && !('parse_mode' in payload)) {
    return prev(method, { ...payload, parse_mode: 'HTML' } as typeof payload, signal);
  }
  return prev(method, payload, signal);
};
