/**
 * A bot's daily upstream spend cap on a real store (both engines): the day's spend is what this
 * bot's orders confirmed today cost, whoever placed them; an order that would pass the cap is refused
 * with when it frees up; the cap is read live from the registry; in the order pipeline a refusal
 * sends nothing upstream and leaves the draft confirmable.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NewOrder, type OrderRecord, type Store, storeOn } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';
import { BotSpendCap, type CapReached } from '../../src/services/bot-spend-cap.js';
import { LimitError } from '../../src/services/user-limits.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { startHarness } from './harness.js';

const DAY = Date.UTC(2026, 10, 29);
const HOUR = 3_600_000;

async function breachOf(check: Promise<unknown>): Promise<LimitError['breach'] | undefined> {
  try {
    await check;
  } catch (error) {
    if (error instanceof LimitError) return error.breach;
    throw error;
  }
  return undefined;
}

describe.each(availableEngines())('BotSpendCap on %s', (engine) => {
  let database: TestDatabase;
  let main: Store;
  /** The added bot's store (bot 2). */
  let shop: Store;
  let now: number;
  let reached: CapReached[];

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = DAY + 12 * HOUR;
    main = await database.open(() => now);
    const { bot } = await main.bots.add({
      telegramId: 2000,
      username: 'shop_bot',
      tokenSealed: 'sealed',
      createdBy: 1,
      managed: false,
    });
    shop = storeOn(main.engine, { bot: bot.id, now: () => now });
    reached = [];
  });
  afterEach(async () => {
    await database.drop();
  });

  const capOf = (store: Store) =>
    new BotSpendCap({
      botId: store.scope.botId,
      bots: store.bots,
      stats: store.stats,
      onReached: (r) => reached.push(r),
      now: () => now,
    });

  /** A draft of `store`'s bot: user 77's 0.04 USD image, unless `over` says otherwise. */
  function draft(store: Store, over: Partial<NewOrder> = {}): Promise<OrderRecord> {
    const user = over.userId ?? 77;
    return store.orders.insertDraft({
      id: randomUUID(),
      chatId: user,
      userId: user,
      locale: 'en',
      modelId: 203,
      modelName: 'Lumen Text to Image',
      modelType: 'image',
      request: { model_id: 203, prompt: 'a fox' },
      priceUsd: '0.04',
      idempotencyKey: randomUUID(),
      ...over,
    });
  }

  /** An order of `store`'s bot confirmed at `at`, upstream in `status`, costing `priceUsd`. */
  async function order(
    store: Store,
    at: number,
    status: Order['status'] | 'submitting',
    over: Partial<NewOrder> = {},
  ): Promise<OrderRecord> {
    const saved = now;
    now = at;
    const row = await draft(store, over);
    expect(await store.orders.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
    if (status !== 'submitting') {
      const upstream: Order = {
        id: randomUUID(),
        model_id: 203,
        status,
        cost_usd: row.priceUsd,
        result: [],
        expires_at: null,
        error: null,
      };
      expect(await store.orders.markSubmitted(row.id, row.idempotencyKey, upstream)).toBe(true);
    }
    now = saved;
    return (await store.orders.find(row.id))!;
  }

  /**
   * A draft of `store`'s bot costing `priceUsd` starts its submission with the cap's guard in the
   * transaction, as the order pipeline does: the breach if refused (the draft then stays a draft).
   */
  let attempts = 0;
  async function attempt(store: Store, cap: BotSpendCap, priceUsd: string) {
    const row = await draft(store, { userId: 500 + attempts++, priceUsd });
    const breach = await breachOf(
      store.orders.beginSubmission(row.id, row.idempotencyKey, (tx) => cap.guard(tx, row)),
    );
    const stage = (await store.orders.find(row.id))!.stage;
    expect(stage).toBe(breach ? 'awaiting_confirmation' : 'submitting');
    return breach;
  }

  it("sums today's orders of this bot, every customer's, and refuses the one that would pass the cap", async () => {
    await order(shop, DAY + HOUR, 'completed', { userId: 1 });
    await order(shop, DAY + 2 * HOUR, 'processing', { userId: 2, priceUsd: '0.03' });
    await order(shop, DAY + 3 * HOUR, 'submitting', { userId: 3, priceUsd: '0.01' });
    // Not today's, refunded upstream, or another bot's: none counts.
    await order(shop, DAY - 1, 'completed', { priceUsd: '5' });
    await order(shop, DAY + HOUR, 'failed', { priceUsd: '5' });
    await order(shop, DAY + HOUR, 'cancelled', { priceUsd: '5' });
    await order(main, DAY + HOUR, 'completed', { priceUsd: '5' });

    const cap = capOf(shop);
    expect(await cap.spentToday()).toBe('0.08');
    // No cap: anything goes (and counts from then on).
    expect(await attempt(shop, cap, '1')).toBeUndefined();
    expect(await cap.spentToday()).toBe('1.08');

    await main.bots.setDailyCap(shop.scope.botId, '1.10');
    // Up to the cap exactly passes (1.08 + 0.02 = 1.10, exact: no float drift).
    expect(await attempt(shop, cap, '0.02')).toBeUndefined();
    expect(reached).toEqual([]);
    expect(await attempt(shop, cap, '0.000001')).toEqual({
      code: 'bot_daily_cap',
      resetsAt: DAY + 24 * HOUR,
    });
    expect(reached).toEqual([
      {
        botId: shop.scope.botId,
        botUsername: 'shop_bot',
        capUsd: '1.10',
        spentUsd: '1.10',
        resetsAt: DAY + 24 * HOUR,
        day: '2026-11-29',
      },
    ]);
    // The main bot's own orders are its own: its cap (none) lets them through.
    expect(await attempt(main, capOf(main), '100')).toBeUndefined();
    expect(await cap.spentToday()).toBe('1.10');
  });

  it('reads the cap live: set, raised and lifted on the registry, the next check follows', async () => {
    await order(shop, DAY + HOUR, 'completed', { priceUsd: '0.05' });
    const cap = capOf(shop);
    await main.bots.setDailyCap(shop.scope.botId, '0.05');
    expect((await attempt(shop, cap, '0.01'))?.code).toBe('bot_daily_cap');
    await main.bots.setDailyCap(shop.scope.botId, '1');
    expect(await attempt(shop, cap, '0.01')).toBeUndefined();
    await main.bots.setDailyCap(shop.scope.botId, '0.06');
    expect((await attempt(shop, cap, '0.01'))?.code).toBe('bot_daily_cap');
    await main.bots.setDailyCap(shop.scope.botId, null);
    expect(await attempt(shop, cap, '0.01')).toBeUndefined();
  });

  it('frees up at 00:00 UTC: yesterday’s spend no longer counts', async () => {
    await main.bots.setDailyCap(shop.scope.botId, '0.04');
    await order(shop, DAY + 23 * HOUR, 'completed');
    now = DAY + 23 * HOUR + 1;
    expect((await attempt(shop, capOf(shop), '0.04'))?.code).toBe('bot_daily_cap');
    now = DAY + 24 * HOUR;
    expect(await attempt(shop, capOf(shop), '0.04')).toBeUndefined();
    expect(reached.map((r) => r.day)).toEqual(['2026-11-29']);
  });
});

