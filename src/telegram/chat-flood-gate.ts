/**
 * A 429 "Too Many Requests" for a chat binds every send to that chat, not only the request that got
 * it: Telegram counts the chat's messages, whoever in the bot sends them. auto-retry waits out the
 * 429 for its own request only, so without this gate a result delivery and a reply racing into one
 * chat both wait `retry_after`, send at the same instant, and one of them gets 429 again, round
 * after round, until auto-retry gives up and the customer sees an error.
 *
 * After a 429, sends to that chat go one at a time, `gapMs` apart (Telegram: one message a second to
 * a chat; `groupGapMs` for a group, whose limit is 20 messages a minute: a busy group gets its
 * results late rather than a 429 again), from the end of `retry_after` on. A chat that has had no 429 is never delayed. The gate is
 * per process, shared by the bot's Api and the broadcast sender's. The outbound scheduler in front
 * of it (telegram/outbound-scheduler.ts) asks `readyAt` and lets a held chat's post go only then.
 */
import type { Transformer } from 'grammy';
import { postedChat } from './message-posts.js';
import { realPause } from './telegram-link.js';

/** A gated chat is forgotten once it has been quiet this long after its last reserved slot. */
const FORGET_AFTER_MS = 60_000;
/** Quiet chats are swept when this many are remembered. */
const SWEEP_ABOVE = 1_000;

export interface ChatFloodGateOptions {
  /** Spacing of sends to a chat after it got a 429 (default 1,000 ms). */
  gapMs?: number;
  /** Spacing of sends to a group (a negative chat id) after it got a 429 (default 3,000 ms). */
  groupGapMs?: number;
  now?: () => number;
  pause?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export class ChatFloodGate {
  readonly #gapMs: number;
  readonly #groupGapMs: number;
  readonly #now: () => number;
  readonly #pause: NonNullable<ChatFloodGateOptions['pause']>;
  /** Chat -> the earliest time its next send may start. Only chats that had a 429. */
  readonly #nextAt = new Map<string, number>();

  constructor(opts: ChatFloodGateOptions = {}) {
    this.#gapMs = opts.gapMs ?? 1_000;
    this.#groupGapMs = opts.groupGapMs ?? 3_000;
    this.#now = opts.now ?? Date.now;
    this.#pause = opts.pause ?? realPause;
  }

  /**
   * Whether a send to `chatId` would wait now: the update in hand for that chat is only waiting out
   * Telegram's window, and need not hold one of the inbox's worker slots meanwhile.
   */
  holdsBack(chatId: number | string): boolean {
    const next = this.#nextAt.get(String(chatId));
    return next !== undefined && next > this.#now();
  }

  /** When a send to `chatId` may start (0: at once); the outbound scheduler keeps it till then. */
  readyAt(chatId: number | string): number {
    return this.#nextAt.get(String(chatId)) ?? 0;
  }

  /** Chats currently held back by a 429 (for tests and logs). */
  get gatedChats(): number {
    return this.#nextAt.size;
  }

  readonly transformer: Transformer = async (prev, method, payload, signal) => {
    const chat = postedChat(method, payload);
    if (chat === undefined) return prev(method, payload, signal);
    await this.#waitForSlot(chat, signal as AbortSignal | undefined);
    const result = await prev(method, payload, signal);
    if (!result.ok && result.error_code === 429) {
      const retryAfter = result.parameters?.retry_after ?? 1;
      const until = this.#now() + retryAfter * 1000;
      this.#nextAt.set(chat, Math.max(this.#nextAt.get(chat) ?? 0, until));
      if (this.#nextAt.size > SWEEP_ABOVE) this.#forgetQuietChats();
    }
    return result;
  };

  #forgetQuietChats(): void {
    const stale = this.#now() - FORGET_AFTER_MS;
    for (const [chat, next] of this.#nextAt) if (next < stale) this.#nextAt.delete(chat);
  }

  /**
   * Waits until the chat may be sent to, then takes the slot (the next one is `gapMs` later). A 429
   * that comes back meanwhile moves the time on, so a waiting send looks again after its pause
   * rather than going out at a time reserved before that 429 (into Telegram's new window).
   */
  async #waitForSlot(chat: string, signal: AbortSignal | undefined): Promise<void> {
    for (;;) {
      const next = this.#nextAt.get(chat);
      if (next === undefined) return;
      const now = this.#now();
      if (next + FORGET_AFTER_MS < now) {
        this.#nextAt.delete(chat);
        return;
      }
      if (next <= now) {
        this.#nextAt.set(chat, now + (Number(chat) < 0 ? this.#groupGapMs : this.#gapMs));
        return;
      }
      await this.#pause(next - now, signal);
    }
  }
}
