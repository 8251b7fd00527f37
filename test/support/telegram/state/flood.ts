/**
 * Telegram's flood limits, as bots meet them: about 30 messages per second per bot, and one message
 * per second to one chat, where Telegram allows "short bursts" before it answers 429 (a bot's answer
 * in two messages is fine; a stream of them is not): each chat has a bucket of `perChatBurst` sends
 * (default 3) refilled at `perChatPerSecond`. A send over either limit gets 429 "Too Many Requests"
 * with `retry_after` (whole seconds). Each 429 opens a window for its chat; a send to that chat inside
 * the window is a 429 the bot ignored: counted (`ignored`), answered 429 again.
 *
 * Groups (negative chat ids) also take at most 20 messages a minute from the bot (Telegram's
 * documented limit; `perGroupPerMinute`), counted over the last 60 s like the bot's per-second
 * limit. Edits are not counted, here as in private chats. Ephemeral messages (sent with
 * ephemeral_message_parameters) count like any other send: whether Telegram counts them is not
 * documented, and counting them is the conservative reading. Answers to guest queries are inline
 * messages (no chat_id) and are not counted.
 *
 * Real time on purpose: the bot under test paces itself on real time. Tests assert what the bot did
 * about a 429 (waited, sent again, never lost or doubled a message), never how fast it went.
 */
import { ApiError } from '../api-error.js';

export interface FloodLimits {
  /** Messages per second for the whole bot (Telegram: about 30). */
  perSecond?: number;
  /** Messages per second to one chat (Telegram: 1). */
  perChatPerSecond?: number;
  /** Sends a chat may take at once before the per-chat rate applies (default 3; 1 = strict). */
  perChatBurst?: number;
  /** Messages per minute to one group or supergroup (Telegram: 20). */
  perGroupPerMinute?: number;
}

/** Methods that send a message: what the limits count. Edits and answers do not. */
const SENDING = new Set(
  [
    'sendMessage',
    'sendPhoto',
    'sendVideo',
    'sendAnimation',
    'sendDocument',
    'sendAudio',
    'sendVoice',
    'sendSticker',
    'sendMediaGroup',
    'copyMessage',
    'forwardMessage',
    'sendInvoice',
  ].map((m) => m.toLowerCase()),
);

export interface FloodStats {
  /** Sends answered 429 (over a limit, or inside a window the bot was told to wait). */
  limited: number;
  /** Sends to a chat inside its retry_after window: the bot did not wait as told. */
  ignored: number;
  /** The ignored sends: chat and how early they came (ms). */
  ignoredDetails: Array<{ chatId: number; earlyMs: number }>;
}

export class FloodControl {
  readonly stats: FloodStats = { limited: 0, ignored: 0, ignoredDetails: [] };
  readonly #perSecond: number;
  readonly #chatGapMs: number;
  readonly #burst: number;
  readonly #perGroupPerMinute: number;
  /** Times of the bot's accepted sends in the last second. */
  readonly #recent: number[] = [];
  /** Chat -> its bucket: sends left, as of `at`. */
  readonly #buckets = new Map<number, { tokens: number; at: number }>();
  /** Group -> times of the bot's accepted sends there in the last minute. */
  readonly #groupRecent = new Map<number, number[]>();
  /** Chat -> until when its last 429 told the bot to wait. */
  readonly #windows = new Map<number, number>();
  readonly #now: () => number;

  constructor(limits: FloodLimits, now: () => number = () => performance.now()) {
    this.#perSecond = limits.perSecond ?? 30;
    this.#chatGapMs = 1000 / (limits.perChatPerSecond ?? 1);
    this.#burst = Math.max(1, limits.perChatBurst ?? 3);
    this.#perGroupPerMinute = limits.perGroupPerMinute ?? 20;
    this.#now = now;
  }

  /** Throws 429 if this send breaks a limit; otherwise counts it. */
  admit(method: string, chatId: number | undefined): void {
    if (!SENDING.has(method.toLowerCase()) || chatId === undefined) return;
    const now = this.#now();
    const window = this.#windows.get(chatId);
    if (window !== undefined && now < window) {
      this.stats.ignored++;
      this.stats.ignoredDetails.push({ chatId, earlyMs: Math.round(window - now) });
      throw this.#limit(chatId, window - now);
    }
    while (this.#recent.length > 0 && this.#recent[0]! <= now - 1000) this.#recent.shift();
    if (this.#recent.length >= this.#perSecond) {
      throw this.#limit(chatId, this.#recent[0]! + 1000 - now);
    }
    const bucket = this.#buckets.get(chatId) ?? { tokens: this.#burst, at: now };
    const tokens = Math.min(this.#burst, bucket.tokens + (now - bucket.at) / this.#chatGapMs);
    if (tokens < 1) throw this.#limit(chatId, (1 - tokens) * this.#chatGapMs);
    const inGroup = chatId < 0 ? this.#groupSends(chatId, now) : undefined;
    if (inGroup && inGroup.length >= this.#perGroupPerMinute) {
      throw this.#limit(chatId, inGroup[0]! + 60_000 - now);
    }
    inGroup?.push(now);
    this.#recent.push(now);
    this.#buckets.set(chatId, { tokens: tokens - 1, at: now });
  }

  /** The group's sends of the last minute (oldest first), kept for the next check. */
  #groupSends(chatId: number, now: number): number[] {
    const sends = (this.#groupRecent.get(chatId) ?? []).filter((t) => t > now - 60_000);
    this.#groupRecent.set(chatId, sends);
    return sends;
  }

  /** An injected 429 binds the bot like a real one. */
  noteInjected(chatId: number | undefined, retryAfterSeconds: number): void {
    if (chatId === undefined) return;
    this.#windows.set(chatId, this.#now() + retryAfterSeconds * 1000);
  }

  #limit(chatId: number, waitMs: number): ApiError {
    const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
    this.stats.limited++;
    this.#windows.set(chatId, this.#now() + retryAfter * 1000);
    return new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, {
      problem: false,
      parameters: { retry_after: retryAfter },
    });
  }
}
