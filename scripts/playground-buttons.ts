/**
 * The playground's button numbers and what pressing one does. Every button printed gets a number of
 * its own for the whole session (#1, #2, ...), kept while its message keeps it, so an older
 * message's buttons stay reachable after newer messages; a number whose button is gone says so,
 * in the playground's words rather than the emulator's.
 */
import type { BotMessageButton } from '../test/support/telegram/bot-message.js';

/** What pressing a button does in Telegram, and so in the playground. */
export type ButtonAction =
  | { kind: 'callback'; data: string }
  | { kind: 'inline'; query: string }
  | { kind: 'web_app'; url: string }
  | { kind: 'invoice_link'; url: string }
  | { kind: 'url'; url: string };

export function buttonAction(button: BotMessageButton): ButtonAction | undefined {
  if (button.callback_data !== undefined) return { kind: 'callback', data: button.callback_data };
  if (button.switch_inline_query !== undefined) return { kind: 'inline', query: button.switch_inline_query };
  if (button.web_app) return { kind: 'web_app', url: button.web_app.url };
  if (button.url?.startsWith('https://t.me/$')) return { kind: 'invoice_link', url: button.url };
  if (button.url) return { kind: 'url', url: button.url };
  return undefined;
}

/** A button's identity on its message: same label, same action. */
const keyOf = (button: BotMessageButton) => JSON.stringify([button.text, buttonAction(button)]);

export type Resolved =
  | { ok: true; messageId: number; button: BotMessageButton }
  | { ok: false; reason: string };

export class ButtonNumbers {
  #next = 1;
  readonly #byNumber = new Map<number, { messageId: number; key: string; text: string }>();
  /** Per message, the number of each of its buttons (by key), as last printed. */
  readonly #byMessage = new Map<number, Map<string, number>>();

  /** Numbers for a message's buttons as printed now: a button it already had keeps its number. */
  number(messageId: number, buttons: readonly BotMessageButton[]): number[] {
    const before = this.#byMessage.get(messageId) ?? new Map<string, number>();
    const now = new Map<string, number>();
    const numbers = buttons.map((button) => {
      const key = keyOf(button);
      const kept = before.get(key);
      const number = kept !== undefined && ![...now.values()].includes(kept) ? kept : this.#next++;
      now.set(key, number);
      this.#byNumber.set(number, { messageId, key, text: button.text });
      return number;
    });
    this.#byMessage.set(messageId, now);
    return numbers;
  }

  /**
   * The button #n stands for, if its message still has it. `current` gives a message's buttons now
   * (undefined: the message is gone).
   */
  resolve(n: number, current: (messageId: number) => readonly BotMessageButton[] | undefined): Resolved {
    const entry = this.#byNumber.get(n);
    if (!entry) return { ok: false, reason: `There is no button #${n}.` };
    const buttons = current(entry.messageId);
    if (!buttons || buttons.length === 0)
      return { ok: false, reason: `Button #${n} (${entry.text}): that message has no buttons any more.` };
    const button = buttons.find((b) => keyOf(b) === entry.key);
    if (button) return { ok: true, messageId: entry.messageId, button };
    const numbers = this.#byMessage.get(entry.messageId) ?? new Map<string, number>();
    const listed = buttons
      .map((b) => {
        const number = numbers.get(keyOf(b));
        return number === undefined ? b.text : `#${number} ${b.text}`;
      })
      .join(' · ');
    return {
      ok: false,
      reason: `Button #${n} (${entry.text}) is no longer on its message, which now has: ${listed}.`,
    };
  }
}
