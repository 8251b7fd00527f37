import type { Chat, Message, PhotoSize, Update, User } from 'grammy/types';

/** Messages outside channels: what Update.message carries. */
export type PrivateMessage = Message & Update.NonChannel;

import type { Core } from './core.js';
import type { StoredFile } from './files/file-store.js';
import { isInlineKeyboard } from './reply-markup.js';
import type { ChatState, MessageMedia, StoredMessage } from './state/chats.js';

/** The bot as the User object messages carry. */
export function botAsUser(core: Core): User {
  return {
    id: core.botUser.id,
    is_bot: true,
    first_name: core.botUser.first_name,
    username: core.botUser.username,
  };
}

/**
 * The Chat object of a chat. Two users' own private chat is shown as the summoning user sees it:
 * the other user (the emulator's reading; the Bot API warns that such a chat's id may coincide
 * with the id of another chat of the bot's).
 */
export function apiChat(chat: ChatState, viewerId?: number): Chat {
  if (chat.kind === 'private') return privateChat(chat.user);
  const { group } = chat;
  if (group.type !== 'private') return { id: chat.id, type: group.type, title: group.title } as Chat;
  const users = [...group.members.values()].map((m) => m.user);
  return privateChat(users.find((u) => u.id !== viewerId) ?? users[0]!);
}

function privateChat(user: User): Chat {
  return {
    id: user.id,
    type: 'private',
    first_name: user.first_name,
    ...(user.username ? { username: user.username } : {}),
  };
}

/** The Message object exactly as the Bot API returns it (and as updates carry it). */
export function apiMessage(
  core: Core,
  chat: ChatState,
  msg: StoredMessage,
  withReply = true,
): PrivateMessage {
  const from: User = msg.fromBot
    ? botAsUser(core)
    : (msg.from ?? (chat.kind === 'private' ? chat.user : undefined))!;
  const out: Record<string, unknown> = {
    message_id: msg.messageId,
    from,
    chat: apiChat(chat, msg.guestCaller?.id ?? from.id),
    date: msg.date,
  };
  if (msg.ephemeral) {
    out['ephemeral_message_id'] = msg.ephemeral.id;
    if (msg.ephemeral.receiver) out['receiver_user'] = msg.ephemeral.receiver;
  }
  if (msg.guestCaller) {
    out['via_bot'] = botAsUser(core);
    out['guest_bot_caller_user'] = msg.guestCaller;
    out['guest_bot_caller_chat'] = out['chat'];
  }
  if (msg.editDate) out['edit_date'] = msg.editDate;
  if (msg.mediaGroupId) out['media_group_id'] = msg.mediaGroupId;
  if (msg.text !== undefined) {
    out['text'] = msg.text;
    if (msg.entities?.length) out['entities'] = msg.entities;
  }
  if (msg.caption) {
    out['caption'] = msg.caption;
    if (msg.captionEntities?.length) out['caption_entities'] = msg.captionEntities;
  }
  if (msg.media) Object.assign(out, mediaFields(msg));
  if (msg.media?.spoiler) out['has_media_spoiler'] = true;
  if (msg.invoice) {
    const { payload: _hidden, ...invoice } = msg.invoice;
    out['invoice'] = invoice;
  }
  if (msg.successfulPayment) out['successful_payment'] = msg.successfulPayment;
  if (msg.service) Object.assign(out, msg.service);
  if (isInlineKeyboard(msg.replyMarkup) && msg.replyMarkup.inline_keyboard.length)
    out['reply_markup'] = msg.replyMarkup;
  // A reply to an ephemeral message carries no reply_to_message (the Bot API: "may be omitted").
  const replied = msg.replyTo === undefined ? undefined : chat.messages.get(msg.replyTo);
  if (withReply && replied) out['reply_to_message'] = apiMessage(core, chat, replied, false);
  return out as unknown as PrivateMessage;
}

function mediaFields(msg: StoredMessage): Record<string, unknown> {
  const media = msg.media!;
  const f = media.file;
  switch (media.type) {
    case 'photo':
      return { photo: (media.sizes ?? [f]).map(photoSize) };
    case 'video':
      return {
        video: { ...fileBase(f), ...dims(f), duration: f.duration ?? 0, ...named(f), ...thumb(media) },
      };
    case 'animation': {
      const animation = {
        ...fileBase(f),
        ...dims(f),
        duration: f.duration ?? 0,
        ...named(f),
        ...thumb(media),
      };
      return { animation, document: { ...fileBase(f), ...named(f) } };
    }
    case 'audio':
      return { audio: { ...fileBase(f), duration: f.duration ?? 0, ...named(f) } };
    case 'document':
      return { document: { ...fileBase(f), ...named(f) } };
  }
}

function thumb(media: MessageMedia): { thumbnail?: PhotoSize } {
  return media.thumbnail ? { thumbnail: photoSize(media.thumbnail) } : {};
}

function photoSize(f: StoredFile): PhotoSize {
  return { ...fileBase(f), width: f.width ?? 0, height: f.height ?? 0 };
}

function fileBase(f: StoredFile): { file_id: string; file_unique_id: string; file_size: number } {
  return { file_id: f.fileId, file_unique_id: f.uniqueId, file_size: f.size };
}

function dims(f: StoredFile): { width: number; height: number } {
  return { width: f.width ?? 0, height: f.height ?? 0 };
}

function named(f: StoredFile): Record<string, string> {
  return {
    ...(f.fileName ? { file_name: f.fileName } : {}),
    ...(f.mimeType ? { mime_type: f.mimeType } : {}),
  };
}
