/** Reconciliation of the Stars ledger with Telegram's getStarTransactions. */
import { pino } from 'pino';
import { describe, expect, it, onTestFinished } from 'vitest';
import { DAY_MS } from '../../src/domain/utc-day.js';
import { reconcile } from '../../src/services/wallet/reconciliation.js';
import { createTestDatabase } from '../support/databases.js';

describe('reconciliation with getStarTransactions', () => {
  it('reports payments and refunds the two sides do not share, reads pages, skips what it cannot read', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
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
    // One probe past the 200 pages it would read finds the list short, then the pages from the start.
    expect(pages).toEqual([20_000, 0, 100]);
    expect(differences).toEqual([
      { kind: 'amount', chargeId: 'ch-b', ledgerStars: 100, telegramStars: 90 },
      { kind: 'missing', chargeId: 'ch-x', stars: 5, userId: 1 },
      { kind: 'refund_unknown', chargeId: 'ch-c' },
    ]);
  });

  it('understands affiliate commissions and refunds Telegram made on its own: no false mismatch', async () => {
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
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
  });
  it('past its pages reads the newest part of the list and compares only the entries booked within it', async () => {
    const day = (n: number) => Date.UTC(2026, 0, 1) + n * DAY_MS;
    let now = day(0);
    const database = await createTestDatabase();
    onTestFinished(() => database.drop());
    const ledger = (await database.open(() => now)).wallet;
    const pay = async (id: string, chargeId: string, stars: number) => {
      await ledger.createTopup({ id, userId: 1, chatId: 1, stars, orderId: null });
      await ledger.creditPayment({ chargeId, userId: 1, stars, topupId: id });
    };
    await pay('old', 'ch-old', 5); // compared long ago; its transaction is now outside what is read
    now = day(20);
    await pay('new', 'ch-new', 7);
    await pay('lost', 'ch-lost', 9); // Telegram never had it: still found
    const user = { type: 'user', user: { id: 1 } };
    const at = (n: number) => Math.floor(day(n) / 1000);
    const telegram = [
      { id: 'ch-old', amount: 5, source: user, date: at(0) },
      // More than the 200 pages of 100 a run reads.
      ...Array.from({ length: 20_050 }, (_, i) => ({
        id: `w${i}`,
        amount: 1,
        source: { type: 'fragment' },
        date: at(5),
      })),
      { id: 'ch-new', amount: 7, source: user, date: at(20) },
      { id: 'ch-x', amount: 3, source: user, date: at(20) },
    ];
    let requests = 0;
    const differences = await reconcile(
      ledger,
      async (offset, limit) => {
        requests++;
        return { transactions: telegram.slice(offset, offset + limit) };
      },
      pino({ level: 'silent' }),
    );
    expect(differences).toEqual([
      { kind: 'missing', chargeId: 'ch-x', stars: 3, userId: 1 },
      { kind: 'unknown', chargeId: 'ch-lost', stars: 9 },
    ]);
    expect(requests).toBeLessThan(250);
  });
});
