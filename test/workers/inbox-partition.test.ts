/**
 * Replicas that don't compete (issue 41), on a real PostgreSQL with a manual clock: two replicas
 * split a bot's lanes, each claims only its own shards and is woken by the other's NOTIFY when the
 * other stores its updates; a replica that dies hands its lanes to the other within the leases, in
 * order and once. SQLite has one process: its replica is alone, with every shard.
 */
import type { Update } from 'grammy/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { laneShard, type ShardRange } from '../../src/domain/inbox-shard.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { InboxPartition } from '../../src/workers/inbox-partition.js';
import { UpdateInboxWorker } from '../../src/workers/update-inbox.js';
import { silentLogger } from '../services/harness.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { textUpdate } from '../support/in-process-bot.js';
import { ManualTimers } from '../support/manual-timers.js';

/** A claim's lease, and a replica's place among the others (the app's ratio: under 3/4). */
const LEASE = 30_000;
const MEMBERSHIP = 6_000;
const CHATS = 24;

const message = (updateId: number, chatId: number) => textUpdate(updateId, { id: chatId }, `m${updateId}`);
const inRange = (range: ShardRange | undefined, chat: number) => {
  const shard = laneShard(String(chat));
  return range === undefined || (shard >= range.from && shard <= range.to);
};

interface Replica {
  name: string;
  store: Store;
  timers: ManualTimers;
  partition: InboxPartition;
  worker: UpdateInboxWorker;
  /** [update id, chat] in the order its handler finished them. */
  handled: Array<[number, number]>;
  /** Handlers that wait for the test (update id -> release). */
  holding: Map<number, () => void>;
}

