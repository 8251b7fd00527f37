/**
 * Issue 38's migration (SQLite 0018, PostgreSQL 0013) on a database an older version filled: every
 * existing period joins its subscription (the chain of its customer's latest first payment), every
 * subscription keeps the terms of that first payment, and a renewal after the upgrade credits them
 * whatever the plan is configured as now.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { availableEngines } from '../support/databases.js';
import { onOlderPostgres, onOlderSqlite } from '../support/migrations-up-to.js';

/** The last migration before issue 38's, per engine. */
const BEFORE = { sqlite: 17, postgres: 12 } as const;

const temp = mkdtempSync(join(tmpdir(), 'subscription-terms-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 5, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 24 * 60 * 60_000;

/** Rows as the older version left them: (charge, user, plan, stars, allowance, starts, first). */
const PERIODS: Array<[string, number, string, number, number, number, boolean]> = [
  ['c1', 1, 'pro', 450, 600, T0, true],
  ['c2', 1, 'pro', 450, 600, T0 + 30 * DAY, false],
  // User 2: a subscription that ended, then a new one (subscribing again reused the row).
  ['d1', 2, 'pro', 450, 600, T0, true],
  ['e1', 2, 'max', 900, 1300, T0 + 40 * DAY, true],
  ['e2', 2, 'max', 900, 1300, T0 + 70 * DAY, false],
];
const SUBSCRIPTIONS: Array<[number, string, string, number]> = [
  [1, 'pro', 'c2', T0 + 60 * DAY],
  [2, 'max', 'e2', T0 + 100 * DAY],
];

async function expectMigrated(store: Store, now: number) {
  const { subscriptions: s } = store;
  expect((await s.periodsOf(1)).map((p) => [p.chargeId, p.subscriptionId])).toEqual([
    ['c2', 'c1'],
    ['c1', 'c1'],
  ]);
  expect((await s.periodsOf(2)).map((p) => [p.chargeId, p.subscriptionId])).toEqual([
    ['e2', 'e1'],
    ['e1', 'e1'],
    ['d1', 'd1'],
  ]);
  expect(await s.live(1)).toMatchObject([
    {
      id: 'c1',
      payload: 's:pro:1',
      priceStars: 450,
      allowanceStars: 600,
      periodSeconds: 2_592_000,
      chargeId: 'c2',
    },
  ]);
  expect(await s.live(2)).toMatchObject([
    { id: 'e1', payload: 's:max:2', priceStars: 900, allowanceStars: 1300, chargeId: 'e2' },
  ]);
  // A renewal after the upgrade (the operator has changed pro to 900:1300 meanwhile): its own terms.
  const renewal = await s.recordPayment({
    chargeId: 'c3',
    userId: 1,
    planId: 'pro',
    payload: 's:pro:1',
    stars: 450,
    allowance: 1300,
    expiresAt: new Date(now + 30 * DAY),
    periodSeconds: 2_592_000,
    first: false,
  });
  expect(renewal).toMatchObject({
    kind: 'credited',
    allowance: 600,
    subscription: { id: 'c1', chargeId: 'c3' },
  });
  // User 2's other subscription is not touched by user 1's renewal, nor by its own history.
  expect((await s.findPeriod('e2'))?.endsAt.getTime()).toBe(T0 + 100 * DAY);
}

describe('the subscription terms migration', () => {
  it('on sqlite: existing subscriptions and periods migrated in place', async () => {
    const now = T0 + 90 * DAY;
    await onOlderSqlite({
      dir: temp,
      last: BEFORE.sqlite,
      seed: (db) => {
        const period = db.prepare(
          'insert into subscription_periods (charge_id, user_id, plan_id, stars, allowance, starts_at, ends_at, status, first) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        );
        for (const [charge, user, plan, stars, allowance, starts, first] of PERIODS) {
          period.run(charge, user, plan, stars, allowance, starts, starts + 30 * DAY, 'paid', first ? 1 : 0);
        }
        const subscription = db.prepare(
          "insert into subscriptions (user_id, plan_id, state, cancelled, charge_id, expires_at, started_at) values (?, ?, 'active', 0, ?, ?, ?)",
        );
        for (const [user, plan, charge, expires] of SUBSCRIPTIONS)
          subscription.run(user, plan, charge, expires, T0);
      },
      now: () => now,
      check: (store) => expectMigrated(store, now),
    });
  });

  it.skipIf(!availableEngines().includes('postgres'))(
    'on postgres: existing subscriptions and periods migrated in place',
    async () => {
      const now = T0 + 90 * DAY;
      await onOlderPostgres({
        dir: temp,
        last: BEFORE.postgres,
        url: inject('postgresUrl')!,
        seed: async (sql) => {
          for (const [charge, user, plan, stars, allowance, starts, first] of PERIODS) {
            await sql`insert into subscription_periods (charge_id, user_id, plan_id, stars, allowance, starts_at, ends_at, status, first)
          values (${charge}, ${user}, ${plan}, ${stars}, ${allowance}, ${iso(starts)}, ${iso(starts + 30 * DAY)}, 'paid', ${first})`;
          }
          for (const [user, plan, charge, expires] of SUBSCRIPTIONS) {
            await sql`insert into subscriptions (user_id, plan_id, state, cancelled, charge_id, expires_at, started_at)
          values (${user}, ${plan}, 'active', false, ${charge}, ${iso(expires)}, ${iso(T0)})`;
          }
        },
        now: () => now,
        check: (store) => expectMigrated(store, now),
      });
    },
  );
});
