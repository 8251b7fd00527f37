/**
 * A lazy commit (engine.transaction's `lazyCommit`, used for the inbox's claims and completions)
 * commits like any other and rolls back like any other; only that one commit skips waiting for the
 * disk: the transactions after it are durable again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/db/engine.js';
import type { Store } from '../../src/db/index.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { textUpdate } from '../support/in-process-bot.js';

/** The engine's durability setting now: SQLite's synchronous (2 = FULL), PostgreSQL's synchronous_commit. */
async function durability(engine: Engine, db = engine.db): Promise<string> {
  if (engine.dialect === 'sqlite') {
    const sqlite = (engine as unknown as { sqlite: { pragma(q: string, o: object): unknown } }).sqlite;
    return String(sqlite.pragma('synchronous', { simple: true }));
  }
  const rows = (await db.execute('show synchronous_commit' as never)) as unknown as Array<{
    synchronous_commit: string;
  }>;
  return rows[0]!.synchronous_commit;
}

describe.each(availableEngines())('lazy commit on %s', (engineName) => {
  let database: TestDatabase;
  let store: Store;
  const lazy = engineName === 'sqlite' ? '1' : 'off';

  beforeEach(async () => {
    database = await createTestDatabase(engineName);
    store = await database.open();
  });
  afterEach(async () => {
    await database.drop();
  });

  /** The update_ids in the inbox, in order. */
  const storedIds = async () => {
    const rows = await database.query<{ update_id: number | string }>`
      select update_id from update_inbox where bot_id = 1 order by update_id`;
    return rows.map((r) => Number(r.update_id));
  };

  // The inbox is a bot's: its rows name the bot (bot 1, the main bot), or the engine refuses them.
  const row = (updateId: number) => ({
    botId: 1,
    updateId,
    lane: '10',
    control: false,
    payload: textUpdate(updateId, { id: 10 }, 'hi'),
    receivedAt: new Date(),
  });

  it('commits and rolls back as usual, and only that commit is lazy', async () => {
    const { engine } = store;
    const t = engine.tables.updateInbox;
    // SQLite: FULL (2); PostgreSQL: the server's setting (the tests' cluster already runs without).
    const usual = await durability(engine);
    if (engineName === 'sqlite') expect(usual).toBe('2');
    const seen = await engine.transaction(
      async ({ db }) => {
        await db.insert(t).values(row(1));
        return durability(engine, db);
      },
      { lazyCommit: true },
    );
    expect(seen).toBe(lazy);
    await expect(
      engine.transaction(
        async ({ db }) => {
          await db.insert(t).values(row(2));
          throw new Error('rolled back');
        },
        { lazyCommit: true },
      ),
    ).rejects.toThrow('rolled back');
    expect(await durability(engine)).toBe(usual);
    expect(await engine.transaction(({ db }) => durability(engine, db))).toBe(usual);
    expect(await storedIds()).toEqual([1]);
  });

  it('a commit synced in the background is durable when it resolves; the next ones are as usual', async () => {
    const { engine } = store;
    const t = engine.tables.updateInbox;
    const usual = await durability(engine);
    const seen = await engine.transaction(
      async ({ db }) => {
        await db.insert(t).values(row(3));
        return durability(engine, db);
      },
      { syncInBackground: true },
    );
    // SQLite: this commit itself skips the flush (the log is flushed off the thread before it resolves).
    expect(seen).toBe(engineName === 'sqlite' ? '1' : usual);
    expect(await durability(engine)).toBe(usual);
    expect(await storedIds()).toEqual([3]);
  });

  it('runLazy: its statements commit without waiting for the disk, each on its own on PostgreSQL', async () => {
    const { engine } = store;
    const t = engine.tables.updateInbox;
    const usual = await durability(engine);
    const seen = await engine.runLazy(async (db) => {
      await db.insert(t).values(row(4));
      return durability(engine, db);
    });
    expect(seen).toBe(lazy);
    // A failing statement takes back only itself on PostgreSQL (no transaction around them).
    await expect(
      engine.runLazy(async (db) => {
        await db.insert(t).values(row(5));
        await db.insert(t).values(row(5));
      }),
    ).rejects.toThrow();
    expect(await durability(engine)).toBe(usual);
    expect(await storedIds()).toEqual(engineName === 'sqlite' ? [4] : [4, 5]);
  });
});
