/**
 * OutboundScheduler on a manual clock, in front of the emulator's model of Telegram's flood limits
 * (state/flood.ts: 30 posts a second per bot, one a second per chat after a burst). Posts go through
 * the chain the bot installs: a sender retrying 429s like auto-retry, the scheduler, the flood gate,
 * then "Telegram", whose requests take a while each way.
 */
import type { Transformer } from 'grammy';
import { describe, expect, it } from 'vitest';
import { sleepOn } from '../../src/lib/timers.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { BudgetWaits } from '../../src/telegram/budget-waits.js';
import { ChatFloodGate } from '../../src/telegram/chat-flood-gate.js';
import { OutboundScheduler } from '../../src/telegram/outbound-scheduler.js';
import { markPosts, type PostMarks } from '../../src/telegram/post-marks.js';
import { ManualTimers } from '../support/manual-timers.js';
import { ApiError } from '../support/telegram/api-error.js';
import { FloodControl, type FloodLimits } from '../support/telegram/state/flood.js';

type Prev = Parameters<Transformer>[0];
type Payload = { chat_id: number; text: string };

interface HarnessOptions {
  limits?: FloodLimits;
  perSecond?: number;
  /** Milliseconds a request takes to reach Telegram and its answer to come back (by request number). */
  latency?: (n: number) => { up: number; down: number };
  /** Telegram's answer before its limits are consulted (a 429 from elsewhere). */
  refuse?: (method: string, payload: Payload) => number | undefined;
  auto?: boolean;
}

