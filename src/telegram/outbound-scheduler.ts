/**
 * Telegram lets a bot post about 30 messages a second, all chats together, and answers 429 past
 * that. Under a flood of chats every reply competes for those 30: left to chance, a newcomer's
 * /start reply loses round after round until auto-retry gives up. Every message post of this
 * process goes through one budget here, served fairly:
 *
 * - The budget: at most `perSecond` posts count at once; a post counts from the moment it goes out
 *   until a second after its answer came back, so however long a request takes on the way, Telegram
 *   never receives more than `perSecond` in any second.
 * - Who goes next when posts wait: the chat that has been least busy lately (a count of the posts
 *   made to it and the updates heard from it, `heard`, fading by half every minute), so a newcomer
 *   goes before chats that have been flooding, even those not answered yet (counting posts alone,
 *   a thousand flooders not yet answered tie with the newcomer, who came last); among equals,
 *   whoever came first (round robin, since a post raises its chat's count). Posts made while a payment is
 *   handled go before everything (post-marks.ts); background posts (broadcasts) only take
 *   what no reply is waiting for.
 * - One post per chat at a time, in the order they came: a chat's messages keep their order, and a
 *   429 for the chat is known before its next post goes. A refused post that auto-retry brings back
 *   keeps its place at the head of its chat.
 * - A chat waiting out its own 429 (`chatReadyAt`: the flood gate's window) is passed over till
 *   then and holds nothing meanwhile.
 * - A handler whose post waits for its turn is marked as waiting (budget-waits.ts, carried by the
 *   post's marks), so the update inbox lets another update be claimed meanwhile.
 * - A 429 that the chat cannot have caused (nothing posted to it in the last second, a private
 *   chat, and the budget busy) is the bot's: the whole budget pauses for its retry_after.
 *
 * Everything else (answers to callback and pre-checkout queries, edits, getUpdates, getFile...)
 * passes straight through, never queued behind a flood. Edits are not counted either: Telegram's
 * 30 a second are sent messages (the emulator counts only those too), and the order notifier
 * already paces status edits per chat; counting them would let status refreshes starve replies.
 *
 * The budget is per process: replicas that all send share Telegram's 30 by TELEGRAM_SEND_RATE.
 */
import type { Transformer } from 'grammy';
import { realTimers, type Timers } from '../lib/timers.js';
import type { BudgetWaits } from './budget-waits.js';
import { postedChat } from './message-posts.js';
import { marksOf } from './post-marks.js';

/** A post counts against the budget until this long after its answer came back. */
const WINDOW_MS = 1_000;
/** Two posts to one chat closer than this may draw a 429 of the chat's own (Telegram: 1/s). */
const CHAT_GAP_MS = 1_000;
/** How fast a chat's count of recent posts fades. */
const LOAD_HALF_LIFE_MS = 60_000;
/** A refused post not brought back within retry_after and this is given up on by its sender. */
const RETRY_GRACE_MS = 2_000;
/** Quiet chats are forgotten (they count as newcomers again) once their count fell below this. */
const FORGET_BELOW = 0.05;
/** Chats remembered before the quiet ones are swept. */
const SWEEP_ABOVE = 1_000;

export interface OutboundSchedulerOptions {
  /** Message posts a second for this process (default 30, Telegram's limit per bot). */
  perSecond?: number;
  /** When a chat may next be posted to (its 429 window); at or before now: at once. */
  chatReadyAt?: (chat: string) => number;
  now?: () => number;
  timers?: Timers;
}

/** Who goes first when posts wait: a payment's answers, then replies, then broadcasts. */
enum Rank {
  Urgent = 0,
  Reply = 1,
  Background = 2,
}

interface Post {
  seq: number;
  rank: Rank;
  payload: unknown;
  /** Set when it goes out: a 429 for it would be the bot's, not the chat's. */
  botWide: boolean;
  go(): void;
}

interface ChatLine {
  chat: string;
  posts: Post[];
  busy: boolean;
  /** Recent posts and updates heard, faded to `loadAt`. */
  load: number;
  loadAt: number;
  lastPostAt: number;
  /** A post refused with 429 that auto-retry will bring back (the same payload) before `until`. */
  retrying: { payload: unknown; until: number } | undefined;
}

