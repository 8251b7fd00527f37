import type { Message } from 'grammy/types';
import { ApiError, badRequest } from '../api-error.js';
import type { Core } from '../core.js';
import { apiMessage } from '../message-view.js';
import { isRecord, optInt, optJson, type Params } from '../params.js';
import type { ChatState, StoredMessage } from '../state/chats.js';
import { readAccessError, writeAccessError } from '../state/groups.js';

/** A numeric chat id parameter (a number, or digits in a string); undefined for anything else. */
export function chatIdParam(params: Params, key = 'chat_id'): number | undefined {
  const raw = params[key];
  return typeof raw === 'number' ? raw : /^-?\d+$/.test(String(raw)) ? Number(raw) : undefined;
}

/**
 * chat_id -> chat, with Telegram's errors for unknown chats. Two users' own private chat is never
 * found: the bot has no chat id for it (it only appears there as a guest).
 */
export function findChat(core: Core, params: Params, key = 'chat_id'): ChatState {
  const raw = params[key];
  if (raw === undefined || raw === null || raw === '') throw badRequest(`${key} is empty`);
  const id = chatIdParam(params, key);
  const chat = id === undefined ? undefined : core.chats.get(id);
  if (!chat || (chat.kind === 'group' && chat.group.type === 'private')) throw badRequest('chat not found');
  return chat;
}

/** A chat the bot reads about (getChat, getChatMember): a supergroup only from inside. */
export function readableChat(core: Core, params: Params): ChatState {
  const chat = findChat(core, params);
  const refused = chat.kind === 'group' ? readAccessError(chat.group) : undefined;
  if (refused) throw refused;
  return chat;
}

/** A chat the bot edits or deletes in: a group only while the bot is a member. */
export function memberChat(core: Core, params: Params): ChatState {
  const chat = findChat(core, params);
  const refused = chat.kind === 'group' ? writeAccessError(chat.group) : undefined;
  if (refused) throw refused;
  return chat;
}

/** A chat the bot wants to write to: blocked users answer 403 (a runtime fact, not a bot bug), as do groups it is not in. */
export function writableChat(core: Core, params: Params): ChatState {
  const chat = memberChat(core, params);
  if (chat.kind === 'private' && chat.blocked)
    throw new ApiError(403, 'Forbidden: bot was blocked by the user', { problem: false });
  return chat;
}

export function requireMessageId(params: Params, key = 'message_id'): number {
  const id = optInt(params, key);
  if (id === undefined) throw badRequest('message identifier is not specified');
  return id;
}

/** A live message in the chat, or `notFound` (e.g. "message to edit not found"). */
export function liveMessage(chat: ChatState, id: number, notFound: string): StoredMessage {
  const msg = chat.messages.get(id);
  if (!msg || msg.deleted) throw badRequest(notFound);
  return msg;
}

/** The reply_parameters object, if any. */
export function replyParameters(params: Params): Record<string, unknown> | undefined {
  const rp = optJson(params, 'reply_parameters', "can't parse reply parameters JSON object");
  return isRecord(rp) ? rp : undefined;
}

/**
 * reply_parameters / reply_to_message_id must point at an existing message unless told otherwise.
 * A reply to an ephemeral message must itself be ephemeral (methods/ephemeral.ts takes those).
 */
export function replyTarget(chat: ChatState, params: Params): number | undefined {
  const rp = replyParameters(params);
  if (rp?.['ephemeral_message_id'] !== undefined) {
    throw badRequest('a reply to an ephemeral message must itself be an ephemeral message');
  }
  const id = rp ? Number(rp['message_id']) : optInt(params, 'reply_to_message_id');
  if (id === undefined || Number.isNaN(id)) return undefined;
  const allow = rp
    ? rp['allow_sending_without_reply'] === true
    : params['allow_sending_without_reply'] === true;
  const target = chat.messages.get(id);
  if (!target || target.deleted) {
    if (allow) return undefined;
    throw badRequest('message to be replied not found');
  }
  return id;
}

export function view(core: Core, chat: ChatState, msg: StoredMessage): Message {
  return apiMessage(core, chat, msg);
}
