/**
 * The registry of added bots as the operator's commands use it, on a real store: a token is
 * checked for shape, then by Telegram, sealed, stored and served once; a bot added again keeps its
 * row; the main bot can be neither added nor paused; a pause reaches the serving process; a managed
 * bot is stored once, its creator as its admin, and only a new one gets the template's profile.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BotRecord, Store } from '../../src/db/index.js';
import { SecretBox } from '../../src/lib/secret-box.js';
import {
  BotRegistry,
  type FleetHooks,
  parseCapAmount,
  RefusedTokenError,
} from '../../src/services/bot-registry.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';

const SECRET = 'registry-test-secret-0123456789-abcdef';
const MAIN_TELEGRAM_ID = 1000;
const SHOP_TOKEN = '2000:shop-token-secret-part-abcdef';
const OPERATOR = 77;

describe.each([defaultEngine()])('BotRegistry on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let served: Array<{ id: number; token: string }>;
  let statuses: BotRecord[];
  let profiles: Array<{ botId: number; firstName: string }>;

  const hooks: FleetHooks = {
    identify: async (token) => {
      const id = Number(token.split(':')[0]);
      if (id === 4040) throw new RefusedTokenError('unknown');
      return { id, username: id === MAIN_TELEGRAM_ID ? 'main_bot' : `bot${id}` };
    },
    serve: async (bot, token) => void served.push({ id: bot.id, token }),
    statusChanged: async (bot) => void statuses.push(bot),
    setUpProfile: async (botId, creator) => void profiles.push({ botId, firstName: creator.firstName }),
    figures: async () => ({ customers: 3, revenueStars: 12, costUsd: '0.5', spentTodayUsd: '0.00' }),
  };

  function registry(secret: string | null = SECRET): BotRegistry {
    const r = new BotRegistry(store.bots, secret);
    r.bindFleet(hooks);
    return r;
  }

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
    await store.bots.recordMainIdentity(MAIN_TELEGRAM_ID, 'main_bot');
    served = [];
    statuses = [];
    profiles = [];
  });
  afterEach(async () => {
    await database.drop();
  });

  it('adds a bot once: sealed at rest, served at once, and re-added with a new token in the same row', async () => {
    const bots = registry();
    const first = await bots.add(` ${SHOP_TOKEN} `, OPERATOR);
    expect(first).toMatchObject({ kind: 'added', bot: { id: 2, username: 'bot2000', createdBy: OPERATOR } });
    expect(served).toEqual([{ id: 2, token: SHOP_TOKEN }]);
    const [stored] = await store.bots.withSealedToken();
    expect(stored?.tokenSealed).not.toContain('shop-token');
    expect(new SecretBox(SECRET).open(stored!.tokenSealed)).toBe(SHOP_TOKEN);

    const newToken = '2000:a-new-token-after-revoke-xyz';
    expect(await bots.add(newToken, OPERATOR)).toMatchObject({ kind: 'updated', bot: { id: 2 } });
    expect(await bots.served()).toEqual([expect.objectContaining({ token: newToken })]);
    expect(await store.bots.list()).toHaveLength(2);
  });

  it('refuses what is not a token, what Telegram refuses, the main bot, and bots without a secret', async () => {
    expect(await registry().add('hello', OPERATOR)).toEqual({ kind: 'malformed' });
    expect(await registry().add('4040:refused-token-secret-part', OPERATOR)).toEqual({ kind: 'refused' });
    expect(await registry().add(`${MAIN_TELEGRAM_ID}:main-token-secret-part`, OPERATOR)).toEqual({
      kind: 'main',
    });
    expect(await registry(null).add(SHOP_TOKEN, OPERATOR)).toEqual({ kind: 'no_secret' });
    expect(served).toEqual([]);
    expect(await store.bots.list()).toHaveLength(1);
  });

  it('pauses and resumes by number or @username, tells the fleet, and never pauses the main bot', async () => {
    const bots = registry();
    await bots.add(SHOP_TOKEN, OPERATOR);
    expect(await bots.setSuspended('@BOT2000', true)).toMatchObject({
      kind: 'changed',
      bot: { status: 'suspended' },
    });
    expect(await bots.setSuspended('2', true)).toMatchObject({ kind: 'unchanged' });
    expect(statuses.map((b) => b.status)).toEqual(['suspended']);
    expect((await store.bots.byId(2))?.status).toBe('suspended');
    expect(await bots.setSuspended('2', false)).toMatchObject({ kind: 'changed', bot: { status: 'active' } });
    expect(await bots.setSuspended('1', true)).toEqual({ kind: 'main' });
    expect(await bots.setSuspended('@nobody', true)).toEqual({ kind: 'unknown' });
  });

  it('sets a daily cap exactly, by number or @username, lifts it with "off", and refuses nonsense', async () => {
    const bots = registry();
    await bots.add(SHOP_TOKEN, OPERATOR);
    expect(await bots.setDailyCap('@bot2000', '$2,5')).toMatchObject({
      kind: 'set',
      bot: { id: 2, dailyCapUsd: '2.50' },
    });
    expect((await store.bots.byId(2))?.dailyCapUsd).toBe('2.50');
    expect(await bots.setDailyCap('2', '0.1234')).toMatchObject({ kind: 'set' });
    expect((await store.bots.byId(2))?.dailyCapUsd).toBe('0.1234');
    for (const nonsense of ['0', '-1', '1e3', 'five', '1.0000001', '', '1 000'])
      expect(await bots.setDailyCap('2', nonsense)).toEqual({ kind: 'malformed' });
    expect(await bots.setDailyCap('@nobody', '5')).toEqual({ kind: 'unknown' });
    expect(await bots.setDailyCap('2', 'OFF')).toMatchObject({ kind: 'lifted', bot: { dailyCapUsd: null } });
    expect((await store.bots.byId(2))?.dailyCapUsd).toBeNull();
    // The main bot may have one too (the operator's own budget).
    expect(await bots.setDailyCap('1', '10')).toMatchObject({ kind: 'set', bot: { id: 1 } });
  });

  it('reads cap amounts exactly, never through floats', () => {
    expect(parseCapAmount('0.1')).toBe('0.10');
    expect(parseCapAmount('5')).toBe('5.00');
    expect(parseCapAmount(' $ 0.000001 ')).toBe('0.000001');
    expect(parseCapAmount('off')).toBeNull();
    expect(parseCapAmount('0.00')).toBeUndefined();
    expect(parseCapAmount('NaN')).toBeUndefined();
  });

  it('stores a managed bot once, its creator as its admin; only the new one gets the profile', async () => {
    const bots = registry();
    const creator = { id: 555, firstName: 'Ann' };
    const first = await bots.addManaged(SHOP_TOKEN, creator);
    expect(first).toMatchObject({ kind: 'added', bot: { id: 2, managed: true, createdBy: 555 } });
    expect(served).toEqual([{ id: 2, token: SHOP_TOKEN }]);
    expect(profiles).toEqual([{ botId: 2, firstName: 'Ann' }]);

    // Telegram tells us again (or the token was replaced): the same row, served with the token given.
    const replaced = '2000:a-replaced-managed-token-xyz';
    expect(await bots.addManaged(replaced, creator)).toMatchObject({ kind: 'known', bot: { id: 2 } });
    expect(served.at(-1)).toEqual({ id: 2, token: replaced });
    expect(profiles).toHaveLength(1);
    expect(await store.bots.list()).toHaveLength(2);
    expect(await registry(null).addManaged(SHOP_TOKEN, creator)).toEqual({ kind: 'no_secret' });
  });

  it('lists every bot with its figures', async () => {
    const bots = registry();
    await bots.add(SHOP_TOKEN, OPERATOR);
    const overview = await bots.overview();
    expect(overview.map((o) => [o.bot.id, o.figures?.customers])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });
});
