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
