/**
 * answerInlineQuery, as strict as Telegram about what this bot sends: at most 50 results, ids of 1-64
 * bytes and unique within the answer, cached photos and videos by a file id of the right kind (a video
 * needs a title), captions within 1024 characters, an inline keyboard only, a next_offset within 64
 * bytes, and one answer per query within the time limit. The same checks serve answerGuestQuery's
 * one result (methods/guest.ts), which may also be an article with an InputTextMessageContent.
 */
import type { InlineKeyboardMarkup } from 'grammy/types';
import { badRequest } from '../api-error.js';
import type { Core, MethodHandler } from '../core.js';
import type { StoredFile } from '../files/file-store.js';
import { photoSizes } from '../files/input-file.js';
import { checkMessageText, type FormattedText, formatCaption, formatText } from '../formatting/index.js';
import { isRecord, optBool, optInt, optJson, optString } from '../params.js';
import { isInlineKeyboard, parseReplyMarkup } from '../reply-markup.js';
import type { MessageMedia, NewMessage } from '../state/chats.js';
import type { InlineResult } from '../state/inline-queries.js';

const MAX_RESULTS = 50;
const MAX_ID_BYTES = 64;
const MAX_OFFSET_BYTES = 64;

const FILE_FIELD = { photo: 'photo_file_id', video: 'video_file_id' } as const;

/** A checked result: what the message it sends shows. */
export interface CheckedResult {
  type: 'photo' | 'video' | 'article';
  id: string;
  title?: string | undefined;
  /** Photo and video results: the cached file. */
  file?: StoredFile | undefined;
  caption?: FormattedText | undefined;
  /** Article results: the message text. */
  text?: FormattedText | undefined;
  parseMode?: string | undefined;
  markup?: InlineKeyboardMarkup | undefined;
}

export function checkResult(
  core: Core,
  raw: unknown,
  seen: Set<string>,
  opts: { article: boolean },
): CheckedResult {
  if (!isRecord(raw)) throw badRequest('RESULT_INVALID');
  const { type, id } = raw;
  if (typeof id !== 'string' || id.length === 0 || Buffer.byteLength(id) > MAX_ID_BYTES) {
    throw badRequest('RESULT_ID_INVALID');
  }
  if (seen.has(id)) throw badRequest('RESULT_ID_DUPLICATE');
  seen.add(id);
  const title = typeof raw['title'] === 'string' ? raw['title'] : undefined;
  if (type === 'article' && opts.article) {
    if (!title) throw badRequest('can\'t find field "title"');
    return { type, id, title, ...articleText(raw), markup: resultMarkup(raw) };
  }
  if (type !== 'photo' && type !== 'video') {
    const known = opts.article ? 'article, photo and video' : 'photo and video';
    throw badRequest(`the emulator knows inline results of type ${known} only, got ${String(type)}`);
  }
  if (raw['input_message_content'] !== undefined) {
    throw badRequest('the emulator knows input_message_content in article results only');
  }
  const fileId = raw[FILE_FIELD[type]];
  if (typeof fileId !== 'string') throw badRequest(`${FILE_FIELD[type]} expected (cached results only)`);
  const file = core.files.get(fileId);
  if (!file || file.kind !== type) throw badRequest('wrong file identifier/HTTP URL specified');
  if (type === 'video' && !title) throw badRequest('RESULT_TITLE_EMPTY');
  const caption = formatCaption(raw);
  const parseMode = typeof raw['parse_mode'] === 'string' ? raw['parse_mode'] : undefined;
  return { type, id, title, file, caption, parseMode, markup: resultMarkup(raw) };
}

function resultMarkup(raw: Record<string, unknown>): InlineKeyboardMarkup | undefined {
  const markup = parseReplyMarkup(raw['reply_markup']);
  if (markup !== undefined && !isInlineKeyboard(markup)) throw badRequest('REPLY_MARKUP_INVALID');
  return markup;
}

