import type { InlineKeyboardMarkup, ReplyKeyboardMarkup } from 'grammy/types';
import type { FileKind, FileStore } from './files/file-store.js';
import { isInlineKeyboard } from './reply-markup.js';
import type { StoredMessage } from './state/chats.js';
import type { StoredInvoice } from './state/payments.js';

export interface BotMessageMedia {
  file_id: string;
  file_name?: string;
  mime_type?: string;
  size: number;
  width?: number;
  height?: number;
  duration?: number;
  bytes(): Promise<Buffer>;
}

/** An inline button as a test sees it: what pressing it does is the field it carries. */
export interface BotMessageButton {
  text: string;
  callback_data?: string;
  url?: string;
  /** Telegram asks which chat, then types `@bot <this>` there. */
  switch_inline_query?: string;
  /** A Mini App Telegram opens at this URL, with signed launch data. */
  web_app?: { url: string };
}

/** A bot message as a test sees it. */
export interface BotMessage {
  message_id: number;
  chatId: number;
  text?: string;
  caption?: string;
  parse_mode?: string;
  entities?: unknown[];
  kind: 'text' | 'photo' | 'video' | 'animation' | 'document' | 'audio' | 'media_group_item' | 'invoice';
  /** An invoice (sendInvoice), with the payload the bot gave it. */
  invoice?: StoredInvoice;
  /** The media type behind 'media_group_item' (and the same as kind otherwise). */
  mediaType?: FileKind;
  media?: BotMessageMedia;
  mediaGroupId?: string;
  replyMarkup?: InlineKeyboardMarkup | ReplyKeyboardMarkup | undefined;
  buttons: BotMessageButton[];
  /** message_id this message replies to. */
  replyTo?: number;
  /** An ephemeral message (message_id 0): its id in the chat, and the member who alone sees it. */
  ephemeral_message_id?: number;
  receiverId?: number;
  /** An ephemeral message shown to its receiver in place of this message (replace_callback_query_message). */
  replaces?: number;
  /** An inline message (a guest bot's answer): its inline_message_id, and who summoned the bot. */
  inline_message_id?: string;
  guestCallerId?: number;
  /** Its media is under a spoiler. */
  has_media_spoiler?: true;
  editCount: number;
  deleted: boolean;
  /** Sequence numbers (emu.seq()) of sending and of the last edit. */
  sentAt: number;
  editedAt?: number;
}

export function toBotMessage(msg: StoredMessage, files: FileStore): BotMessage {
  const out: BotMessage = {
    message_id: msg.messageId,
    chatId: msg.chatId,
    kind: msg.invoice ? 'invoice' : msg.mediaGroupId ? 'media_group_item' : (msg.media?.type ?? 'text'),
    buttons: isInlineKeyboard(msg.replyMarkup)
      ? msg.replyMarkup.inline_keyboard.flat().map((b) => ({
          text: b.text,
          ...('callback_data' in b && b.callback_data !== undefined
            ? { callback_data: b.callback_data }
            : {}),
          ...('url' in b && b.url !== undefined ? { url: b.url } : {}),
          ...('switch_inline_query' in b && b.switch_inline_query !== undefined
            ? { switch_inline_query: b.switch_inline_query }
            : {}),
          ...('web_app' in b && b.web_app !== undefined ? { web_app: { url: b.web_app.url } } : {}),
        }))
      : [],
    replyMarkup:
      msg.replyMarkup && ('inline_keyboard' in msg.replyMarkup || 'keyboard' in msg.replyMarkup)
        ? msg.replyMarkup
        : undefined,
    editCount: msg.editCount,
    deleted: msg.deleted,
    sentAt: msg.sentAt,
  };
  if (msg.text !== undefined) out.text = msg.text;
  if (msg.invoice) out.invoice = { ...msg.invoice };
  if (msg.caption !== undefined) out.caption = msg.caption;
  if (msg.parseMode !== undefined) out.parse_mode = msg.parseMode;
  const entities = msg.text !== undefined ? msg.entities : msg.captionEntities;
  if (entities?.length) out.entities = entities;
  if (msg.mediaGroupId) out.mediaGroupId = msg.mediaGroupId;
  if (msg.replyTo !== undefined) out.replyTo = msg.replyTo;
  if (msg.ephemeral) {
    out.ephemeral_message_id = msg.ephemeral.id;
    if (msg.ephemeral.receiver) out.receiverId = msg.ephemeral.receiver.id;
    if (msg.ephemeral.replaces !== undefined) out.replaces = msg.ephemeral.replaces;
  }
  if (msg.inlineMessageId) out.inline_message_id = msg.inlineMessageId;
  if (msg.guestCaller) out.guestCallerId = msg.guestCaller.id;
  if (msg.editedAt !== undefined) out.editedAt = msg.editedAt;
  if (msg.media) {
    const f = msg.media.file;
    out.mediaType = msg.media.type;
    if (msg.media.spoiler) out.has_media_spoiler = true;
    out.media = {
      file_id: f.fileId,
      size: f.size,
      ...(f.fileName ? { file_name: f.fileName } : {}),
      ...(f.mimeType ? { mime_type: f.mimeType } : {}),
      ...(f.width !== undefined ? { width: f.width } : {}),
      ...(f.height !== undefined ? { height: f.height } : {}),
      ...(f.duration !== undefined ? { duration: f.duration } : {}),
      bytes: () => files.read(f),
    };
  }
  return out;
}
