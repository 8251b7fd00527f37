import { badRequest } from '../api-error.js';

/** An inline result as the bot sent it (photo or video by file id), after validation. */
export interface InlineResult {
  type: 'photo' | 'video';
  id: string;
  fileId: string;
  title?: string;
  caption?: string;
  parseMode?: string;
  buttons: Array<{ text: string; url?: string; callback_data?: string }>;
}

export interface InlineAnswer {
  results: InlineResult[];
  cacheTime?: number;
  isPersonal?: boolean;
  nextOffset?: string;
}

interface Query {
  id: string;
  fromId: number;
  query: string;
  sentAt: number;
  answered: boolean;
  resolve: (answer: InlineAnswer) => void;
}

const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';

/** Inline queries sent by scripted users: each answerable exactly once, and only within the time limit. */
export class InlineQueries {
  private readonly queries = new Map<string, Query>();
  private counter = 0;

  /** `timeoutMs`: how long Telegram waits for the answer; `now` is the emulator's clock for it. */
  constructor(
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  create(fromId: number, query: string): { id: string; answer: Promise<InlineAnswer> } {
    const id = `${5_100_000_000_000_000 + fromId * 1000 + this.counter++}`;
    let resolve!: (answer: InlineAnswer) => void;
    const answer = new Promise<InlineAnswer>((r) => {
      resolve = r;
    });
    this.queries.set(id, { id, fromId, query, sentAt: this.now(), answered: false, resolve });
    return { id, answer };
  }

  fromOf(id: string): number | undefined {
    return this.queries.get(id)?.fromId;
  }

  answer(id: string, answer: InlineAnswer): void {
    const query = this.queries.get(id);
    if (!query || query.answered || this.now() - query.sentAt > this.timeoutMs) throw badRequest(TOO_OLD);
    query.answered = true;
    query.resolve(answer);
  }
}

/** A message a bot prepared for one user to share from a Mini App (savePreparedInlineMessage). */
export interface PreparedMessage {
  id: string;
  userId: number;
  result: InlineResult;
  /** Where the user may send it: user, bot, group and channel chats. */
  allow: { users: boolean; bots: boolean; groups: boolean; channels: boolean };
  /** Unix seconds. */
  expirationDate: number;
}

/** Telegram keeps a prepared message for a day. */
const PREPARED_LIFETIME_SECONDS = 24 * 60 * 60;

/** The prepared messages of every user, by id. */
export class PreparedMessages {
  private readonly byId = new Map<string, PreparedMessage>();
  private counter = 0;

  constructor(private readonly now: () => number = Date.now) {}

  add(userId: number, result: InlineResult, allow: PreparedMessage['allow']): PreparedMessage {
    const id = `prep${(++this.counter).toString(36)}${userId.toString(36)}`;
    const expirationDate = Math.floor(this.now() / 1000) + PREPARED_LIFETIME_SECONDS;
    const prepared = { id, userId, result, allow, expirationDate };
    this.byId.set(id, prepared);
    return prepared;
  }

  get(id: string): PreparedMessage | undefined {
    return this.byId.get(id);
  }

  all(): PreparedMessage[] {
    return [...this.byId.values()];
  }
}