export class OutboundScheduler {
  readonly #perSecond: number;
  readonly #chatReadyAt: (chat: string) => number;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #lines = new Map<string, ChatLine>();
  /** Lines with posts queued. */
  readonly #waiting = new Set<ChatLine>();
  /** Answer times of finished posts still counted (ascending). */
  readonly #ended: number[] = [];
  #inFlight = 0;
  #pausedUntil = 0;
  #seq = 0;
  #wake: unknown;
  #sweepAbove = SWEEP_ABOVE;

  constructor(opts: OutboundSchedulerOptions = {}) {
    this.#perSecond = opts.perSecond ?? 30;
    this.#chatReadyAt = opts.chatReadyAt ?? (() => 0);
    this.#now = opts.now ?? Date.now;
    this.#timers = opts.timers ?? realTimers;
  }

  /** The bot's own posts: replies, notices, deliveries. */
  readonly transformer: Transformer = this.#through(false);
  /** Posts that may wait for every reply (broadcasts). */
  readonly background: Transformer = this.#through(true);

  /** Posts waiting for their turn (for tests and logs). */
  get queued(): number {
    let n = 0;
    for (const line of this.#waiting) n += line.posts.length;
    return n;
  }

  /** An update came from `chat`: a chat that writes a lot waits behind one that writes little. */
  heard(chat: number | string): void {
    const line = this.#line(String(chat));
    const now = this.#now();
    line.load = this.#loadOf(line, now) + 1;
    line.loadAt = now;
  }

  #through(background: boolean): Transformer {
    return async (prev, method, payload, signal) => {
      const chat = postedChat(method, payload);
      if (chat === undefined) return prev(method, payload, signal);
      const line = this.#line(chat);
      const marks = marksOf(payload);
      const rank = background ? Rank.Background : marks?.urgent ? Rank.Urgent : Rank.Reply;
      const post = await this.#turn(line, payload, rank, marks?.waits, signal as AbortSignal | undefined);
      try {
        const result = await prev(method, payload, signal);
        if (!result.ok && result.error_code === 429) {
          this.#refused(line, post, result.parameters?.retry_after ?? 1);
        }
        return result;
      } finally {
        this.#inFlight--;
        this.#ended.push(this.#now());
        line.busy = false;
        this.#pump();
      }
    };
  }

  #line(chat: string): ChatLine {
    let line = this.#lines.get(chat);
    if (!line) {
      line = { chat, posts: [], busy: false, load: 0, loadAt: 0, lastPostAt: -Infinity, retrying: undefined };
      this.#lines.set(chat, line);
      if (this.#lines.size > this.#sweepAbove) this.#forgetQuietChats();
    }
    return line;
  }