function harness(opts: HarnessOptions = {}) {
  const clock = new ManualClock(0);
  const timers = new ManualTimers(clock, { auto: opts.auto ?? true });
  const telegram = new FloodControl(opts.limits ?? {}, () => clock.now());
  const accepted: Array<{ method: string; chat: number; at: number; text: string }> = [];
  const called: string[] = [];
  let requests = 0;
  const answer = async (method: string, payload: Payload) => {
    called.push(method);
    const { up, down } = opts.latency?.(requests++) ?? { up: 0, down: 0 };
    if (up > 0) await sleepOn(timers, up);
    const refusal = opts.refuse?.(method, payload);
    try {
      if (refusal !== undefined) {
        throw new ApiError(429, 'Too Many Requests', { parameters: { retry_after: refusal } });
      }
      telegram.admit(method, payload.chat_id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (down > 0) await sleepOn(timers, down);
      return { ok: false, error_code: err.code, description: err.description, parameters: err.parameters };
    }
    accepted.push({ method, chat: payload.chat_id, at: clock.now(), text: payload.text });
    if (down > 0) await sleepOn(timers, down);
    return { ok: true, result: true };
  };
  const gate = new ChatFloodGate({ now: () => clock.now(), pause: (ms) => sleepOn(timers, ms) });
  const scheduler = new OutboundScheduler({
    ...(opts.perSecond !== undefined && { perSecond: opts.perSecond }),
    chatReadyAt: (chat) => gate.readyAt(chat),
    now: () => clock.now(),
    timers,
  });
  const through =
    (t: Transformer, inner: Prev): Prev =>
    (method, payload, signal) =>
      t(inner, method, payload, signal);
  const gated = through(gate.transformer, answer as unknown as Prev);
  const replies = through(scheduler.transformer, gated);
  const background = through(scheduler.background, gated);

  /** One caller, retrying 429s after retry_after as auto-retry does (same payload, up to 20 times). */
  async function send(chat: number, text: string, method = 'sendMessage', api = replies) {
    const payload = { chat_id: chat, text };
    for (let attempt = 0; ; attempt++) {
      const res = await api(method as never, payload as never);
      if (res.ok) return true;
      if (res.error_code !== 429 || attempt === 20) return false;
      await sleepOn(timers, (res.parameters?.retry_after ?? 1) * 1000);
    }
  }
  const broadcast = (chat: number, text: string) => send(chat, text, 'sendMessage', background);
  /** A post through a context's Api whose calls carry `marks`, as the bot marks an update's posts. */
  const sendMarked = (marks: PostMarks, chat: number, text: string) =>
    send(chat, text, 'sendMessage', through(markPosts(marks), replies));
  const at = (text: string) => accepted.find((a) => a.text === text)?.at ?? Number.NaN;
  return { clock, timers, telegram, accepted, called, scheduler, send, sendMarked, broadcast, at };
}

/** The most posts Telegram accepted within any one second. */
function busiestSecond(times: number[]): number {
  let most = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= 1000) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('OutboundScheduler', () => {
  it('never lets Telegram see more than 30 posts in a second, however long requests take on the way', async () => {
    // Requests take 0 to 390 ms to arrive and 0 to 270 ms to be answered, varying request by request.
    const h = harness({ latency: (n) => ({ up: (n * 130) % 400, down: (n * 90) % 300 }) });
    const chats = range(60).map((c) => c + 1);
    const outcomes = await Promise.all(
      chats.flatMap((chat) => range(5).map((k) => h.send(chat, `${chat}:${k}`))),
    );
    expect(outcomes.every(Boolean)).toBe(true);
    expect(h.accepted).toHaveLength(300);
    expect(busiestSecond(h.accepted.map((a) => a.at))).toBeLessThanOrEqual(30);
    // Not a single 429: neither the bot's 30 a second nor any chat's one a second was exceeded.
    expect(h.telegram.stats.limited).toBe(0);
  });

  it('sends at the full budget when it can: 90 posts to 90 chats take three seconds, not more', async () => {
    const h = harness();
    await Promise.all(range(90).map((c) => h.send(c + 1, `m${c}`)));
    expect(h.accepted.map((a) => a.at).sort((a, b) => a - b)).toEqual([
      ...range(30).map(() => 0),
      ...range(30).map(() => 1000),
      ...range(30).map(() => 2000),
    ]);
  });

  it("serves a newcomer's first reply before the flooding chats' queued posts", async () => {
    const h = harness();
    // 40 chats with 10 posts each waiting: over 13 seconds' worth of the budget.
    const flood = range(40).flatMap((c) => range(10).map((k) => h.send(c + 1, `flood ${c + 1}:${k}`)));
    await sleepOn(h.timers, 1_500);
    const arrived = h.clock.now();
    await h.send(999, 'welcome');
    // Its arrival found the budget full till two seconds in; then the first place was the newcomer's,
    // and no flood post went out in between.
    expect(h.at('welcome')).toBe(2_000);
    expect(h.accepted.filter((a) => a.at > arrived && a.at < 2_000)).toEqual([]);
    expect(h.accepted.find((a) => a.at === 2_000)?.text).toBe('welcome');
    expect(h.scheduler.queued).toBeGreaterThan(300);
    await Promise.all(flood);
  });

  it('serves a newcomer before flooding chats that were not answered yet: it wrote less (heard)', async () => {
    const h = harness();
    // 60 chats that wrote five times each and wait for their first answer (two seconds' worth).
    for (const c of range(60)) for (const _ of range(5)) h.scheduler.heard(c + 1);
    const flood = range(60).map((c) => h.send(c + 1, `flood ${c + 1}`));
    await sleepOn(h.timers, 500);
    h.scheduler.heard(999);
    const arrived = h.clock.now();
    // Counting posts alone, all 61 chats tie at none, and the newcomer came last.
    await h.send(999, 'welcome');
    expect(h.at('welcome')).toBe(1_000);
    expect(h.accepted.filter((a) => a.at > arrived && a.at < 1_000)).toEqual([]);
    expect(h.accepted.find((a) => a.at === 1_000)?.text).toBe('welcome');
    await Promise.all(flood);
  });

  it('marks the handler whose post waits for the budget as waiting, until the post goes', async () => {
    const h = harness({ perSecond: 1, auto: false });
    const changes: boolean[] = [];
    const first = new BudgetWaits(() => changes.push(first.waiting));
    const second = new BudgetWaits(() => changes.push(second.waiting));
    const goesAtOnce = h.sendMarked({ waits: first }, 1, 'first');
    const waits = h.sendMarked({ waits: second }, 2, 'second');
    await new Promise((r) => setImmediate(r));
    expect(first.waiting).toBe(false); // the budget had room: it went at once
    expect(second.waiting).toBe(true);
    await goesAtOnce;
    h.clock.advance(1_000);
    h.timers.fireDue();
    await waits;
    expect(second.waiting).toBe(false);
    expect(changes).toEqual([true, false]);
  });

  it("sends a payment's notice before every waiting reply, a newcomer's included", async () => {
    const h = harness();
    // A buyer who posted before (their count is above the flooders'), then 40 chats with 10 posts
    // each waiting, and a newcomer.
    await Promise.all(range(5).map((k) => h.send(500, `buyer ${k}`)));
    await sleepOn(h.timers, 5_000);
    const flood = range(40).flatMap((c) => range(10).map((k) => h.send(c + 1, `flood ${c + 1}:${k}`)));
    await sleepOn(h.timers, 1_500);
    const asked = h.accepted.length;
    const newcomer = h.send(999, 'welcome');
    // Marked as the payment handler marks its work: the notice takes the first free place.
    await h.sendMarked({ urgent: true }, 500, 'stars credited');
    await newcomer;
    expect(h.accepted.slice(asked, asked + 2).map((a) => a.text)).toEqual(['stars credited', 'welcome']);
    // Unmarked, the same buyer waits for chats that posted less than they did.
    const later = h.send(500, 'a plain reply');
    await later;
    const before = h.accepted.filter((a) => a.at < h.at('a plain reply') && a.text.startsWith('flood'));
    expect(before.length).toBeGreaterThan(60);
    await Promise.all(flood);
  });

  it("takes chats in turn and keeps each chat's posts in the order they came", async () => {
    const h = harness({ limits: { perChatBurst: 100 } }); // no per-chat limit in the way
    await Promise.all([
      ...range(20).map((k) => h.send(1, `a${k}`)),
      ...range(20).map((k) => h.send(2, `b${k}`)),
      ...range(20).map((k) => h.send(3, `c${k}`)),
    ]);
    const firstSecond = h.accepted.filter((a) => a.at < 1000).map((a) => a.chat);
    expect(firstSecond).toHaveLength(30);
    for (const chat of [1, 2, 3]) expect(firstSecond.filter((c) => c === chat)).toHaveLength(10);
    for (const prefix of ['a', 'b', 'c']) {
      const texts = h.accepted.map((a) => a.text).filter((t) => t.startsWith(prefix));
      expect(texts).toEqual(range(20).map((k) => `${prefix}${k}`));
    }
  });

  it("keeps a chat's order across a 429: the refused post goes again before the chat's next ones", async () => {
    let refused = false;
    const h = harness({
      refuse: (_method, payload) => {
        if (payload.text !== 'first' || refused) return undefined;
        refused = true;
        return 1;
      },
    });
    await Promise.all([h.send(7, 'first'), h.send(7, 'second'), h.send(7, 'third')]);
    expect(h.accepted.map((a) => a.text)).toEqual(['first', 'second', 'third']);
    expect(h.at('first')).toBeGreaterThanOrEqual(1_000);
    expect(h.telegram.stats.ignored).toBe(0);
  });

  it("sends nothing into a chat's 429 window: the chat waits, the others go on", async () => {
    // Strict Telegram: one post a second to a chat, no burst. Three posts at once to chat 1, and one
    // to chat 2 while chat 1 waits.
    const h = harness({ limits: { perChatBurst: 1 }, latency: () => ({ up: 20, down: 20 }) });
    const chat1 = Promise.all([h.send(1, 'one'), h.send(1, 'two'), h.send(1, 'three')]);
    await sleepOn(h.timers, 100);
    await h.send(2, 'other');
    await chat1;
    expect(h.accepted.map((a) => a.text)).toEqual(['one', 'other', 'two', 'three']);
    expect(h.at('other')).toBeLessThan(200);
    expect(h.telegram.stats.ignored).toBe(0);
  });

  it("holds back only the chat after a 429 of the chat's own (it was posted to a moment ago)", async () => {
    const h = harness({ perSecond: 4, limits: { perSecond: 1_000, perChatBurst: 1 } });
    const chat1 = Promise.all([h.send(1, 'a'), h.send(1, 'b')]); // b: the chat's 429, at 0
    await sleepOn(h.timers, 10);
    await Promise.all([h.send(2, 'c'), h.send(3, 'd')]);
    await chat1;
    expect(h.at('c')).toBe(10);
    expect(h.at('d')).toBe(10);
    expect(h.at('b')).toBe(1_000);
  });

  it("passes over a chat held back by a broadcast's 429, holding none of the budget for it", async () => {
    const h = harness({
      perSecond: 1,
      limits: { perSecond: 1_000 },
      refuse: (_m, payload) => (payload.text === 'news' ? 3 : undefined),
    });
    void h.broadcast(9, 'news'); // refused at 0: chat 9 must wait till 3 s
    await h.send(8, 'earlier'); // at 1 s: chat 8 has posted later than chat 9, which would go first
    await Promise.all([h.send(9, 'hello'), h.send(8, 'other')]);
    expect(h.at('other')).toBe(2_000);
    expect(h.at('hello')).toBe(3_000);
  });

  it('pauses every post for retry_after after a 429 the chat cannot have caused', async () => {
    // A budget of 4, three taken; "Telegram" refuses chat 5's first post (another sender used up the rate).
    let refusedBotWide = false;
    const h = harness({
      perSecond: 4,
      limits: { perSecond: 1_000 },
      refuse: (_m, payload) => {
        if (payload.chat_id !== 5 || refusedBotWide) return undefined;
        refusedBotWide = true;
        return 3;
      },
    });
    await Promise.all([1, 2, 3].map((chat) => h.send(chat, `first ${chat}`)));
    const five = h.send(5, 'five');
    await sleepOn(h.timers, 10);
    const later = await Promise.all([h.send(6, 'six'), h.send(7, 'seven')]);
    await five;
    expect(later).toEqual([true, true]);
    expect(h.at('six')).toBe(3_000);
    expect(h.at('seven')).toBe(3_000);
  });

  it('lets answers, edits and reads through at once while posts wait for the budget', async () => {
    const h = harness({ perSecond: 2, auto: false });
    const posts = range(5).map((c) => h.send(c + 1, `post ${c}`));
    await new Promise((r) => setImmediate(r));
    expect(h.scheduler.queued).toBe(3);
    for (const method of [
      'answerCallbackQuery',
      'answerPreCheckoutQuery',
      'editMessageText',
      'getUpdates',
      'getFile',
    ]) {
      expect(await h.send(1, method, method)).toBe(true);
    }
    // Nothing waited: the clock has not moved and the three posts are still queued.
    expect(h.clock.now()).toBe(0);
    expect(h.called.slice(2)).toEqual([
      'answerCallbackQuery',
      'answerPreCheckoutQuery',
      'editMessageText',
      'getUpdates',
      'getFile',
    ]);
    expect(h.scheduler.queued).toBe(3);
    await h.timers.runUntilIdle();
    await Promise.all(posts);
    expect(h.accepted.filter((a) => a.method === 'sendMessage')).toHaveLength(5);
  });

  it('gives broadcasts only what no reply is waiting for', async () => {
    const h = harness({ perSecond: 10, limits: { perSecond: 10 } });
    const broadcast = range(30).map((c) => h.broadcast(100 + c, `news ${c}`));
    const replies = range(15).map((c) => h.send(c + 1, `reply ${c}`));
    await Promise.all([...broadcast, ...replies]);
    // The first 10 places went to the broadcast (nothing else waited then); after that, every reply
    // before any further broadcast post.
    const order = h.accepted.map((a) => a.text);
    expect(order.slice(0, 10).every((t) => t.startsWith('news'))).toBe(true);
    expect(order.slice(10, 25).every((t) => t.startsWith('reply'))).toBe(true);
    expect(h.telegram.stats.limited).toBe(0);
  });

  it('under a flood of 200 chats replying one by one, a newcomer is answered within a second and no 429 is met', async () => {
    const h = harness({ latency: (n) => ({ up: 10 + (n % 7) * 10, down: 10 + (n % 5) * 10 }) });
    let flooding = true;
    const flooders = range(200).map(async (c) => {
      for (let k = 0; flooding; k++) await h.send(c + 1, `spam ${c + 1}:${k}`);
    });
    await sleepOn(h.timers, 10_000);
    const arrived = h.clock.now();
    await h.send(5_000, 'welcome');
    const waited = h.at('welcome') - arrived;
    flooding = false;
    await Promise.all(flooders);
    expect(waited).toBeLessThan(1_000);
    expect(h.telegram.stats.limited).toBe(0);
    expect(busiestSecond(h.accepted.map((a) => a.at))).toBeLessThanOrEqual(30);
  });
});