describe.each(availableEngines())('replicas sharing an inbox on %s', (engine) => {
  let database: TestDatabase;
  let clock: ManualClock;
  const replicas: Replica[] = [];
  let holdNext = false;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    clock = new ManualClock();
    holdNext = false;
  });
  afterEach(async () => {
    for (const r of replicas.splice(0)) {
      for (const release of r.holding.values()) release();
      await r.partition.stop().catch(() => undefined);
      await r.store.close().catch(() => undefined);
    }
    await database.drop();
  });

  async function replica(name: string): Promise<Replica> {
    const store = await database.open(() => clock.now());
    const timers = new ManualTimers(clock);
    const partition = new InboxPartition({
      replicas: store.inboxReplicas,
      owner: name,
      leaseMs: MEMBERSHIP,
      ...(store.engine.listen && { listen: store.engine.listen }),
      logger: silentLogger,
      timers,
    });
    const r: Replica = {
      name,
      store,
      timers,
      partition,
      worker: undefined!,
      handled: [],
      holding: new Map(),
    };
    r.worker = new UpdateInboxWorker({
      inbox: store.inbox,
      owner: name,
      logger: silentLogger,
      leaseMs: LEASE,
      // Its idle look (claims that lapsed) fires only when the test moves the clock: until then,
      // what it claims, it claims because it was told.
      idlePollMs: LEASE / 10,
      partition: partition.slot(store.scope.botId),
      timers,
      handle: async (u: Update) => {
        if (holdNext) {
          holdNext = false;
          await new Promise<void>((resolve) => r.holding.set(u.update_id, resolve));
        }
        r.handled.push([u.update_id, u.message!.chat.id]);
      },
    });
    replicas.push(r);
    await partition.start();
    await r.worker.start();
    return r;
  }

  const handledIds = () => replicas.flatMap((r) => r.handled.map(([id]) => id));

  it('each replica claims only the lanes of its shards, woken by the replica that stored them', async () => {
    const a = await replica('a');
    const b = await replica('b');
    if (engine === 'sqlite') {
      // One process: alone, every shard (no statement, no split).
      expect(a.partition.range()).toBeUndefined();
      return;
    }
    // b's arrival was announced: a splits anew at once, not at its next renewal.
    await expect.poll(() => a.partition.members, { timeout: 5_000 }).toEqual(['a', 'b']);
    expect(b.partition.members).toEqual(['a', 'b']);
    const ranges = [a.partition.range()!, b.partition.range()!];
    expect(ranges).toEqual([
      { from: 0, to: 31 },
      { from: 32, to: 63 },
    ]);
    // Every update reaches a (the load balancer's choice); two per chat.
    let id = 0;
    for (let round = 0; round < 2; round++)
      for (let chat = 1; chat <= CHATS; chat++) await a.worker.accept(message(++id, 1000 + chat));
    const all = 2 * CHATS;
    // Each replica passes again when the last handler of a batch finishes (no timer involved).
    await expect.poll(() => handledIds().length, { timeout: 10_000 }).toBe(all);
    expect([...handledIds()].sort((x, y) => x - y)).toEqual(Array.from({ length: all }, (_, i) => i + 1));
    for (const r of [a, b]) {
      const range = r.partition.range();
      expect(r.handled.every(([, chat]) => inRange(range, chat))).toBe(true);
      for (let chat = 1001; chat <= 1000 + CHATS; chat++) {
        const mine = r.handled.filter(([, c]) => c === chat).map(([u]) => u);
        expect(mine).toEqual([...mine].sort((x, y) => x - y));
      }
    }
    // b never looked by itself: a's store told it.
    expect(b.handled.length).toBeGreaterThan(0);
    expect(a.handled.length).toBeGreaterThan(0);
  });

  it.runIf(engine === 'postgres')(
    'a replica that dies hands its lanes to the other within the leases: each update once, each chat in order',
    async () => {
      const a = await replica('a');
      const b = await replica('b');
      await expect.poll(() => a.partition.members, { timeout: 5_000 }).toEqual(['a', 'b']);
      const bRange = b.partition.range()!;
      const bChats = Array.from({ length: CHATS }, (_, i) => 1001 + i).filter((c) => inRange(bRange, c));
      expect(bChats.length).toBeGreaterThan(1);
      // b takes the first update of its first chat and never finishes it (it dies handling it).
      holdNext = true;
      await a.worker.accept(message(1, bChats[0]!));
      await expect.poll(() => b.holding.size, { timeout: 5_000 }).toBe(1);
      // b dies: no timer of its fires again, its connections are gone.
      await b.store.close();
      // Meanwhile more arrive for b's chats, the held one's among them.
      let id = 1;
      const sent: Array<[number, number]> = [[1, bChats[0]!]];
      for (const chat of bChats)
        for (let k = 0; k < 2; k++) {
          await a.worker.accept(message(++id, chat));
          sent.push([id, chat]);
        }
      // Nothing of b's lanes is a's yet: stored, but left to b.
      expect(a.handled).toEqual([]);
      // Within b's place among the replicas: a renews, finds b gone and takes every shard.
      clock.advance(MEMBERSHIP + MEMBERSHIP / 4);
      a.timers.fireDue();
      await expect.poll(() => a.partition.range(), { timeout: 5_000 }).toBeUndefined();
      const notHeld = sent.filter(([, chat]) => chat !== bChats[0]);
      await expect.poll(() => a.handled.length, { timeout: 10_000 }).toBe(notHeld.length);
      // The held chat waits for b's claim to lapse (the claim's lease): a's idle look then takes it,
      // and the chat goes on in order.
      expect(a.handled.some(([, chat]) => chat === bChats[0])).toBe(false);
      clock.advance(LEASE);
      a.timers.fireDue();
      await expect.poll(() => a.handled.length, { timeout: 10_000 }).toBe(sent.length);
      expect([...a.handled].sort((x, y) => x[0] - y[0])).toEqual(sent);
      for (const chat of bChats) {
        const order = a.handled.filter(([, c]) => c === chat).map(([u]) => u);
        expect(order).toEqual([...order].sort((x, y) => x - y));
      }
      expect(b.handled).toEqual([]);
    },
  );
});
