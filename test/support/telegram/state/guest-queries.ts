/**
 * Guest queries (Bot API 10.0): a user mentions the bot in a chat it is not a member of; the bot
 * gets a `guest_message` with a guest_query_id and answers it once, within the time limit, with
 * answerGuestQuery. The answer is posted in that chat as an inline message.
 */
import type { User } from 'grammy/types';
import { badRequest } from '../api-error.js';
import type { StoredMessage } from './chats.js';

const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';

export interface GuestQuery {
  id: string;
  /** The chat (its internal id) where the bot was summoned. */
  chatId: number;
  caller: User;
  /** The summoning message's id in that chat. */
  messageId: number;
}

interface Pending extends GuestQuery {
  sentAt: number;
  answered: boolean;
  resolve: (posted: StoredMessage) => void;
}

export class GuestQueries {
  private readonly queries = new Map<string, Pending>();
  private counter = 0;

  /** `timeoutMs`: how long Telegram waits for the answer; `now` is the emulator's clock for it. */
  constructor(
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(chatId: number, caller: User, messageId: number): { id: string; answer: Promise<StoredMessage> } {
    const id = `${5_300_000_000_000_000 + caller.id * 1000 + this.counter++}`;
    let resolve!: (posted: StoredMessage) => void;
    const answer = new Promise<StoredMessage>((r) => {
      resolve = r;
    });
    const pending = { id, chatId, caller, messageId, sentAt: this.now(), answered: false, resolve };
    this.queries.set(id, pending);
    return { id, answer };
  }

  /** The query, now answered; 400 if unknown, answered already, or past the time limit. */
  claim(id: string): GuestQuery {
    const query = this.queries.get(id);
    if (!query || query.answered || this.now() - query.sentAt > this.timeoutMs) throw badRequest(TOO_OLD);
    query.answered = true;
    return { id: query.id, chatId: query.chatId, caller: query.caller, messageId: query.messageId };
  }

  /** The answer was posted: resolves the user's wait for it. */
  posted(id: string, message: StoredMessage): void {
    this.queries.get(id)?.resolve(message);
  }

  unanswered(): GuestQuery[] {
    return [...this.queries.values()]
      .filter((q) => !q.answered && this.now() - q.sentAt <= this.timeoutMs)
      .map(({ id, chatId, caller, messageId }) => ({ id, chatId, caller, messageId }));
  }
}
