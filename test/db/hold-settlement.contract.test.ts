/**
 * "Is this hold still live?" is stated twice: `holdVerdict` (domain/wallet.ts), which settles an
 * order, and its SQL form in the wallet repository's `ordersToSettle`, which finds the orders the
 * sweep must settle. Over generated orders in every stage and status, with holds of the live key and
 * of stale ones, settled or not: the repository names exactly the orders the rule says need a
 * settlement (an unsettled hold the rule would not keep, or a live hold released that the rule
 * would capture and that was never charged), on each engine.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { DELIVERY_OUTCOMES, ORDER_STAGES, ORDER_STATUSES } from '../../src/domain/order-state.js';
import { holdVerdict, ledgerKeys } from '../../src/domain/wallet.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const USER = 5;

interface HoldCase {
  live: boolean;
  settlement: 'none' | 'capture' | 'release';
  charged: boolean;
}

const orderCase = fc.record({
  stage: fc.constantFrom(...ORDER_STAGES),
  status: fc.constantFrom(null, ...ORDER_STATUSES),
  lost: fc.boolean(),
  delivered: fc.boolean(),
  outcome: fc.constantFrom(null, ...DELIVERY_OUTCOMES),
  holds: fc.uniqueArray(
    fc.record({
      live: fc.boolean(),
      settlement: fc.constantFrom('none', 'capture', 'release'),
      charged: fc.boolean(),
    }) as fc.Arbitrary<HoldCase>,
    { maxLength: 2, selector: (h) => h.live },
  ),
});

describe.each(availableEngines())('orders to settle agree with holdVerdict on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('names exactly the orders whose holds the rule would settle or charge', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(orderCase, { minLength: 1, maxLength: 5 }), async (cases) => {
        await database.execute`delete from wallet_entries`;
        await database.execute`delete from orders`;
        const expected = new Set<string>();
        for (const [n, c] of cases.entries()) {
          const id = `o${n}`;
          await store.orders.insertDraft({
            id,
            chatId: USER,
            userId: USER,
            locale: 'en',
            modelId: 1,
            modelName: 'm',
            modelType: 'image',
            request: { model_id: 1 },
            priceUsd: '0.01',
            idempotencyKey: `k${n}`,
          });
          const lostAt = c.lost ? new Date(1_000) : null;
          const deliveredAt = c.delivered ? new Date(2_000) : null;
          await database.execute`update orders set stage = ${c.stage}, status = ${c.status},
            lost_at = ${lostAt}, delivered_at = ${deliveredAt}, delivery_outcome = ${c.outcome}
            where id = ${id}`;
          const order = (await store.orders.find(id))!;
          for (const h of c.holds) {
            const hold = ledgerKeys.hold(id, h.live ? order.idempotencyKey : 'an-older-key');
            const entry = { userId: USER, stars: 3, orderId: id };
            await store.wallet.book({ ...entry, key: hold, kind: 'hold', delta: -3 });
            if (h.settlement !== 'none') {
              const kind = h.settlement;
              await store.wallet.book({ ...entry, key: ledgerKeys.settle(hold), kind, delta: 0 });
            }
            if (h.charged)
              await store.wallet.book({ ...entry, key: ledgerKeys.charge(hold), kind: 'charge', delta: -3 });
            const verdict = holdVerdict(order, hold);
            const open = h.settlement === 'none' && verdict !== 'keep';
            const owed = h.settlement === 'release' && verdict === 'capture' && !h.charged;
            if (open || owed) expected.add(id);
          }
        }
        expect(new Set(await store.wallet.ordersToSettle())).toEqual(expected);
      }),
      { numRuns: engine === 'sqlite' ? 200 : 60 },
    );
  }, 120_000);
});
