/**
 * The live reminder rules' column (SQLite 0034, PostgreSQL 0030) on settings an older version
 * stored: the row reads "nothing set" for the reminders (null: REMINDERS stays in force) and keeps
 * its other values; a rule list is then stored and read back beside them, an empty one as "all off".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { applyGlobalPatch } from '../../src/domain/live-settings.js';
import { availableEngines } from '../support/databases.js';
import { onOlderPostgres, onOlderSqlite } from '../support/migrations-up-to.js';

/** The last migration before the reminders column, per engine. */
const BEFORE = { sqlite: 33, postgres: 29 } as const;

const temp = mkdtempSync(join(tmpdir(), 'live-reminders-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 1);

async function expectMigrated(store: Store) {
  const old = await store.liveSettings.load();
  expect(old.version).toBe(4);
  expect(old.global).toEqual({
    markupPercent: '30',
    welcomeStars: 5,
    topupPacks: [50, 100],
    reminders: null,
  });
  const on = await store.liveSettings.updateGlobal(4, (current) =>
    applyGlobalPatch(current, { reminders: ['welcome_unused'] }),
  );
  expect(on).toMatchObject({ kind: 'written', version: 5 });
  expect((await store.liveSettings.load()).global).toEqual({
    markupPercent: '30',
    welcomeStars: 5,
    topupPacks: [50, 100],
    reminders: ['welcome_unused'],
  });
  // Another value changed: the rules stay; then every rule off is kept as such, not as "nothing set".
  await store.liveSettings.updateGlobal(5, (current) => applyGlobalPatch(current, { welcomeStars: 0 }));
  expect((await store.liveSettings.load()).global.reminders).toEqual(['welcome_unused']);
  await store.liveSettings.updateGlobal(6, (current) => applyGlobalPatch(current, { reminders: [] }));
  expect((await store.liveSettings.load()).global.reminders).toEqual([]);
}

describe('the live reminders column', () => {
  it('on sqlite: an older row reads null, and rules are stored beside its values', async () => {
    await onOlderSqlite({
      dir: temp,
      last: BEFORE.sqlite,
      seed: (db) =>
        db
          .prepare(
            `insert into live_settings (bot_id, id, version, markup_percent, welcome_stars, topup_packs_json, updated_at)
             values (1, 1, 4, '30', 5, '[50,100]', ?)`,
          )
          .run(T0),
      now: () => T0,
      check: expectMigrated,
    });
  });

  it.skipIf(!availableEngines().includes('postgres'))(
    'on postgres: an older row reads null, and rules are stored beside its values',
    async () => {
      await onOlderPostgres({
        dir: temp,
        last: BEFORE.postgres,
        url: inject('postgresUrl')!,
        seed: async (sql) => {
          await sql`insert into live_settings (bot_id, id, version, markup_percent, welcome_stars, topup_packs_json, updated_at)
            values (1, 1, 4, '30', 5, '[50,100]'::jsonb, ${new Date(T0).toISOString()})`;
        },
        now: () => T0,
        check: expectMigrated,
      });
    },
  );
});
