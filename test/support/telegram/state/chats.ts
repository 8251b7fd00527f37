import type { MessageEntity, User } from 'grammy/types';
import type { FileKind, StoredFile } from '../files/file-store.js';
import type { AnyReplyMarkup } from '../reply-markup.js';
import type { EphemeralMessages } from './ephemeral.js';
import type { GroupInfo } from './groups.js';
import type { StoredInvoice } from './payments.js';

/** Global monotonically increasing event counter shared by every chat and the call log. */
export class EventClock {
  private value = 0;
  next(): number {
    return ++this.value;
  }
  current(): number {
    return this.value;
  }
}

export interface MessageMedia {
  type: FileKind;
  /** The file itself (for photos: the largest size). */
  file: StoredFile;
  /** Photos only: every PhotoSize, smallest first. */
  sizes?: StoredFile[];
  /** Videos and animations: their thumbnail (a small JPEG), when Telegram made one. */
  thumbnail?: StoredFile | undefined;
  /** Shown under a spoiler (`has_spoiler`; the Message's has_media_spoiler). */
  spoiler?: boolean;
}

/** An ephemeral message (Bot API 10.x): message_id 0, seen only by its receiver (and the bot). */
export interface EphemeralMark {
  /** ephemeral_message_id, counted per chat. */
  id: number;
  /** The bot's ephemeral message: the member who sees it. Undefined for a member's own (sent to the bot). */
  receiver?: User | undefined;
  /** The message it is shown in place of, for its receiver (replace_callback_query_message). */
  replaces?: number | undefined;
}

export interface StoredMessage {
  /** The chat's message id; 0 for ephemeral messages. */
  messageId: number;
  chatId: number;
  fromBot: boolean;
  /** A user's message in a group: who sent it (in a private chat with the bot, the chat's user). */
  from?: User | undefined;
  date: number;
  text?: string | undefined;
  entities?: MessageEntity[] | undefined;
  caption?: string | undefined;
  captionEntities?: MessageEntity[] | undefined;
  parseMode?: string | undefined;
  media?: MessageMedia | undefined;
  mediaGroupId?: string | undefined;
  invoice?: StoredInvoice | undefined;
  /** A user's message: the successful_payment it carries. */
  successfulPayment?: Record<string, unknown> | undefined;
  /** A service message's own field (e.g. `managed_bot_created`), copied into the Message as is. */
  service?: Record<string, unknown> | undefined;
  replyMarkup?: AnyReplyMarkup | undefined;
  replyTo?: number | undefined;
  /** A reply to an ephemeral message (its ephemeral_message_id). */
  replyToEphemeral?: number | undefined;
  ephemeral?: EphemeralMark | undefined;
  /** An inline message (posted through answerGuestQuery): its inline_message_id. */
  inlineMessageId?: string | undefined;
  /** A guest bot's answer: the user whose message summoned the bot. */
  guestCaller?: User | undefined;
  editCount: number;
  deleted: boolean;
  sentAt: number;
  editedAt?: number | undefined;
  editDate?: number | undefined;
}

/** Chat history as seen by a test: what happened, in order, with the message state right after it. */
export type ChatEvent =
  | { seq: number; type: 'sent' | 'edited'; snapshot: StoredMessage }
  | { seq: number; type: 'deleted'; messageId: number; ephemeral?: EphemeralMark | undefined }
  | {
      seq: number;
      type: 'pressed';
      messageId: number;
      data: string;
      queryId: string;
      label?: string | undefined;
      /** Who pressed, in a group (in a private chat, its user). */
      by?: User | undefined;
      ephemeralId?: number | undefined;
      inlineMessageId?: string | undefined;
    }
  | {
      seq: number;
      type: 'answered';
      queryId: string;
      text?: string | undefined;
      showAlert?: boolean | undefined;
    }
  | { seq: number; type: 'blocked' | 'unblocked' }
  /** A group's membership changed (the bot added, removed, promoted). */
  | { seq: number; type: 'membership'; note: string };

interface ChatBase {
  id: number;
  messages: Map<number, StoredMessage>;
  events: ChatEvent[];
  listeners: Set<() => void>;
  nextMessageId: number;
}

/** A user's private chat with the bot (chat.id === user.id). */
export interface PrivateChatState extends ChatBase {
  kind: 'private';
  user: User;
  blocked: boolean;
}

