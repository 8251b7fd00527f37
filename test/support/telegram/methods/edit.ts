/**
 * Edits and deletes. A message is edited by chat_id + message_id (the edited Message is returned)
 * or, for an inline message (one posted through answerGuestQuery), by inline_message_id (True is
 * returned, as Telegram does). Inline media edits take a file_id or a URL, never an upload
 * ("a new file can't be uploaded", the Bot API says; refused as TDLib refuses such content), and
 * a text message may be given media (its text goes).
 * Ephemeral messages have their own edit methods (methods/ephemeral.ts) over the same checks.
 */
import { badRequest, benignBadRequest } from '../api-error.js';
import type { Core, MethodHandler } from '../core.js';
import type { FileKind } from '../files/file-store.js';
import { resolveMedia } from '../files/input-file.js';
import { checkMessageText, formatCaption, formatText } from '../formatting/index.js';
import type { Upload } from '../http/request-body.js';
import { isRecord, optJson, optString, type Params } from '../params.js';
import {
  type AnyReplyMarkup,
  isInlineKeyboard,
  parseReplyMarkup,
  sameMarkup,
  stableJson,
} from '../reply-markup.js';
import type { ChatState, StoredMessage } from '../state/chats.js';
import { liveMessage, memberChat, requireMessageId, view, writableChat } from './common.js';
import { checkWebAppButtons } from './ephemeral.js';

const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

interface EditTarget {
  chat: ChatState;
  msg: StoredMessage;
  /** Edited by inline_message_id: the answer is True, and media edits take no uploads. */
  inline: boolean;
}

function editTarget(core: Core, params: Params): EditTarget {
  const inlineId = optString(params, 'inline_message_id');
  if (inlineId !== undefined && params['chat_id'] === undefined && params['message_id'] === undefined) {
    const where = core.inlineMessages.get(inlineId);
    const chat = where && core.chats.get(where.chatId);
    const msg = where && chat?.messages.get(where.messageId);
    if (!chat || !msg || msg.deleted) throw badRequest('MESSAGE_ID_INVALID');
    return { chat, msg, inline: true };
  }
  if (inlineId !== undefined) throw badRequest('MESSAGE_ID_INVALID');
  const chat = writableChat(core, params);
  const msg = liveMessage(chat, requireMessageId(params), 'message to edit not found');
  if (!msg.fromBot || msg.inlineMessageId) throw badRequest("message can't be edited");
  return { chat, msg, inline: false };
}

/** Edits may only carry an inline keyboard; omitting reply_markup removes the current one (as on Telegram). */
function editMarkup(chat: ChatState, params: Params): AnyReplyMarkup | undefined {
  const markup = parseReplyMarkup(params['reply_markup']);
  if (markup !== undefined && !isInlineKeyboard(markup)) throw badRequest('inline keyboard expected');
  checkWebAppButtons(chat, markup);
  return markup;
}

const sameEntities = (a: unknown[] | undefined, b: unknown[] | undefined) =>
  stableJson(a ?? []) === stableJson(b ?? []);

export function editText(core: Core, chat: ChatState, msg: StoredMessage, params: Params): void {
  if (msg.media) throw badRequest('there is no text in the message to edit');
  const parseMode = optString(params, 'parse_mode');
  const formatted = formatText(optString(params, 'text') ?? '', parseMode, params['entities']);
  checkMessageText(formatted);
  const replyMarkup = editMarkup(chat, params);
  if (
    formatted.text === msg.text &&
    sameEntities(formatted.entities, msg.entities) &&
    sameMarkup(replyMarkup, msg.replyMarkup)
  ) {
    throw benignBadRequest(NOT_MODIFIED);
  }
  core.chats.edit(chat, msg, { text: formatted.text, entities: formatted.entities, parseMode, replyMarkup });
}

export function editCaption(core: Core, chat: ChatState, msg: StoredMessage, params: Params): void {
  if (!msg.media) throw badRequest('there is no caption in the message to edit');
  const caption = formatCaption(params);
  const replyMarkup = editMarkup(chat, params);
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
}

const MEDIA_TYPES = new Set(['photo', 'video', 'animation', 'document', 'audio']);

