/**
 * The broadcast sender on a real database (the run's engine) with a manual clock and a scripted
 * Telegram: the pace, 429s honoured for every send, blocked users marked, pause / resume / cancel,
 * progress at most every 3 s, one final report, and a sender that takes over after a crash never
 * sending a message twice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BroadcastContent, BroadcastRecord, Store } from '../../src/db/index.js';
import type { ProgressSnapshot } from '../../src/services/broadcast-progress.js';
import { ManualClock } from '../../src/simulator/clock.js';
import type { BroadcastTransport, SendOutcome } from '../../src/telegram/broadcast-transport.js';
import { type BroadcastReporter, BroadcastSender } from '../../src/workers/broadcast/sender.js';
import { silentLogger } from '../services/harness.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';

const content: BroadcastContent = { kind: 'text', text: 'Big news', entities: [] };

/** Telegram as the test scripts it: every send recorded with its virtual time. */
class ScriptedTelegram implements BroadcastTransport {
  readonly sends: Array<{ chatId: number; at: number; outcome: SendOutcome['kind'] }> = [];
  /** chat -> outcomes of its next sends (then 'sent'). */
  readonly script = new Map<number, SendOutcome[]>();
  constructor(private readonly clock: ManualClock) {}
  async send(chatId: number): Promise<SendOutcome> {
    const outcome = this.script.get(chatId)?.shift() ?? { kind: 'sent' };
    this.sends.push({ chatId, at: this.clock.now(), outcome: outcome.kind });
    return outcome;
  }
  delivered(chatId: number): number {
    return this.sends.filter((s) => s.chatId === chatId && s.outcome === 'sent').length;
  }
}

class RecordingReporter {
  readonly progress: Array<{ at: number; status: string; snapshot: ProgressSnapshot }> = [];
  readonly finishedCalls: Array<{ broadcast: BroadcastRecord; snapshot: ProgressSnapshot }> = [];
  constructor(private readonly clock: ManualClock) {}
  progressFn = async (broadcast: BroadcastRecord, snapshot: ProgressSnapshot) => {
    this.progress.push({ at: this.clock.now(), status: broadcast.status, snapshot });
  };
  finishedFn = async (broadcast: BroadcastRecord, snapshot: ProgressSnapshot) => {
    this.finishedCalls.push({ broadcast, snapshot });
  };
  asReporter(): BroadcastReporter {
    return { progress: this.progressFn, finished: this.finishedFn };
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe(`BroadcastSender on ${defaultEngine()}`, () => {
  let database: TestDatabase;
  let store: Store;
  let clock: ManualClock;
  let timers: ManualTimers;
  let telegram: ScriptedTelegram;
  let reporter: RecordingReporter;
  const senders: BroadcastSender[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = new ManualClock(Date.UTC(2025, 0, 1));
    timers = new ManualTimers(clock, { auto: true });
    store = await database.open(() => clock.now());
    telegram = new ScriptedTelegram(clock);
    reporter = new RecordingReporter(clock);
  });
  afterEach(async () => {
    for (const s of senders.splice(0)) await s.stop();
    await database.drop();
  });

  const sender = (rate = 5) => {
    const s = new BroadcastSender({
      broadcasts: store.broadcasts,
      markBlocked: (id) => store.users.markBlocked(id),
      transport: telegram,
      reporter: reporter.asReporter(),
      rate,
      logger: silentLogger,
      timers,
      now: () => clock.now(),
    });
    senders.push(s);
    return s;
  };

  const users = async (n: number) => {
    for (let id = 1; id <= n; id++) await store.users.touch({ id, firstName: `u${id}` }, false);
  };

  const start = async () => {
    const b = await store.broadcasts.create({
      createdBy: 1,
      adminChatId: 1,
      locale: 'en',
      content,
      audience: { kind: 'all' },
    });
    if (typeof b === 'string') throw new Error(b);
    return b;
  };

  /** Lets the sender run (virtual time moves by itself) until `done` holds. */
  const until = async (done: () => boolean | Promise<boolean>, what: string) => {
    for (let i = 0; i < 200_000; i++) {
      if (await done()) return;
      await turn();
    }
    throw new Error(`never happened: ${what}`);
  };

  it('sends everyone once at the rate, honours a 429 for every send, marks blocked users, reports once', async () => {
    await users(23);
    telegram.script.set(5, [{ kind: 'retry_after', seconds: 3 }]);
    telegram.script.set(7, [{ kind: 'blocked', description: 'Forbidden: bot was blocked by the user' }]);
    telegram.script.set(9, [{ kind: 'failed', description: 'Bad Request: chat not found' }]);
    const b = await start();
    const began = clock.now();
    sender(5).start();
    await until(() => reporter.finishedCalls.length === 1, 'the final report');

    for (let id = 1; id <= 23; id++) {
      expect(telegram.delivered(id), `user ${id}`).toBe(id === 7 || id === 9 ? 0 : 1);
    }
    // Never more than 5 sends in any second.
    const times = telegram.sends.map((s) => s.at);
    for (const t of times) expect(times.filter((x) => x >= t && x < t + 1000).length).toBeLessThanOrEqual(5);
    // The 429: nothing at all went out until its retry_after had passed; then 5 again.
    const limited = telegram.sends.find((s) => s.outcome === 'retry_after')!;
    const after = telegram.sends.filter((s) => s.at > limited.at);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after.map((s) => s.at)) - limited.at).toBeGreaterThanOrEqual(3000);
    expect(telegram.sends.filter((s) => s.chatId === 5).map((s) => s.outcome)).toEqual([
      'retry_after',
      'sent',
    ]);
    // 24 sends at 5/s plus the 3 s wait: about 8 s, not more than a second over.
    expect(clock.now() - began).toBeLessThan(24 * 200 + 3_250 + 3_000);

    expect((await store.users.find(7))?.blocked).toBe(true);
    expect((await store.users.find(9))?.blocked).toBe(false);
    const [report] = reporter.finishedCalls;
    expect(report!.broadcast.id).toBe(b.id);
    expect(report!.snapshot.counts).toMatchObject({ sent: 21, blocked: 1, failed: 1, pending: 0 });
    expect((await store.broadcasts.find(b.id))?.status).toBe('done');
    // Progress edits at least 3 s apart.
    const edits = reporter.progress.map((p) => p.at);
    for (let i = 1; i < edits.length; i++) expect(edits[i]! - edits[i - 1]!).toBeGreaterThanOrEqual(3000);
    expect(edits.length).toBeGreaterThan(0);
  });

