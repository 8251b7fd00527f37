/** Status-message calls are paced per chat, in order, and chats never wait for each other. */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/clock.js';
import { ChatPacer } from '../../src/workers/chat-pacer.js';
import { ManualTimers } from '../support/manual-timers.js';

describe('ChatPacer', () => {
  it('starts one call per chat at a time, gapMs apart; another chat goes at once', async () => {
    const clock = new ManualClock(1_000);
    const timers = new ManualTimers(clock);
    const pacer = new ChatPacer(300, () => clock.now(), timers);
    const started: Array<{ chat: number; call: number; at: number }> = [];
    const call = (chat: number, n: number) =>
      pacer.run(chat, async () => {
        started.push({ chat, call: n, at: clock.now() });
        return n;
      });
    const results = [call(1, 1), call(1, 2), call(2, 1), call(1, 3)];
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toEqual([
      { chat: 1, call: 1, at: 1_000 },
      { chat: 2, call: 1, at: 1_000 },
    ]);
    clock.advance(300);
    timers.fireDue();
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started.at(-1)).toEqual({ chat: 1, call: 2, at: 1_300 });
    clock.advance(300);
    timers.fireDue();
    expect(await Promise.all(results)).toEqual([1, 2, 1, 3]);
    expect(started.at(-1)).toEqual({ chat: 1, call: 3, at: 1_600 });
  });
});
