/** The update inbox and the shared poll budget, on every engine the run has (SQLite, and PostgreSQL). */
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { MEMBERS_CHANGED } from '../../src/db/repositories/inbox-replicas.js';
import { INBOX_CHANNEL, inboxWake } from '../../src/db/repositories/update-inbox.js';
import { storableJson } from '../../src/db/storable-json.js';
import { INBOX_SHARDS, laneShard, type ShardRange } from '../../src/domain/inbox-shard.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { textUpdate } from '../support/in-process-bot.js';

const LEASE = 30_000;

const update = (updateId: number, chatId: number) => textUpdate(updateId, { id: chatId }, 'hi');

describe.each(availableEngines())('UpdateInboxRepository on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let store: Store;
  let second: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 1);
    store = await database.open(() => now);
    second = engine === 'postgres' ? await database.open(() => now) : store;
  });
  afterEach(async () => {
    if (second !== store) await second.close();
    await database.drop();
  });

  const add = (id: number, lane: string, control = false) =>
    store.inbox.add({ updateId: id, lane, control, payload: update(id, Number(lane) || 1) });

  it('stores an update once: a resend with the same update_id is recognised', async () => {
    const first = update(1, 10);
    expect(await store.inbox.add({ updateId: 1, lane: '10', control: false, payload: first })).toBe(true);
    expect(await add(1, '10')).toBe(false);
    expect(await store.inbox.countPending()).toBe(1);
    const [row] = await store.inbox.claim('a', LEASE, 10);
    expect(row?.payload).toEqual(first);
  });

  it("forgets an update's payload (a secret typed into a chat) and still recognises its resend; only that bot's", async () => {
    const secret = 'rk_live_typed-into-the-chat-0123';
    const typed = textUpdate(7, { id: 10 }, `/upstream_key ${secret}`);
    await store.inbox.add({ updateId: 7, lane: '10', control: false, payload: typed });
    const other = storeOn(store.engine, { bot: 2 });
    await other.inbox.add({ updateId: 7, lane: '10', control: false, payload: typed });
    await store.inbox.forgetPayload(7);
    expect((await store.inbox.find(7))?.payload).toEqual({ update_id: 7 });
    const raw = await database.query<Record<string, unknown>>`
      select payload from update_inbox where bot_id = 1`;
    expect(JSON.stringify(raw)).not.toContain(secret);
    expect(await store.inbox.add({ updateId: 7, lane: '10', control: false, payload: typed })).toBe(false);
    expect((await other.inbox.find(7))?.payload).toEqual(typed);
  });

  it('names the bots with an update any replica may claim: not one in hand, done, or of a bot not asked', async () => {
    const bot = (id: number) => storeOn(store.engine, { bot: id, now: () => now });
    // Bot 2: its only update is in hand (leased); bot 3: handled; bot 4: waiting; bot 5: not asked.
    await bot(2).inbox.add({ updateId: 1, lane: '10', control: false, payload: update(1, 10) });
    expect(await bot(2).inbox.claim('a', LEASE, 10)).toHaveLength(1);
    await bot(3).inbox.add({ updateId: 1, lane: '10', control: false, payload: update(1, 10) });
    const [done] = await bot(3).inbox.claim('a', LEASE, 10);
    await bot(3).inbox.finish(done!.updateId);
    await bot(4).inbox.add({ updateId: 1, lane: '10', control: false, payload: update(1, 10) });
    await bot(5).inbox.add({ updateId: 1, lane: '10', control: false, payload: update(1, 10) });
    expect(await store.waitingBots.of([1, 2, 3, 4])).toEqual(new Set([4]));
    // The lease of bot 2's update lapses (its replica died): it may be claimed again.
    now += LEASE + 1;
    expect(await store.waitingBots.of([1, 2, 3, 4])).toEqual(new Set([2, 4]));
    expect(await store.waitingBots.of([])).toEqual(new Set());
    // Among replicas, only this one's shards count: lane 10's shard is another replica's.
    const shard = laneShard('10');
    expect(await store.waitingBots.of([2, 4], { from: shard, to: shard })).toEqual(new Set([2, 4]));
    const others = shard === 0 ? { from: 1, to: INBOX_SHARDS - 1 } : { from: 0, to: shard - 1 };
    expect(await store.waitingBots.of([2, 4], others)).toEqual(new Set());
  });

  it('hands out one update per lane at a time, oldest first, the next once the first is done', async () => {
    await add(1, '10');
    await add(2, '10');
    await add(3, '20');
    const claimed = await store.inbox.claim('a', LEASE, 10);
    expect(claimed.map((r) => r.updateId)).toEqual([1, 3]);
    expect(await store.inbox.claim('b', LEASE, 10)).toEqual([]);
    await store.inbox.finish(1);
    const next = await second.inbox.claim('b', LEASE, 10);
    expect(next.map((r) => [r.updateId, r.owner])).toEqual([[2, 'b']]);
  });

  it('a lane with nothing waiting behind its head goes first: a newcomer is not queued behind a flood', async () => {
    await add(1, '10');
    await add(2, '10');
    await add(3, '30');
    await add(4, '30');
    await add(5, '20');
    // Room for one: the newest update, but the only one of its lane, goes before older backlogs.
    expect((await store.inbox.claim('a', LEASE, 1)).map((r) => r.updateId)).toEqual([5]);
    // The backlogged lanes share what is left, oldest first.
    expect((await store.inbox.claim('b', LEASE, 1)).map((r) => r.updateId)).toEqual([1]);
    expect((await store.inbox.claim('b', LEASE, 1)).map((r) => r.updateId)).toEqual([3]);
  });

  it('a control update runs beside a lane update in hand, never before one that waits', async () => {
    await add(1, '10');
    await add(2, '10');
    await add(3, '10', true);
    expect((await store.inbox.claim('a', LEASE, 10)).map((r) => r.updateId)).toEqual([1]);
    // 2 waits unclaimed: the /cancel (3) keeps its place behind it.
    expect(await store.inbox.claim('b', LEASE, 10)).toEqual([]);
    await store.inbox.finish(1);
    expect((await store.inbox.claim('a', LEASE, 10)).map((r) => r.updateId)).toEqual([2]);
    // 2 is in hand now: the /cancel may run beside it.
    expect((await second.inbox.claim('b', LEASE, 10)).map((r) => r.updateId)).toEqual([3]);
  });

  it('a claim lapses with its lease and is taken over; the attempts are counted', async () => {
    await add(1, '10');
    await store.inbox.claim('a', LEASE, 10);
    now += LEASE - 1;
    expect(await second.inbox.claim('b', LEASE, 10)).toEqual([]);
    now += 2;
    const [taken] = await second.inbox.claim('b', LEASE, 10);
    expect(taken).toMatchObject({ updateId: 1, owner: 'b', attempts: 2 });
  });

  it('renewing keeps a long update claimed and reports a cancel asked for elsewhere', async () => {
    await add(1, '10');
    await add(2, '10', true);
    await store.inbox.claim('a', LEASE, 10);
    now += LEASE - 1_000;
    expect(await store.inbox.renew('a', [1], LEASE)).toEqual([]);
    now += 2_000;
    const [cancel] = await second.inbox.claim('b', LEASE, 10);
    expect(cancel?.updateId).toBe(2);
    expect(await second.inbox.requestCancel('10', 2)).toBe(1);
    expect(await store.inbox.renew('a', [1], LEASE)).toEqual([1]);
    // Another owner's renewal changes nothing.
    expect(await store.inbox.renew('b', [1], LEASE)).toEqual([]);
  });

  it('release hands claims back at once; prune forgets what was handled long ago', async () => {
    await add(1, '10');
    await add(2, '20');
    await store.inbox.claim('a', LEASE, 10);
    expect(await store.inbox.release('a', [2])).toBe(1);
    expect((await second.inbox.claim('b', LEASE, 10)).map((r) => r.updateId)).toEqual([2]);
    await store.inbox.finish(2);
    expect(await store.inbox.release('a')).toBe(1);
    now += 60_000;
    expect(await store.inbox.prune(new Date(now - 30_000))).toBe(1);
    expect(await store.inbox.find(2)).toBeUndefined();
    expect(await store.inbox.find(1)).toBeDefined();
  });

  it('keeps an update whose text has U+0000 and a lone surrogate once cleaned (jsonb refuses them raw)', async () => {
    const hostile = update(1, 10);
    if (hostile.message) hostile.message.text = 'a\u0000b \uD83D c \uDE00 \u{1F600}';
    const payload = storableJson(hostile);
    const outcomes = await store.inbox.store([{ updateId: 1, lane: '10', control: false, payload }]);
    expect(outcomes).toEqual(['stored']);
    const [row] = await store.inbox.claim('a', LEASE, 1);
    expect(row?.payload.message?.text).toBe('ab \uFFFD c \uFFFD \u{1F600}');
  });

  it('stores a batch in one go: new, resent and flooding updates each get their outcome', async () => {
    await add(1, '10');
    const batch = [2, 3, 4, 5].map((id) => ({
      updateId: id,
      lane: '10',
      control: false,
      payload: update(id, 10),
      droppable: true,
    }));
    const resend = { updateId: 1, lane: '10', control: false, payload: update(1, 10) };
    const command = { updateId: 6, lane: '10', control: false, payload: update(6, 10) };
    // Lane 10 may hold 3 waiting: 1 is there, 2 and 3 join, 4 and 5 are dropped; 6 is not droppable.
    const outcomes = await store.inbox.store([...batch, command, resend], { maxBacklog: 3 });
    expect(outcomes).toEqual(['stored', 'stored', 'dropped', 'dropped', 'stored', 'duplicate']);
    expect(await store.inbox.countPending()).toBe(4);
    // A dropped update is remembered as handled: its resend is a duplicate, never handled.
    expect(await store.inbox.store([batch[2]!], { maxBacklog: 3 })).toEqual(['duplicate']);
    expect((await store.inbox.find(4))?.doneAt).not.toBeNull();
  });

  it('skip records an update the store could not keep as handled, so its resend is recognised', async () => {
    expect(await store.inbox.skip(9, '10')).toBe(true);
    expect(await add(9, '10')).toBe(false);
    expect(await store.inbox.countPending()).toBe(0);
  });

  it('settle records completions and claims the next lane heads in one go; payments apart', async () => {
    await add(1, '10');
    await add(2, '10');
    await add(3, '20');
    await add(4, 'checkout:4');
    await add(5, '20:payment');
    const first = await store.inbox.settle({
      done: [],
      owner: 'a',
      leaseMs: LEASE,
      claim: { payments: 0, chats: 5 },
    });
    expect(first.map((r) => r.updateId)).toEqual([1, 3]);
    const payments = await second.inbox.settle({
      done: [],
      owner: 'b',
      leaseMs: LEASE,
      claim: { payments: 5, chats: 0 },
    });
    expect(payments.map((r) => r.updateId)).toEqual([4, 5]);
    const next = await store.inbox.settle({
      done: [1, 3],
      owner: 'a',
      leaseMs: LEASE,
      claim: { payments: 5, chats: 5 },
    });
    expect(next.map((r) => r.updateId)).toEqual([2]);
    expect((await store.inbox.find(1))?.doneAt).not.toBeNull();
    expect((await store.inbox.find(3))?.doneAt).not.toBeNull();
  });

  it("claims only the lanes of the replica's shards; the other shards' lanes are left to their replica", async () => {
    const lanes = Array.from({ length: 40 }, (_, i) => String(1000 + i));
    for (const [i, lane] of lanes.entries()) await add(i + 1, lane);
    for (const [i, lane] of lanes.entries())
      expect((await store.inbox.find(i + 1))?.shard).toBe(laneShard(lane));
    const half = { from: 0, to: INBOX_SHARDS / 2 - 1 };
    const settle = (owner: string, shards: ShardRange) =>
      store.inbox.settle({ done: [], owner, leaseMs: LEASE, claim: { payments: 0, chats: 100 }, shards });
    const mine = await settle('a', half);
    const theirs = await settle('b', { from: INBOX_SHARDS / 2, to: INBOX_SHARDS - 1 });
    const inHalf = (lane: string) => laneShard(lane) <= half.to;
    expect(mine.map((r) => r.lane).sort()).toEqual(lanes.filter(inHalf).sort());
    expect(theirs.map((r) => r.lane).sort()).toEqual(lanes.filter((l) => !inHalf(l)).sort());
    // Both halves are non-empty with these lanes, so the test means something.
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
  });

  it('payments are never split among replicas: any replica claims them, whatever their shard', async () => {
    const lanes = Array.from({ length: 12 }, (_, i) => `checkout:${i + 1}`);
    for (const [i, lane] of lanes.entries()) await add(i + 1, lane);
    const shard = laneShard(lanes[0]!);
    const elsewhere = shard === 0 ? { from: 1, to: INBOX_SHARDS - 1 } : { from: 0, to: shard - 1 };
    expect(lanes.some((lane) => laneShard(lane) !== shard)).toBe(true);
    const claimed = await store.inbox.settle({
      done: [],
      owner: 'a',
      leaseMs: LEASE,
      claim: { payments: 20, chats: 20 },
      shards: elsewhere,
    });
    expect(claimed.map((r) => r.lane).sort()).toEqual([...lanes].sort());
  });

  it("a lane with an older update stored before shards (shard 0) is its own shard's, oldest first", async () => {
    const lane = '4242';
    const shard = laneShard(lane);
    await add(1, lane);
    await add(2, lane);
    // The older update was stored by a version without shards: shard 0.
    expect(shard).not.toBe(0);
    const t = store.engine.tables.updateInbox;
    await store.engine.run((db) =>
      db
        .update(t)
        .set({ shard: 0 })
        .where(and(eq(t.botId, store.scope.botId), eq(t.updateId, 1))),
    );
    const claim = (owner: string, range: ShardRange, done: number[] = []) =>
      store.inbox.settle({ done, owner, leaseMs: LEASE, claim: { payments: 0, chats: 10 }, shards: range });
    // Shard 0's replica leaves the lane alone: it is not split between two replicas.
    expect(await claim('b', { from: 0, to: 0 })).toEqual([]);
    const ownShard = { from: shard, to: shard };
    expect((await claim('a', ownShard)).map((r) => r.updateId)).toEqual([1]);
    expect((await claim('a', ownShard, [1])).map((r) => r.updateId)).toEqual([2]);
  });

  it('the replicas alive are those that renewed within their lease; one that leaves is gone at once', async () => {
    expect(await store.inboxReplicas.beat('a', 5_000)).toEqual(['a']);
    if (engine === 'sqlite') return; // one process: always alone, no statement
    expect((await second.inboxReplicas.beat('b', 5_000)).sort()).toEqual(['a', 'b']);
    now += 3_000;
    expect((await store.inboxReplicas.beat('a', 5_000)).sort()).toEqual(['a', 'b']);
    now += 3_000; // b did not renew: its lease lapsed
    expect(await store.inboxReplicas.beat('a', 5_000)).toEqual(['a']);
    expect((await second.inboxReplicas.beat('b', 5_000)).sort()).toEqual(['a', 'b']);
    await second.inboxReplicas.leave('b');
    expect(await store.inboxReplicas.beat('a', 5_000)).toEqual(['a']);
  });

  it.runIf(engine === 'postgres')(
    "storing an update of another replica's shard tells that replica, by the statement that stores it",
    async () => {
      const heard: string[] = [];
      const stop = await second.engine.listen!(INBOX_CHANNEL, (payload) => heard.push(payload));
      try {
        const ours = '10';
        await store.inbox.store([{ updateId: 1, lane: ours, control: false, payload: update(1, 10) }], {
          wake: () => undefined,
        });
        await store.inbox.store([{ updateId: 2, lane: ours, control: false, payload: update(2, 10) }], {
          wake: (shard) => (shard === laneShard(ours) ? 'b' : undefined),
        });
        // A resend stores nothing new: nobody is told.
        await store.inbox.store([{ updateId: 2, lane: ours, control: false, payload: update(2, 10) }], {
          wake: () => 'b',
        });
        // A control update is named as one: b claims it beside the lane's head in hand.
        await store.inbox.store([{ updateId: 3, lane: ours, control: true, payload: update(3, 10) }], {
          wake: () => 'b',
        });
        const wakes = [`${store.scope.botId} b ${ours}=2`, `${store.scope.botId} b !${ours}=3`];
        await expect.poll(() => heard, { timeout: 5_000 }).toEqual(wakes);
        expect(inboxWake.parse(heard[1]!)).toEqual({
          botId: store.scope.botId,
          owner: 'b',
          arrivals: [{ lane: ours, updateId: 3, control: true }],
        });
        expect(inboxWake.parse(heard[0]!)?.arrivals).toEqual([{ lane: ours, updateId: 2 }]);
        await store.inboxReplicas.leave('nobody'); // a replica that was not there: nobody is told
        await store.inboxReplicas.beat('c', 5_000);
        await store.inboxReplicas.leave('c');
        await expect.poll(() => heard, { timeout: 5_000 }).toEqual([...wakes, MEMBERS_CHANGED]);
      } finally {
        await stop();
      }
    },
  );

  it("a lane head comes with its chat's conversation state; a control update beside one in hand does not", async () => {
    const states = store.conversationStorage<string>();
    const form = { version: [0, 1] as [0, number], state: 'in the form' };
    await states.write('10', form);
    await add(1, '10');
    await add(2, '10', true);
    await add(3, '20');
    const settle = (s: Store, done: number[]) =>
      s.inbox.settle({ done, owner: 'a', leaseMs: LEASE, claim: { payments: 0, chats: 5 } });
    const heads = await settle(store, []);
    expect(heads.map((r) => [r.updateId, r.conversation])).toEqual([
      [1, { key: '10', value: JSON.stringify(form) }],
      // No conversation in chat 20: known to be none, nothing to read again.
      [3, { key: '20', value: null }],
    ]);
    // The /cancel (2) runs beside 1, which may be changing the state: it reads the state itself.
    const beside = await settle(second, []);
    expect(beside.map((r) => [r.updateId, r.conversation])).toEqual([[2, undefined]]);
    // Once everything older is done, a control update is the head: it gets the state as it is now.
    await add(4, '10', true);
    await states.delete('10');
    const next = await settle(store, [1, 2, 3]);
    expect(next.map((r) => [r.updateId, r.conversation])).toEqual([[4, { key: '10', value: null }]]);
  });

  it("is one bot's: the same update id and lane in another bot are another update, out of reach", async () => {
    const other = storeOn(store.engine, { bot: 2, now: () => now });
    const to = (s: Store, id: number, lane: string, control = false) =>
      s.inbox.add({ updateId: id, lane, control, payload: update(id, Number(lane)) });
    const claimed = async (s: Store, owner: string) =>
      (await s.inbox.claim(owner, LEASE, 10)).map((r) => [r.botId, r.updateId]);
    await store.conversationStorage<string>().write('10', { version: [0, 1], state: "bot 1's form" });
    expect(await to(store, 1, '10')).toBe(true);
    expect(await to(store, 2, '10')).toBe(true);
    // Bot 2's update 1 is not a resend of bot 1's; its batch stores both, as new.
    expect(await to(other, 1, '10')).toBe(true);
    const batch = [3, 4].map((id) => ({ updateId: id, lane: '10', control: false, payload: update(id, 10) }));
    expect(await other.inbox.store([...batch, { ...batch[0]!, updateId: 2 }])).toEqual([
      'stored',
      'stored',
      'stored',
    ]);
    expect(await other.inbox.skip(5, '10')).toBe(true);
    expect(await to(store, 5, '10')).toBe(true);
    expect(await store.inbox.countPending()).toBe(3);
    expect(await other.inbox.countPending()).toBe(4);
    expect((await other.inbox.find(3))?.botId).toBe(2);
    expect(await store.inbox.find(3)).toBeUndefined();

    // Lanes are per bot: bot 1's chat 10 in hand holds back none of bot 2's chat 10.
    expect(await claimed(store, 'a')).toEqual([[1, 1]]);
    const [head] = await other.inbox.settle({
      done: [],
      owner: 'b',
      leaseMs: LEASE,
      claim: { payments: 0, chats: 10 },
    });
    // Its conversation state is bot 2's (none), not bot 1's in the same chat.
    expect(head).toMatchObject({ botId: 2, updateId: 1, conversation: { key: '10', value: null } });
    expect(await claimed(other, 'b')).toEqual([]);

    // What one bot does by update id, owner or lane leaves the other's rows as they were.
    expect(await store.inbox.release('b')).toBe(0);
    expect(await store.inbox.renew('b', [1], LEASE)).toEqual([]);
    expect(await other.inbox.requestCancel('10', 99)).toBe(1);
    expect(await store.inbox.renew('a', [1], LEASE)).toEqual([]);
    await other.inbox.settle({ done: [1, 2], owner: 'b', leaseMs: LEASE, claim: { payments: 0, chats: 0 } });
    expect((await store.inbox.find(1))?.doneAt).toBeNull();
    expect((await store.inbox.find(2))?.doneAt).toBeNull();
    expect(await claimed(other, 'b')).toEqual([[2, 3]]);
    await store.inbox.finishMany([1, 3, 4]);
    expect((await other.inbox.find(3))?.doneAt).toBeNull();
    expect(await store.inbox.countPending()).toBe(2);
    expect(await other.inbox.countPending()).toBe(2);
    now += 60_000;
    // Bot 2's handled updates (1, 2, and 5 skipped) are forgotten; bot 1's handled update 1 is not.
    expect(await other.inbox.prune(new Date(now))).toBe(3);
    expect(await store.inbox.find(1)).toBeDefined();
    expect(await other.inbox.find(1)).toBeUndefined();
  });

  it('racing claimers never share an update, and each lane stays in order', async () => {
    const lanes = 20;
    let id = 0;
    for (let round = 0; round < 5; round++) {
      for (let lane = 1; lane <= lanes; lane++) await add(++id, String(lane));
    }
    const seen: Array<{ updateId: number; lane: string }> = [];
    const worker = async (owner: string, inbox: Store['inbox']) => {
      for (;;) {
        const rows = await inbox.claim(owner, LEASE, 7);
        if (rows.length === 0) {
          if ((await inbox.countPending()) === 0) return;
          continue;
        }
        for (const row of rows) {
          seen.push({ updateId: row.updateId, lane: row.lane });
          await inbox.finish(row.updateId);
        }
      }
    };
    await Promise.all([worker('a', store.inbox), worker('b', second.inbox), worker('c', store.inbox)]);
    expect(seen.map((s) => s.updateId).sort((a, b) => a - b)).toEqual(
      Array.from({ length: id }, (_, i) => i + 1),
    );
    for (let lane = 1; lane <= lanes; lane++) {
      const order = seen.filter((s) => s.lane === String(lane)).map((s) => s.updateId);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });
});

describe.each(availableEngines())('PollBudgetRepository on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('grants at most the cap per second, whoever asks, and starts afresh the next second', async () => {
    expect(await store.pollBudget.take(100, 3, 5)).toBe(3);
    expect(await store.pollBudget.take(100, 3, 5)).toBe(2);
    expect(await store.pollBudget.take(100, 1, 5)).toBe(0);
    expect(await store.pollBudget.take(101, 9, 5)).toBe(5);
    const grants = await Promise.all(Array.from({ length: 10 }, () => store.pollBudget.take(102, 2, 7)));
    expect(grants.reduce((a, b) => a + b, 0)).toBe(7);
    await store.pollBudget.prune(102);
    expect(await store.pollBudget.take(100, 1, 5)).toBe(1);
  });
});
