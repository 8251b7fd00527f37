/**
 * The contracts of the small repositories, on every engine the run has: admin alert state (one
 * winner among racing claims), the stored catalog, the forms in progress, and where each upload
 * came from.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
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
      { ...photo, botId: 1, createdAt: at(5 * MIN) },
      { ...document, botId: 1, createdAt: at(5 * MIN) },
    ]);
    expect(await store.uploadSources.find([])).toEqual([]);
  });

  describe('two bots on one database', () => {
    let other: Store;
    beforeEach(() => {
      other = storeOn(store.engine, { bot: 2, now: () => at(MIN).getTime() });
    });

    it("alerts: one bot's claims, conditions and cooldowns are its own", async () => {
      expect(await store.alerts.claimSend('unauthorized', at(0), 60 * MIN)).toBe(true);
      // Bot 2's first claim of the same kind wins though bot 1 just sent it.
      expect(await other.alerts.claimSend('unauthorized', at(MIN), 60 * MIN)).toBe(true);
      expect(await store.alerts.claimSend('unauthorized', at(2 * MIN), 60 * MIN)).toBe(false);
      expect((await store.alerts.find('unauthorized'))?.lastSentAt?.getTime()).toBe(at(0).getTime());
      expect((await other.alerts.find('unauthorized'))?.botId).toBe(2);

      expect(await store.alerts.activate('low_balance', at(0))).toBe(true);
      expect(await other.alerts.isActive('low_balance')).toBe(false);
      expect(await other.alerts.find('low_balance')).toBeUndefined();
      // Bot 2 cannot end bot 1's condition; its own begins once.
      expect(await other.alerts.deactivate('low_balance', at(MIN))).toBe(false);
      expect(await store.alerts.isActive('low_balance')).toBe(true);
      expect(await other.alerts.activate('low_balance', at(MIN))).toBe(true);
      expect(await store.alerts.deactivate('low_balance', at(2 * MIN))).toBe(true);
      expect(await other.alerts.isActive('low_balance')).toBe(true);
    });

    it("audit log: a bot's admins page and count their bot's entries only", async () => {
      await store.audit.record({ actorId: 1, action: 'user_banned', targetUserId: 42 });
      await store.audit.record({ actorId: 1, action: 'user_unbanned', targetUserId: 42 });
      await other.audit.record({ actorId: 2, action: 'stars_granted', details: { stars: 5 } });
      expect(await store.audit.count()).toBe(2);
      expect(await other.audit.count()).toBe(1);
      expect((await store.audit.page(0, 10)).map((e) => [e.botId, e.action])).toEqual([
        [1, 'user_unbanned'],
        [1, 'user_banned'],
      ]);
      expect((await other.audit.page(0, 10)).map((e) => [e.botId, e.action, e.details])).toEqual([
        [2, 'stars_granted', { stars: 5 }],
      ]);
    });

    it("campaigns: a code is each bot's own; lists, finds and joins see their bot's only", async () => {
      const spring = (await store.campaigns.create({ code: 'spring', name: 'Spring', createdBy: 1 }))!;
      expect(spring.botId).toBe(1);
      expect(await other.campaigns.findByCode('spring')).toBeUndefined();
      expect(await other.campaigns.find(spring.id)).toBeUndefined();
      expect(await other.campaigns.figures(10)).toEqual([]);
      // The same code is free in bot 2 (taken only within a bot).
      const theirs = (await other.campaigns.create({ code: 'spring', name: 'Bot 2 spring', createdBy: 2 }))!;
      expect(theirs).toMatchObject({ botId: 2, code: 'spring' });
      expect(await store.campaigns.create({ code: 'spring', name: 'again', createdBy: 1 })).toBeUndefined();
      expect((await store.campaigns.findByCode('spring'))?.name).toBe('Spring');
      expect((await other.campaigns.findByCode('spring'))?.name).toBe('Bot 2 spring');
      // User 42 joined through bot 1's campaign; the same Telegram user in bot 2 did not.
      await store.users.touch({ id: 42, firstName: 'Ann' }, false);
      await other.users.touch({ id: 42, firstName: 'Ann' }, false);
      await database.execute`update users set campaign_id = ${spring.id} where bot_id = 1 and telegram_id = 42`;
      const figures = await store.campaigns.figures(10);
      expect(figures.map((f) => [f.campaign.name, f.joins])).toEqual([['Spring', 1]]);
      expect((await other.campaigns.figures(10)).map((f) => [f.campaign.name, f.joins])).toEqual([
        ['Bot 2 spring', 0],
      ]);
      expect((await store.campaigns.events(spring.id, at(-MIN))).joins).toHaveLength(1);
      expect((await other.campaigns.events(spring.id, at(-MIN))).joins).toEqual([]);
    });

    it('upload sources: the same path is known to each bot apart, with its own source', async () => {
      const source = {
        path: 'tmp/u1/a.jpg',
        kind: 'photo' as const,
        telegramFileId: 'bot-1-file',
        telegramFileUniqueId: 'uq',
        fileName: null,
        mimeType: 'image/jpeg',
      };
      await store.uploadSources.record(source);
      expect(await other.uploadSources.find([source.path])).toEqual([]);
      // Not "already known": bot 2 records its own file id for the path.
      await other.uploadSources.record({ ...source, telegramFileId: 'bot-2-file' });
      expect((await store.uploadSources.find([source.path])).map((r) => [r.botId, r.telegramFileId])).toEqual(
        [[1, 'bot-1-file']],
      );
      expect((await other.uploadSources.find([source.path])).map((r) => [r.botId, r.telegramFileId])).toEqual(
        [[2, 'bot-2-file']],
      );
    });
  });
});
