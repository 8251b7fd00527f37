/**
 * Issue 45's migration (SQLite 0024, PostgreSQL 0020) on a database an older version filled: the
 * names and descriptions admins gave in the en/ru columns are kept, by language, and a language
 * left unset stays unset (it reads the upstream name), so a model's menu line is the same after the
 * upgrade. A Ukrainian name can then be stored beside them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { availableEngines } from '../support/databases.js';
import { onOlderPostgres, onOlderSqlite } from '../support/migrations-up-to.js';

/** The last migration before issue 45's, per engine. */
const BEFORE = { sqlite: 23, postgres: 19 } as const;

const temp = mkdtempSync(join(tmpdir(), 'model-texts-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 10, 1);

/** Rows as the older version left them: (model, name en, name ru, description en, description ru). */
const ROWS: Array<[number, string | null, string | null, string | null, string | null]> = [
  [203, 'Lumen', 'Люмен', 'Fast pictures', null],
  [301, null, 'Вела', null, 'Видео за минуту'],
  // Only a price was set: no text in any language.
  [401, null, null, null, null],
];

async function expectMigrated(store: Store) {
  const snapshot = await store.liveSettings.load();
  const texts = (id: number) => {
    const model = snapshot.models.get(id);
    return [model?.name, model?.description];
  };
  expect(texts(203)).toEqual([{ en: 'Lumen', ru: 'Люмен' }, { en: 'Fast pictures' }]);
  expect(texts(301)).toEqual([{ ru: 'Вела' }, { ru: 'Видео за минуту' }]);
  expect(texts(401)).toEqual([{}, {}]);
  expect(snapshot.models.get(401)?.price).toEqual({ kind: 'fixed', stars: 7 });
  // A third language is stored beside the two, and clearing one keeps the others.
  const written = await store.liveSettings.updateModel(snapshot.version, 203, (current) => ({
    ...current,
    name: { ru: current.name.ru ?? null, uk: 'Люмен UA' },
  }));
  expect(written.kind).toBe('written');
  expect((await store.liveSettings.load()).models.get(203)?.name).toEqual({ ru: 'Люмен', uk: 'Люмен UA' });
}

describe('the model texts migration', () => {
  it('on sqlite: names and descriptions kept by language', async () => {
    await onOlderSqlite({
      dir: temp,
      last: BEFORE.sqlite,
      seed: (db) => {
        db.prepare('insert into live_settings (bot_id, id, version, updated_at) values (1, 1, 4, ?)').run(T0);
        const row = db.prepare(
          'insert into model_settings (bot_id, model_id, name_en, name_ru, description_en, description_ru, price_kind, price_stars, updated_at) values (1, ?, ?, ?, ?, ?, ?, ?, ?)',
        );
        for (const [id, nameEn, nameRu, descriptionEn, descriptionRu] of ROWS)
          row.run(
            id,
            nameEn,
            nameRu,
            descriptionEn,
            descriptionRu,
            id === 401 ? 'fixed' : 'default',
            id === 401 ? 7 : null,
            T0,
          );
      },
      now: () => T0,
      check: (store) => expectMigrated(store),
    });
  });

  it.skipIf(!availableEngines().includes('postgres'))(
    'on postgres: names and descriptions kept by language',
    async () => {
      await onOlderPostgres({
        dir: temp,
        last: BEFORE.postgres,
        url: inject('postgresUrl')!,
        seed: async (sql) => {
          const at = new Date(T0).toISOString();
          await sql`insert into live_settings (bot_id, id, version, updated_at) values (1, 1, 4, ${at})`;
          for (const [id, nameEn, nameRu, descriptionEn, descriptionRu] of ROWS) {
            const [kind, stars] = id === 401 ? ['fixed', 7] : ['default', null];
            await sql`insert into model_settings (bot_id, model_id, name_en, name_ru, description_en, description_ru, price_kind, price_stars, updated_at)
          values (1, ${id}, ${nameEn}, ${nameRu}, ${descriptionEn}, ${descriptionRu}, ${kind}, ${stars}, ${at})`;
          }
        },
        now: () => T0,
        check: (store) => expectMigrated(store),
      });
    },
  );
});
