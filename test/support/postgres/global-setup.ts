/**
 * vitest globalSetup: one PostgreSQL server for the whole run (TEST_DATABASE_URL, else a throwaway
 * cluster when the `postgresql` package is installed) and a migrated template database that every
 * test database is copied from. REQUIRE_POSTGRES=1 (CI) makes a missing server an error instead of
 * running the SQLite half alone.
 */
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../../src/db/engines/postgres.js';
import { databaseUrl } from '../database-factory.js';
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's superuser URL, or null when the run has no PostgreSQL. */
    postgresUrl: string | null;
    /** The migrated database each test database is created from. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let cluster: PostgresCluster | undefined;
  let url = process.env.TEST_DATABASE_URL || null;
  if (!url) {
    const bin = findPostgresBin();
    if (bin) {
      cluster = await startPostgresCluster(bin);
      url = cluster.url;
    }
  }
  if (!url && process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(
      'REQUIRE_POSTGRES=1 but no PostgreSQL: install the postgresql package or set TEST_DATABASE_URL',
    );
  }
  const template = `bot_template_${process.pid}`;
  if (url) {
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`create database ${template}`);
    } finally {
      await admin.end();
    }
    const engine = await openPostgres(databaseUrl(url, template), { poolSize: 1 });
    await engine.close();
  }
  project.provide('postgresUrl', url);
  project.provide('postgresTemplate', template);
  return async () => {
    if (url && !cluster) {
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${template} with (force)`).catch(() => undefined);
      await admin.end();
    }
    cluster?.stop();
  };
}
