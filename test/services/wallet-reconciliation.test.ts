/** Reconciliation of the Stars ledger with Telegram's getStarTransactions. */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/db/client.js';
import { WalletRepository } from '../../src/db/repositories/wallet.js';
import { reconcile } from '../../src/services/wallet/reconciliation.js';

describe('reconciliation with getStarTransactions', () => {
  it('reports payments and refunds the two sides do not share, reads pages, skips what it cannot read', async () => {
    const database = openDatabase(':memory:');
    migrateDatabase(database.db);
    const ledger = new WalletRepository(database.db);
    const pay = (id: string, chargeId: string, stars: number) => {
      ledger.createTopup({ id, userId: 1, chatId: 1, stars, orderId: null });
      ledger.creditPayment({ chargeId, userId: 1, stars, topupId: id });
    };
    pay('a', 'ch-a', 50);
    pay('b', 'ch-b', 100);
    pay('c', 'ch-c', 10);
    ledger.beginRefund('ch-c', 9);
    ledger.finishRefund('ch-c');
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
    database.close();
  });
});
