/**
 * Replicas starting together against a new PostgreSQL database: the migrations are applied once,
 * under the advisory lock, and every replica opens a ready store.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres, POSTGRES_MIGRATIONS } from '../../src/db/engines/postgres.js';
import { createDatabase } from '../support/database-factory.js';
import { availableEngines } from '../support/databases.js';

describe.skipIf(!availableEngines().includes('postgres'))('PostgreSQL migrations', () => {
  it('four replicas opening an empty database at once apply every migration exactly once', async () => {
    // No template: this database starts with nothing in it.
    const database = await createDatabase('postgres', { url: inject('postgresUrl')! });
    const { url } = database.location as { url: string };
    try {
      const engines = await Promise.all(Array.from({ length: 4 }, () => openPostgres(url, { poolSize: 1 })));
      for (const engine of engines) await engine.ping();
      await Promise.all(engines.map((engine) => engine.close()));
      const files = readdirSync(POSTGRES_MIGRATIONS).filter((f) => f.endsWith('.sql'));
      const applied = await database.query<{ n: string | number }>`
        select count(*) as n from drizzle.__drizzle_migrations`;
      expect(Number(applied[0]?.n)).toBe(files.length);
      const [tables] = await database.query<{ n: string | number }>`
        select count(*) as n from information_schema.tables where table_schema = 'public'`;
      // The campaigns table (issue 24) makes 13.
      expect(Number(tables?.n)).toBe(13);
    } finally {
      await database.drop();
    }
  });
});
