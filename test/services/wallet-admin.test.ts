/** The admins' wallet tools: refunds and grants audited once, grants only to known customers; both engines. */
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { WalletService } from '../../src/services/wallet/wallet.js';
import { WalletAdmin } from '../../src/services/wallet/wallet-admin.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../support/databases.js';
import { STARS_BILLING } from './harness.js';

const ADMIN = 1;
const CUSTOMER = 42;

describe.each([defaultEngine()])('WalletAdmin on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let wallet: WalletService;
  let admin: WalletAdmin;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
    const logger = pino({ level: 'silent' });
    wallet = new WalletService({
      ledger: store.wallet,
      config: { ...STARS_BILLING, welcomeStars: 0 },
      logger,
    });
    admin = new WalletAdmin({ wallet, users: store.users, audit: store.audit, logger });
    await store.users.touch({ id: CUSTOMER, firstName: 'Ann' }, false);
  });
  afterEach(async () => {
    await database.drop();
  });

  const audit = async () =>
    (await store.audit.page(0, 50)).map((e) => ({
      action: e.action,
      target: e.targetUserId,
      details: e.details,
    }));

  it('grants once per command, audited once with its reason, and reports the new balance', async () => {
    const grant = { userId: CUSTOMER, stars: 30, adminId: ADMIN, reason: 'sorry', key: '1:500' };
    expect(await admin.grant(grant)).toEqual({ kind: 'granted', balance: 30 });
    expect(await admin.grant(grant)).toEqual({ kind: 'repeat' });
    expect(await wallet.balance(CUSTOMER)).toBe(30);
    expect(await audit()).toEqual([
      { action: 'stars_granted', target: CUSTOMER, details: { stars: 30, reason: 'sorry' } },
    ]);
  });

  it('grants nothing to an id that never wrote to the bot', async () => {
    expect(await admin.grant({ userId: 43, stars: 5, adminId: ADMIN, reason: null, key: '1:501' })).toEqual({
      kind: 'unknown_user',
    });
    expect(await wallet.balance(43)).toBe(0);
    expect(await audit()).toEqual([]);
  });

  it('audits a refund only once Telegram returned the Stars', async () => {
    const { payload } = await wallet.createTopup(CUSTOMER, CUSTOMER, 50, null);
    await wallet.creditPayment({ chargeId: 'ch-1', userId: CUSTOMER, stars: 50, payload });
    const refused = await admin.refund('ch-1', ADMIN, async () => ({
      kind: 'failed' as const,
      description: 'Bad Request: PAYMENT_EXPIRED',
    }));
    expect(refused.kind).toBe('telegram_refused');
    expect(await audit()).toEqual([]);
    const calls: Array<[number, string]> = [];
    const refunded = await admin.refund('ch-1', ADMIN, async (userId, charge) => {
      calls.push([userId, charge]);
      return { kind: 'refunded' };
    });
    expect(refunded).toEqual({ kind: 'refunded', userId: CUSTOMER, stars: 50 });
    expect(await admin.refund('ch-1', ADMIN, async () => ({ kind: 'refunded' }))).toEqual({
      kind: 'already_refunded',
    });
    expect(calls).toEqual([[CUSTOMER, 'ch-1']]);
    expect(await audit()).toEqual([
      { action: 'payment_refunded', target: CUSTOMER, details: { stars: 50, chargeId: 'ch-1' } },
    ]);
  });
});
