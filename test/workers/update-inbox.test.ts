/**
 * The update inbox worker on a real database (each engine of the run), with a manual clock: lanes
 * in order across two workers, a dead worker's claims taken over, drain, retries and give-ups,
 * and a /cancel from another replica reaching the update in hand.
 */
import type { Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { budgetWaitsOf } from '../../src/telegram/budget-waits.js';
import { OutboundScheduler } from '../../src/telegram/outbound-scheduler.js';
import { markPayload } from '../../src/telegram/post-marks.js';
import { InboxLooks } from '../../src/workers/inbox-looks.js';
import { SlotShare } from '../../src/workers/slot-share.js';
import { UpdateInboxWorker, type UpdateInboxWorkerOptions } from '../../src/workers/update-inbox.js';
import { silentLogger } from '../services/harness.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';
import { textUpdate } from '../support/in-process-bot.js';
import { ManualTimers } from '../support/manual-timers.js';

const LEASE = 30_000;

const message = (updateId: number, chatId: number, text = `m${updateId}`) =>
  textUpdate(updateId, { id: chatId }, text);

/** A Stars checkout question from user `fromId` (a payment lane of its own). */
const checkout = (updateId: number, fromId: number) =>
  ({
    update_id: updateId,
    pre_checkout_query: {
      id: `q${updateId}`,
      from: { id: fromId, is_bot: false, first_name: 'Pay' },
      currency: 'XTR',
      total_amount: 50,
      invoice_payload: 'topup',
    },
  }) as Update;

/** A handler whose calls finish when the test says so. */
class Gate {
  readonly started: number[] = [];
  readonly finished: number[] = [];
  readonly #open = new Map<number, () => void>();
  hold = false;
  handle = async (update: Update) => {
    this.started.push(update.update_id);
    if (this.hold) await new Promise<void>((resolve) => this.#open.set(update.update_id, resolve));
    this.finished.push(update.update_id);
  };
  release(updateId: number) {
    this.#open.get(updateId)?.();
    this.#open.delete(updateId);
  }
}

describe(`UpdateInboxWorker on ${defaultEngine()}`, () => {
  let database: TestDatabase;
  let clock: ManualClock;
  const stores: Store[] = [];
  const workers: UpdateInboxWorker[] = [];
  /** Each worker's own timers: a "killed" worker's are dropped and never fire again. */
  const timersOf = new Map<UpdateInboxWorker, ManualTimers>();

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = new ManualClock();
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) {
      let drained = false;
      const draining = w.drain(0).finally(() => {
        drained = true;
      });
      // Its grace timer is set once its claiming pass ends: keep firing until it is done.
      while (!drained) {
        timersOf.get(w)?.fireDue();
        await new Promise((r) => setImmediate(r));
      }
      await draining;
    }
    timersOf.clear();
    held.clear();
    for (const s of stores.splice(0)) await s.close();
    await database.drop();
  });

  async function worker(
    owner: string,
    opts: Partial<UpdateInboxWorkerOptions> & Pick<UpdateInboxWorkerOptions, 'handle'>,
  ) {
    // SQLite: one connection per process, as in production (a second one in the same thread would
    // block on the first one's open transaction). PostgreSQL: a connection pool per "replica".
    const shared = defaultEngine() === 'sqlite' ? stores[0] : undefined;
    const store = shared ?? (await database.open(() => clock.now()));
    if (!shared) stores.push(store);
    const timers = new ManualTimers(clock);
    const w = new UpdateInboxWorker({
      inbox: store.inbox,
      owner,
      logger: silentLogger,
      leaseMs: LEASE,
      idlePollMs: 100,
      timers,
      ...opts,
    });
    workers.push(w);
    timersOf.set(w, timers);
    return { w, store };
  }

  /**
   * Moves the clock in steps, firing timers and letting the work settle after each; updates held
   * open by a Gate are not waited for.
   */
  async function run(ms: number, step = 100) {
    for (let t = 0; t < ms; t += step) {
      clock.advance(step);
      for (const w of workers) timersOf.get(w)?.fireDue();
      for (const w of workers) await w.whenIdle({ handlers: !held.has(w) });
    }
  }
  const held = new Set<UpdateInboxWorker>();
  /** Lets the handlers just released finish, and what their completion starts. */
  async function settled(w: UpdateInboxWorker) {
    await new Promise((resolve) => setImmediate(resolve));
    await w.whenIdle({ handlers: false });
  }

  it('a resend is dropped; each chat is handled in order while chats run side by side on two workers', async () => {
    const seen: Array<[string, number]> = [];
    // Worker a takes one update at a time and keeps its first until b has handled one: the other
    // chats can only go to b.
    let bHandled = () => {};
    const bHasHandled = new Promise<void>((resolve) => {
      bHandled = resolve;
    });
    const a = await worker('a', {
      maxInFlight: 1,
      handle: async (u) => {
        if (seen.every(([worker]) => worker !== 'a')) await bHasHandled;
        seen.push(['a', u.update_id]);
      },
    });
    held.add(a.w);
    const b = await worker('b', {
      handle: async (u) => {
        seen.push(['b', u.update_id]);
        bHandled();
      },
    });
    let id = 0;
    for (let round = 0; round < 4; round++)
      for (const chat of [1, 2, 3]) await a.w.accept(message(++id, chat));
    await a.w.accept(message(1, 1)); // Telegram sent it again
    await a.w.start();
    // a has claimed its one update (held until b handles one) before b starts: b cannot take
    // every chat first.
    await a.w.whenIdle({ handlers: false });
    await b.w.start();
    await run(1_000);
    held.delete(a.w);
    await run(200);
    const ids = seen.map(([, updateId]) => updateId);
    expect([...ids].sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (const chat of [1, 2, 3]) {
      const mine = ids.filter((u) => (u - chat) % 3 === 0);
      expect(mine).toEqual([...mine].sort((x, y) => x - y));
    }
    expect(await a.store.inbox.countPending()).toBe(0);
    expect(new Set(seen.map(([worker]) => worker))).toEqual(new Set(['a', 'b'])); // both took a share
  });

  /** A started worker 'a' whose handlers wait for the test (a held Gate). */
  async function heldWorker() {
    const gate = new Gate();
    gate.hold = true;
    const a = await worker('a', { handle: gate.handle });
    held.add(a.w);
    await a.w.start();
    return { gate, ...a };
  }

  /** Counts the claiming passes (settle statements) of this store's inbox from now on. */
  function countPasses(store: Store): { count: number } {
    const settle = store.inbox.settle.bind(store.inbox);
    const passes = { count: 0 };
    store.inbox.settle = async (s) => {
      passes.count++;
      return settle(s);
    };
    return passes;
  }

  it('a completion passes again at once only for a lane with more waiting; another joins the next pass', async () => {
    const { gate, ...a } = await heldWorker();
    await a.w.accept(message(1, 1));
    await a.w.accept(message(2, 1)); // chat 1's next: waits behind 1
    await a.w.accept(message(3, 2));
    await a.w.whenIdle({ handlers: false });
    expect(gate.started).toEqual([1, 3]);
    const passes = countPasses(a.store);
    // Chat 2 had nothing behind its update: done, but no pass of its own (nothing to claim).
    gate.release(3);
    await settled(a.w);
    expect(passes.count).toBe(0);
    expect((await a.store.inbox.find(3))?.doneAt).toBeNull();
    // Chat 1 had its next behind: claimed at once, without waiting for the idle look, and the
    // same pass records both completions.
    gate.release(1);
    await settled(a.w);
    expect(gate.started).toEqual([1, 3, 2]);
    expect(passes.count).toBe(1);
    expect((await a.store.inbox.find(3))?.doneAt).not.toBeNull();
    // The idle look records the last one.
    gate.release(2);
    await settled(a.w);
    await run(200);
    expect(await a.store.inbox.countPending()).toBe(0);
  });

  it('an update whose chat has one in hand here makes no pass until that one is done; a /cancel passes at once', async () => {
    const { gate, ...a } = await heldWorker();
    await a.w.accept(message(1, 1));
    await a.w.whenIdle({ handlers: false });
    expect(gate.started).toEqual([1]);
    const passes = countPasses(a.store);
    // A /cancel of that chat is claimed beside the update in hand, at once.
    await a.w.accept(message(2, 1, '/cancel'));
    await a.w.whenIdle({ handlers: false });
    expect(passes.count).toBe(1);
    expect(gate.started).toEqual([1, 2]);
    // A flooding chat: nothing more of it can be claimed while 1 is in hand, so no pass looks.
    for (let id = 3; id <= 6; id++) await a.w.accept(message(id, 1));
    await a.w.whenIdle({ handlers: false });
    expect(passes.count).toBe(1);
    gate.release(2);
    await settled(a.w);
    // Once 1 is done, the chat's next is claimed at once (not at the idle look).
    gate.release(1);
    await settled(a.w);
    expect(gate.started).toEqual([1, 2, 3]);
    gate.hold = false;
    gate.release(3);
    await settled(a.w);
    await run(300);
    expect(gate.started).toEqual([1, 2, 3, 4, 5, 6]);
    held.delete(a.w);
  });

  it('whenIdle waits for a lease renewal under way', async () => {
    const events: string[] = [];
    // No claiming pass falls due meanwhile: only the renewal is under way.
    const a = await worker('a', { handle: async () => {}, idlePollMs: 10 * LEASE });
    const renew = a.store.inbox.renew.bind(a.store.inbox);
    let letRenewalEnd = () => {};
    a.store.inbox.renew = async (...args) => {
      await new Promise<void>((resolve) => {
        letRenewalEnd = resolve;
      });
      const cancelled = await renew(...args);
      events.push('renewed');
      return cancelled;
    };
    await a.w.start();
    await a.w.whenIdle();
    clock.advance(LEASE / 3);
    timersOf.get(a.w)?.fireDue(); // the renewal starts and waits for the test
    const idle = a.w.whenIdle().then(() => events.push('idle'));
    setImmediate(() => letRenewalEnd());
    await idle;
    expect(events).toEqual(['renewed', 'idle']);
  });

  it("the handler reads its chat's conversation state as the claim read it, without a read of its own", async () => {
    const reads: unknown[] = [];
    const state = (step: string) => ({ version: [0, 1] as [0, number], state: step });
    let storage: ReturnType<Store['conversationStorage']> | undefined;
    const a = await worker('a', {
      handle: async (u) => void reads.push([u.update_id, await storage!.read(String(u.message!.chat.id))]),
    });
    storage = a.store.conversationStorage();
    await storage.write('7', state('at the claim'));
    // Right after each claim, another replica changes the stored state: only the claim's copy is seen.
    const claimOnly = a.store.inbox.settle.bind(a.store.inbox);
    a.store.inbox.settle = async (s) => {
      const rows = await claimOnly(s);
      if (rows.length > 0) await storage!.write('7', state(`after claiming ${rows[0]!.updateId}`));
      return rows;
    };
    await a.w.accept(message(1, 7));
    await a.w.start();
    await run(300);
    await a.w.accept(message(2, 7));
    await run(300);
    expect(reads).toEqual([
      [1, state('at the claim')],
      // The next claim reads the state afresh: what was stored once update 1 was done.
      [2, state('after claiming 1')],
    ]);
  });

  it("one read per claiming pass gives each handler its sender's row as the claim read it", async () => {
    const reads: number[][] = [];
    const locales: Array<[number, string | null]> = [];
    let store: Store | undefined;
    const a = await worker('a', {
      readSenders: async (ids) => {
        reads.push([...ids].sort());
        const rows = await store!.users.findMany(ids);
        // Right after the read, another replica changes a row: the handler sees the read's copy.
        await store!.users.setLocale(7, 'ru');
        return rows;
      },
      handle: async (u) => {
        const from = u.message!.from;
        const row = await store!.users.touch(
          { id: from.id, firstName: from.first_name, updateId: u.update_id },
          false,
        );
        locales.push([u.update_id, row.locale]);
      },
    });
    store = a.store;
    await store.users.touch({ id: 7, firstName: 'Ann' }, false);
    await a.w.accept(message(1, 7));
    await a.w.accept(message(2, 8));
    await a.w.start();
    await run(300);
    expect(reads).toEqual([[7, 8]]);
    // Update 1: the row as read (no language yet); update 2: a newcomer, created by its touch.
    expect(locales.sort()).toEqual([
      [1, null],
      [2, null],
    ]);
    expect(await store.users.find(8)).toMatchObject({ createdUpdateId: 2 });
    expect((await store.users.find(7))?.locale).toBe('ru');
  });

  it('a failed read of the senders only means each handler reads its own', async () => {
    const locales: Array<string | null> = [];
    let store: Store | undefined;
    const a = await worker('a', {
      readSenders: async () => {
        throw new Error('connection lost');
      },
      handle: async (u) => {
        const from = u.message!.from;
        locales.push(
          (
            await store!.users.touch(
              { id: from.id, firstName: from.first_name, updateId: u.update_id },
              false,
            )
          ).locale,
        );
      },
    });
    store = a.store;
    await store.users.touch({ id: 7, firstName: 'Ann' }, false);
    await store.users.setLocale(7, 'ru');
    await a.w.accept(message(1, 7));
    await a.w.start();
    await run(300);
    expect(locales).toEqual(['ru']);
  });

  it('a worker that dies mid-update loses it when the lease lapses; another handles it (a retry)', async () => {
    const dying = new Gate();
    dying.hold = true;
    const a = await worker('a', { handle: dying.handle });
    held.add(a.w);
    await a.w.accept(message(1, 7));
    await a.w.accept(message(2, 7));
    await a.w.start();
    await run(200);
    expect(dying.started).toEqual([1]);
    // "kill -9": its timers stop (no renewal) and its handler never ends.
    workers.splice(workers.indexOf(a.w), 1);
    const retried: number[] = [];
    const handled: number[] = [];
    const b = await worker('b', {
      handle: async (u) => void handled.push(u.update_id),
      onRetry: (u) => retried.push(u.update_id),
    });
    await b.w.start();
    await run(LEASE - 1_000);
    expect(handled).toEqual([]); // the claim still holds: chat 7 waits, in order
    await run(2_000);
    expect(handled).toEqual([1, 2]);
    expect(retried).toEqual([1]);
  });

  it('a long update keeps its claim by renewal, and a /cancel handled elsewhere reaches it', async () => {
    const slow = new Gate();
    slow.hold = true;
    const cancelled: number[] = [];
    const cancels: number[] = [];
    // Both replicas run the same bot: the upload is slow; /cancel asks whoever holds the chat's update.
    const bot = (store: () => Store) => async (u: Update) => {
      if (u.message?.text !== '/cancel') return slow.handle(u);
      cancels.push(u.update_id);
      await store().inbox.requestCancel('7', u.update_id);
    };
    const a: { w: UpdateInboxWorker; store: Store } = await worker('a', {
      handle: bot(() => a.store),
      onCancelRequested: (u) => cancelled.push(u.update_id),
    });
    held.add(a.w);
    const b: { w: UpdateInboxWorker; store: Store } = await worker('b', { handle: bot(() => b.store) });
    await a.w.accept(message(1, 7, 'a 200 MB video'));
    await a.w.start();
    await run(200);
    await b.w.accept(message(2, 7, '/cancel'));
    await b.w.start();
    await run(3 * LEASE);
    expect(cancels).toEqual([2]); // the control update ran beside the one in hand
    expect(cancelled).toEqual([1]);
    expect(slow.finished).toEqual([]); // still running, still ours
    expect((await a.store.inbox.find(1))?.owner).toBe('a');
    slow.release(1);
    held.delete(a.w);
    await run(200);
    expect((await a.store.inbox.find(1))?.doneAt).not.toBeNull();
  });

  it('drain waits for updates in hand, then hands back those still running', async () => {
    const gate = new Gate();
    gate.hold = true;
    const a = await worker('a', { handle: gate.handle });
    held.add(a.w);
    await a.w.accept(message(1, 1));
    await a.w.accept(message(2, 2));
    await a.w.start();
    await run(200);
    const draining = a.w.drain(10_000);
    gate.release(1);
    workers.splice(workers.indexOf(a.w), 1); // drain awaits its tasks: run() must not wait for them
    for (let t = 0; t < 10_100; t += 100) {
      clock.advance(100);
      timersOf.get(a.w)?.fireDue();
      await new Promise((r) => setImmediate(r));
    }
    await draining;
    expect(gate.finished).toEqual([1]);
    expect(await a.store.inbox.find(2)).toMatchObject({ owner: null, leaseUntil: null, doneAt: null });
    // A drained worker claims nothing more.
    await a.w.accept(message(3, 3));
    clock.advance(500);
    timersOf.get(a.w)?.fireDue();
    await new Promise((r) => setImmediate(r));
    expect(gate.started).toEqual([1, 2]);
  });

  it('an update that never finishes (it kills its process each time) is given up after the last attempt', async () => {
    const calls: number[] = [];
    const { w, store } = await worker('a', {
      handle: async (u) => void calls.push(u.update_id),
      maxAttempts: 2,
    });
    await w.accept(message(1, 1));
    // Two lives that each died holding it.
    await store.inbox.claim('dead-1', LEASE, 1);
    clock.advance(LEASE + 1);
    await store.inbox.claim('dead-2', LEASE, 1);
    clock.advance(LEASE + 1);
    await w.start();
    await run(200);
    expect(calls).toEqual([]);
    expect((await store.inbox.find(1))?.doneAt).not.toBeNull();
  });

  it('start hands back the claims of its own previous life at once (a restart on the same host)', async () => {
    const { w, store } = await worker('a', { handle: async () => {} });
    await w.accept(message(1, 1));
    await store.inbox.claim('a', LEASE, 1);
    await w.start();
    await run(200);
    expect((await store.inbox.find(1))?.doneAt).not.toBeNull();
  });

  it('an update whose text holds U+0000 is stored and handled, without the NUL', async () => {
    const texts: Array<string | undefined> = [];
    const { w, store } = await worker('a', { handle: async (u) => void texts.push(u.message?.text) });
    expect(await w.accept(message(1, 1, 'he\u0000llo'))).toBe('stored');
    await w.start();
    await run(200);
    expect(texts).toEqual(['hello']);
    expect(await store.inbox.countPending()).toBe(0);
  });

  it('payments are claimed by slots of their own while every chat slot is taken', async () => {
    const gate = new Gate();
    gate.hold = true;
    const { w } = await worker('a', { handle: gate.handle, maxInFlight: 1 });
    held.add(w);
    await w.accept(message(1, 1));
    await w.accept(message(2, 2));
    await w.accept(checkout(3, 2));
    await w.start();
    await run(300);
    expect(gate.started).toEqual([1, 3]); // chat 2 waits for the one chat slot; the checkout does not
    gate.release(3);
    gate.release(1);
    await run(300);
    expect(gate.started).toEqual([1, 3, 2]);
    gate.release(2);
    held.delete(w);
  });

  it('a handled payment is recorded done at once, even while every chat slot is busy (a crash then cannot answer it twice)', async () => {
    const gate = new Gate();
    gate.hold = true;
    const { w, store } = await worker('a', { handle: gate.handle, maxInFlight: 2 });
    held.add(w);
    await w.accept(message(1, 1));
    await w.accept(message(2, 2));
    await w.accept(checkout(3, 3));
    await w.start();
    await w.whenIdle({ handlers: false });
    expect(gate.started.sort()).toEqual([1, 2, 3]);
    gate.release(3);
    await settled(w);
    expect((await store.inbox.find(3))?.doneAt).not.toBeNull();
    gate.release(1);
    gate.release(2);
    await run(100);
    held.delete(w);
  });

  it('a busy worker claims again once half its slots are free; one finished alone is recorded by the idle look', async () => {
    const gate = new Gate();
    gate.hold = true;
    const { w, store } = await worker('a', { handle: gate.handle, maxInFlight: 4 });
    held.add(w);
    for (const [id, chat] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 1],
      [6, 2],
      [7, 3],
    ] as const) {
      await w.accept(message(id, chat));
    }
    await w.start();
    await w.whenIdle({ handlers: false });
    expect(gate.started).toEqual([1, 2, 3, 4]);
    // One slot of four free: no pass of its own (it would read every waiting update for one slot).
    gate.release(1);
    await settled(w);
    expect(gate.started).toEqual([1, 2, 3, 4]);
    expect((await store.inbox.find(1))?.doneAt).toBeNull();
    // The idle look records it and takes the chat's next update.
    await run(100);
    expect((await store.inbox.find(1))?.doneAt).not.toBeNull();
    expect(gate.started).toEqual([1, 2, 3, 4, 5]);
    // Two of four free: claimed at once, no waiting for the idle look.
    gate.release(2);
    gate.release(3);
    await settled(w);
    expect(gate.started.slice(5).sort()).toEqual([6, 7]);
    for (const id of [4, 5, 6, 7]) gate.release(id);
    await run(100);
    held.delete(w);
    expect(await store.inbox.countPending()).toBe(0);
  });

  it('a chat only waiting out Telegram’s window holds no slot: the next chat is served meanwhile', async () => {
    const gate = new Gate();
    gate.hold = true;
    const waiting = new Set<number>();
    const { w } = await worker('a', {
      handle: gate.handle,
      maxInFlight: 1,
      isWaiting: (u) => waiting.has(u.message?.chat.id ?? 0),
    });
    held.add(w);
    await w.accept(message(1, 1));
    await w.accept(message(2, 2));
    await w.start();
    await run(300);
    expect(gate.started).toEqual([1]);
    waiting.add(1); // chat 1's reply got a 429: it waits for its window
    await run(300);
    expect(gate.started).toEqual([1, 2]);
    gate.release(1);
    gate.release(2);
    held.delete(w);
  });

  it('chats whose replies wait for the send budget hold no slot: a newcomer is claimed and answered before them', async () => {
    // The bot's send budget, one post a second, on the same clock; "Telegram" takes every post at once.
    const budgetTimers = new ManualTimers(clock);
    const scheduler = new OutboundScheduler({ perSecond: 1, now: () => clock.now(), timers: budgetTimers });
    const sent: Array<{ text: string; at: number }> = [];
    const telegram = (async (_method: string, payload: { text: string }) => {
      sent.push({ text: payload.text, at: clock.now() });
      return { ok: true, result: true };
    }) as unknown as Parameters<Transformer>[0];
    const started: number[] = [];
    const { w } = await worker('a', {
      maxInFlight: 2,
      onHeard: (u) => scheduler.heard(u.message?.chat.id ?? 0),
      handle: async (u) => {
        started.push(u.update_id);
        // Marked as the bot marks the posts of the update it handles (bot/index.ts).
        const payload = markPayload(
          { chat_id: u.message?.chat.id, text: `re ${u.update_id}` },
          { waits: budgetWaitsOf(u.update_id) },
        );
        await scheduler.transformer(telegram, 'sendMessage', payload as never);
      },
    });
    held.add(w);
    const tick = async (ms: number) => {
      for (let t = 0; t < ms; t += 100) {
        clock.advance(100);
        budgetTimers.fireDue();
        timersOf.get(w)?.fireDue();
        await settled(w);
      }
    };
    // Two busy chats, three messages each.
    for (const [id, chat] of [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
      [6, 2],
    ] as const) {
      await w.accept(message(id, chat));
    }
    await w.start();
    await tick(200);
    // 1 was answered at once; 2 and 4 hold both slots, their replies waiting for the next second.
    expect(started).toEqual([1, 4, 2]);
    expect(sent.map((p) => p.text)).toEqual(['re 1']);
    await w.accept(message(7, 3, '/start'));
    await tick(200);
    expect(started).toEqual([1, 4, 2, 7]); // claimed while the slots are "held"
    await tick(8_000);
    // The newcomer's reply takes the next turn of the budget; each chat keeps its order.
    expect(sent.map((p) => p.text)).toEqual(['re 1', 're 7', 're 4', 're 2', 're 5', 're 3', 're 6']);
    expect(sent[1]!.at - sent[0]!.at).toBe(1_000);
    held.delete(w);
  });

  it('updates waiting for Telegram hold no slot only up to maxWaitingForTelegram', async () => {
    const gate = new Gate();
    gate.hold = true;
    const { w } = await worker('a', {
      handle: gate.handle,
      maxInFlight: 1,
      maxWaitingForTelegram: 1,
      isWaiting: () => true, // every chat's reply waits out a 429
    });
    held.add(w);
    for (const id of [1, 2, 3]) await w.accept(message(id, id));
    await w.start();
    await run(500);
    // 1 waits without a slot, 2 takes the slot (one waiting beyond the bound), 3 is not claimed.
    expect(gate.started).toEqual([1, 2]);
    gate.release(1);
    await run(200);
    expect(gate.started).toEqual([1, 2, 3]);
    gate.release(2);
    gate.release(3);
    held.delete(w);
  });

  it('a chat flooding plain messages past its backlog has them dropped, with one notice; commands stay', async () => {
    const gate = new Gate();
    gate.hold = true;
    const notices: number[] = [];
    const { w, store } = await worker('a', {
      handle: gate.handle,
      maxBacklog: 3,
      onDropped: (u) => void notices.push(u.update_id),
    });
    held.add(w);
    const outcomes = [];
    for (let id = 1; id <= 6; id++) outcomes.push(await w.accept(message(id, 9, `spam ${id}`)));
    outcomes.push(await w.accept(message(7, 9, '/start')));
    expect(outcomes).toEqual(['stored', 'stored', 'stored', 'dropped', 'dropped', 'dropped', 'stored']);
    expect(notices).toEqual([4]);
    expect(await store.inbox.countPending()).toBe(4);
    held.delete(w);
  });
  it('an idle worker looks less and less often (up to idlePollMaxMs), and at once again after an update', async () => {
    // Two replicas: b stores, a only finds b's updates by looking.
    const handled: number[] = [];
    const a = await worker('a', {
      idlePollMs: 100,
      idlePollMaxMs: 800,
      handle: async (u) => void handled.push(u.update_id),
    });
    let looks = 0;
    const settle = a.store.inbox.settle.bind(a.store.inbox);
    a.store.inbox.settle = (...args) => {
      looks++;
      return settle(...args);
    };
    await a.w.start();
    await run(100);
    looks = 0;
    // 100, 200, 400, 800, 800, 800 ms: six looks in 3.1 s of quiet, not thirty-one.
    await run(3_100);
    expect(looks).toBeLessThanOrEqual(7);
    expect(looks).toBeGreaterThanOrEqual(5);

    // An update stored by another replica is found within the longest wait...
    const b = await worker('b', { handle: async () => {}, idlePollMs: 100_000 });
    await b.store.inbox.store([
      { updateId: 1, lane: '7', control: false, payload: message(1, 7), droppable: false },
    ]);
    await run(800);
    expect(handled).toEqual([1]);
    // ...and the looks that follow are back at the short wait.
    looks = 0;
    await run(300);
    expect(looks).toBeGreaterThanOrEqual(2);
  });
  it("quiet through its longest wait, a worker parks in the process's one look, which wakes it for another replica's update", async () => {
    const handled: number[] = [];
    let storeOfA: Store | undefined;
    let statements = 0;
    const lookTimers = new ManualTimers(clock);
    const looks = new InboxLooks({
      waiting: {
        of: (ids) => {
          statements++;
          return storeOfA!.waitingBots.of(ids);
        },
      },
      logger: silentLogger,
      intervalMs: 250,
      timers: lookTimers,
    });
    const a = await worker('a', {
      idlePollMs: 100,
      idlePollMaxMs: 400,
      looks: looks.slot(1),
      handle: async (u) => void handled.push(u.update_id),
    });
    storeOfA = a.store;
    let passes = 0;
    const settle = a.store.inbox.settle.bind(a.store.inbox);
    a.store.inbox.settle = (...args) => {
      passes++;
      return settle(...args);
    };
    /** Moves time for the workers and the look together. */
    const wait = async (ms: number) => {
      for (let t = 0; t < ms; t += 50) {
        await run(50, 50);
        lookTimers.fireDue();
        await looks.whenIdle();
        await a.w.whenIdle();
      }
    };
    await a.w.start();
    // 100, 200, 400, 400 ms of quiet: parked, then no pass of its own however long it stays quiet.
    await wait(1_500);
    expect(looks.size).toBe(1);
    passes = 0;
    statements = 0;
    await wait(5_000);
    expect(passes).toBe(0);
    // The look: one statement for every parked bot, at most every 250 ms (the next one is armed
    // once the last has answered).
    expect(statements).toBeGreaterThanOrEqual(10);
    expect(statements).toBeLessThanOrEqual(21);

    // Another replica stores an update: the next look wakes the worker, which handles it.
    const b = await worker('b', { handle: async () => {}, idlePollMs: 100_000 });
    await b.store.inbox.store([
      { updateId: 1, lane: '7', control: false, payload: message(1, 7), droppable: false },
    ]);
    await wait(300);
    expect(handled).toEqual([1]);
    expect(looks.size).toBe(0);
    // Awake, it looks on its own again at the short wait.
    passes = 0;
    await wait(300);
    expect(passes).toBeGreaterThanOrEqual(2);

    // An update stored here (accept) unparks it at once, without the look.
    await wait(1_500);
    expect(looks.size).toBe(1);
    await a.w.accept(message(2, 8));
    expect(looks.size).toBe(0);
    await wait(100);
    expect(handled).toEqual([1, 2]);
  });

  /**
   * The turn of the event loop each update's handler started in (a ticker counts the turns), with
   * another bot of the process having claimed updates `sinceOtherClaimMs` before.
   */
  async function startTurns(sinceOtherClaimMs: number): Promise<Map<number, number>> {
    const share = new SlotShare({ now: () => clock.now(), recentMs: 10_000 });
    const startedIn = new Map<number, number>();
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn++;
      if (ticking) setImmediate(tick);
    };
    const a = await worker('a', {
      handle: async (u) => {
        startedIn.set(u.update_id, turn);
      },
      share,
    });
    share.claimed({});
    clock.advance(sinceOtherClaimMs);
    for (let id = 1; id <= 4; id++) await a.w.accept(message(id, id));
    await a.w.accept(checkout(5, 5));
    setImmediate(tick);
    await a.w.start();
    await run(100);
    ticking = false;
    return startedIn;
  }

  it("while another bot claimed lately, a worker's handlers start one per turn of the event loop; a payment at once", async () => {
    const startedIn = await startTurns(9_000);
    expect(startedIn.size).toBe(5);
    const chatTurns = [1, 2, 3, 4].map((id) => startedIn.get(id)!);
    expect(new Set(chatTurns).size).toBe(4); // each in a turn of its own
    expect(startedIn.get(5)).toBeLessThan(Math.max(...chatTurns)); // not queued behind them
  });

  it("with the process's other bots quiet for a while, a pass's handlers start together", async () => {
    const startedIn = await startTurns(11_000);
    expect(startedIn.size).toBe(5);
    expect(new Set(startedIn.values()).size).toBe(1);
  });

  it('while another bot has updates in hand, a flooded worker claims only its share of its slots', async () => {
    const share = new SlotShare();
    const gate = new Gate();
    gate.hold = true;
    const a = await worker('a', { handle: gate.handle, maxInFlight: 64, share });
    held.add(a.w);
    const otherBot = {};
    share.report(otherBot, 1);
    for (let id = 1; id <= 40; id++) await a.w.accept(message(id, id));
    await a.w.start();
    await run(300);
    expect(gate.started).toHaveLength(8);
    // The other bot is done: the flooded one may use all its slots again.
    share.report(otherBot, 0);
    gate.release(1);
    await settled(a.w);
    await run(300);
    expect(gate.started).toHaveLength(40);
    for (const id of gate.started) gate.release(id);
    held.delete(a.w);
    await run(100);
  });
});
