/**
 * A fresh database per test, on either engine: a SQLite file in a temp folder, or a database of its
 * own on the run's PostgreSQL server (copied from the migrated template, see postgres/global-setup.ts).
 * TEST_ENGINE=postgres moves every test that does not name an engine onto PostgreSQL (CI runs the
 * e2e suite once more that way); the repository contract suite runs on every engine the run has.
 */
import { inject } from 'vitest';
import { createDatabase, type EngineName, type TestDatabase } from './database-factory.js';

export type { EngineName, TestDatabase } from './database-factory.js';

/** Every engine this run can test: SQLite always, PostgreSQL when the run has a server. */
export function availableEngines(): EngineName[] {
  return inject('postgresUrl') ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** The engine of tests that do not name one. */
export function defaultEngine(): EngineName {
  const wanted = process.env.TEST_ENGINE;
  if (wanted === 'postgres') {
    if (!inject('postgresUrl'))
      throw new Error('TEST_ENGINE=postgres, but this run has no PostgreSQL server');
    return 'postgres';
  }
  return 'sqlite';
}

export function createTestDatabase(engine: EngineName = defaultEngine()): Promise<TestDatabase> {
  const url = inject('postgresUrl');
  return createDatabase(engine, url ? { url, template: inject('postgresTemplate') } : undefined);
}
