/** The admins' customer use cases: look-up, orders and spend, and the audited ban that spares admins; both engines. */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../../src/db/index.js';
import { CustomerAdmin } from '../../../src/services/admin/customers.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../../support/databases.js';

const ADMIN = 1;
const CUSTOMER = 42;

describe.each([defaultEngine()])('CustomerAdmin on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let service: CustomerAdmin;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
    service = new CustomerAdmin({
      users: store.users,
      orders: store.orders,
      stats: store.stats,
      audit: store.audit,
      adminIds: [ADMIN],
      logger: pino({ level: 'silent' }),
    });
    await store.users.touch({ id: ADMIN, firstName: 'Boss' }, true);
    await store.users.touch({ id: CUSTOMER, firstName: 'Ann', username: 'ann_42' }, false);
  });
  afterEach(async () => {
    await database.drop();
  });

  const audited = async () =>
    (await store.audit.page(0, 50)).map((e) => [e.action, e.targetUserId]).reverse();

  it('finds a customer by id or @username; nothing for an unknown one; a query of neither form is malformed', async () => {
    /** The customer's id, or what was found instead. */
    const found = async (query: string) => {
      const user = await service.lookUp(query);
      return typeof user === 'object' ? user.telegramId : user;
    };
    expect(await found('42')).toBe(CUSTOMER);
    expect(await found('@ann_42')).toBe(CUSTOMER);
    expect(await found('ann_42')).toBe(CUSTOMER);
    expect(await found('@nobody_here')).toBeUndefined();
    expect(await found('43')).toBeUndefined();
    expect(await found('@no such name')).toBe('malformed');
    expect(await found('john smith')).toBe('malformed');
  });

  it('bans and unbans a customer, auditing each change once', async () => {
    expect(await service.setBanned(ADMIN, CUSTOMER, true)).toBe('changed');
    expect((await service.find(CUSTOMER))?.bannedAt).toBeInstanceOf(Date);
    expect(await service.setBanned(ADMIN, CUSTOMER, true)).toBe('unchanged');
    expect(await service.setBanned(ADMIN, CUSTOMER, false)).toBe('changed');
    expect((await service.find(CUSTOMER))?.bannedAt).toBeNull();
    expect(await audited()).toEqual([
      ['user_banned', CUSTOMER],
      ['user_unbanned', CUSTOMER],
    ]);
  });

  it('never bans an admin, and audits nothing for the attempt', async () => {
    expect(await service.setBanned(CUSTOMER, ADMIN, true)).toBe('admin');
    expect((await service.find(ADMIN))?.bannedAt).toBeNull();
    expect(await audited()).toEqual([]);
  });

  it("sums a customer's spend exactly, failed orders aside", async () => {
    const order = async (priceUsd: string, status: 'completed' | 'failed') => {
      const key = randomUUID();
      const row = await store.orders.insertDraft({
        id: randomUUID(),
        chatId: CUSTOMER,
        userId: CUSTOMER,
        locale: 'en',
        modelId: 203,
        modelName: 'Lumen',
        modelType: 'image',
        request: { model_id: 203, prompt: 'a fox' },
        priceUsd,
        idempotencyKey: key,
      });
      await store.orders.beginSubmission(row.id, key);
      await store.orders.markSubmitted(row.id, key, {
        id: `ord_${row.id}`,
        status,
        model_id: 203,
        price_usd: priceUsd,
        results: [],
      } as never);
    };
    await order('0.1', 'completed');
    await order('0.2', 'completed');
    await order('5', 'failed');
    expect(await service.orders(CUSTOMER)).toEqual({ orders: 3, completed: 2, spentUsd: '0.30' });
    expect((await service.recentOrders(CUSTOMER, 2)).length).toBe(2);
  });
});