export async function editMedia(
  core: Core,
  target: { chat: ChatState; msg: StoredMessage; inline: boolean },
  params: Params,
  uploads: Map<string, Upload>,
): Promise<void> {
  const { chat, msg } = target;
  // A text message takes media too (Bot API 9.x: "or to add media to text messages"); its text goes.
  const input = optJson(params, 'media', "can't parse InputMedia JSON object");
  if (!isRecord(input) || !MEDIA_TYPES.has(String(input['type'])))
    throw badRequest("can't parse InputMedia JSON object");
  const ref = input['media'];
  if (target.inline && (typeof ref !== 'string' || ref === '' || ref.startsWith('attach://')))
    throw badRequest('invalid message content specified');
  const caption = formatCaption(input);
  const replyMarkup = editMarkup(chat, params);
  const media = await resolveMedia(core, uploads, ref, 'media', input['type'] as FileKind, {
    width: typeof input['width'] === 'number' ? input['width'] : undefined,
    height: typeof input['height'] === 'number' ? input['height'] : undefined,
    duration: typeof input['duration'] === 'number' ? input['duration'] : undefined,
  });
  if (
    msg.media &&
    media.file.fileId === msg.media.file.fileId &&
    (input['has_spoiler'] === true) === (msg.media.spoiler ?? false) &&
    (caption?.text ?? '') === (msg.caption ?? '') &&
    sameMarkup(replyMarkup, msg.replyMarkup)
  ) {
    throw benignBadRequest(NOT_MODIFIED);
  }
  if (input['has_spoiler'] === true) media.spoiler = true;
  core.chats.edit(chat, msg, {
    media,
    text: undefined,
    entities: undefined,
    caption: caption?.text,
    captionEntities: caption?.entities,
    parseMode: optString(input, 'parse_mode'),
    replyMarkup,
  });
}

export function editReplyMarkup(core: Core, chat: ChatState, msg: StoredMessage, params: Params): void {
  const replyMarkup = editMarkup(chat, params);
  if (sameMarkup(replyMarkup, msg.replyMarkup)) throw benignBadRequest(NOT_MODIFIED);
  core.chats.edit(chat, msg, { replyMarkup });
}

/** The edited Message, or True for an inline message. */
function answer(core: Core, { chat, msg, inline }: EditTarget): unknown {
  return inline ? true : view(core, chat, msg);
}

export const editMessageText: MethodHandler = (core, { params }) => {
  const target = editTarget(core, params);
  editText(core, target.chat, target.msg, params);
  return answer(core, target);
};

export const editMessageCaption: MethodHandler = (core, { params }) => {
  const target = editTarget(core, params);
  editCaption(core, target.chat, target.msg, params);
  return answer(core, target);
};

export const editMessageMedia: MethodHandler = async (core, { params, uploads }) => {
  const target = editTarget(core, params);
  await editMedia(core, target, params, uploads);
  return answer(core, target);
};

export const editMessageReplyMarkup: MethodHandler = (core, { params }) => {
  const target = editTarget(core, params);
  editReplyMarkup(core, target.chat, target.msg, params);
  return answer(core, target);
};

/**
 * In a private chat the bot deletes any message; in a group its own, or any as an administrator
 * (else "message can't be deleted": benign, rights change at runtime).
 */
function deletable(chat: ChatState, msg: StoredMessage): boolean {
  if (chat.kind === 'private') return true;
  return (msg.fromBot && !msg.inlineMessageId) || chat.group.bot === 'administrator';
}

export const deleteMessage: MethodHandler = (core, { params }) => {
  const chat = memberChat(core, params);
  const msg = liveMessage(chat, requireMessageId(params), 'message to delete not found');
  if (!deletable(chat, msg)) throw benignBadRequest("message can't be deleted");
  core.chats.delete(chat, msg);
  return true;
};

/** Missing messages are skipped, as documented. */
export const deleteMessages: MethodHandler = (core, { params }) => {
  const chat = memberChat(core, params);
  const ids = optJson(params, 'message_ids', "can't parse message_ids JSON array");
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > 100)
    throw badRequest('message_ids must contain 1-100 items');
  const found = ids.map((id) => chat.messages.get(Number(id))).filter((m) => m && !m.deleted);
  if (found.some((m) => !deletable(chat, m!))) throw benignBadRequest("message can't be deleted");
  for (const msg of found) core.chats.delete(chat, msg!);
  return true;
};
