/**
 * Promo codes on both engines, through two stores on one database (two replicas; on SQLite one
 * store, see beforeAll):
 * - a code grants once per customer, never beyond its uses, its validity (an injected clock) or
 *   after it was turned off; codes match whatever the case;
 * - two replicas redeeming the last use at once: exactly one wins, the other is told it is used up;
 * - wrong guesses are throttled per customer, whichever replica they reach;
 * - a property over random codes and concurrent redemptions: the promo Stars granted never exceed
 *   what the codes allow (each code: min(uses, distinct redeemers) x its Stars), each (code, user)
 *   is booked once, and the ledger agrees with every wallet's balance;
 * - two bots on one database: the same code and the same customer exist in both independently, and
 *   nothing one bot creates, redeems, disables or counts is seen or touched by the other.
 */
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { DEFAULT_PROMO_THROTTLE, PromoCodes } from '../../src/services/promo-codes.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const logger = pino({ level: 'silent' });
const ADMIN = 1;
const DAY = 86_400_000;

describe.each(availableEngines())('promo codes on %s', (engine) => {
  let database: TestDatabase;
  let now = Date.UTC(2026, 10, 1);
  const clock = () => now;
  /** Two replicas of the bot on the same database. */
  let one: Store;
  let two: Store;
  const service = (store: Store) =>
    new PromoCodes({
      codes: store.promoCodes,
      wallet: { ensureWelcome: async () => false },
      audit: store.audit,
      logger,
      now: clock,
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    one = await database.open(clock);
    // PostgreSQL: a second pool, a replica of its own. A SQLite file belongs to one process (its
    // writers take turns in that process's queue): a second connection in this process would block
    // the event loop on the file's lock, so both "replicas" share the one store there.
    two = engine === 'postgres' ? await database.open(clock) : one;
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 1);
    for (const table of [
      'promo_codes',
      'promo_redemptions',
      'promo_misses',
      'wallet_entries',
      'star_topups',
      'audit_log',
    ]) {
      await database.execute([`delete from ${table}`] as unknown as TemplateStringsArray);
    }
  });

  const promoEntries = () =>
    database.query<{ key: string; user_id: number; delta: number }>`
      select key, user_id, delta from wallet_entries where kind = 'promo' order by id`;

  it('grants a code once per customer, with the new balance, booked once in the ledger', async () => {
    const promo = service(one);
    expect(await promo.create(ADMIN, { code: 'GIFT', stars: 25, uses: 5, days: null })).toEqual({
      created: true,
      expiresAt: null,
    });
    expect(await promo.redeem(10, 'GIFT')).toEqual({ kind: 'redeemed', stars: 25, balance: 25 });
    expect(await promo.redeem(10, 'GIFT')).toEqual({ kind: 'already' });
    expect(await service(two).redeem(10, 'gift')).toEqual({ kind: 'already' });
    const entries = await promoEntries();
    expect(entries.map((e) => [e.key, Number(e.user_id), Number(e.delta)])).toEqual([
      ['promo:GIFT:10', 10, 25],
    ]);
    expect(await one.wallet.balance(10)).toBe(25);
    expect(await promo.redeemedBy(10)).toBe(1);
    expect(await promo.totals()).toEqual({ redemptions: 1, stars: 25 });
    expect((await one.wallet.totals()).promoStars).toBe(25);
  });

  it('keeps promo Stars out of refunds: granted Stars are spent first and never refunded', async () => {
    await one.wallet.createTopup({ id: 'tp1', userId: 3, chatId: 3, stars: 10, orderId: null });
    await one.wallet.creditPayment({ chargeId: 'ch1', userId: 3, stars: 10, topupId: 'tp1' });
    await service(one).create(ADMIN, { code: 'BONUS', stars: 5, uses: 1, days: null });
    expect(await service(one).redeem(3, 'bonus')).toEqual({ kind: 'redeemed', stars: 5, balance: 15 });
    expect(await one.wallet.paidBalance(3)).toBe(10);
    // An order held 8 Stars: the 5 promo Stars went first, so 7 paid Stars are left of the 10.
    await one.wallet.book({ key: 'hold:o1:k1', userId: 3, kind: 'hold', delta: -8, stars: 8 });
    expect(await one.wallet.paidBalance(3)).toBe(7);
    expect(await one.wallet.beginRefund('ch1', ADMIN)).toMatchObject({ kind: 'spent', refundable: 7 });
  });

  it('refuses a customer once the uses are spent', async () => {
    const promo = service(one);
    await promo.create(ADMIN, { code: 'TWO', stars: 10, uses: 2, days: null });
    expect((await promo.redeem(1, 'TWO')).kind).toBe('redeemed');
    expect((await promo.redeem(2, 'TWO')).kind).toBe('redeemed');
    expect(await promo.redeem(3, 'TWO')).toEqual({ kind: 'used_up' });
    expect(await promo.redeem(1, 'TWO')).toEqual({ kind: 'already' });
    expect((await one.promoCodes.find('TWO'))?.used).toBe(2);
    expect(await promoEntries()).toHaveLength(2);
  });

  it('expires after its days, by the injected clock', async () => {
    const promo = service(one);
    const { expiresAt } = await promo.create(ADMIN, { code: 'WEEK', stars: 5, uses: 10, days: 7 });
    expect(expiresAt).toEqual(new Date(now + 7 * DAY));
    now += 7 * DAY - 1;
    expect((await promo.redeem(1, 'WEEK')).kind).toBe('redeemed');
    now += 1;
    expect(await promo.redeem(2, 'WEEK')).toEqual({ kind: 'expired' });
    expect(await promoEntries()).toHaveLength(1);
  });

  it('matches codes whatever the case, stored upper case', async () => {
    const promo = service(one);
    await promo.create(ADMIN, { code: 'SPRING-26', stars: 3, uses: 2, days: null });
    expect((await promo.redeem(1, '  spring-26 ')).kind).toBe('redeemed');
    expect((await promo.redeem(2, 'Spring-26')).kind).toBe('redeemed');
    expect((await promo.create(ADMIN, { code: 'SPRING-26', stars: 9, uses: 1, days: null })).created).toBe(
      false,
    );
  });

  it('refuses a code turned off, and says whether it was on', async () => {
    const promo = service(one);
    await promo.create(ADMIN, { code: 'OFF', stars: 3, uses: 9, days: null });
    expect(await promo.disable(ADMIN, 'off')).toBe('disabled');
    expect(await promo.disable(ADMIN, 'OFF')).toBe('already');
    expect(await promo.disable(ADMIN, 'NOPE')).toBe('unknown');
    expect(await service(two).redeem(1, 'OFF')).toEqual({ kind: 'disabled' });
    expect(await promoEntries()).toHaveLength(0);
    const actions = await database.query<{ action: string }>`select action from audit_log order by id`;
    expect(actions.map((a) => a.action)).toEqual(['promo_created', 'promo_disabled']);
  });

  it('gives the last use to exactly one of two replicas redeeming it at once', async () => {
    for (let round = 0; round < 10; round++) {
      const code = `LAST${round}`;
      await service(one).create(ADMIN, { code, stars: 7, uses: 1, days: null });
      const outcomes = await Promise.all([service(one).redeem(100, code), service(two).redeem(200, code)]);
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['redeemed', 'used_up']);
    }
    expect(await promoEntries()).toHaveLength(10);
    expect((await one.wallet.balance(100)) + (await one.wallet.balance(200))).toBe(70);
  });

  it('books one customer once when two replicas redeem the same code for them at once', async () => {
    await service(one).create(ADMIN, { code: 'TWICE', stars: 4, uses: 10, days: null });
    const outcomes = await Promise.all([service(one).redeem(5, 'TWICE'), service(two).redeem(5, 'TWICE')]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already', 'redeemed']);
    expect(await one.wallet.balance(5)).toBe(4);
    expect((await one.promoCodes.find('TWICE'))?.used).toBe(1);
  });

  it('throttles wrong guesses per customer across replicas until the window closes', async () => {
    await service(one).create(ADMIN, { code: 'REAL', stars: 1, uses: 5, days: null });
    const { maxMisses, windowMs } = DEFAULT_PROMO_THROTTLE;
    for (let i = 0; i < maxMisses; i++) {
      expect(await service(i % 2 ? one : two).redeem(9, `WRONG${i}`)).toEqual({ kind: 'unknown' });
    }
    expect(await service(one).redeem(9, 'REAL')).toEqual({ kind: 'throttled' });
    expect(await service(two).redeem(9, 'REAL')).toEqual({ kind: 'throttled' });
    // Another customer is not held back.
    expect((await service(one).redeem(8, 'REAL')).kind).toBe('redeemed');
    now += windowMs;
    expect((await service(two).redeem(9, 'REAL')).kind).toBe('redeemed');
  });

  it('creates a batch of distinct one-time codes of the unambiguous alphabet, audited once', async () => {
    const { codes } = await service(one).createBatch(ADMIN, { count: 50, stars: 2, days: 30 });
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{10}$/);
    const page = await service(one).page(0, 20);
    expect(page?.pages).toBe(3);
    expect(page?.codes.every((c) => c.uses === 1 && c.stars === 2)).toBe(true);
    const actions = await database.query<{ action: string }>`select action from audit_log`;
    expect(actions.map((a) => a.action)).toEqual(['promo_batch_created']);
  });

  it("keeps each bot's codes, redemptions and wrong guesses to that bot", async () => {
    const first = one.promoCodes;
    const second = storeOn(one.engine, { bot: 2, now: clock }).promoCodes;
    const code = (stars: number, uses: number) => ({
      code: 'GIFT',
      stars,
      uses,
      expiresAt: null,
      createdBy: ADMIN,
    });
    // The same code in both bots: two codes, each with its own Stars and uses.
    expect(await first.create([code(25, 1), { ...code(3, 5), code: 'ONLY-ONE' }])).toEqual([
      'GIFT',
      'ONLY-ONE',
    ]);
    expect(await second.create([code(40, 2)])).toEqual(['GIFT']);
    expect(await second.create([code(40, 2)])).toEqual([]);
    expect(await first.find('GIFT')).toMatchObject({ botId: 1, stars: 25, uses: 1 });
    expect(await second.find('GIFT')).toMatchObject({ botId: 2, stars: 40, uses: 2 });
    expect(await second.find('ONLY-ONE')).toBeUndefined();
    expect((await second.list(0, 10)).map((c) => c.code)).toEqual(['GIFT']);
    expect(await first.count()).toBe(2);
    expect(await second.count()).toBe(1);

    // The same customer redeems the code in each bot: granted in each, in that bot's wallet.
    expect(await first.redeem('GIFT', 10)).toEqual({ kind: 'redeemed', stars: 25, balance: 25 });
    expect(await second.redeem('GIFT', 10)).toEqual({ kind: 'redeemed', stars: 40, balance: 40 });
    expect(await second.redeem('GIFT', 10)).toEqual({ kind: 'already' });
    expect(await second.redeem('ONLY-ONE', 10)).toEqual({ kind: 'unknown' });
    // Bot 1's only use is taken; bot 2's code of the same name still has one.
    expect(await first.redeem('GIFT', 11)).toEqual({ kind: 'used_up' });
    expect(await second.redeem('GIFT', 11)).toMatchObject({ kind: 'redeemed', stars: 40 });
    expect((await first.find('GIFT'))?.used).toBe(1);
    expect(await first.redeemedBy(11)).toBe(0);
    expect(await second.redeemedBy(11)).toBe(1);
    expect(await first.totals()).toEqual({ redemptions: 1, stars: 25 });
    expect(await second.totals()).toEqual({ redemptions: 2, stars: 80 });
    expect(await one.wallet.balance(10)).toBe(25);

    // Turning a code off in bot 2 leaves bot 1's of the same name on.
    expect(await second.disable('ONLY-ONE')).toBe('unknown');
    expect(await second.disable('GIFT')).toBe('disabled');
    expect((await first.find('GIFT'))?.disabledAt).toBeNull();
    expect(await first.disable('GIFT')).toBe('disabled');

    // Wrong guesses count in the bot they were typed in.
    const window = 60_000;
    expect(await first.recordMiss(10, window)).toBe(1);
    expect(await first.recordMiss(10, window)).toBe(2);
    expect(await second.misses(10, window)).toBe(0);
    expect(await second.recordMiss(10, window)).toBe(1);
    expect(await first.misses(10, window)).toBe(2);
    const rows = await database.query<{ bot_id: number; misses: number }>`
      select bot_id, misses from promo_misses where user_id = 10 order by bot_id`;
    expect(rows.map((r) => [Number(r.bot_id), Number(r.misses)])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('never grants more than the codes allow, whatever redemptions race (property)', async () => {
    const codeArb = fc.record({
      uses: fc.integer({ min: 1, max: 3 }),
      stars: fc.integer({ min: 1, max: 50 }),
    });
    const attemptArb = fc.record({
      code: fc.nat(),
      user: fc.integer({ min: 1, max: 5 }),
      replica: fc.boolean(),
      upper: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(codeArb, { minLength: 1, maxLength: 4 }),
        fc.array(attemptArb, { minLength: 1, maxLength: 16 }),
        async (codes, attempts) => {
          for (const table of ['promo_codes', 'promo_redemptions', 'promo_misses', 'wallet_entries']) {
            await database.execute([`delete from ${table}`] as unknown as TemplateStringsArray);
          }
          const names = codes.map((_, i) => `P${i}CODE`);
          for (const [i, c] of codes.entries()) {
            await service(one).create(ADMIN, { code: names[i]!, stars: c.stars, uses: c.uses, days: null });
          }
          await Promise.all(
            attempts.map((a) => {
              const name = names[a.code % names.length]!;
              return service(a.replica ? one : two).redeem(a.user, a.upper ? name : name.toLowerCase());
            }),
          );
          let allowed = 0;
          for (const [i, c] of codes.entries()) {
            const redeemers = new Set(attempts.filter((a) => a.code % names.length === i).map((a) => a.user));
            const expected = Math.min(c.uses, redeemers.size);
            allowed += expected * c.stars;
            // Every distinct customer gets in while uses remain: exactly min(uses, redeemers).
            expect((await one.promoCodes.find(names[i]!))?.used).toBe(expected);
          }
          const entries = await promoEntries();
          const granted = entries.reduce((sum, e) => sum + Number(e.delta), 0);
          expect(granted).toBeLessThanOrEqual(allowed);
          expect(granted).toBe(allowed);
          expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
          for (const user of new Set(attempts.map((a) => a.user))) {
            const mine = entries
              .filter((e) => Number(e.user_id) === user)
              .reduce((s, e) => s + Number(e.delta), 0);
            expect(await one.wallet.balance(user)).toBe(mine);
          }
        },
      ),
      { numRuns: engine === 'postgres' ? 25 : 40 },
    );
    // A budget, not a timing goal: real transactions from two replicas on a busy 2-core machine.
  }, 120_000);
});
