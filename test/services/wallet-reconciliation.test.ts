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
      { kind: 'amount', chargeId: 'ch-b', ledgerStars: 100, telegramStars: 90 },
      { kind: 'missing', chargeId: 'ch-x', stars: 5, userId: 1 },
      { kind: 'refund_unknown', chargeId: 'ch-c' },
    ]);
    await database.drop();
  });

  it('understands affiliate commissions and refunds Telegram made on its own: no false mismatch', async () => {
    const database = await createTestDatabase();
    const wallet = (await database.open()).wallet;
    const pay = async (id: string, chargeId: string, stars: number) => {
      await wallet.createTopup({ id, userId: 1, chatId: 1, stars, orderId: null });
      await wallet.creditPayment({ chargeId, userId: 1, stars, topupId: id });
    };
    await pay('a', 'ch-aff', 100);
    await pay('b', 'ch-aff2', 7);
    await pay('c', 'ch-tg', 10);
    // Telegram refunds ch-tg itself: booked once, the invoice refunded, the balance below zero allowed.
    expect(await wallet.bookTelegramRefund({ chargeId: 'ch-tg', userId: 1, stars: 10 })).toEqual({
      balance: 107,
    });
    expect(await wallet.bookTelegramRefund({ chargeId: 'ch-tg', userId: 1, stars: 10 })).toBeUndefined();
    expect(await wallet.bookTelegramRefund({ chargeId: 'ch-none', userId: 1, stars: 10 })).toBeUndefined();
    const user = { type: 'user', user: { id: 1 } };
    const telegram = [
      // 100 paid, a 20% commission to the affiliate: 80 reached the bot.
      { id: 'ch-aff', amount: 80, source: { ...user, affiliate: { amount: 20, commission_per_mille: 200 } } },
      // 7 paid, 10.5%: 6.265 reached the bot, 0.735 went to the affiliate.
      {
        id: 'ch-aff2',
        amount: 6,
        nanostar_amount: 265_000_000,
        source: { ...user, affiliate: { amount: 0, nanostar_amount: 735_000_000 } },
      },
      { id: 'ch-tg', amount: 10, source: user },
      { id: 'ch-tg', amount: 10, receiver: user },
      // The bot's own commission as an affiliate of another bot: not a payment to compare.
      { id: 'aff-in', amount: 3, source: { type: 'affiliate_program', commission_per_mille: 100 } },
    ];
    const differences = await reconcile(
      wallet,
      async (offset, limit) => ({ transactions: telegram.slice(offset, offset + limit) }),
      pino({ level: 'silent' }),
    );
    expect(differences).toEqual([]);
    expect(await wallet.balance(1)).toBe(107);
    expect((await wallet.totals()).refundedStars).toBe(10);
    await database.drop();
  });
});
