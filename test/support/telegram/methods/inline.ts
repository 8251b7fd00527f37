/**
 * answerInlineQuery, as strict as Telegram about what this bot sends: at most 50 results, ids of 1-64
 * bytes and unique within the answer, cached photos and videos by a file id of the right kind (a video
 * needs a title), captions within 1024 characters, an inline keyboard only, a next_offset within 64
 * bytes, and one answer per query within the time limit.
 */
import { badRequest } from '../api-error.js';
import type { Core, MethodHandler } from '../core.js';
import { formatCaption } from '../formatting/index.js';
import { isRecord, optBool, optInt, optJson, optString } from '../params.js';
import { isInlineKeyboard, parseReplyMarkup } from '../reply-markup.js';
import type { InlineResult } from '../state/inline-queries.js';

const MAX_RESULTS = 50;
const MAX_ID_BYTES = 64;
const MAX_OFFSET_BYTES = 64;

const FILE_FIELD = { photo: 'photo_file_id', video: 'video_file_id' } as const;

function checkResult(core: Core, raw: unknown, seen: Set<string>): InlineResult {
  if (!isRecord(raw)) throw badRequest('RESULT_INVALID');
  const { type, id } = raw;
  if (typeof id !== 'string' || id.length === 0 || Buffer.byteLength(id) > MAX_ID_BYTES) {
    throw badRequest('RESULT_ID_INVALID');
  }
  if (seen.has(id)) throw badRequest('RESULT_ID_DUPLICATE');
  seen.add(id);
  if (type !== 'photo' && type !== 'video') {
    throw badRequest(`the emulator knows inline results of type photo and video only, got ${String(type)}`);
  }
  const fileId = raw[FILE_FIELD[type]];
  if (typeof fileId !== 'string') throw badRequest(`${FILE_FIELD[type]} expected (cached results only)`);
  const file = core.files.get(fileId);
  if (!file || file.kind !== type) throw badRequest('wrong file identifier/HTTP URL specified');
  const title = typeof raw['title'] === 'string' ? raw['title'] : undefined;
  if (type === 'video' && !title) throw badRequest('RESULT_TITLE_EMPTY');
  const caption = formatCaption(raw);
  const markup = parseReplyMarkup(raw['reply_markup']);
  if (markup !== undefined && !isInlineKeyboard(markup)) throw badRequest('REPLY_MARKUP_INVALID');
  const buttons = (markup?.inline_keyboard ?? []).flat().map((b) => ({
    text: b.text,
    ...('url' in b && b.url ? { url: b.url } : {}),
    ...('callback_data' in b && b.callback_data ? { callback_data: b.callback_data } : {}),
  }));
  return {
    type,
    id,
    fileId,
    ...(title ? { title } : {}),
    ...(caption ? { caption: caption.text } : {}),
    ...(typeof raw['parse_mode'] === 'string' ? { parseMode: raw['parse_mode'] } : {}),
    buttons,
  };
}

export const answerInlineQuery: MethodHandler = (core, { params }) => {
  const id = optString(params, 'inline_query_id') ?? '';
  const raw = optJson(params, 'results', 'RESULTS_INVALID');
  if (!Array.isArray(raw)) throw badRequest('RESULTS_INVALID');
  if (raw.length > MAX_RESULTS) throw badRequest('RESULTS_TOO_MUCH');
  const seen = new Set<string>();
  const results = raw.map((r) => checkResult(core, r, seen));
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
