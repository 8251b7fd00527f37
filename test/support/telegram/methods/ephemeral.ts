/**
 * Ephemeral messages (Bot API 10.x): sent with `ephemeral_message_parameters` to one member of a
 * group or supergroup, who alone sees it (message_id 0, its own ephemeral_message_id); edited and
 * deleted through their own methods, which answer True, with the same checks as the ordinary ones.
 *
 * Errors the emulator had to guess (Telegram documents none of them): an ephemeral send to a
 * private chat -> 400 "ephemeral messages can be sent only to groups and supergroups"; a receiver
 * who is not a member -> 400 "receiver user not found" (benign: members leave); a chat that cannot
 * show ephemeral messages (ScriptedGroup.setEphemeralSupport(false)) -> 400
 * "EPHEMERAL_MESSAGES_UNSUPPORTED" (benign: a bot is expected to fall back); a non-ephemeral reply
 * to an ephemeral message -> 400 "a reply to an ephemeral message must itself be an ephemeral message".
 */
import type { User } from 'grammy/types';
import { badRequest, benignBadRequest } from '../api-error.js';
import type { Core, MethodHandler } from '../core.js';
import { isRecord, optBool, optInt, optJson, optString, type Params } from '../params.js';
import { type AnyReplyMarkup, isInlineKeyboard } from '../reply-markup.js';
import type { ChatState, GroupChatState, NewMessage, StoredMessage } from '../state/chats.js';
import { isMember } from '../state/groups.js';
import { memberChat, replyParameters, replyTarget } from './common.js';
import { editCaption, editMedia, editReplyMarkup, editText } from './edit.js';

const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';

/** Where a send goes: the chat for all, or one member (with what it replies to). */
export type SendTarget =
  | { ephemeral: false; replyTo: number | undefined }
  | {
      ephemeral: true;
      chat: GroupChatState;
      receiver: User;
      replaces: number | undefined;
      replyTo: number | undefined;
      replyToEphemeral: number | undefined;
    };

/** Reads a send's ephemeral_message_parameters and reply parameters, with Telegram's checks. */
export function sendTarget(core: Core, chat: ChatState, params: Params): SendTarget {
  const raw = optJson(
    params,
    'ephemeral_message_parameters',
    "can't parse ephemeral message parameters JSON object",
  );
  if (raw === undefined) return { ephemeral: false, replyTo: replyTarget(chat, params) };
  if (!isRecord(raw)) throw badRequest("can't parse ephemeral message parameters JSON object");
  if (chat.kind !== 'group')
    throw badRequest('ephemeral messages can be sent only to groups and supergroups');
  if (!chat.group.ephemeralSupported) throw benignBadRequest('EPHEMERAL_MESSAGES_UNSUPPORTED');
  const receiverId = optInt(raw, 'receiver_user_id');
  if (receiverId === undefined || receiverId <= 0) throw badRequest('invalid receiver_user_id specified');
  const receiver = chat.group.members.get(receiverId)?.user;
  if (!receiver || !isMember(chat.group, receiverId)) throw benignBadRequest('receiver user not found');
  const queryId = optString(raw, 'callback_query_id');
  const origin = queryId === undefined ? undefined : core.callbacks.origin(queryId);
  if (queryId !== undefined && (origin?.chatId !== chat.id || origin.fromId !== receiverId))
    throw badRequest(TOO_OLD);
  const replace = optBool(raw, 'replace_callback_query_message') ?? false;
  if (replace && !origin) throw badRequest('callback_query_id is required to replace its message');
  const rp = replyParameters(params);
  const ephemeralReply = rp === undefined ? undefined : optInt(rp, 'ephemeral_message_id');
  if (ephemeralReply !== undefined && !chat.ephemeral.replyable(receiverId, ephemeralReply))
    throw badRequest('message to be replied not found');
  return {
    ephemeral: true,
    chat,
    receiver,
    replaces: replace && origin && origin.messageId > 0 ? origin.messageId : undefined,
    replyTo: ephemeralReply === undefined ? replyTarget(chat, params) : undefined,
    replyToEphemeral: ephemeralReply,
  };
}

/** Stores a message the bot sends, for all or ephemeral, as the target says. */
export function post(
  core: Core,
  chat: ChatState,
  target: SendTarget,
  fields: Omit<NewMessage, 'fromBot' | 'replyTo'>,
): StoredMessage {
  checkWebAppButtons(chat, fields.replyMarkup);
  if (!target.ephemeral)
    return core.chats.addMessage(chat, { ...fields, fromBot: true, replyTo: target.replyTo });
  checkEphemeralMarkup(fields.replyMarkup);
  return core.chats.addEphemeral(target.chat, {
    ...fields,
    fromBot: true,
    replyTo: target.replyTo,
    replyToEphemeral: target.replyToEphemeral,
    ephemeral: { receiver: target.receiver, replaces: target.replaces },
  });
}

/** Telegram opens a Mini App from an inline button in a private chat only (elsewhere: BUTTON_TYPE_INVALID). */
export function checkWebAppButtons(chat: ChatState, markup: AnyReplyMarkup | undefined): void {
  if (chat.kind === 'private' || !isInlineKeyboard(markup)) return;
  if (markup.inline_keyboard.flat().some((b) => 'web_app' in b && b.web_app !== undefined))
    throw badRequest('BUTTON_TYPE_INVALID');
}

/** "Not supported for ephemeral messages": login_url buttons (the error text is a guess). */
function checkEphemeralMarkup(markup: AnyReplyMarkup | undefined): void {
  if (!isInlineKeyboard(markup)) return;
  if (markup.inline_keyboard.flat().some((b) => 'login_url' in b && b.login_url !== undefined))
    throw badRequest('BUTTON_TYPE_INVALID');
}

/** chat_id + receiver_user_id + ephemeral_message_id -> the bot's ephemeral message. */
function ephemeralTarget(
  core: Core,
  params: Params,
  notFound: string,
): { chat: GroupChatState; msg: StoredMessage } {
  const chat = memberChat(core, params);
  const receiverId = optInt(params, 'receiver_user_id');
  if (receiverId === undefined || receiverId <= 0) throw badRequest('invalid receiver_user_id specified');
  const id = optInt(params, 'ephemeral_message_id');
  if (id === undefined) throw badRequest('message identifier is not specified');
  const msg = chat.kind === 'group' ? chat.ephemeral.sent(receiverId, id) : undefined;
  if (chat.kind !== 'group' || !msg) throw badRequest(notFound);
  return { chat, msg };
}

export const editEphemeralMessageText: MethodHandler = (core, { params }) => {
  const { chat, msg } = ephemeralTarget(core, params, 'message to edit not found');
  editText(core, chat, msg, params);
  return true;
};

export const editEphemeralMessageCaption: MethodHandler = (core, { params }) => {
  const { chat, msg } = ephemeralTarget(core, params, 'message to edit not found');
  editCaption(core, chat, msg, params);
  return true;
};

export const editEphemeralMessageMedia: MethodHandler = async (core, { params, uploads }) => {
  const { chat, msg } = ephemeralTarget(core, params, 'message to edit not found');
  await editMedia(core, { chat, msg, inline: false }, params, uploads);
  return true;
};

export const editEphemeralMessageReplyMarkup: MethodHandler = (core, { params }) => {
  const { chat, msg } = ephemeralTarget(core, params, 'message to edit not found');
  editReplyMarkup(core, chat, msg, params);
  return true;
};

export const deleteEphemeralMessage: MethodHandler = (core, { params }) => {
  const { chat, msg } = ephemeralTarget(core, params, 'message to delete not found');
  core.chats.delete(chat, msg);
  return true;
};
