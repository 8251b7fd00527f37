/**
 * Content rules (issue 42) on both engines, through the service admins and customers use:
 * - the rules are one versioned document: of two admins saving the version they read, one lands
 *   and the other is told it is stale; each change is audited;
 * - a refused description is a strike booked once; the limit's strike bans the customer (audited,
 *   once), strikes older than the window do not count, an admin is never banned, limit 0 never bans;
 * - refusals racing on two replicas for one customer: as many strikes as refusals, one ban;
 * - two bots on one database: rules, strikes and bans stay with their bot.
 */
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { DEFAULT_CONTENT_RULES } from '../../src/domain/content-rules.js';
import { ContentRulesService } from '../../src/services/content-rules.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const logger = pino({ level: 'silent' });
const ADMIN = 1;
const HOUR = 3_600_000;

describe.each(availableEngines())('content rules on %s', (engine) => {
  let database: TestDatabase;
  let now = Date.UTC(2026, 10, 1);
  const clock = () => now;
  let one: Store;
  let two: Store;
  const service = (store: Store) =>
    new ContentRulesService({
      repo: store.contentRules,
      audit: store.audit,
      paidOrders: async () => 0,
      adminIds: [ADMIN],
      logger,
      now: clock,
    });
  const customer = async (store: Store, id: number) =>
    store.users.touch({ id, firstName: `C${id}`, languageCode: 'en' }, false);
  const refuse = (rules: ContentRulesService, userId: number, text = 'a gore scene') =>
    rules.screen({ userId, chatId: userId, locale: 'en', text, place: 'private' });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    one = await database.open(clock);
    // PostgreSQL: a second pool, a replica of its own; a SQLite file belongs to one process.
    two = engine === 'postgres' ? await database.open(clock) : one;
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 1);
    for (const table of ['content_rules', 'content_blocks', 'audit_log', 'users'])
      await database.execute([`delete from ${table}`] as unknown as TemplateStringsArray);
    await service(one).update(ADMIN, 0, { ...DEFAULT_CONTENT_RULES, blocked: { '*': ['gore'] } });
  });

  it('lets one of two admins who read the same version save; the other is told, and both are audited once', async () => {
    const rules = service(one);
    const read = await rules.current();
    expect(read.version).toBe(1);
    const [first, second] = await Promise.all([
      rules.update(ADMIN, read.version, { ...read.rules, blocked: { '*': ['gore', 'a'] } }),
      service(two).update(2, read.version, { ...read.rules, blocked: { '*': ['b'] } }),
    ]);
    expect([first.kind, second.kind].sort()).toEqual(['conflict', 'written']);
    const stored = await rules.current();
    expect(stored.version).toBe(2);
    const winner = first.kind === 'written' ? ['gore', 'a'] : ['b'];
    expect(stored.rules.blocked['*']).toEqual(winner);
    const audited = await database.query<{ action: string }>`
      select action from audit_log where action = 'content_rules_changed'`;
    expect(audited).toHaveLength(2); // the setup's write and the winner's
  });

  it('books each refusal as a strike and bans on the limit, once, audited', async () => {
    const rules = service(one);
    await customer(one, 50);
    expect(await refuse(rules, 50, 'a calm lake')).toEqual({ kind: 'allowed' });
    const verdicts = [await refuse(rules, 50), await refuse(rules, 50), await refuse(rules, 50)];
    expect(verdicts.map((v) => v.kind === 'blocked' && [v.strikes, v.banned])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect((await one.users.find(50))?.bannedAt).toEqual(new Date(now));
    // A fourth refusal while banned bans nobody again.
    expect(await refuse(rules, 50)).toMatchObject({ strikes: 4, banned: false });
    const bans = await database.query<{ target_user_id: number | string; details_json: unknown }>`
      select target_user_id, details_json from audit_log where action = 'user_auto_banned'`;
    expect(bans.map((b) => Number(b.target_user_id))).toEqual([50]);
    const rows = await database.query<{ banned: boolean | number; line: string; description: string }>`
      select banned, line, description from content_blocks order by id`;
    expect(rows.map((r) => [Boolean(r.banned), r.line, r.description])).toEqual([
      [false, 'gore', 'a gore scene'],
      [false, 'gore', 'a gore scene'],
      [true, 'gore', 'a gore scene'],
      [false, 'gore', 'a gore scene'],
    ]);
    expect(await rules.figures(30)).toEqual({ blocked: 4, bans: 1 });
  });

  it('counts only the strikes within the window, never bans an admin, and never with limit 0', async () => {
    const rules = service(one);
    await customer(one, 51);
    await refuse(rules, 51);
    await refuse(rules, 51);
    now += 25 * HOUR;
    expect(await refuse(rules, 51)).toMatchObject({ strikes: 1, banned: false });

    await customer(one, ADMIN);
    for (let i = 0; i < 4; i++) await refuse(rules, ADMIN);
    expect((await one.users.find(ADMIN))?.bannedAt).toBeNull();

    const current = await rules.current();
    await rules.update(ADMIN, current.version, { ...current.rules, strikes: { limit: 0, windowHours: 24 } });
    await customer(one, 52);
    for (let i = 0; i < 5; i++) await refuse(rules, 52);
    expect((await one.users.find(52))?.bannedAt).toBeNull();
  });

  it('counts refusals racing on two replicas as strikes each, and bans once', async () => {
    await customer(one, 53);
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refuse(service(i % 2 === 0 ? one : two), 53)),
    );
    const strikes = verdicts.map((v) => (v.kind === 'blocked' ? v.strikes : 0)).sort((a, b) => a - b);
    expect(strikes).toEqual([1, 2, 3, 4, 5, 6]);
    expect(verdicts.filter((v) => v.kind === 'blocked' && v.banned)).toHaveLength(1);
    const bans = await database.query`select id from audit_log where action = 'user_auto_banned'`;
    expect(bans).toHaveLength(1);
  });

  it('offers a group only the models open there, in their order, from one read of the rules', async () => {
    const rules = service(one);
    const current = await rules.current();
    await rules.update(ADMIN, current.version, {
      ...current.rules,
      privateOnlyModelIds: [2],
      minPaidOrders: { '3': 1 },
    });
    const models = [{ id: 4 }, { id: 3 }, { id: 2 }, { id: 1 }];
    expect((await rules.openTo(50, 'group', models)).map((m) => m.id)).toEqual([4, 1]);
    expect((await rules.openTo(50, 'private', models)).map((m) => m.id)).toEqual([4, 2, 1]);
  });

  it("keeps each bot's rules, strikes and bans to that bot", async () => {
    const other = storeOn(one.engine, { bot: 2, now: clock });
    const otherRules = service(other);
    expect(await otherRules.current()).toEqual({ version: 0, rules: DEFAULT_CONTENT_RULES });
    await customer(one, 54);
    await customer(other, 54);
    // Bot 2 blocks nothing: its customer 54 is never refused, while bot 1's is banned.
    for (let i = 0; i < 3; i++) {
      expect(await refuse(otherRules, 54)).toEqual({ kind: 'allowed' });
      await refuse(service(one), 54);
    }
    expect((await one.users.find(54))?.bannedAt).not.toBeNull();
    expect((await other.users.find(54))?.bannedAt).toBeNull();
    expect(await otherRules.figures(30)).toEqual({ blocked: 0, bans: 0 });
    expect(await otherRules.recent(10)).toEqual([]);
    // Its own rules, its own strikes: bot 1's three do not count towards bot 2's ban.
    await otherRules.update(ADMIN, 0, { ...DEFAULT_CONTENT_RULES, blocked: { '*': ['gore'] } });
    expect(await refuse(otherRules, 54)).toMatchObject({ strikes: 1, banned: false });
  });
});
