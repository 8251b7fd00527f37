/**
 * The inbox's group commit on a real database: updates offered together are stored together, and
 * one update the store refuses is skipped after a few tries (logged, counted, remembered by id)
 * while the others of its batch are stored; a store that takes nothing refuses them all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewInboxUpdate, Store } from '../../src/db/index.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { InboxWriter } from '../../src/workers/inbox-writer.js';
import { silentLogger } from '../services/harness.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';
import { textUpdate } from '../support/in-process-bot.js';
import { ManualTimers } from '../support/manual-timers.js';

const row = (updateId: number, chatId: number): NewInboxUpdate => ({
  updateId,
  lane: String(chatId),
  control: false,
  payload: textUpdate(updateId, { id: chatId }, `m${updateId}`),
});

describe(`InboxWriter on ${defaultEngine()}`, () => {
  let database: TestDatabase;
  let store: Store;
  let clock: ManualClock;
  let groups: number[][];
  /** update_id the "store" refuses (as jsonb refuses a NUL), or 'all' for a store that is down. */
  let refuse: number | 'all' | undefined;
  let logged: Array<Record<string, unknown>>;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = await database.open();
    clock = new ManualClock();
    groups = [];
    refuse = undefined;
    logged = [];
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  function writer() {
    const inbox = {
      store: async (updates: NewInboxUpdate[], opts?: { maxBacklog?: number }) => {
        groups.push(updates.map((u) => u.updateId));
        if (refuse === 'all' || updates.some((u) => u.updateId === refuse)) {
          throw new Error('unsupported Unicode escape sequence');
        }
        return store.inbox.store(updates, opts);
      },
      skip: async (updateId: number, lane: string) => refuse !== 'all' && store.inbox.skip(updateId, lane),
    };
    const logger = { ...silentLogger, error: (fields: Record<string, unknown>) => void logged.push(fields) };
    return new InboxWriter({
      inbox,
      logger: logger as unknown as typeof silentLogger,
      timers: new ManualTimers(clock, { auto: true }),
    });
  }

  it('stores the updates offered together in one transaction, and those offered meanwhile in the next', async () => {
    const w = writer();
    const first = Promise.all([1, 2, 3].map((id) => w.write(row(id, id))));
    // Offered while the first group is being committed: they wait for it, then go together.
    await Promise.resolve();
    const second = Promise.all([4, 5].map((id) => w.write(row(id, id))));
    expect(await first).toEqual(['stored', 'stored', 'stored']);
    expect(await second).toEqual(['stored', 'stored']);
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(await store.inbox.countPending()).toBe(5);
  });

  it('one update the store refuses is skipped after three tries; the rest of its batch is stored', async () => {
    refuse = 2;
    const w = writer();
    const outcomes = await Promise.all([1, 2, 3].map((id) => w.write(row(id, id))));
    expect(outcomes).toEqual(['stored', 'unstorable', 'stored']);
    expect(groups.filter((g) => g.length === 1 && g[0] === 2)).toHaveLength(3);
    expect(await store.inbox.countPending()).toBe(2);
    // Remembered as handled: a resend is recognised and never handled.
    expect((await store.inbox.find(2))?.doneAt).not.toBeNull();
    refuse = undefined;
    expect(await w.write(row(2, 2))).toBe('duplicate');
    // Logged by type and id, with the store's reason, never the user's text.
    expect(logged).toEqual([{ updateId: 2, type: 'message', reason: 'unsupported Unicode escape sequence' }]);
  });

  it('a store that takes nothing refuses every update (Telegram sends them again), skipping none', async () => {
    refuse = 'all';
    const w = writer();
    const outcomes = await Promise.allSettled([1, 2].map((id) => w.write(row(id, id))));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(logged).toEqual([]);
    refuse = undefined;
    expect(await w.write(row(1, 1))).toBe('stored');
  });

  it('the same update offered twice at once is stored once', async () => {
    const w = writer();
    expect(await Promise.all([w.write(row(7, 1)), w.write(row(7, 1))])).toEqual(['stored', 'duplicate']);
  });
});