describe('the bot spend cap in the order pipeline', () => {
  it('refuses without sending anything, keeps the draft confirmable, and orders once the cap is lifted', async () => {
    const h = await startHarness();
    try {
      // The bot of the harness is the main bot (row 1): it may have a cap too.
      await h.store.bots.setDailyCap(1, '0.05');
      const { ordering } = h.services;
      const prepare = (user: number) =>
        ordering.prepare({
          chatId: user,
          userId: user,
          locale: 'en',
          modelId: 203,
          request: { model_id: 203, prompt: 'a lighthouse' },
        });
      const first = await prepare(1);
      expect(first.priceUsd).toBe('0.04');
      expect((await ordering.confirm(first.id, 1)).kind).toBe('ordered');
      // Another customer of the same bot: the cap is the bot's.
      const second = await prepare(2);
      const posts = h.orderPosts().length;
      const refused = await ordering.confirm(second.id, 2);
      expect(refused).toMatchObject({ kind: 'refused', reason: expect.any(LimitError) });
      expect(h.orderPosts()).toHaveLength(posts);
      const kept = (await ordering.orders.find(second.id))!;
      expect(kept.stage).toBe('awaiting_confirmation');
      expect(kept.idempotencyKey).toBe(second.idempotencyKey);

      await h.store.bots.setDailyCap(1, null);
      expect((await ordering.confirm(second.id, 2)).kind).toBe('ordered');
      expect(h.orderPosts()).toHaveLength(posts + 1);
    } finally {
      await h.close();
    }
  });

  it('customers confirming at the same instant on two processes never pass the cap together', async () => {
    const h = await startHarness();
    try {
      await h.store.bots.setDailyCap(1, '0.09');
      const other = await h.process();
      // Six customers, half on each process, each confirming a 0.04 USD order at once: two fit.
      const drafts = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((user) =>
          h.services.ordering.prepare({
            chatId: user,
            userId: user,
            locale: 'en',
            modelId: 203,
            request: { model_id: 203, prompt: 'a lighthouse' },
          }),
        ),
      );
      const outcomes = await Promise.all(
        drafts.map((draft, i) => (i % 2 ? other : h.services).ordering.confirm(draft.id, draft.userId)),
      );
      expect(outcomes.filter((o) => o.kind === 'ordered')).toHaveLength(2);
      expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(4);
      expect(h.orderPosts()).toHaveLength(2);
    } finally {
      await h.close();
    }
  });
});
