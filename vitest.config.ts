import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One PostgreSQL server for the run (or none: then only the SQLite half runs, unless REQUIRE_POSTGRES=1).
    globalSetup: ['test/support/postgres/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
