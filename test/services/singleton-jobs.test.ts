/**
 * Once-per-cluster jobs: on PostgreSQL two replicas on one database never run them together, and
 * when the holder's session dies the other takes over within one retry; on SQLite the one process
 * runs them.
 */
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { SingletonJobs } from '../../src/services/singleton-jobs.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';

const RETRY_MS = 10_000;
const logger = pino({ level: 'silent' });

function replica(store: Store, timers: ManualTimers, log: string[], name: string) {
  return new SingletonJobs({
    acquire: () => store.holdSingleton('singleton-jobs'),
    jobs: [
      {
        name: 'job',
        start: () => void log.push(`${name} start`),
        stop: async () => void log.push(`${name} stop`),
      },
    ],
    logger,
    retryMs: RETRY_MS,
    timers,
  });
}

describe.each([defaultEngine()])('SingletonJobs on %s', (engine) => {
  let database: TestDatabase;
  let clock: ManualClock;
  let timers: ManualTimers;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    clock = new ManualClock(Date.UTC(2025, 0, 1));
    timers = new ManualTimers(clock);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('starts the jobs at once and stops them on stop()', async () => {
    const log: string[] = [];
    const only = replica(await database.open(), timers, log, 'a');
    await only.start();
    expect(only.leading).toBe(true);
    await only.stop();
    expect(log).toEqual(['a start', 'a stop']);
  });

  it('starts a job added while it leads at once, and stops a removed one alone', async () => {
    const log: string[] = [];
    const only = replica(await database.open(), timers, log, 'a');
    await only.start();
    const added = {
      name: 'added',
      start: () => void log.push('added start'),
      stop: async () => void log.push('added stop'),
    };
    await only.add([added]);
    expect(log).toEqual(['a start', 'added start']);
    await only.remove([added]);
    expect(log).toEqual(['a start', 'added start', 'added stop']);
    await only.add([added]);
    await only.stop();
    expect(log.slice(3)).toEqual(['added start', 'a stop', 'added stop']);
  });
});

// Two replicas need a server they can share: PostgreSQL (CI always has one).
describe.skipIf(defaultEngine() !== 'postgres')('SingletonJobs across replicas', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let timers: ManualTimers;
  beforeEach(async () => {
    database = await createTestDatabase('postgres');
    clock = new ManualClock(Date.UTC(2025, 0, 1));
    timers = new ManualTimers(clock);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('two replicas: one runs the jobs; when its session dies the other takes over within one retry', async () => {
    const log: string[] = [];
    const a = replica(await database.open(), timers, log, 'a');
    const b = replica(await database.open(), timers, log, 'b');
    await a.start();
    await b.start();
    expect([a.leading, b.leading]).toEqual([true, false]);

    // The holder's machine dies: its database session ends (as after kill -9 or a lost host).
    const killed = await database.query<{ ended: boolean }>`
        select pg_terminate_backend(pid) as ended from pg_locks
        where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`;
    expect(killed).toHaveLength(1);
    // pg_terminate_backend only signals: the session (and its lock) ends a moment later.
    await vi.waitFor(
      async () => {
        const held = await database.query<{ n: string | number }>`
          select count(*) as n from pg_locks where locktype = 'advisory' and granted
          and database = (select oid from pg_database where datname = current_database())`;
        expect(Number(held[0]?.n)).toBe(0);
      },
      { timeout: 10_000, interval: 20 },
    );
    clock.advance(RETRY_MS);
    timers.fireDue();
    await a.whenIdle();
    await b.whenIdle();
    expect([a.leading, b.leading]).toEqual([false, true]);
    // b may start before a notices (a dead host notices nothing): the jobs are safe to overlap
    // for one retry (every one of them claims its work in the database).
    expect([...log].sort()).toEqual(['a start', 'a stop', 'b start']);
    await a.stop();
    await b.stop();
  });
});
