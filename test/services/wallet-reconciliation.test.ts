/** Reconciliation of the Stars ledger with Telegram's getStarTransactions. */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { reconcile } from '../../src/services/wallet/reconciliation.js';
import { createTestDatabase } from '../support/databases.js';

describe('reconciliation with getStarTransactions', () => {
  it('reports payments and refunds the two sides do not share, reads pages, skips what it cannot read', async () => {
    const database = await createTestDatabase();
    const ledger = (await database.open()).wallet;
    const pay = async (id: string, chargeId: string, stars: number) => {
      await ledger.createTopup({ id, userId: 1, chatId: 1, stars, orderId: null });
      await ledger.creditPayment({ chargeId, userId: 1, stars, topupId: id });
    };
    await pay('a', 'ch-a', 50);
    await pay('b', 'ch-b', 100);
    await pay('c', 'ch-c', 10);
    await ledger.beginRefund('ch-c', 9);
    await ledger.finishRefund('ch-c');
    const user = { type: 'user', user: { id: 1 } };
    const telegram = [
      { id: 'ch-a', amount: 50, source: user },
      { id: 'ch-b', amount: 90, source: user },
      { id: 'ch-x', amount: 5, source: user },
      { id: 'ch-c', amount: 10, source: user },
      ...Array.from({ length: 100 }, (_, i) => ({ id: `w${i}`, amount: 1, source: { type: 'fragment' } })),
      { nonsense: true },
    ];
    const pages: number[] = [];
    const differences = await reconcile(
      ledger,
      async (offset, limit) => {
        pages.push(offset);
        return { transactions: telegram.slice(offset, offset + limit) };
      },
      pino({ level: 'silent' }),
    );
    expect(pages).toEqual([0, 100]);
    expect(differences).toEqual([
      'payment ch-b: ledger 100 XTR, Telegram 90 XTR',
      'payment ch-x (5 XTR, user 1) is not in the ledger',
      'ledger refund of ch-c is unknown to Telegram',
    ]);
    await database.drop();
  });
});
