import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { findPostgresBin } from './test/support/postgres/cluster.js';
import LongestFirstSequencer from './test/support/sequencer.js';

/**
 * Two projects: every test (SQLite by default; the repository contract suites on both engines), and
 * everything that touches the store (services, workers, bot, e2e) once more on PostgreSQL, whenever
 * this machine has a server for it.
 */
const postgresAvailable = !!process.env.TEST_DATABASE_URL || findPostgresBin() !== undefined;
const shared = {
  // One PostgreSQL server per project run (or none: then only SQLite runs, unless REQUIRE_POSTGRES=1),
  // and the bot compiled once for the end-to-end tests.
  globalSetup: ['test/support/postgres/global-setup.ts', 'test/support/e2e/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // Files share their worker's process and modules: a fresh process per file cost its imports again
  // each time (a full run took 854 s with it, 710 s without, every test passing both ways).
  isolate: false,
  // One file more than there are cores (three on a 2-core machine; vitest would run one): most of
  // the suite's time is e2e files waiting on real HTTP, child processes and paced sends, not CPU.
  // A fourth made the run slower (974 s against 790 s): every file slowed down by a third. The
  // suite passes this way with every core also kept busy (scripts/with-cpu-load.sh).
  maxWorkers: availableParallelism() + 1,
};

export default defineConfig({
  test: {
    reporters: ['default'],
    // Longest files first across both projects, so that no long file starts last.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      { test: { ...shared, name: 'all', include: ['test/**/*.test.ts'] } },
      ...(postgresAvailable || process.env.REQUIRE_POSTGRES === '1'
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                include: [
                  'test/services/**/*.test.ts',
                  'test/workers/**/*.test.ts',
                  'test/bot/**/*.test.ts',
                  'test/e2e/**/*.e2e.test.ts',
                ],
                // These choose their engines themselves: once is enough.
                exclude: [
                  'test/e2e/db-copy.e2e.test.ts',
                  'test/e2e/database-secret.e2e.test.ts',
                  'test/e2e/replicas.e2e.test.ts',
                  // 100 s of real-time pacing; its PostgreSQL half (the store) is in the contract
                  // suites and admin-ops.e2e.
                  'test/e2e/broadcast-scale.e2e.test.ts',
                ],
                env: { TEST_ENGINE: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