/** An article's InputTextMessageContent (message_text, parse_mode, entities), checked as a message text. */
function articleText(raw: Record<string, unknown>): { text: FormattedText; parseMode?: string } {
  const content = raw['input_message_content'];
  if (!isRecord(content)) throw badRequest('can\'t find field "message_text"');
  if (typeof content['message_text'] !== 'string') {
    throw badRequest('the emulator knows InputTextMessageContent only (message_text expected)');
  }
  const parseMode = optString(content, 'parse_mode');
  const text = formatText(content['message_text'], parseMode, content['entities']);
  checkMessageText(text);
  return { text, ...(parseMode ? { parseMode } : {}) };
}

/** The message a checked result posts (its inline message). */
export function resultMessage(core: Core, result: CheckedResult): Omit<NewMessage, 'fromBot'> {
  const { file } = result;
  const media: MessageMedia | undefined =
    file &&
    (file.kind === 'photo'
      ? { type: 'photo', file, sizes: photoSizes(core, file) }
      : { type: file.kind, file });
  return {
    ...(result.text ? { text: result.text.text, entities: result.text.entities } : {}),
    ...(media ? { media } : {}),
    ...(result.caption ? { caption: result.caption.text, captionEntities: result.caption.entities } : {}),
    parseMode: result.parseMode,
    replyMarkup: result.markup,
  };
}

export function inlineResult(result: CheckedResult): InlineResult {
  const buttons = (result.markup?.inline_keyboard ?? []).flat().map((b) => ({
    text: b.text,
    ...('url' in b && b.url ? { url: b.url } : {}),
    ...('callback_data' in b && b.callback_data ? { callback_data: b.callback_data } : {}),
  }));
  return {
    type: result.type as InlineResult['type'],
    id: result.id,
    fileId: result.file!.fileId,
    ...(result.title ? { title: result.title } : {}),
    ...(result.caption ? { caption: result.caption.text } : {}),
    ...(result.parseMode ? { parseMode: result.parseMode } : {}),
    buttons,
  };
}

export const answerInlineQuery: MethodHandler = (core, { params }) => {
  const id = optString(params, 'inline_query_id') ?? '';
  const raw = optJson(params, 'results', 'RESULTS_INVALID');
  if (!Array.isArray(raw)) throw badRequest('RESULTS_INVALID');
  if (raw.length > MAX_RESULTS) throw badRequest('RESULTS_TOO_MUCH');
  const seen = new Set<string>();
  const results = raw.map((r) => inlineResult(checkResult(core, r, seen, { article: false })));
  const nextOffset = optString(params, 'next_offset');
  if (nextOffset !== undefined && Buffer.byteLength(nextOffset) > MAX_OFFSET_BYTES) {
    throw badRequest('NEXT_OFFSET_INVALID');
  }
  const cacheTime = optInt(params, 'cache_time');
  const isPersonal = optBool(params, 'is_personal');
  core.inlineQueries.answer(id, {
    results,
    ...(cacheTime !== undefined ? { cacheTime } : {}),
    ...(isPersonal !== undefined ? { isPersonal } : {}),
    ...(nextOffset ? { nextOffset } : {}),
  });
  return true;
};

/**
 * savePreparedInlineMessage (Bot API 8.0): a result (checked as answerInlineQuery's) kept for one
 * user, who may send it from a Mini App (shareMessage) to the kinds of chats allowed; at least one
 * kind must be. The user must be one the bot knows. Returns PreparedInlineMessage.
 */
export const savePreparedInlineMessage: MethodHandler = (core, { params }) => {
  const userId = optInt(params, 'user_id');
  if (userId === undefined || userId <= 0) throw badRequest('USER_ID_INVALID');
  if (!core.chats.privateChat(userId)) throw badRequest('user not found');
  const raw = optJson(params, 'result', "can't parse inline query result JSON object");
  if (raw === undefined) throw badRequest("result isn't specified");
  const result = inlineResult(checkResult(core, raw, new Set(), { article: false }));
  const allow = {
    users: optBool(params, 'allow_user_chats') ?? false,
    bots: optBool(params, 'allow_bot_chats') ?? false,
    groups: optBool(params, 'allow_group_chats') ?? false,
    channels: optBool(params, 'allow_channel_chats') ?? false,
  };
  if (!Object.values(allow).some(Boolean)) throw badRequest('PEER_TYPES_INVALID');
  const prepared = core.preparedMessages.add(userId, result, allow);
  return { id: prepared.id, expiration_date: prepared.expirationDate };
};
