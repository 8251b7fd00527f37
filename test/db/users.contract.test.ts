/** The users repository's contract, on every engine the run has. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsersRepository } from '../../src/db/index.js';
import { withPrefetchedSender } from '../../src/db/repositories/users.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

describe.each(availableEngines())('UsersRepository on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let users: UsersRepository;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 1);
    users = (await database.open(() => now)).users;
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
    const seen = await withPrefetchedSender(100, claimed, async () => [
      await users.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false),
      // Spent: the same update's second touch reads the store.
      await users.touch({ id: 7, firstName: 'Ivan', updateId: 100 }, false),
    ]);
    expect(seen.map((r) => r.locale)).toEqual([null, 'ru']);
    // Another update, or another user's row under this update, is never served from it.
    const other = await withPrefetchedSender(101, claimed, async () => [
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
    const created = await withPrefetchedSender(5, null, () =>
      users.touch({ id: 9, firstName: 'Nina', updateId: 5 }, false),
    );
    expect(created).toMatchObject({ telegramId: 9, firstName: 'Nina', createdUpdateId: 5 });
    await users.setLocale(9, 'en');
    // Stale "no row" (it was created meanwhile): the upsert keeps the row, its language and first update.
    const again = await withPrefetchedSender(6, null, () =>
      users.touch({ id: 9, firstName: 'Nina', updateId: 6 }, false),
    );
    expect(again).toMatchObject({ telegramId: 9, locale: 'en', createdUpdateId: 5 });
  });
});
