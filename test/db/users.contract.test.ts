/** The users repository's contract, on every engine the run has. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn, type UsersRepository } from '../../src/db/index.js';
import { withPrefetchedSender } from '../../src/db/repositories/users.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

describe.each(availableEngines())('UsersRepository on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let store: Store;
  let users: UsersRepository;
  let bot: number;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 1);
    store = await database.open(() => now);
    users = store.users;
    bot = store.scope.botId;
  });
  afterEach(async () => {
    await database.drop();
  });

  it('creates on first contact; seen_at moves to the minute; a change of name or role writes at once', async () => {
    const first = await users.touch({ id: 42, firstName: 'Ann', username: 'ann' }, false);
    expect(first).toMatchObject({
      telegramId: 42,
      firstName: 'Ann',
      username: 'ann',
      role: 'user',
      locale: null,
    });
    expect(first.createdAt.getTime()).toBe(now);
    now += 30_000;
    expect((await users.touch({ id: 42, firstName: 'Ann', username: 'ann' }, false)).seenAt.getTime()).toBe(
      first.seenAt.getTime(),
    );
    now += 1_000;
    const renamed = await users.touch({ id: 42, firstName: 'Anna', username: 'ann' }, true);
    expect(renamed).toMatchObject({ firstName: 'Anna', role: 'admin' });
    expect(renamed.seenAt.getTime()).toBe(now);
    now += 61_000;
    const later = await users.touch({ id: 42, firstName: 'Anna', username: 'ann' }, true);
    expect(later.seenAt.getTime()).toBe(now);
    expect(later.createdAt.getTime()).toBe(first.createdAt.getTime());
    expect(await users.count()).toBe(1);
  });

  it('keeps the chosen language; a user who writes again after blocking the bot is unblocked', async () => {
    await users.touch({ id: 7, firstName: 'Ivan' }, false);
    await users.setLocale(7, 'ru');
    await users.markBlocked(7);
    expect(await users.find(7)).toMatchObject({ locale: 'ru', blocked: true });
    const back = await users.touch({ id: 7, firstName: 'Ivan' }, false);
    expect(back).toMatchObject({ locale: 'ru', blocked: false });
    expect(await users.find(8)).toBeUndefined();
  });

  it('findMany reads the rows that exist, in one call', async () => {
    await users.touch({ id: 1, firstName: 'A' }, false);
    await users.touch({ id: 2, firstName: 'B' }, false);
    const rows = await users.findMany([2, 1, 3]);
    expect(rows.map((r) => r.firstName).sort()).toEqual(['A', 'B']);
    expect(await users.findMany([])).toEqual([]);
  });

  it("a prefetched sender is touch's row once, for its update and user only; then the store is read", async () => {
    await users.touch({ id: 7, firstName: 'Ivan' }, false);
    const claimed = (await users.find(7))!;
    // Changed after the claim read it: the touch of that update sees the claim's copy, no read of its own.
    await users.setLocale(7, 'ru');
    const seen = await withPrefetchedSender(bot, 100, claimed, async () => [
      await users.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false),
      // Spent: the same update's second touch reads the store.
      await users.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false),
    ]);
    expect(seen.map((r) => r.locale)).toEqual([null, 'ru']);
    // Another update, or another user's row under this update, is never served from it.
    const other = await withPrefetchedSender(bot, 101, claimed, async () => [
      await users.touch({ id: 7, firstName: 'Ivan', updateId: 102 }, false),
      await users.touch({ id: 8, firstName: 'Olga', updateId: 101 }, false),
    ]);
    expect(other.map((r) => [r.telegramId, r.locale])).toEqual([
      [7, 'ru'],
      [8, null],
    ]);
    // Outside its update nothing of it is left.
    expect((await users.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false)).locale).toBe('ru');
  });

  it('a sender prefetched as having no row is created by its touch (an existing row is kept)', async () => {
    const created = await withPrefetchedSender(bot, 5, null, () =>
      users.touch({ id: 9, firstName: 'Nina', updateId: 5 }, false),
    );
    expect(created).toMatchObject({ telegramId: 9, firstName: 'Nina', createdUpdateId: 5 });
    await users.setLocale(9, 'en');
    // Stale "no row" (it was created meanwhile): the upsert keeps the row, its language and first update.
    const again = await withPrefetchedSender(bot, 6, null, () =>
      users.touch({ id: 9, firstName: 'Nina', updateId: 6 }, false),
    );
    expect(again).toMatchObject({ telegramId: 9, locale: 'en', createdUpdateId: 5 });
  });

  describe('two bots on one database', () => {
    let other: UsersRepository;
    beforeEach(() => {
      other = storeOn(store.engine, { now: () => now, bot: 2 }).users;
    });

    it('the same Telegram user is a customer of each bot apart: rows, lists and counts', async () => {
      const mine = await users.touch({ id: 42, firstName: 'Ann', username: 'ann' }, true);
      expect(mine).toMatchObject({ botId: 1, telegramId: 42, role: 'admin' });
      expect(await other.find(42)).toBeUndefined();
      expect(await other.findMany([42])).toEqual([]);
      expect(await other.findByUsername('ann')).toBeUndefined();
      expect(await other.count()).toBe(0);

      now += 1_000;
      const theirs = await other.touch({ id: 42, firstName: 'Anna', username: 'anna', updateId: 9 }, false);
      expect(theirs).toMatchObject({ botId: 2, telegramId: 42, firstName: 'Anna', role: 'user' });
      expect(theirs.createdAt.getTime()).toBe(now);
      // Bot 1's row is as it was: the other bot's first contact neither created nor renamed it.
      expect(await users.find(42)).toEqual(mine);
      expect(await users.findByUsername('anna')).toBeUndefined();
      expect((await other.findByUsername('anna'))?.botId).toBe(2);
      expect((await users.findMany([42])).map((r) => r.botId)).toEqual([1]);
      expect(await users.count()).toBe(1);
      expect(await other.count()).toBe(1);
    });

    it("one bot's language, block and ban leave the same user in another bot untouched", async () => {
      await users.touch({ id: 7, firstName: 'Ivan' }, false);
      await other.touch({ id: 7, firstName: 'Ivan' }, false);
      await users.setLocale(7, 'ru');
      await users.setPromptInCaption(7, true);
      await users.markBlocked(7);
      expect(await users.setBanned(7, true)).toBe(true);
      expect(await users.find(7)).toMatchObject({ locale: 'ru', promptInCaption: true, blocked: true });
      expect(await other.find(7)).toMatchObject({ locale: null, promptInCaption: false, blocked: false });
      expect((await other.find(7))?.bannedAt).toBeNull();
      // Not banned in bot 2 yet: its own ban is a change there, and its unban does not reach bot 1.
      expect(await other.setBanned(7, true)).toBe(true);
      expect(await other.setBanned(7, false)).toBe(true);
      expect((await users.find(7))?.bannedAt).not.toBeNull();
      // A user bot 2 never saw is nobody there.
      await users.touch({ id: 8, firstName: 'Olga' }, false);
      expect(await other.setBanned(8, true)).toBe(false);
      await other.setLocale(8, 'en');
      await other.markBlocked(8);
      expect(await users.find(8)).toMatchObject({ locale: null, blocked: false, bannedAt: null });
      expect(await other.find(8)).toBeUndefined();
    });

    it("a sender prefetched for one bot's update is never another bot's row for the same update id", async () => {
      await users.touch({ id: 7, firstName: 'Ivan' }, false);
      await other.touch({ id: 7, firstName: 'Ivan' }, false);
      const claimed = (await users.find(7))!;
      await other.setLocale(7, 'ru');
      await users.setLocale(7, 'en');
      // Bot 1 prefetched its row for update 100; bot 2 handles an update 100 of its own meanwhile.
      const [seenByOther, seenByMine] = await withPrefetchedSender(bot, 100, claimed, async () => [
        await other.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false),
        await users.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false),
      ]);
      expect(seenByOther).toMatchObject({ botId: 2, locale: 'ru' });
      // Still there for bot 1 (bot 2's touch did not spend it): the claim's copy.
      expect(seenByMine).toMatchObject({ botId: 1, locale: null });
    });
  });
});