  it('an unreachable Telegram stalls the broadcast, 5 s then 10 s, and the recipient is sent once it answers', async () => {
    await users(1);
    const down = { kind: 'unreachable' as const, description: 'ECONNREFUSED' };
    telegram.script.set(1, [down, down]);
    await start();
    sender(5).start();
    await until(() => reporter.finishedCalls.length === 1, 'the report');
    expect(telegram.sends.map((s) => s.outcome)).toEqual(['unreachable', 'unreachable', 'sent']);
    const [first, second, third] = telegram.sends.map((s) => s.at);
    expect(second! - first!).toBeGreaterThanOrEqual(5_000);
    expect(third! - second!).toBeGreaterThanOrEqual(10_000);
    expect(reporter.finishedCalls[0]!.snapshot.counts).toMatchObject({ sent: 1, failed: 0 });
  });

  it('pause stops new sends until resumed; cancel stops for good and the report counts what was left', async () => {
    await users(40);
    const b = await start();
    const s = sender(5);
    s.start();
    await until(() => telegram.sends.length >= 5, 'the first sends');
    await store.broadcasts.transition(b.id, ['running'], 'paused');
    // Sends already past the status check may still go: let them, then nothing for a minute.
    const pausedAt = clock.now();
    await until(() => clock.now() > pausedAt + 2_000, 'the pause to be seen');
    const sentWhilePausing = telegram.sends.length;
    const quietFrom = clock.now();
    await until(() => clock.now() > quietFrom + 60_000, 'a minute of pause');
    expect(telegram.sends.length).toBe(sentWhilePausing);
    expect(reporter.progress.at(-1)?.status).toBe('paused');

    await store.broadcasts.transition(b.id, ['paused'], 'running');
    s.wake();
    await until(() => telegram.sends.length >= sentWhilePausing + 5, 'sending again');
    await store.broadcasts.transition(b.id, ['running', 'paused'], 'cancelled');
    await until(() => reporter.finishedCalls.length === 1, 'the report');
    const { snapshot, broadcast } = reporter.finishedCalls[0]!;
    expect(broadcast.status).toBe('cancelled');
    expect(snapshot.counts.sent).toBe(telegram.sends.length);
    expect(snapshot.counts.pending).toBe(40 - telegram.sends.length);
    expect(telegram.sends.length).toBeLessThan(40);
    const stoppedAt = telegram.sends.length;
    const after = clock.now();
    await until(() => clock.now() > after + 30_000, 'time after the cancel');
    expect(telegram.sends.length).toBe(stoppedAt);
  });

  it('a sender taking over after a crash never repeats a message: one left mid-send is unconfirmed', async () => {
    await users(6);
    const b = await start();
    // The dead sender's work: 1 and 2 delivered, 3 in flight when it died.
    for (const id of [1, 2]) {
      await store.broadcasts.startSending(b.id, id);
      await store.broadcasts.settle(b.id, id, 'sent');
    }
    await store.broadcasts.startSending(b.id, 3);
    sender(5).start();
    await until(() => reporter.finishedCalls.length === 1, 'the report');
    expect(telegram.sends.map((s) => s.chatId)).toEqual([4, 5, 6]);
    expect(reporter.finishedCalls[0]!.snapshot.counts).toMatchObject({ sent: 5, unconfirmed: 1, pending: 0 });
  });

  it('a broadcast that finished just before a crash gets its report from the next sender, once', async () => {
    await users(2);
    const b = await start();
    await store.broadcasts.transition(b.id, ['running'], 'done');
    const first = sender(5);
    first.start();
    await until(() => reporter.finishedCalls.length === 1, 'the report');
    await first.stop();
    sender(5).start();
    const from = clock.now();
    await until(() => clock.now() > from + 10_000, 'another look');
    expect(reporter.finishedCalls).toHaveLength(1);
  });
});
