import type {
  ForceReply,
  InlineKeyboardButton,
  InlineKeyboardMarkup,
  ReplyKeyboardMarkup,
  ReplyKeyboardRemove,
} from 'grammy/types';
import { badRequest } from './api-error.js';
import { isRecord } from './params.js';

export type AnyReplyMarkup = InlineKeyboardMarkup | ReplyKeyboardMarkup | ReplyKeyboardRemove | ForceReply;

const INLINE_ACTIONS = [
  'callback_data',
  'url',
  'login_url',
  'switch_inline_query',
  'switch_inline_query_current_chat',
  'switch_inline_query_chosen_chat',
  'callback_game',
  'pay',
  'web_app',
  'copy_text',
] as const;

const MAX_INLINE_BUTTONS = 100;
const CALLBACK_DATA_MAX_BYTES = 64;

/** Validates `reply_markup` (object or JSON string, as grammY sends either) the way Telegram does. */
export function parseReplyMarkup(raw: unknown): AnyReplyMarkup | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest("can't parse reply keyboard markup JSON object");
    }
  }
  if (!isRecord(value)) throw badRequest("can't parse reply keyboard markup JSON object");
  if ('inline_keyboard' in value) return { inline_keyboard: parseInlineKeyboard(value['inline_keyboard']) };
  if ('keyboard' in value) return parseReplyKeyboard(value);
  if (value['remove_keyboard'] === true) return value as unknown as ReplyKeyboardRemove;
  if (value['force_reply'] === true) return value as unknown as ForceReply;
  throw badRequest("can't parse reply keyboard markup JSON object");
}

function parseInlineKeyboard(rows: unknown): InlineKeyboardButton[][] {
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays');
  }
  const count = rows.reduce((n: number, row: unknown[]) => n + row.length, 0);
  if (count > MAX_INLINE_BUTTONS) throw badRequest('reply markup is too long');
  return rows.map((row: unknown[]) => row.map(parseInlineButton));
}

function parseInlineButton(button: unknown): InlineKeyboardButton {
  if (!isRecord(button))
    throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  const text = button['text'];
  if (typeof text !== 'string')
    throw badRequest(`can't parse inline keyboard button: Can't find field "text"`);
  if (text.trim() === '') throw badRequest('BUTTON_TEXT_INVALID');
  const actions = INLINE_ACTIONS.filter((key) => button[key] !== undefined && button[key] !== null);
  if (actions.length === 0) {
    throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  }
  if (actions.length > 1) {
    throw badRequest(
      `can't parse inline keyboard button: exactly one of the optional fields must be used, got ${actions.join(', ')}`,
    );
  }
  const data = button['callback_data'];
  if (data !== undefined) {
    const bytes = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : 0;
    if (bytes < 1 || bytes > CALLBACK_DATA_MAX_BYTES) throw badRequest('BUTTON_DATA_INVALID');
  }
  const url = button['url'];
  if (url !== undefined && !isButtonUrl(url)) {
    throw badRequest(`inline keyboard button URL '${String(url)}' is invalid: Wrong HTTP URL`);
  }
  if (button['web_app'] !== undefined) checkWebApp(button['web_app'], 'inline keyboard button');
  return button as unknown as InlineKeyboardButton;
}

/** A Web App's `{ url }`: Telegram opens only https pages (tests serve http, and open it directly). */
export function checkWebApp(webApp: unknown, where: string): void {
  const url = isRecord(webApp) ? webApp['url'] : undefined;
  if (typeof url !== 'string') throw badRequest(`can't parse ${where}: Field "url" must be of type String`);
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'https:') {
    throw badRequest(`${where} Web App URL '${url}' is invalid: Only HTTPS links are allowed`);
  }
}

function isButtonUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    return ['http:', 'https:', 'tg:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

function parseReplyKeyboard(value: Record<string, unknown>): ReplyKeyboardMarkup {
  const rows = value['keyboard'];
  if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
    throw badRequest('field "keyboard" of the ReplyKeyboardMarkup should be an Array of Arrays');
  }
  for (const row of rows as unknown[][]) {
    for (const button of row) {
      const text = typeof button === 'string' ? button : isRecord(button) ? button['text'] : undefined;
      if (typeof text !== 'string' || text.trim() === '')
        throw badRequest('keyboard button text must be non-empty');
      if (isRecord(button) && button['request_managed_bot'] !== undefined)
        checkManagedBotRequest(button['request_managed_bot']);
    }
  }
  return value as unknown as ReplyKeyboardMarkup;
}

/** KeyboardButtonRequestManagedBot: a signed 32-bit request_id; a suggested username must be a bot's. */
function checkManagedBotRequest(request: unknown): void {
  if (!isRecord(request)) throw badRequest("can't parse KeyboardButtonRequestManagedBot");
  const id = request['request_id'];
  if (typeof id !== 'number' || !Number.isInteger(id) || id < -(2 ** 31) || id >= 2 ** 31)
    throw badRequest('BUTTON_ID_INVALID');
  const username = request['suggested_username'];
  if (
    username !== undefined &&
    (typeof username !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{3,30}bot$/i.test(username))
  )
    throw badRequest('USERNAME_INVALID');
  const name = request['suggested_name'];
  if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > 64))
    throw badRequest('BOT_NAME_INVALID');
}

export function isInlineKeyboard(markup: AnyReplyMarkup | undefined): markup is InlineKeyboardMarkup {
  return markup !== undefined && 'inline_keyboard' in markup;
}

/** Key-order independent comparison, for "message is not modified". */
export function sameMarkup(a: AnyReplyMarkup | undefined, b: AnyReplyMarkup | undefined): boolean {
  return stableJson(isInlineKeyboard(a) ? a : undefined) === stableJson(isInlineKeyboard(b) ? b : undefined);
}

export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined && x !== null)
            .sort(([x], [y]) => x.localeCompare(y)),
        )
      : v,
  );
}