/**
 * A chat of users the bot may or may not be part of: a group, a supergroup, or (type 'private')
 * two users' own private chat, where the bot only ever appears as a guest. Its ephemeral messages
 * live apart from `messages` (they all have message_id 0).
 */
export interface GroupChatState extends ChatBase {
  kind: 'group';
  group: GroupInfo;
  ephemeral: EphemeralMessages;
}

export type ChatState = PrivateChatState | GroupChatState;

type Distribute<T> = T extends unknown ? Omit<T, 'seq'> : never;
export type NewChatEvent = Distribute<ChatEvent>;
export type NewMessage = Omit<
  StoredMessage,
  'messageId' | 'chatId' | 'date' | 'editCount' | 'deleted' | 'sentAt'
>;

/**
 * Every chat of one bot, each with one message-id sequence shared by its users and the bot, like
 * Telegram: private chats (chat.id === user.id) and groups (negative ids). Two users' own private
 * chats have an internal id no Bot API call resolves (see methods/common.ts findChat).
 */
export class ChatStore {
  private readonly chats = new Map<number, ChatState>();

  constructor(private readonly clock: EventClock) {}

  create(user: User): PrivateChatState {
    if (this.chats.has(user.id)) throw new Error(`a user with id ${user.id} already exists`);
    const chat: PrivateChatState = { kind: 'private', user, blocked: false, ...this.base(user.id) };
    this.chats.set(chat.id, chat);
    return chat;
  }

  createGroup(id: number, group: GroupInfo, ephemeral: EphemeralMessages): GroupChatState {
    if (this.chats.has(id)) throw new Error(`a chat with id ${id} already exists`);
    const chat: GroupChatState = { kind: 'group', group, ephemeral, ...this.base(id) };
    this.chats.set(id, chat);
    return chat;
  }

  get(id: number): ChatState | undefined {
    return this.chats.get(id);
  }

  /** The user's private chat with the bot. */
  privateChat(userId: number): PrivateChatState | undefined {
    const chat = this.chats.get(userId);
    return chat?.kind === 'private' ? chat : undefined;
  }

  all(): ChatState[] {
    return [...this.chats.values()];
  }

  addMessage(chat: ChatState, fields: NewMessage): StoredMessage {
    const message = this.stored(chat, fields, chat.nextMessageId++);
    chat.messages.set(message.messageId, message);
    this.record(chat, { type: 'sent', snapshot: { ...message } });
    return message;
  }

  /** An ephemeral message: message_id 0, kept in the chat's ephemeral store under its own id. */
  addEphemeral(
    chat: GroupChatState,
    fields: Omit<NewMessage, 'ephemeral'> & { ephemeral: Omit<EphemeralMark, 'id'> },
  ): StoredMessage {
    const id = chat.ephemeral.nextId();
    const message = this.stored(chat, { ...fields, ephemeral: { ...fields.ephemeral, id } }, 0);
    chat.ephemeral.add(message);
    this.record(chat, { type: 'sent', snapshot: { ...message } });
    return message;
  }

  edit(chat: ChatState, message: StoredMessage, changes: Partial<NewMessage>): StoredMessage {
    Object.assign(message, changes, {
      editCount: message.editCount + 1,
      editedAt: this.clock.current() + 1,
      editDate: Math.floor(Date.now() / 1000),
    });
    this.record(chat, { type: 'edited', snapshot: { ...message } });
    return message;
  }

  delete(chat: ChatState, message: StoredMessage): void {
    message.deleted = true;
    this.record(chat, { type: 'deleted', messageId: message.messageId, ephemeral: message.ephemeral });
  }

  record(chat: ChatState, event: NewChatEvent): number {
    const seq = this.clock.next();
    chat.events.push({ ...event, seq } as ChatEvent);
    for (const listener of [...chat.listeners]) listener();
    return seq;
  }

  private base(id: number) {
    return { id, messages: new Map(), events: [], listeners: new Set<() => void>(), nextMessageId: 1 };
  }

  private stored(chat: ChatState, fields: NewMessage, messageId: number): StoredMessage {
    return {
      ...fields,
      messageId,
      chatId: chat.id,
      date: Math.floor(Date.now() / 1000),
      editCount: 0,
      deleted: false,
      sentAt: this.clock.current() + 1,
    };
  }
}
