/**
 * The live settings store on every engine: versions move by one per write, a write naming an old
 * version is refused with the current one, and writers on two replicas never lose an update
 * silently (each write lands or is told it conflicted).
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { applyModelPatch, type ModelPatch, type ModelSettings } from '../../src/domain/live-settings.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const change = (patch: ModelPatch) => (current: ModelSettings) => applyModelPatch(current, patch);

describe.each(availableEngines())('live settings store on %s', (engine) => {
  describe('versions', () => {
    let database: TestDatabase;
    let store: Store;
    beforeEach(async () => {
      database = await createTestDatabase(engine);
      store = await database.open(() => Date.UTC(2026, 0, 1));
    });
    afterEach(async () => {
      await database.drop();
    });

    it('starts empty at version 0; each write bumps it by one and is read back exactly', async () => {
      expect(await store.liveSettings.version()).toBe(0);
      expect((await store.liveSettings.load()).models.size).toBe(0);

      const first = await store.liveSettings.updateModel(
        0,
        203,
        change({ price: { kind: 'fixed', stars: 9 }, name: { ru: 'Люмен «α» & co' }, offered: false }),
      );
      expect(first).toMatchObject({ kind: 'written', version: 1 });
      const global = await store.liveSettings.updateGlobal(1, (g) => ({
        ...g,
        markupPercent: '12.5',
        topupPacks: [10, 20],
      }));
      expect(global).toMatchObject({
        kind: 'written',
        version: 2,
        before: { markupPercent: null, welcomeStars: null, topupPacks: null },
        after: { markupPercent: '12.5', welcomeStars: null, topupPacks: [10, 20] },
      });
      const markup = await store.liveSettings.updateModel(
        2,
        203,
        change({ price: { kind: 'markup', markupPercent: '40.25' }, description: { en: 'Fast\nand sharp' } }),
      );
      expect(markup).toMatchObject({ kind: 'written', version: 3 });

      const loaded = await store.liveSettings.load();
      expect(loaded.version).toBe(3);
      expect(loaded.global).toEqual({
        markupPercent: '12.5',
        welcomeStars: null,
        topupPacks: [10, 20],
        reminders: null,
      });
      expect(loaded.models.get(203)).toEqual({
        modelId: 203,
        offered: false,
        name: { ru: 'Люмен «α» & co' },
        description: { en: 'Fast\nand sharp' },
        price: { kind: 'markup', markupPercent: '40.25' },
      });
    });

    it('a write naming an old version is refused, changes nothing and says the current version', async () => {
      await store.liveSettings.updateModel(0, 1, change({ offered: true }));
      await store.liveSettings.updateModel(1, 1, change({ offered: false }));
      const stale = await store.liveSettings.updateModel(
        1,
        2,
        change({ price: { kind: 'fixed', stars: 5 } }),
      );
      expect(stale).toEqual({ kind: 'conflict', version: 2 });
      const staleGlobal = await store.liveSettings.updateGlobal(0, (g) => ({ ...g, welcomeStars: 5 }));
      expect(staleGlobal).toEqual({ kind: 'conflict', version: 2 });
      const loaded = await store.liveSettings.load();
      expect(loaded.version).toBe(2);
      expect(loaded.models.has(2)).toBe(false);
      expect(loaded.global.welcomeStars).toBeNull();
    });

    it('the write and what runs after it commit together: a failing audit undoes the change', async () => {
      await expect(
        store.liveSettings.updateModel(0, 7, change({ offered: false }), async () => {
          throw new Error('audit failed');
        }),
      ).rejects.toThrow('audit failed');
      expect(await store.liveSettings.version()).toBe(0);
      expect((await store.liveSettings.load()).models.size).toBe(0);
    });
  });

  describe('two bots on one database', () => {
    let database: TestDatabase;
    let store: Store;
    let other: Store;
    beforeEach(async () => {
      database = await createTestDatabase(engine);
      store = await database.open(() => Date.UTC(2026, 0, 1));
      other = storeOn(store.engine, { bot: 2, now: () => Date.UTC(2026, 0, 1) });
    });
    afterEach(async () => {
      await database.drop();
    });

    it("each bot has its own version, global settings and model settings; one's writes never reach the other", async () => {
      await store.liveSettings.updateModel(0, 203, change({ price: { kind: 'fixed', stars: 9 } }));
      await store.liveSettings.updateGlobal(1, (g) => ({ ...g, welcomeStars: 3 }));
      expect(await store.liveSettings.version()).toBe(2);
      // Bot 2 has written nothing: version 0, empty, and its first write starts at 1.
      expect(await other.liveSettings.version()).toBe(0);
      expect(await other.liveSettings.load()).toMatchObject({ version: 0, models: new Map() });
      expect(await other.liveSettings.updateModel(2, 203, change({ offered: false }))).toEqual({
        kind: 'conflict',
        version: 0,
      });
      const theirs = await other.liveSettings.updateModel(0, 203, change({ offered: false }));
      expect(theirs).toMatchObject({ kind: 'written', version: 1, before: { price: { kind: 'default' } } });
      expect(
        await other.liveSettings.updateGlobal(1, (g) => ({
          ...g,
          markupPercent: '50',
          topupPacks: [5],
          reminders: ['win_back'],
        })),
      ).toMatchObject({ kind: 'written', version: 2, before: { welcomeStars: null } });

      const mine = await store.liveSettings.load();
      expect(mine.version).toBe(2);
      expect(mine.global).toEqual({
        markupPercent: null,
        welcomeStars: 3,
        topupPacks: null,
        reminders: null,
      });
      expect(mine.models.get(203)).toMatchObject({ offered: null, price: { kind: 'fixed', stars: 9 } });
      const loaded = await other.liveSettings.load();
      expect(loaded.global).toEqual({
        markupPercent: '50',
        welcomeStars: null,
        topupPacks: [5],
        reminders: ['win_back'],
      });
      expect(loaded.models.get(203)).toMatchObject({ offered: false, price: { kind: 'default' } });
      // Bot 1 writes on at its own version, unmoved by bot 2's writes.
      expect(await store.liveSettings.updateGlobal(2, (g) => g)).toMatchObject({
        kind: 'written',
        version: 3,
      });
      expect(await other.liveSettings.version()).toBe(2);
    });
  });

  describe('two replicas writing at once', () => {
    let database: TestDatabase;
    let replicas: Store[];
    beforeAll(async () => {
      database = await createTestDatabase(engine);
      // A SQLite file belongs to one process (its writers queue on one connection); PostgreSQL
      // replicas each have their own pool.
      const first = await database.open();
      replicas = [first, engine === 'sqlite' ? first : await database.open()];
    });
    afterAll(async () => {
      await database.drop();
    });

    const write = fc.record({
      replica: fc.integer({ min: 0, max: 1 }),
      modelId: fc.integer({ min: 1, max: 3 }),
    });

    it('every write lands or gets a conflict: the landed ones make the state, the refused ones leave no trace', async () => {
      let unique = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
          await database.execute`delete from model_settings`;
          await database.execute`delete from live_settings`;
          // Every writer reads the version, then writes: all at once, as admins on two replicas do.
          const outcomes = await Promise.all(
            writes.map(async (w) => {
              const stars = ++unique;
              const store = replicas[w.replica]!;
              const read = await store.liveSettings.version();
              const outcome = await store.liveSettings.updateModel(
                read,
                w.modelId,
                change({ price: { kind: 'fixed', stars } }),
              );
              return { ...w, stars, read, outcome };
            }),
          );
          const landed = outcomes.filter((o) => o.outcome.kind === 'written');
          // At least the first writer lands; versions are 1..n with no gap and no repeat.
          expect(landed.length).toBeGreaterThan(0);
          const versions = landed.map((o) => o.outcome.version).sort((a, b) => a - b);
          expect(versions).toEqual(versions.map((_, i) => i + 1));
          for (const o of outcomes) {
            if (o.outcome.kind === 'written') expect(o.outcome.version).toBe(o.read + 1);
            else expect(o.outcome.version).toBeGreaterThan(o.read);
          }
          const loaded = await replicas[0]!.liveSettings.load();
          expect(loaded.version).toBe(landed.length);
          for (const modelId of [1, 2, 3]) {
            const last = landed
              .filter((o) => o.modelId === modelId)
              .sort((a, b) => a.outcome.version - b.outcome.version)
              .at(-1);
            const stored = loaded.models.get(modelId)?.price;
            expect(stored).toEqual(last ? { kind: 'fixed', stars: last.stars } : undefined);
          }
        }),
        { numRuns: engine === 'postgres' ? 25 : 50 },
      );
    });
  });
});
