import type { MessageEntity, User } from 'grammy/types';
import type { FileKind, StoredFile } from '../files/file-store.js';
import type { AnyReplyMarkup } from '../reply-markup.js';
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
}

export interface StoredMessage {
  messageId: number;
  chatId: number;
  fromBot: boolean;
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
  editCount: number;
  deleted: boolean;
  sentAt: number;
  editedAt?: number | undefined;
  editDate?: number | undefined;
}

/** Chat history as seen by a test: what happened, in order, with the message state right after it. */
export type ChatEvent =
  | { seq: number; type: 'sent' | 'edited'; snapshot: StoredMessage }
  | { seq: number; type: 'deleted'; messageId: number }
  | {
      seq: number;
      type: 'pressed';
      messageId: number;
      data: string;
      queryId: string;
      label?: string | undefined;
    }
  | {
      seq: number;
      type: 'answered';
      queryId: string;
      text?: string | undefined;
      showAlert?: boolean | undefined;
    }
  | { seq: number; type: 'blocked' | 'unblocked' };

export interface ChatState {
  id: number;
  user: User;
  blocked: boolean;
  messages: Map<number, StoredMessage>;
  events: ChatEvent[];
  listeners: Set<() => void>;
  nextMessageId: number;
}

type Distribute<T> = T extends unknown ? Omit<T, 'seq'> : never;
export type NewChatEvent = Distribute<ChatEvent>;
export type NewMessage = Omit<
  StoredMessage,
  'messageId' | 'chatId' | 'date' | 'editCount' | 'deleted' | 'sentAt'
>;

/** Private chats (chat.id === user.id) with one message-id sequence shared by user and bot, like Telegram. */
export class ChatStore {
  private readonly chats = new Map<number, ChatState>();

  constructor(private readonly clock: EventClock) {}

  create(user: User): ChatState {
    if (this.chats.has(user.id)) throw new Error(`a user with id ${user.id} already exists`);
    const chat: ChatState = {
      id: user.id,
      user,
      blocked: false,
      messages: new Map(),
      events: [],
      listeners: new Set(),
      nextMessageId: 1,
    };
    this.chats.set(chat.id, chat);
    return chat;
  }

  get(id: number): ChatState | undefined {
    return this.chats.get(id);
  }

  all(): ChatState[] {
    return [...this.chats.values()];
  }

  addMessage(chat: ChatState, fields: NewMessage): StoredMessage {
    const message: StoredMessage = {
      ...fields,
      messageId: chat.nextMessageId++,
      chatId: chat.id,
      date: Math.floor(Date.now() / 1000),
      editCount: 0,
      deleted: false,
      sentAt: this.clock.current() + 1,
    };
    chat.messages.set(message.messageId, message);
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
    this.record(chat, { type: 'deleted', messageId: message.messageId });
  }

  record(chat: ChatState, event: NewChatEvent): number {
    const seq = this.clock.next();
    chat.events.push({ ...event, seq } as ChatEvent);
    for (const listener of [...chat.listeners]) listener();
    return seq;
  }
}
