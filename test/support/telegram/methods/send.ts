import { randomInt } from 'node:crypto';
import { badRequest } from '../api-error.js';
import type { MethodHandler } from '../core.js';
import type { FileKind } from '../files/file-store.js';
import { type InputFileHints, resolveMedia } from '../files/input-file.js';
import { checkMessageText, formatCaption, formatText } from '../formatting/index.js';
import { isRecord, optInt, optJson, optString, type Params } from '../params.js';
import { parseReplyMarkup } from '../reply-markup.js';
import type { MessageMedia } from '../state/chats.js';
import { findChat, liveMessage, replyTarget, requireMessageId, view, writableChat } from './common.js';
import { post, sendTarget } from './ephemeral.js';

export const sendMessage: MethodHandler = (core, { params }) => {
  const chat = writableChat(core, params);
  const parseMode = optString(params, 'parse_mode');
  const formatted = formatText(optString(params, 'text') ?? '', parseMode, params['entities']);
  checkMessageText(formatted);
  const replyMarkup = parseReplyMarkup(params['reply_markup']);
  const target = sendTarget(core, chat, params);
  const msg = post(core, chat, target, {
    text: formatted.text,
    entities: formatted.entities,
    parseMode,
    replyMarkup,
  });
  return view(core, chat, msg);
};

export function hintsOf(source: Params): InputFileHints {
  return {
    width: optInt(source, 'width'),
    height: optInt(source, 'height'),
    duration: optInt(source, 'duration'),
    performer: optString(source, 'performer'),
    title: optString(source, 'title'),
  };
}

/**
 * sendPhoto / sendVideo / sendAnimation / sendDocument / sendAudio: the file lives in the field
 * named `kind`. These and sendMessage may send an ephemeral message (methods/ephemeral.ts); the
 * other sends have no ephemeral_message_parameters (Telegram ignores it there, and so do we).
 */
export function sendMedia(kind: FileKind): MethodHandler {
  return async (core, { params, uploads }) => {
    const chat = writableChat(core, params);
    const caption = formatCaption(params);
    const replyMarkup = parseReplyMarkup(params['reply_markup']);
    const target = sendTarget(core, chat, params);
    const media = await resolveMedia(core, uploads, params[kind], kind, kind, hintsOf(params));
    const msg = post(core, chat, target, {
      caption: caption?.text,
      captionEntities: caption?.entities,
      parseMode: optString(params, 'parse_mode'),
      media,
      replyMarkup,
    });
    return view(core, chat, msg);
  };
}

const GROUP_TYPES = new Set(['photo', 'video', 'document', 'audio']);

export const sendMediaGroup: MethodHandler = async (core, { params, uploads }) => {
  const chat = writableChat(core, params);
  const items = optJson(params, 'media', "can't parse media JSON object");
  if (!Array.isArray(items) || items.length === 0) throw badRequest('there is no media in the request');
  if (items.length > 10) throw badRequest('too many messages to send as an album');
  if (items.length < 2) throw badRequest('media group must contain 2-10 items');
  for (const item of items) {
    if (!isRecord(item) || !GROUP_TYPES.has(String(item['type'])))
      throw badRequest('wrong type of media in the album');
  }
  const records = items as Params[];
  for (const single of ['document', 'audio']) {
    if (records.some((i) => i['type'] === single) && !records.every((i) => i['type'] === single)) {
      throw badRequest(`${single} can't be mixed with other media types`);
    }
  }
  const captions = records.map((item) => formatCaption(item));
  const replyTo = replyTarget(chat, params);
  const media: MessageMedia[] = [];
  for (const item of records) {
    media.push(
      await resolveMedia(core, uploads, item['media'], 'media', item['type'] as FileKind, hintsOf(item)),
    );
  }
  const mediaGroupId = String(randomInt(10 ** 12, 10 ** 13));
  return records.map((item, i) => {
    const msg = core.chats.addMessage(chat, {
      fromBot: true,
      caption: captions[i]?.text,
      captionEntities: captions[i]?.entities,
      parseMode: optString(item, 'parse_mode'),
      media: media[i],
      mediaGroupId,
      replyTo,
    });
    return view(core, chat, msg);
  });
};

const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

export const sendChatAction: MethodHandler = (core, { params }) => {
  writableChat(core, params);
  if (!CHAT_ACTIONS.has(optString(params, 'action') ?? ''))
    throw badRequest('wrong parameter action in request');
  return true;
};

/** copyMessage / forwardMessage: a new bot message with the same content (caption may be replaced on copy). */
function duplicate(kind: 'copy' | 'forward'): MethodHandler {
  return (core, { params }) => {
    const from = findChat(core, params, 'from_chat_id');
    const original = liveMessage(from, requireMessageId(params), `message to ${kind} not found`);
    const chat = writableChat(core, params);
    const newCaption = kind === 'copy' && params['caption'] !== undefined ? formatCaption(params) : undefined;
    const replyMarkup = kind === 'copy' ? parseReplyMarkup(params['reply_markup']) : undefined;
    const msg = core.chats.addMessage(chat, {
      fromBot: true,
      text: original.text,
      entities: original.entities,
      caption: newCaption ? newCaption.text : original.caption,
      captionEntities: newCaption ? newCaption.entities : original.captionEntities,
      media: original.media,
      replyMarkup,
      replyTo: kind === 'copy' ? replyTarget(chat, params) : undefined,
    });
    return kind === 'copy' ? { message_id: msg.messageId } : view(core, chat, msg);
  };
}

export const copyMessage = duplicate('copy');
export const forwardMessage = duplicate('forward');
