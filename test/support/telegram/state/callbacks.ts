import { badRequest } from '../api-error.js';

export interface CallbackAnswer {
  text?: string;
  show_alert?: boolean;
  url?: string;
}

interface Query {
  id: string;
  chatId: number;
  fromId: number;
  messageId: number;
  data: string;
  answered: boolean;
  resolve: (answer: CallbackAnswer) => void;
}

const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';

/** Callback queries sent by scripted users, each answerable exactly once. */
export class CallbackQueries {
  private readonly queries = new Map<string, Query>();
  private counter = 0;

  create(
    chatId: number,
    fromId: number,
    messageId: number,
    data: string,
  ): { id: string; answer: Promise<CallbackAnswer> } {
    // Telegram ids are opaque decimal strings.
    const id = `${4_700_000_000_000_000 + (Math.abs(chatId) % 1_000_000_000_000) * 1000 + this.counter++}`;
    let resolve!: (answer: CallbackAnswer) => void;
    const answer = new Promise<CallbackAnswer>((r) => {
      resolve = r;
    });
    this.queries.set(id, { id, chatId, fromId, messageId, data, answered: false, resolve });
    return { id, answer };
  }

  chatOf(id: string): number | undefined {
    return this.queries.get(id)?.chatId;
  }

  /** Where a query came from: its chat, the user who pressed, and the pressed message's id (0: ephemeral). */
  origin(id: string): { chatId: number; fromId: number; messageId: number } | undefined {
    const query = this.queries.get(id);
    return query && { chatId: query.chatId, fromId: query.fromId, messageId: query.messageId };
  }

  answer(id: string, answer: CallbackAnswer): void {
    const query = this.queries.get(id);
    if (!query || query.answered) throw badRequest(TOO_OLD);
    query.answered = true;
    query.resolve(answer);
  }

  unanswered(): Array<{ id: string; data: string; fromId: number }> {
    return [...this.queries.values()]
      .filter((q) => !q.answered)
      .map(({ id, data, fromId }) => ({ id, data, fromId }));
  }
}
