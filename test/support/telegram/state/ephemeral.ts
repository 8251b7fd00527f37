/**
 * A group's ephemeral messages (Bot API 10.x): each has message_id 0 and its own
 * ephemeral_message_id, counted per chat; the bot's are seen only by their receiver, a member's own
 * (an ephemeral command) only by that member and the bot. An incoming one may be replied to, with
 * an ephemeral message, within 15 seconds of being sent.
 */
import type { StoredMessage } from './chats.js';

export const EPHEMERAL_REPLY_WINDOW_MS = 15_000;

export class EphemeralMessages {
  #next = 1;
  readonly #byId = new Map<number, { msg: StoredMessage; at: number }>();

  /** `now`: the emulator's clock for the reply window. */
  constructor(private readonly now: () => number = Date.now) {}

  nextId(): number {
    return this.#next++;
  }

  add(msg: StoredMessage): void {
    if (!msg.ephemeral) throw new Error('not an ephemeral message');
    this.#byId.set(msg.ephemeral.id, { msg, at: this.now() });
  }

  /** The bot's live ephemeral message with this id, if `receiverId` received it. */
  sent(receiverId: number, id: number): StoredMessage | undefined {
    const msg = this.#byId.get(id)?.msg;
    return msg?.fromBot && !msg.deleted && msg.ephemeral?.receiver?.id === receiverId ? msg : undefined;
  }

  /** A member's own ephemeral message the bot may still reply to (sent by `senderId` within the window). */
  replyable(senderId: number, id: number): StoredMessage | undefined {
    const entry = this.#byId.get(id);
    if (!entry || entry.msg.fromBot || entry.msg.deleted || entry.msg.from?.id !== senderId) return undefined;
    return this.now() - entry.at <= EPHEMERAL_REPLY_WINDOW_MS ? entry.msg : undefined;
  }

  /** Every ephemeral message, oldest first. */
  all(): StoredMessage[] {
    return [...this.#byId.values()].map((e) => e.msg);
  }
}
