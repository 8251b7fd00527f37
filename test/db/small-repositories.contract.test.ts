/**
 * The contracts of the small repositories, on every engine the run has: admin alert state (one
 * winner among racing claims), the stored catalog, the forms in progress, and where each upload
 * came from.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const MIN = 60_000;

describe.each(availableEngines())('small repositories on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
  });
  afterEach(async () => {
    await database.drop();
  });

  it('alerts: a claim wins once per cooldown, and of ten racing claims exactly one wins', async () => {
    const { alerts } = store;
    expect(await alerts.claimSend('unauthorized', at(0), 60 * MIN)).toBe(true);
    expect(await alerts.claimSend('unauthorized', at(59 * MIN), 60 * MIN)).toBe(false);
    expect(await alerts.claimSend('unauthorized', at(60 * MIN), 60 * MIN)).toBe(true);
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => alerts.claimSend('catalog_stale', at(0), 60 * MIN)),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it('alerts: a condition begins once and ends once, also when both are raced', async () => {
    const { alerts } = store;
    const begun = await Promise.all(Array.from({ length: 5 }, () => alerts.activate('low_balance', at(0))));
    expect(begun.filter(Boolean)).toHaveLength(1);
    expect(await alerts.isActive('low_balance')).toBe(true);
    expect((await alerts.find('low_balance'))?.lastSentAt?.getTime()).toBe(at(0).getTime());
    const ended = await Promise.all(
      Array.from({ length: 5 }, () => alerts.deactivate('low_balance', at(MIN))),
    );
    expect(ended.filter(Boolean)).toHaveLength(1);
    expect(await alerts.isActive('low_balance')).toBe(false);
    expect(await alerts.isActive('never_seen')).toBe(false);
  });

  it('catalog snapshot: nothing until saved, then the last save, models as they were', async () => {
    expect(await store.catalogSnapshots.load()).toBeUndefined();
    const models = [{ id: 1, name: 'Lumen «α» & co', price_usd: '0.04', nested: { list: [1, 2] } }];
    await store.catalogSnapshots.save(models, at(0));
    await store.catalogSnapshots.save([...models, { id: 2, name: 'Vela' }], at(MIN));
    const loaded = await store.catalogSnapshots.load();
    expect(loaded?.models).toEqual([...models, { id: 2, name: 'Vela' }]);
    expect(loaded?.savedAt.getTime()).toBe(at(MIN).getTime());
  });

  it('forms in progress: written, overwritten, read back exactly, deleted', async () => {
    const forms = store.conversationStorage<{ step: string; answers: string[] }>();
    expect(await forms.read('42')).toBeUndefined();
    const state = { version: [1, 0] as [number, number], state: { step: 'media', answers: ['a fox <b>'] } };
    await forms.write('42', state as never);
    await forms.write('42', { ...state, state: { step: 'options', answers: ['a fox <b>', '🦊'] } } as never);
    expect(await forms.read('42')).toEqual({
      ...state,
      state: { step: 'options', answers: ['a fox <b>', '🦊'] },
    });
    await forms.delete('42');
    expect(await forms.read('42')).toBeUndefined();
  });

  it('upload sources: found by path with every field, the first source of a path kept, unknown paths left out', async () => {
    const clocked = await database.open(() => at(5 * MIN).getTime());
    const photo = {
      path: 'tmp/u1/a.jpg',
      kind: 'photo' as const,
      telegramFileId: 'AgAC-photo',
      telegramFileUniqueId: 'uq-photo',
      fileName: null,
      mimeType: 'image/jpeg',
    };
    const document = {
      path: 'tmp/u1/b.png',
      kind: 'document' as const,
      telegramFileId: 'BQAC-doc',
      telegramFileUniqueId: 'uq-doc',
      fileName: 'Кот «в» сапогах.png',
      mimeType: 'image/png',
    };
    await clocked.uploadSources.record(photo);
    await clocked.uploadSources.record(document);
    // A path is one upload upstream: a second record of it changes nothing.
    await store.uploadSources.record({ ...photo, telegramFileId: 'other' });
    const found = await store.uploadSources.find(['tmp/u1/b.png', 'tmp/unknown.jpg', 'tmp/u1/a.jpg']);
    expect(found.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { ...photo, createdAt: at(5 * MIN) },
      { ...document, createdAt: at(5 * MIN) },
    ]);
    expect(await store.uploadSources.find([])).toEqual([]);
  });
});
