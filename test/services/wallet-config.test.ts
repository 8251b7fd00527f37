/** BILLING=stars settings: defaults, PRICES_FILE checked at start-up, every problem named. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { migrateDatabase, openDatabase } from '../../src/db/client.js';
import { WalletRepository } from '../../src/db/repositories/wallet.js';
import { parsePriceOverrides } from '../../src/services/wallet/prices-file.js';
import { reconcile } from '../../src/services/wallet/reconciliation.js';

const TOKEN = '123456:SECRET-token-value';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ BOT_TOKEN: TOKEN, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('billing configuration', () => {
  it('is off by default; stars needs a rate and takes the documented defaults', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).billing).toEqual({ mode: 'off' });
    expect(problemsOf({ BILLING: 'stars' })).toEqual([
      'STARS_PER_USD is required when BILLING is stars (how many Stars a customer pays per 1 USD of upstream price)',
    ]);
    const billing = loadConfig({ BOT_TOKEN: TOKEN, BILLING: 'stars', STARS_PER_USD: '76.5' }).billing;
    expect(billing).toMatchObject({
      mode: 'stars',
      starsPerUsd: '76.50',
      markupPercent: '0',
      minPriceStars: 1,
      welcomeStars: 0,
      topupPacks: [50, 100, 250, 500],
    });
  });

  it('names every bad billing variable', () => {
    const problems = problemsOf({
      BILLING: 'gold',
      STARS_PER_USD: '0',
      MARKUP_PERCENT: '-5',
      MIN_PRICE_STARS: '0',
      TOPUP_PACKS_STARS: '50,0,abc',
      WELCOME_STARS: '1.5',
    }).join('\n');
    for (const name of [
      'BILLING',
      'STARS_PER_USD',
      'MARKUP_PERCENT',
      'MIN_PRICE_STARS',
      'TOPUP_PACKS_STARS',
      'WELCOME_STARS',
    ]) {
      expect(problems).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('PRICES_FILE is read at start-up; each bad rule is named by its model id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ '203': { stars: 9 }, '101': { markup_percent: 12.5 } }));
    const billing = loadConfig({
      BOT_TOKEN: TOKEN,
      BILLING: 'stars',
      STARS_PER_USD: '77',
      PRICES_FILE: good,
    }).billing;
    if (billing.mode !== 'stars') throw new Error('unreachable');
    expect([...billing.overrides]).toEqual([
      [101, { kind: 'markup', markupPercent: '12.5' }],
      [203, { kind: 'fixed', stars: 9 }],
    ]);

    expect(
      problemsOf({ BILLING: 'stars', STARS_PER_USD: '77', PRICES_FILE: join(dir, 'missing.json') }),
    ).toEqual(['PRICES_FILE cannot be read (ENOENT)']);
    expect(
      parsePriceOverrides('{"203": {"stars": 0}, "x": {}, "5": {"stars": 1, "markup_percent": 1}}').problems,
    ).toEqual([
      // Numeric keys come first, ascending: JSON object order as JavaScript reads it.
      'model 5: give exactly one of "stars" and "markup_percent"',
      'model 203: "stars" must be a whole number from 1 to 10000',
      '"x" is not a model id',
    ]);
    expect(parsePriceOverrides('[1]').problems).toHaveLength(1);
    expect(parsePriceOverrides('{').problems[0]).toMatch(/not valid JSON/);
  });
});

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
