/** Broadcasts, their recipients, bans and the audit log, on every engine the run has. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BroadcastContent, type NewBroadcast, type Store, storeOn } from '../../src/db/index.js';
import { SUPPORTED_LOCALES, spokenLocale } from '../../src/texts/locales.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const DAY = 24 * 60 * 60_000;
const content: BroadcastContent = { kind: 'text', text: 'News', entities: [] };
const draft = (over: Partial<NewBroadcast> = {}): NewBroadcast => ({
  createdBy: 1,
  adminChatId: 1,
  locale: 'en',
  content,
  audience: { kind: 'all' },
  ...over,
});

describe.each(availableEngines())('BroadcastsRepository on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let store: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 1);
    store = await database.open(() => now);
  });
  afterEach(async () => {
    await database.drop();
  });

  const user = (id: number, languageCode?: string) =>
    store.users.touch({ id, firstName: `u${id}`, ...(languageCode ? { languageCode } : {}) }, false);

  it('audiences: everyone reachable, by spoken language, by last activity, paying, a list of ids', async () => {
    await user(1, 'ru');
    await user(2, 'en-US');
    await user(3, 'de'); // a language the bot does not speak: the default (en)
    await user(4, 'ru');
    await store.users.setLocale(4, 'en'); // their own choice wins over Telegram's
    await user(5, 'ru');
    await store.users.markBlocked(5);
    await user(6);
    await store.users.setBanned(6, true);
    now += 40 * DAY;
    await user(7, 'ru');
    await store.wallet.book({ key: 'topup:c1', userId: 2, kind: 'topup', delta: 50, stars: 50 });
    // A subscriber paid too; a gift is not a payment.
    await store.wallet.book({ key: 'sub:c2', userId: 4, kind: 'allowance', delta: 600, stars: 600 });
    await store.wallet.book({ key: 'grant:c3', userId: 1, kind: 'grant', delta: 10, stars: 10 });
    const audience = store.broadcasts;
    expect(await audience.countAudience({ kind: 'all' })).toBe(5);
    expect(await audience.countAudience({ kind: 'language', locale: 'ru' })).toBe(2);
    expect(await audience.countAudience({ kind: 'language', locale: 'en' })).toBe(3);
    expect(await audience.countAudience({ kind: 'active', days: 30 })).toBe(1);
    expect(await audience.countAudience({ kind: 'paying' })).toBe(2);
    expect(await audience.countAudience({ kind: 'ids', ids: [1, 5, 6, 999] })).toBe(1);
    expect(await audience.countAudience({ kind: 'ids', ids: [] })).toBe(0);
  });

  it('the audience by language is the language the bot speaks to each user (spokenLocale)', async () => {
    // Telegram's codes as they come (any case, "-" or "_"), and look-alikes that are other languages.
    const codes = ['ru', 'RU', 'ru-RU', 'ru_UA', 'rue', 'rus', 'en', 'en-GB', 'EN_us', 'eng', 'de', 'uk', ''];
    const users: Array<{ id: number; code: string; chosen?: 'en' | 'ru' }> = [];
    let id = 100;
    for (const code of codes) {
      users.push({ id: id++, code });
      users.push({ id: id++, code, chosen: 'ru' });
      users.push({ id: id++, code, chosen: 'en' });
    }
    for (const u of users) {
      await user(u.id, u.code || undefined);
      if (u.chosen) await store.users.setLocale(u.id, u.chosen);
    }
    for (const defaultLocale of SUPPORTED_LOCALES) {
      const { broadcasts } = storeOn(store.engine, { now: () => now, defaultLocale });
      for (const locale of SUPPORTED_LOCALES) {
        const expected = users.filter(
          (u) => spokenLocale(u.chosen, u.code || undefined, defaultLocale) === locale,
        );
        expect(await broadcasts.countAudience({ kind: 'language', locale })).toBe(expected.length);
      }
    }
    // Not only the counts: the very users.
    const created = await store.broadcasts.create(draft({ audience: { kind: 'language', locale: 'ru' } }));
    if (typeof created === 'string') throw new Error(created);
    const ru = users.filter((u) => spokenLocale(u.chosen, u.code || undefined, 'en') === 'ru');
    expect(await store.broadcasts.pending(created.id, 100)).toEqual(ru.map((u) => u.id));
  });

  it('one broadcast at a time: a second is refused while the first runs or is paused, allowed once it ends', async () => {
    for (const id of [1, 2, 3]) await user(id);
    const first = await store.broadcasts.create(draft());
    if (typeof first === 'string') throw new Error(first);
    expect(first.total).toBe(3);
    expect(await store.broadcasts.pending(first.id, 10)).toEqual([1, 2, 3]);
    expect(await store.broadcasts.create(draft())).toBe('busy');
    expect(await store.broadcasts.transition(first.id, ['running'], 'paused')).toBe(true);
    expect(await store.broadcasts.create(draft())).toBe('busy');
    expect(await store.broadcasts.transition(first.id, ['running'], 'done')).toBe(false);
    expect(await store.broadcasts.transition(first.id, ['running', 'paused'], 'cancelled')).toBe(true);
    expect((await store.broadcasts.find(first.id))?.finishedAt).not.toBeNull();
    expect(await store.broadcasts.active()).toBeUndefined();
    const second = await store.broadcasts.create(draft({ audience: { kind: 'ids', ids: [2] } }));
    expect(typeof second === 'object' && second.total).toBe(1);
    expect(await store.broadcasts.create(draft({ audience: { kind: 'ids', ids: [3] } }))).toBe('busy');
  });

  it('an audience of nobody creates nothing', async () => {
    expect(await store.broadcasts.create(draft())).toBe('empty');
    expect(await store.broadcasts.active()).toBeUndefined();
  });

  it('admins confirming at once on two connections: exactly one broadcast starts', async () => {
    for (const id of [1, 2]) await user(id);
    const other = engine === 'postgres' ? await database.open(() => now) : store;
    try {
      const results = await Promise.all([
        store.broadcasts.create(draft({ createdBy: 1 })),
        other.broadcasts.create(draft({ createdBy: 2 })),
        store.broadcasts.create(draft({ createdBy: 3 })),
      ]);
      expect(results.filter((r) => typeof r === 'object')).toHaveLength(1);
      expect(results.filter((r) => r === 'busy')).toHaveLength(2);
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('a recipient is sent once: pending -> sending by compare-and-set; a crash mid-send leaves it unconfirmed', async () => {
    for (const id of [1, 2, 3, 4]) await user(id);
    const b = await store.broadcasts.create(draft());
    if (typeof b === 'string') throw new Error(b);
    expect(await store.broadcasts.startSending(b.id, 1)).toBe(1);
    expect(await store.broadcasts.startSending(b.id, 1)).toBeUndefined();
    expect(await store.broadcasts.settle(b.id, 1, 'sent')).toBe(true);
    expect(await store.broadcasts.settle(b.id, 1, 'failed')).toBe(false);
    // A 429: back to pending, sent again later (attempts count every try).
    await store.broadcasts.startSending(b.id, 2);
    await store.broadcasts.settle(b.id, 2, 'pending', '429');
    expect(await store.broadcasts.startSending(b.id, 2)).toBe(2);
    await store.broadcasts.startSending(b.id, 3);
    await store.broadcasts.settle(b.id, 3, 'blocked', 'Forbidden');
    // 2 is "in flight" when the sender dies.
    expect(await store.broadcasts.settleInterrupted(b.id)).toBe(1);
    expect(await store.broadcasts.counts(b.id)).toEqual({
      pending: 1,
      sending: 0,
      sent: 1,
      blocked: 1,
      failed: 0,
      unconfirmed: 1,
    });
    expect(await store.broadcasts.pending(b.id, 10)).toEqual([4]);
    expect((await store.broadcasts.recipient(b.id, 3))?.error).toBe('Forbidden');
  });

  it('the final report is claimed once, and a finished broadcast waits for it until then', async () => {
    await user(1);
    const b = await store.broadcasts.create(draft());
    if (typeof b === 'string') throw new Error(b);
    expect(await store.broadcasts.unreported()).toEqual([]);
    await store.broadcasts.transition(b.id, ['running'], 'done');
    expect((await store.broadcasts.unreported()).map((r) => r.id)).toEqual([b.id]);
    expect(await store.broadcasts.markReported(b.id)).toBe(true);
    expect(await store.broadcasts.markReported(b.id)).toBe(false);
    expect(await store.broadcasts.unreported()).toEqual([]);
  });

  it('bans, lookups by @username and the audit log', async () => {
    await store.users.touch({ id: 10, firstName: 'Ann', username: 'Ann_B' }, false);
    expect((await store.users.findByUsername('ann_b'))?.telegramId).toBe(10);
    expect(await store.users.findByUsername('nobody')).toBeUndefined();
    expect(await store.users.setBanned(10, true)).toBe(true);
    expect((await store.users.find(10))?.bannedAt?.getTime()).toBe(now);
    // Already banned: nothing changes (the first ban's time stays), and the caller hears so.
    now += 1000;
    expect(await store.users.setBanned(10, true)).toBe(false);
    expect((await store.users.find(10))?.bannedAt?.getTime()).toBe(now - 1000);
    expect(await store.users.setBanned(10, false)).toBe(true);
    expect(await store.users.setBanned(10, false)).toBe(false);
    expect((await store.users.find(10))?.bannedAt).toBeNull();
    expect(await store.users.setBanned(11, true)).toBe(false);

    for (let i = 1; i <= 12; i++) {
      now += 1000;
      await store.audit.record({ actorId: 1, action: 'user_banned', targetUserId: i, details: { n: i } });
    }
    expect(await store.audit.count()).toBe(12);
    const page = await store.audit.page(0, 5);
    expect(page.map((e) => e.targetUserId)).toEqual([12, 11, 10, 9, 8]);
    expect(page[0]).toMatchObject({ actorId: 1, action: 'user_banned', details: { n: 12 } });
    expect((await store.audit.page(10, 5)).map((e) => e.targetUserId)).toEqual([2, 1]);
  });
});

describe.each(availableEngines())('BroadcastsRepository of two bots on one %s database', (engine) => {
  let database: TestDatabase;
  let now: number;
  let one: Store;
  let two: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 1);
    one = await database.open(() => now);
    two = storeOn(one.engine, { now: () => now, bot: 2 });
  });
  afterEach(async () => {
    await database.drop();
  });

  // Written behind the stores' backs: each bot's users and ledger, whoever scopes those tables.
  const user = (bot: number, id: number, blocked = false) =>
    database.execute`insert into users (bot_id, telegram_id, first_name, blocked, seen_at)
      values (${bot}, ${id}, ${`u${id}`}, ${blocked}, ${new Date(now)})`;
  const paid = (bot: number, id: number) =>
    database.execute`insert into wallet_entries (bot_id, key, user_id, kind, delta, stars, created_at)
      values (${bot}, ${`topup:${bot}:${id}`}, ${id}, 'topup', 5, 5, ${new Date(now)})`;

  it("a bot's audiences, broadcasts and recipients are its own; each bot has its own active slot", async () => {
    // Telegram users 2 and 3 use both bots; 1 only the first, 4 and 5 only the second.
    for (const id of [1, 2, 3]) await user(1, id);
    for (const id of [2, 3, 4]) await user(2, id);
    await user(2, 5, true);
    await paid(1, 2);
    await paid(2, 4);
    expect(await one.broadcasts.countAudience({ kind: 'all' })).toBe(3);
    expect(await two.broadcasts.countAudience({ kind: 'all' })).toBe(3);
    // Paying in the first bot is not paying in the second.
    expect(await one.broadcasts.countAudience({ kind: 'paying' })).toBe(1);
    expect(await two.broadcasts.countAudience({ kind: 'paying' })).toBe(1);
    expect(await one.broadcasts.countAudience({ kind: 'ids', ids: [2, 4, 5] })).toBe(1);
    expect(await two.broadcasts.countAudience({ kind: 'ids', ids: [1, 2, 4, 5] })).toBe(2);
    expect(await two.broadcasts.countAudience({ kind: 'active', days: 1 })).toBe(3);
    expect(await two.broadcasts.countAudience({ kind: 'language', locale: 'en' })).toBe(3);

    // One running broadcast per bot: the first bot's does not keep the second from starting one.
    const a = await one.broadcasts.create(draft());
    if (typeof a === 'string') throw new Error(a);
    const b = await two.broadcasts.create(draft({ createdBy: 2 }));
    if (typeof b === 'string') throw new Error(b);
    expect(a.botId).toBe(1);
    expect(b.botId).toBe(2);
    expect([a.total, b.total]).toEqual([3, 3]);
    expect(await one.broadcasts.create(draft())).toBe('busy');
    expect(await two.broadcasts.create(draft())).toBe('busy');
    expect((await one.broadcasts.active())?.id).toBe(a.id);
    expect((await two.broadcasts.active())?.id).toBe(b.id);
    expect(await two.broadcasts.find(a.id)).toBeUndefined();
    expect(await one.broadcasts.find(b.id)).toBeUndefined();
    expect(await one.broadcasts.pending(a.id, 10)).toEqual([1, 2, 3]);
    expect(await two.broadcasts.pending(b.id, 10)).toEqual([2, 3, 4]);
    expect(await two.broadcasts.pending(a.id, 10)).toEqual([]);

    // Nothing the second bot does touches the first bot's broadcast or its recipients.
    expect(await two.broadcasts.startSending(a.id, 2)).toBeUndefined();
    expect(await one.broadcasts.startSending(a.id, 2)).toBe(1);
    expect(await two.broadcasts.settle(a.id, 2, 'sent')).toBe(false);
    expect(await two.broadcasts.settleInterrupted(a.id)).toBe(0);
    expect(await two.broadcasts.recipient(a.id, 2)).toBeUndefined();
    expect(await two.broadcasts.counts(a.id)).toEqual(await two.broadcasts.counts(-1));
    expect(await two.broadcasts.transition(a.id, ['running'], 'cancelled')).toBe(false);
    await two.broadcasts.setProgressMessage(a.id, 99);
    // The same Telegram user is a recipient of each bot's broadcast, each with its own state.
    expect(await two.broadcasts.startSending(b.id, 2)).toBe(1);
    expect(await two.broadcasts.settle(b.id, 2, 'blocked', 'Forbidden')).toBe(true);
    expect(await one.broadcasts.settle(a.id, 2, 'sent')).toBe(true);
    expect((await one.broadcasts.recipient(a.id, 2))?.status).toBe('sent');
    expect(await two.broadcasts.recipient(b.id, 2)).toMatchObject({ botId: 2, status: 'blocked' });
    expect((await one.broadcasts.counts(a.id)).sent).toBe(1);
    expect((await one.broadcasts.counts(a.id)).pending).toBe(2);

    // The first bot's broadcast ends; the second bot's runs on, and each reports its own.
    expect(await one.broadcasts.transition(a.id, ['running'], 'done')).toBe(true);
    expect((await one.broadcasts.find(a.id))?.progressMessageId).toBeNull();
    expect(await one.broadcasts.active()).toBeUndefined();
    expect((await two.broadcasts.active())?.id).toBe(b.id);
    expect(await two.broadcasts.unreported()).toEqual([]);
    expect(await two.broadcasts.markReported(a.id)).toBe(false);
    expect((await one.broadcasts.unreported()).map((r) => r.id)).toEqual([a.id]);
    expect(await one.broadcasts.markReported(a.id)).toBe(true);
  });
});
