import { type BotMessage, toBotMessage } from './bot-message.js';
import type { Core } from './core.js';
import type { ChatState, StoredMessage } from './state/chats.js';

export type MessageMatch = string | RegExp | ((m: BotMessage) => boolean);

export interface WaitOptions {
  /** Default 10 s. */
  timeoutMs?: number;
  /** Default true: an edit that makes a message match counts. */
  includeEdits?: boolean;
  /** Only messages sent or edited after this sequence number (emu.seq()); default: now. */
  after?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The first bot message (sent, or edited if edits count) after `opts.after` that this viewer sees
 * (`visible`) and that matches; rejects with the chat's transcript after the timeout.
 */
export function waitForBotMessage(
  core: Core,
  chat: ChatState,
  visible: (m: StoredMessage) => boolean,
  match: MessageMatch | undefined,
  opts: WaitOptions,
  transcript: () => string,
): Promise<BotMessage> {
  const after = opts.after ?? core.clock.current();
  const includeEdits = opts.includeEdits ?? true;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let cursor = 0;
  return new Promise((resolve, reject) => {
    const check = () => {
      for (; cursor < chat.events.length; cursor++) {
        const e = chat.events[cursor]!;
        if (e.seq <= after || (e.type !== 'sent' && (e.type !== 'edited' || !includeEdits))) continue;
        if (!e.snapshot.fromBot || !visible(e.snapshot)) continue;
        const candidate = toBotMessage(e.snapshot, core.files);
        if (matchesMessage(candidate, match)) {
          done();
          resolve(candidate);
          return;
        }
      }
    };
    const timer = setTimeout(() => {
      done();
      reject(
        new Error(
          `waitForMessage(${describeMatch(match)}) timed out after ${timeoutMs} ms (events after #${after}).\n${transcript()}`,
        ),
      );
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      chat.listeners.delete(check);
    };
    chat.listeners.add(check);
    check();
  });
}

export function matchesMessage(m: BotMessage, match: MessageMatch | undefined): boolean {
  if (match === undefined) return true;
  if (typeof match === 'function') return match(m);
  const text = m.text ?? m.caption ?? '';
  return typeof match === 'string' ? text.includes(match) : match.test(text);
}

function describeMatch(match: MessageMatch | undefined): string {
  if (match === undefined) return 'any message';
  if (typeof match === 'function') return 'predicate';
  return typeof match === 'string' ? JSON.stringify(match) : String(match);
}
