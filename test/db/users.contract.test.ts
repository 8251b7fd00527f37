/** The users repository's contract, on every engine the run has. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UsersRepository } from '../../src/db/index.js';
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
});
