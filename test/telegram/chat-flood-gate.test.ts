/**
 * ChatFloodGate against the emulator's model of Telegram's flood limits (strict: one message a
 * second to a chat, no burst), on a manual clock. Each sender retries its own 429s after
 * `retry_after`, as auto-retry does; the gate must make the chat's other senders wait too, so no 429
 * is ignored and nobody is refused twice.
 */
import type { Transformer } from 'grammy';
import { describe, expect, it } from 'vitest';
import { sleepOn } from '../../src/lib/timers.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { ChatFloodGate } from '../../src/telegram/chat-flood-gate.js';
import { ManualTimers } from '../support/manual-timers.js';
import { ApiError } from '../support/telegram/api-error.js';
import { FloodControl } from '../support/telegram/state/flood.js';

type Prev = Parameters<Transformer>[0];

function harness(withGate: boolean) {
  const clock = new ManualClock(0);
  const timers = new ManualTimers(clock, { auto: true });
  const telegram = new FloodControl({ perChatBurst: 1 }, () => clock.now());
  const accepted: Array<{ method: string; chat: number; at: number; text: string }> = [];
  const refusals = new Map<string, number>();
  const prev = (async (method: string, payload: { chat_id: number; text: string }) => {
    try {
      telegram.admit(method, payload.chat_id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      refusals.set(payload.text, (refusals.get(payload.text) ?? 0) + 1);
      return {
        ok: false,
        error_code: err.code,
        description: err.description,
        parameters: err.parameters,
      };
    }
    accepted.push({ method, chat: payload.chat_id, at: clock.now(), text: payload.text });
    return { ok: true, result: true };
  }) as unknown as Prev;
  const gate = new ChatFloodGate({ now: () => clock.now(), pause: (ms) => sleepOn(timers, ms) });
  const call: Prev = withGate
    ? (((method, payload, signal) => gate.transformer(prev, method, payload, signal)) as Prev)
    : prev;
  /** One caller: retries 429s after retry_after, at most 5 times (the bot's auto-retry). */
  async function send(chat: number, text: string, method = 'sendMessage') {
    for (let attempt = 0; ; attempt++) {
      const res = await call(method as never, { chat_id: chat, text } as never);
      if (res.ok) return true;
      if (res.error_code !== 429 || attempt === 5) return false;
      await sleepOn(timers, (res.parameters?.retry_after ?? 1) * 1000);
    }
  }
  return { clock, timers, telegram, accepted, refusals, send, gate };
}

/**
 * Two messages at once (the second gets the chat's first 429), then four more from other parts of
 * the bot while that 429 runs: they know of it only through the gate.
 */
function sixSenders(h: ReturnType<typeof harness>): Promise<boolean[]> {
  const later = (ms: number, text: string) => sleepOn(h.timers, ms).then(() => h.send(1, text));
  return Promise.all([
    h.send(1, 'reply'),
    h.send(1, 'photo'),
    later(100, 'original'),
    later(200, 'status'),
    later(300, 'menu'),
    later(400, 'help'),
  ]);
}

describe('ChatFloodGate', () => {
  it('after a 429, every send to that chat waits and they go one a second: none ignored, none refused twice', async () => {
    const h = harness(true);
    const outcomes = await sixSenders(h);
    expect(outcomes).toEqual([true, true, true, true, true, true]);
    expect(h.telegram.stats.ignored).toBe(0);
    expect(Math.max(...h.refusals.values())).toBe(1);
    const times = h.accepted.map((a) => a.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    // Six messages need five seconds at one a second, and the gate adds nothing beyond that.
    expect(times.at(-1)).toBe(5000);
  });

  it('without it, the same senders ignore 429s and the last ones are refused round after round', async () => {
    const h = harness(false);
    await sixSenders(h);
    expect(h.telegram.stats.ignored).toBeGreaterThan(0);
    expect(Math.max(...h.refusals.values())).toBeGreaterThan(1);
  });

  it('holds back only the chat that got the 429, and only sends (edits pass)', async () => {
    const h = harness(true);
    await Promise.all([h.send(1, 'a'), h.send(1, 'b')]); // b: 429, then the chat is gated
    const gatedFrom = h.clock.now();
    const other = h.send(2, 'other chat');
    const edit = h.send(1, 'an edit', 'editMessageText');
    const third = h.send(1, 'c');
    await Promise.all([other, edit, third]);
    const at = (text: string) => h.accepted.find((a) => a.text === text)!.at;
    expect(at('other chat')).toBe(gatedFrom);
    expect(at('an edit')).toBe(gatedFrom);
    expect(at('c')).toBeGreaterThanOrEqual(at('b') + 1000);
    expect(h.telegram.stats.ignored).toBe(0);
  });

  it('a chat quiet for a minute is forgotten; a chat that never had a 429 is never delayed', async () => {
    const h = harness(true);
    await h.send(3, 'x');
    expect(h.gate.gatedChats).toBe(0);
    await Promise.all([h.send(1, 'a'), h.send(1, 'b')]);
    expect(h.gate.gatedChats).toBe(1);
    h.clock.advance(120_000);
    const before = h.clock.now();
    await h.send(1, 'later');
    expect(h.accepted.at(-1)?.at).toBe(before);
    expect(h.gate.gatedChats).toBe(0);
  });

  it('a busy group gets its messages late, 20 a minute, never a 429 ignored', async () => {
    const h = harness(true);
    const group = -100_500;
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, (_, i) => sleepOn(h.timers, i * 10).then(() => h.send(group, `m${i}`))),
    );
    expect(outcomes.every(Boolean)).toBe(true);
    expect(h.telegram.stats.ignored).toBe(0);
    const times = h.accepted.map((a) => a.at).sort((a, b) => a - b);
    // Any 60 s holds at most 20 of them (Telegram's limit for a group).
    for (let i = 20; i < times.length; i++) expect(times[i]! - times[i - 20]!).toBeGreaterThanOrEqual(60_000);
    // Once gated, the group's sends are spaced for 20 a minute, not one a second.
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(3_000);
  });
});
