import { badRequest, benignBadRequest } from '../api-error.js';
import type { Core, MethodHandler } from '../core.js';
import type { FileKind } from '../files/file-store.js';
import { resolveMedia } from '../files/input-file.js';
import { checkMessageText, formatCaption, formatText } from '../formatting/index.js';
import { isRecord, optJson, optString, type Params } from '../params.js';
import {
  type AnyReplyMarkup,
  isInlineKeyboard,
  parseReplyMarkup,
  sameMarkup,
  stableJson,
} from '../reply-markup.js';
import type { ChatState, StoredMessage } from '../state/chats.js';
import { findChat, liveMessage, requireMessageId, view, writableChat } from './common.js';

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

function editTarget(core: Core, params: Params): { chat: ChatState; msg: StoredMessage } {
  if (params['inline_message_id'] !== undefined) throw badRequest('MESSAGE_ID_INVALID');
  const chat = writableChat(core, params);
  const msg = liveMessage(chat, requireMessageId(params), 'message to edit not found');
  if (!msg.fromBot) throw badRequest("message can't be edited");
  return { chat, msg };
}

/** Edits may only carry an inline keyboard; omitting reply_markup removes the current one (as on Telegram). */
function editMarkup(params: Params): AnyReplyMarkup | undefined {
  const markup = parseReplyMarkup(params['reply_markup']);
  if (markup !== undefined && !isInlineKeyboard(markup)) throw badRequest('inline keyboard expected');
  return markup;
}

const sameEntities = (a: unknown[] | undefined, b: unknown[] | undefined) =>
  stableJson(a ?? []) === stableJson(b ?? []);

export const editMessageText: MethodHandler = (core, { params }) => {
  const { chat, msg } = editTarget(core, params);
  if (msg.media) throw badRequest('there is no text in the message to edit');
  const parseMode = optString(params, 'parse_mode');
  const formatted = formatText(optString(params, 'text') ?? '', parseMode, params['entities']);
  checkMessageText(formatted);
  const replyMarkup = editMarkup(params);
  if (
    formatted.text === msg.text &&
    sameEntities(formatted.entities, msg.entities) &&
    sameMarkup(replyMarkup, msg.replyMarkup)
  ) {
    throw benignBadRequest(NOT_MODIFIED);
  }
  core.chats.edit(chat, msg, { text: formatted.text, entities: formatted.entities, parseMode, replyMarkup });
  return view(core, chat, msg);
};

export const editMessageCaption: MethodHandler = (core, { params }) => {
  const { chat, msg } = editTarget(core, params);
  if (!msg.media) throw badRequest('there is no caption in the message to edit');
  const caption = formatCaption(params);
  const replyMarkup = editMarkup(params);
  if (
    (caption?.text ?? '') === (msg.caption ?? '') &&
    sameEntities(caption?.entities, msg.captionEntities) &&
    sameMarkup(replyMarkup, msg.replyMarkup)
  ) {
    throw benignBadRequest(NOT_MODIFIED);
  }
  core.chats.edit(chat, msg, {
    caption: caption?.text,
    captionEntities: caption?.entities,
    parseMode: optString(params, 'parse_mode'),
    replyMarkup,
  });
  return view(core, chat, msg);
};

const MEDIA_TYPES = new Set(['photo', 'video', 'animation', 'document', 'audio']);

export const editMessageMedia: MethodHandler = async (core, { params, uploads }) => {
  const { chat, msg } = editTarget(core, params);
  if (!msg.media) throw badRequest('there is no media in the message to edit');
  const input = optJson(params, 'media', "can't parse InputMedia JSON object");
  if (!isRecord(input) || !MEDIA_TYPES.has(String(input['type'])))
    throw badRequest("can't parse InputMedia JSON object");
  const caption = formatCaption(input);
  const replyMarkup = editMarkup(params);
  const media = await resolveMedia(core, uploads, input['media'], 'media', input['type'] as FileKind, {
    width: typeof input['width'] === 'number' ? input['width'] : undefined,
    height: typeof input['height'] === 'number' ? input['height'] : undefined,
    duration: typeof input['duration'] === 'number' ? input['duration'] : undefined,
  });
  if (
    media.file.fileId === msg.media.file.fileId &&
    (caption?.text ?? '') === (msg.caption ?? '') &&
    sameMarkup(replyMarkup, msg.replyMarkup)
  ) {
    throw benignBadRequest(NOT_MODIFIED);
  }
  core.chats.edit(chat, msg, {
    media,
    caption: caption?.text,
    captionEntities: caption?.entities,
    parseMode: optString(input, 'parse_mode'),
    replyMarkup,
  });
  return view(core, chat, msg);
};

export const editMessageReplyMarkup: MethodHandler = (core, { params }) => {
  const { chat, msg } = editTarget(core, params);
  const replyMarkup = editMarkup(params);
  if (sameMarkup(replyMarkup, msg.replyMarkup)) throw benignBadRequest(NOT_MODIFIED);
  core.chats.edit(chat, msg, { replyMarkup });
  return view(core, chat, msg);
};

export const deleteMessage: MethodHandler = (core, { params }) => {
  const chat = findChat(core, params);
  const msg = liveMessage(chat, requireMessageId(params), 'message to delete not found');
  core.chats.delete(chat, msg);
  return true;
};

/** Missing messages are skipped, as documented. */
export const deleteMessages: MethodHandler = (core, { params }) => {
  const chat = findChat(core, params);
  const ids = optJson(params, 'message_ids', "can't parse message_ids JSON array");
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100)
    throw badRequest('message_ids must contain 1-100 items');
  for (const id of ids) {
    const msg = chat.messages.get(Number(id));
    if (msg && !msg.deleted) core.chats.delete(chat, msg);
  }
  return true;
};
