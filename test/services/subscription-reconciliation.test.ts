/** Reconciliation understands recurring payments: a subscription's first payment, renewals and refunds. */
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { reconcile } from '../../src/services/wallet/reconciliation.js';
import { createTestDatabase } from '../support/databases.js';

describe('reconciliation with subscription payments', () => {
  it('matches periods with Telegram payments carrying subscription_period; reports what differs', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const store = await database.open();
    const pay = (chargeId: string, first: boolean) =>
      store.subscriptions.recordPayment({
        chargeId,
        userId: 1,
        planId: 'pro',
        stars: 450,
        allowance: 600,
        expiresAt: new Date(Date.now() + 1000),
        periodSeconds: 1,
        first,
      });
    await pay('sub-1', true);
    await pay('sub-2', false);
    await pay('sub-3', false);
    await store.subscriptions.refundPeriod('sub-2');
    const user = { type: 'user', user: { id: 1 }, subscription_period: 2_592_000 };
    const telegram = [
      { id: 'sub-1', amount: 450, source: user },
      { id: 'sub-2', amount: 450, source: user },
      { id: 'sub-2', amount: 450, receiver: { type: 'user', user: { id: 1 } } },
      { id: 'sub-4', amount: 450, source: user },
    ];
    const differences = await reconcile(
      store.wallet,
      async (offset, limit) => ({ transactions: telegram.slice(offset, offset + limit) }),
      pino({ level: 'silent' }),
      () => store.subscriptions.allPeriods(),
    );
    expect(differences).toEqual([
      { kind: 'missing', chargeId: 'sub-4', stars: 450, userId: 1 },
      { kind: 'unknown', chargeId: 'sub-3', stars: 450 },
    ]);
  });
});
