/**
 * One bot never sees another's records (issue 40), kept in one place: the engine refuses a
 * statement on a bot's table that does not name the bot. First the rule on statement texts, then
 * the engines themselves: every bot-keyed table is guarded, an unscoped read is refused before it
 * reaches the database, and only an engine opened for the whole deployment (db:copy) may run one.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/db/engine.js';
import { openPostgres } from '../../src/db/engines/postgres.js';
import { openSqlite } from '../../src/db/engines/sqlite.js';
import { type Store, storeOn, UnscopedStatementError } from '../../src/db/index.js';
import { BOT_KEYED_TABLES, GUARDED_TABLES, ScopeGuard } from '../../src/db/scope-guard.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

describe('the scope guard on statement texts', () => {
  const guard = new ScopeGuard(['users', 'orders']);
  const refused = (statement: string) => () => guard.check(statement);

  it('refuses a read, a write or a delete on a bot’s table that does not name the bot', () => {
    expect(refused('select "telegram_id" from "users" where "users"."telegram_id" = $1')).toThrow(
      UnscopedStatementError,
    );
    expect(refused('update "orders" set "stage" = $1 where "orders"."id" = $2')).toThrow(
      UnscopedStatementError,
    );
    expect(refused('delete from "orders" where "orders"."id" = $1')).toThrow(UnscopedStatementError);
    expect(refused('insert into "users" ("telegram_id") values ($1)')).toThrow(UnscopedStatementError);
  });

  it('does not take selecting the bot’s column for naming the bot', () => {
    expect(refused('select "bot_id", "telegram_id" from "users"')).toThrow(UnscopedStatementError);
    expect(refused('select "users"."bot_id" from "users" where "users"."telegram_id" = $1')).toThrow(
      UnscopedStatementError,
    );
  });

  it('passes the same statements once they name the bot', () => {
    guard.check(
      'select "telegram_id" from "users" where ("users"."bot_id" = $1 and "users"."telegram_id" = $2)',
    );
    guard.check('update "orders" set "stage" = $1 where ("orders"."bot_id" = $2 and "orders"."id" = $3)');
    guard.check('insert into "users" ("bot_id", "telegram_id") values ($1, $2)');
  });

  it('wants the bot named once for every bot table a statement reads: a join, a subquery', () => {
    const join =
      'select * from "orders" inner join "users" on "users"."telegram_id" = "orders"."user_id" where "orders"."bot_id" = $1';
    expect(refused(join)).toThrow(UnscopedStatementError);
    guard.check(`${join} and "users"."bot_id" = "orders"."bot_id"`);
    const subquery =
      'select * from "users" where "users"."bot_id" = $1 and exists (select 1 from orders o where o.user_id = "users"."telegram_id")';
    expect(refused(subquery)).toThrow(UnscopedStatementError);
    guard.check(`${subquery.slice(0, -1)} and o.bot_id = "users"."bot_id")`);
  });

  it('lets the deployment’s shared tables and other tables’ columns of the same name pass', () => {
    guard.check('select * from "bots" where "bots"."id" = $1');
    guard.check('select * from "catalog_snapshots"');
    // `users_extra` is not `users`: a name is matched whole.
    guard.check('select * from "users_extra"');
  });
});

describe.each(availableEngines())('the scope guard in the %s engine', (engineName) => {
  let database: TestDatabase;
  let store: Store;
  let unscoped: Engine | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(engineName);
    store = await database.open();
  });
  afterEach(async () => {
    await unscoped?.close();
    unscoped = undefined;
    await database.drop();
  });

  it('guards every table that has a bot key', () => {
    expect([...GUARDED_TABLES].sort()).toEqual([...BOT_KEYED_TABLES].sort());
    expect(BOT_KEYED_TABLES).toContain('users');
  });

  it('refuses an unscoped read before it reaches the database; a scoped one runs', async () => {
    const { users } = store.engine.tables;
    await store.users.touch({ id: 5, firstName: 'Ann' }, false);
    await expect(store.engine.run((db) => db.select().from(users))).rejects.toThrow(UnscopedStatementError);
    const mine = await store.engine.run((db) => db.select().from(users).where(store.scope.where(users)));
    expect(mine.map((u) => u.telegramId)).toEqual([5]);
    const theirs = storeOn(store.engine, { bot: 2 });
    expect(await theirs.users.find(5)).toBeUndefined();
  });

  it('lets an engine opened for the whole deployment read every bot’s rows (db:copy)', async () => {
    await store.users.touch({ id: 5, firstName: 'Ann' }, false);
    await storeOn(store.engine, { bot: 2 }).users.touch({ id: 5, firstName: 'Ann' }, false);
    await store.close();
    const location = database.location;
    unscoped =
      'url' in location
        ? await openPostgres(location.url, { unscoped: true })
        : openSqlite(location.path, { unscoped: true });
    const { users } = unscoped.tables;
    const rows = await unscoped.run((db) => db.select().from(users).where(eq(users.telegramId, 5)));
    expect(rows.map((u) => u.botId).sort()).toEqual([1, 2]);
  });
});
