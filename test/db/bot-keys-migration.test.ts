/**
 * Issue 40's migration (SQLite 0020, PostgreSQL 0015) on a database a one-bot version filled: every
 * customer, order, balance, code, setting and waiting update is kept, and belongs to the main bot;
 * a second bot on the same database starts empty and may reuse the same Telegram ids and codes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { availableEngines } from '../support/databases.js';
import { onOlderPostgres, onOlderSqlite } from '../support/migrations-up-to.js';

/** The last migration of the one-bot schema, per engine. */
const BEFORE = { sqlite: 19, postgres: 14 } as const;

const temp = mkdtempSync(join(tmpdir(), 'bot-keys-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const T0 = Date.UTC(2026, 5, 1);

/**
 * What a one-bot deployment stored, as statements for either engine (`at` writes a timestamp the
 * engine's way, `no` its false): Ann invited Bob, topped up 100 Stars and ordered; a promo code Bob redeemed; the
 * admins' settings; an update waiting in the inbox; a form in progress.
 */
function oldRows(at: (ms: number) => string, no: string): string[] {
  return [
    `insert into users (telegram_id, first_name, referral_code) values (7, 'Ann', 'ANNCODE')`,
    `insert into users (telegram_id, first_name, referred_by) values (8, 'Bob', 7)`,
    `insert into orders (id, chat_id, user_id, locale, model_id, model_name, model_type, request_json,
       price_usd, idempotency_key, stage, created_at, updated_at)
     values ('o1', 7, 7, 'en', 1, 'Flux', 'image', '{"model_id":1,"prompt":"a cat"}', '0.04', 'key-o1',
       'submitted', ${at(T0)}, ${at(T0)})`,
    `insert into star_topups (id, user_id, chat_id, stars, status, charge_id, created_at)
     values ('t1', 7, 7, 100, 'paid', 'charge-1', ${at(T0)})`,
    `insert into wallet_entries (key, user_id, kind, delta, stars, charge_id, created_at)
     values ('topup:charge-1', 7, 'topup', 100, 100, 'charge-1', ${at(T0)})`,
    `insert into promo_codes (code, stars, uses, used, created_by, created_at) values ('SPRING', 5, 10, 1, 1, ${at(T0)})`,
    `insert into promo_redemptions (code, user_id, stars, created_at) values ('SPRING', 8, 5, ${at(T0)})`,
    `insert into live_settings (id, version, markup_percent, updated_at) values (1, 3, '25', ${at(T0)})`,
    `insert into update_inbox (update_id, lane, payload, received_at, control)
     values (500, '7', '{"update_id":500}', ${at(T0)}, ${no})`,
    `insert into conversation_states (key, value, updated_at) values ('7', '{"v":1}', ${at(T0)})`,
  ];
}

async function expectKept(store: Store) {
  expect(store.scope.botId).toBe(1);
  expect(await store.users.find(7)).toMatchObject({ botId: 1, firstName: 'Ann', referralCode: 'ANNCODE' });
  expect(await store.users.find(8)).toMatchObject({ botId: 1, referredBy: 7 });
  expect(await store.referrals.findByCode('ANNCODE')).toMatchObject({ telegramId: 7 });
  expect(await store.orders.find('o1')).toMatchObject({ botId: 1, userId: 7, stage: 'submitted' });
  expect(await store.wallet.balance(7)).toBe(100);
  expect(await store.wallet.findTopupByCharge('charge-1')).toMatchObject({ id: 't1', stars: 100 });
  expect(await store.promoCodes.find('SPRING')).toMatchObject({ used: 1 });
  expect(await store.promoCodes.redeemedBy(8)).toBe(1);
  expect(await store.liveSettings.version()).toBe(3);
  expect(await store.inbox.find(500)).toMatchObject({ botId: 1, lane: '7' });

  // A second bot on the same database: none of it, and the same ids and codes are free there.
  const second = storeOn(store.engine, { bot: 2, now: () => T0 });
  expect(await second.users.find(7)).toBeUndefined();
  expect(await second.orders.find('o1')).toBeUndefined();
  expect(await second.wallet.balance(7)).toBe(0);
  expect(await second.referrals.findByCode('ANNCODE')).toBeUndefined();
  expect(await second.promoCodes.find('SPRING')).toBeUndefined();
  expect(await second.liveSettings.version()).toBe(0);
  expect(await second.inbox.find(500)).toBeUndefined();
  await second.users.touch({ id: 7, firstName: 'Ann elsewhere' }, false);
  expect(
    await second.inbox.add({ updateId: 500, lane: '7', payload: { update_id: 500 }, control: false }),
  ).toBe(true);
  expect((await store.users.find(7))?.firstName).toBe('Ann');
  expect((await second.users.find(7))?.firstName).toBe('Ann elsewhere');
}

describe('the bot keys migration', () => {
  it('on sqlite: a one-bot database keeps everything, in the main bot', async () => {
    await onOlderSqlite({
      dir: temp,
      last: BEFORE.sqlite,
      seed: (db) => {
        for (const statement of oldRows((ms) => String(ms), '0')) db.exec(statement);
      },
      now: () => T0,
      check: (store) => expectKept(store),
    });
  });

  it.skipIf(!availableEngines().includes('postgres'))(
    'on postgres: a one-bot database keeps everything, in the main bot',
    async () => {
      await onOlderPostgres({
        dir: temp,
        last: BEFORE.postgres,
        url: inject('postgresUrl')!,
        seed: async (sql) => {
          for (const statement of oldRows((ms) => `'${new Date(ms).toISOString()}'`, 'false')) {
            await sql.unsafe(statement);
          }
        },
        now: () => T0,
        check: (store) => expectKept(store),
      });
    },
  );
});
