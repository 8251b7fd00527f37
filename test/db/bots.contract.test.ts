/**
 * The registry of bots, on every engine the run has: the migration makes the main bot row 1 (so
 * every record stored before belongs to it), a bot is registered once per Telegram id even when
 * added twice at once, and its status and daily cap change only for that bot. An added bot's own
 * upstream key is kept sealed (the raw column never holds the key), set and cleared for that bot
 * only, and never for the main bot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIN_BOT_ID, type Store } from '../../src/db/index.js';
import { SecretBox } from '../../src/lib/secret-box.js';
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

  it("keeps an added bot's own upstream key sealed; sets and clears it for that bot only", async () => {
    const box = new SecretBox('contract-test-secret-0123456789-abcdef');
    const key = 'rk_live_own-key-of-the-shop-0123';
    const { bot } = await store.bots.add(shop);
    const { bot: other } = await store.bots.add({ ...shop, telegramId: 7_000_002, username: 'other_bot' });
    expect(await store.bots.sealedUpstreamKey(bot.id)).toBeNull();

    expect(await store.bots.setUpstreamKey(bot.id, box.seal(key))).toBe(true);
    const sealed = await store.bots.sealedUpstreamKey(bot.id);
    expect(sealed).not.toBeNull();
    expect(box.open(sealed!)).toBe(key);
    expect((await store.bots.byId(bot.id))?.upstreamKeySealed).toBe(sealed);
    // At rest: the column holds the sealed form only, and no column of any row holds the key.
    const raw = await database.query<Record<string, unknown>>`select * from bots`;
    expect(JSON.stringify(raw)).not.toContain(key);
    expect(raw.find((r) => Number(r.id) === bot.id)?.upstream_key_sealed).toBe(sealed);
    expect(await store.bots.sealedUpstreamKey(other.id)).toBeNull();
    // The main bot's key is RESELLER_API_KEY: never stored.
    expect(await store.bots.setUpstreamKey(MAIN_BOT_ID, box.seal(key))).toBe(false);
    expect(await store.bots.sealedUpstreamKey(MAIN_BOT_ID)).toBeNull();
    expect(await store.bots.setUpstreamKey(9_999, box.seal(key))).toBe(false);

    expect(await store.bots.clearUpstreamKey(bot.id)).toBe(true);
    expect(await store.bots.sealedUpstreamKey(bot.id)).toBeNull();
    expect((await store.bots.byId(bot.id))?.upstreamKeySealed).toBeNull();
    expect(await store.bots.clearUpstreamKey(9_999)).toBe(false);
  });
});