  /** Queues the post and resolves when it may go out (it then counts against the budget). */
  #turn(
    line: ChatLine,
    payload: unknown,
    rank: Rank,
    waits: BudgetWaits | undefined,
    signal: AbortSignal | undefined,
  ) {
    return new Promise<Post>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      let gone = false;
      let counted = false;
      const uncount = () => {
        if (counted) waits?.leave();
        counted = false;
      };
      const onAbort = () => {
        const at = line.posts.indexOf(post);
        if (at < 0) return;
        line.posts.splice(at, 1);
        if (line.posts.length === 0) this.#waiting.delete(line);
        uncount();
        reject(signal?.reason);
        this.#pump();
      };
      const post: Post = {
        seq: ++this.#seq,
        rank,
        payload,
        botWide: false,
        go: () => {
          gone = true;
          signal?.removeEventListener('abort', onAbort);
          uncount();
          resolve(post);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (line.retrying?.payload === payload) {
        line.retrying = undefined;
        line.posts.unshift(post);
      } else {
        line.posts.push(post);
      }
      this.#waiting.add(line);
      this.#pump();
      if (gone || !waits) return;
      counted = true;
      waits.enter();
    });
  }

  #refused(line: ChatLine, post: Post, retryAfterSeconds: number): void {
    const until = this.#now() + retryAfterSeconds * 1000;
    if (post.botWide) this.#pausedUntil = Math.max(this.#pausedUntil, until);
    // A broadcast sends its recipient again with a new request; auto-retry brings back the same one.
    if (post.rank !== Rank.Background)
      line.retrying = { payload: post.payload, until: until + RETRY_GRACE_MS };
  }

  /** Starts every post the budget has room for, best first; wakes itself for the next. */
  #pump(): void {
    if (this.#wake !== undefined) this.#timers.clear(this.#wake);
    this.#wake = undefined;
    const now = this.#now();
    for (;;) {
      const roomAt = this.#roomAt(now);
      const { next, heldUntil } = this.#pick(now);
      if (next && roomAt <= now) {
        this.#start(next, now);
        continue;
      }
      const wakeAt = Math.min(next ? roomAt : Number.POSITIVE_INFINITY, heldUntil);
      if (Number.isFinite(wakeAt)) {
        this.#wake = this.#timers.set(() => {
          this.#wake = undefined;
          this.#pump();
        }, wakeAt - now);
      }
      return;
    }
  }

  /** When the budget has room for one more post (Infinity: when a post in flight is answered). */
  #roomAt(now: number): number {
    while (this.#ended.length > 0 && this.#ended[0]! + WINDOW_MS <= now) this.#ended.shift();
    const mustEnd = this.#inFlight + this.#ended.length - this.#perSecond + 1;
    const at =
      mustEnd <= 0
        ? now
        : mustEnd > this.#ended.length
          ? Number.POSITIVE_INFINITY
          : this.#ended[mustEnd - 1]! + WINDOW_MS;
    return Math.max(at, this.#pausedUntil);
  }

  /** The chat whose head post goes next, and when the first chat passed over may go. */
  #pick(now: number): { next: ChatLine | undefined; heldUntil: number } {
    let next: ChatLine | undefined;
    let nextLoad = 0;
    let heldUntil = Number.POSITIVE_INFINITY;
    for (const line of this.#waiting) {
      if (line.busy) continue;
      if (line.retrying && line.retrying.until <= now) line.retrying = undefined;
      const readyAt = Math.max(line.retrying?.until ?? 0, this.#chatReadyAt(line.chat));
      if (readyAt > now) {
        heldUntil = Math.min(heldUntil, readyAt);
        continue;
      }
      const load = this.#loadOf(line, now);
      if (!next || this.#before(line, load, next, nextLoad)) {
        next = line;
        nextLoad = load;
      }
    }
    return { next, heldUntil };
  }

  #before(a: ChatLine, aLoad: number, b: ChatLine, bLoad: number): boolean {
    const aHead = a.posts[0]!;
    const bHead = b.posts[0]!;
    if (aHead.rank !== bHead.rank) return aHead.rank < bHead.rank;
    if (aLoad !== bLoad) return aLoad < bLoad;
    return aHead.seq < bHead.seq;
  }

  #start(line: ChatLine, now: number): void {
    const post = line.posts.shift()!;
    if (line.posts.length === 0) this.#waiting.delete(line);
    post.botWide =
      now - line.lastPostAt >= CHAT_GAP_MS &&
      !line.chat.startsWith('-') && // groups and channels have per-minute limits of their own
      this.#inFlight + this.#ended.length >= this.#perSecond / 2;
    line.busy = true;
    line.load = this.#loadOf(line, now) + 1;
    line.loadAt = now;
    line.lastPostAt = now;
    this.#inFlight++;
    post.go();
  }

  #loadOf(line: ChatLine, now: number): number {
    return line.load * 2 ** (-(now - line.loadAt) / LOAD_HALF_LIFE_MS);
  }

  #forgetQuietChats(): void {
    const now = this.#now();
    for (const [chat, line] of this.#lines) {
      const idle = !line.busy && line.posts.length === 0 && (line.retrying?.until ?? 0) <= now;
      if (idle && this.#loadOf(line, now) < FORGET_BELOW) this.#lines.delete(chat);
    }
    this.#sweepAbove = Math.max(SWEEP_ABOVE, 2 * this.#lines.size);
  }
}
