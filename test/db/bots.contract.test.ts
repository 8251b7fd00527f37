/**
 * The registry of bots, on every engine the run has: the migration makes the main bot row 1 (so
 * every record stored before belongs to it), a bot is registered once per Telegram id even when
 * added twice at once, and its status and daily cap change only for that bot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIN_BOT_ID, type Store } from '../../src/db/index.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

describe.each(availableEngines())('bots registry on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
  });
  afterEach(async () => {
    await database.drop();
  });

  const shop = {
    telegramId: 7_000_001,
    username: 'shop_bot',
    tokenSealed: 'v1.a.b.c',
    createdBy: 42,
    managed: false,
  };

  it('starts with the main bot as row 1, with no token and no identity until it runs', async () => {
    const [main, ...others] = await store.bots.list();
    expect(others).toEqual([]);
    expect(main).toMatchObject({
      id: MAIN_BOT_ID,
      telegramId: null,
      tokenSealed: null,
      status: 'active',
      managed: false,
    });
    await store.bots.recordMainIdentity(123456, 'test_bot');
    expect(await store.bots.byTelegramId(123456)).toMatchObject({ id: MAIN_BOT_ID, username: 'test_bot' });
    expect(await store.bots.withSealedToken()).toEqual([]);
  });

  it('registers a bot once per Telegram id: two adds at once make one row, the later token kept', async () => {
    const results = await Promise.all([
      store.bots.add(shop),
      store.bots.add({ ...shop, tokenSealed: 'v1.d.e.f' }),
    ]);
    expect(results.filter((r) => r.added)).toHaveLength(1);
    const rows = await store.bots.list();
    expect(rows.map((b) => b.telegramId)).toEqual([null, shop.telegramId]);
    const stored = rows[1];
    expect(stored?.id).toBeGreaterThan(MAIN_BOT_ID);
    expect(['v1.a.b.c', 'v1.d.e.f']).toContain(stored?.tokenSealed);
    expect(await store.bots.withSealedToken()).toEqual([stored]);
  });

  it('suspends, resumes and caps one bot only', async () => {
    const { bot } = await store.bots.add(shop);
    expect(await store.bots.setStatus(bot.id, 'suspended')).toBe(true);
    expect(await store.bots.setDailyCap(bot.id, '12.50')).toBe(true);
    expect(await store.bots.byId(bot.id)).toMatchObject({ status: 'suspended', dailyCapUsd: '12.50' });
    expect(await store.bots.byId(MAIN_BOT_ID)).toMatchObject({ status: 'active', dailyCapUsd: null });
    expect(await store.bots.setStatus(bot.id, 'active')).toBe(true);
    expect(await store.bots.setDailyCap(bot.id, null)).toBe(true);
    expect(await store.bots.byId(bot.id)).toMatchObject({ status: 'active', dailyCapUsd: null });
    expect(await store.bots.setStatus(9_999, 'suspended')).toBe(false);
  });
});
