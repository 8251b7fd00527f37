/**
 * The update inbox's hooks reach the Telegram side by the update's chat: a retried callback is
 * presumed answered, a /cancel from another replica stops the chat's long work, a chat held back by
 * a 429 waits without a worker, and every chat that writes is heard by the send budget.
 */
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { inboxHooks } from '../../src/app/inbox-hooks.js';
import type { TelegramBot } from '../../src/bot/index.js';
import { chatWork } from '../../src/telegram/chat-work.js';

const CHAT = 41;
const text = {
  update_id: 1,
  message: { message_id: 1, date: 0, chat: { id: CHAT, type: 'private' } },
} as Update;
const press = {
  update_id: 2,
  callback_query: {
    id: 'cb-7',
    chat_instance: 'ci',
    from: { id: CHAT, is_bot: false, first_name: 'Ann' },
    message: { message_id: 3, date: 0, chat: { id: CHAT, type: 'private' } },
  },
} as Update;
const pollAnswer = { update_id: 3, poll: { id: 'p' } } as unknown as Update;

function rig() {
  const presumed: string[] = [];
  const heard: Array<number | string> = [];
  const telegram = {
    callbackAnswers: { presumeAnswered: (id: string) => void presumed.push(id) },
    floodGate: { holdsBack: (chat: number | string) => chat === CHAT },
    scheduler: { heard: (chat: number | string) => void heard.push(chat) },
  } as unknown as TelegramBot;
  return { hooks: inboxHooks(telegram), presumed, heard };
}

describe('inboxHooks', () => {
  it('presumes a retried callback answered, and nothing else', () => {
    const { hooks, presumed } = rig();
    hooks.onRetry(text);
    hooks.onRetry(press);
    expect(presumed).toEqual(['cb-7']);
  });

  it("a /cancel elsewhere aborts the chat's long work here", async () => {
    const { hooks } = rig();
    let signal: AbortSignal | undefined;
    let release!: () => void;
    const work = chatWork.run(CHAT, (s) => {
      signal = s;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    hooks.onCancelRequested(pollAnswer);
    expect(signal?.aborted).toBe(false);
    hooks.onCancelRequested(press);
    expect(signal?.aborted).toBe(true);
    release();
    await work;
  });

  it('waits for the flood gate by chat, and tells the send budget who wrote', () => {
    const { hooks, heard } = rig();
    expect(hooks.isWaiting(text)).toBe(true);
    expect(hooks.isWaiting(pollAnswer)).toBe(false);
    hooks.onHeard(text);
    hooks.onHeard(pollAnswer);
    expect(heard).toEqual([CHAT]);
  });
});
