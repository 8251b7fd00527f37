/** Unconfirmed drafts are closed once they are older than the limit, on a schedule, and only drafts. */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewOrder, Store } from '../../src/db/index.js';
import { DraftExpiry } from '../../src/services/draft-expiry.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';

const HOUR = 3_600_000;
let database: TestDatabase;
let store: Store;
let clock: ManualClock;
let timers: ManualTimers;

beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2025, 5, 1));
  timers = new ManualTimers(clock);
  database = await createTestDatabase();
  store = await database.open(() => clock.now());
});
afterEach(async () => {
  await database.drop();
});

const draft = (over: Partial<NewOrder> = {}) =>
  store.orders.insertDraft({
    id: randomUUID(),
    chatId: 5,
    userId: 5,
    locale: 'en',
    modelId: 203,
    modelName: 'Lumen',
    modelType: 'image',
    request: { model_id: 203, prompt: 'a fox' },
    priceUsd: '0.04',
    idempotencyKey: randomUUID(),
    ...over,
  });

describe('DraftExpiry', () => {
  it('closes drafts older than the limit at start-up and then every interval; confirmed orders stay', async () => {
    const old = await draft();
    const confirmed = await draft();
    expect(await store.orders.beginSubmission(confirmed.id, confirmed.idempotencyKey)).toBe(true);
    clock.advance(71 * HOUR);
    const recent = await draft();
    const expiry = new DraftExpiry({
      orders: store.orders,
      maxAgeMs: 72 * HOUR,
      intervalMs: HOUR,
      logger: pino({ level: 'silent' }),
      timers,
      now: () => clock.now(),
    });
    expect(await expiry.runOnce()).toBe(0);
    expiry.start();

    clock.advance(HOUR + 1); // the first draft is now just over 72 hours old
    timers.fireDue();
    await expiry.stop();
    expect((await store.orders.find(old.id))?.stage).toBe('abandoned');
    expect((await store.orders.find(recent.id))?.stage).toBe('awaiting_confirmation');
    expect((await store.orders.find(confirmed.id))?.stage).toBe('submitting');
    // Closed means closed: its Confirm can no longer start a submission.
    expect(await store.orders.beginSubmission(old.id, old.idempotencyKey)).toBe(false);

    expiry.start();
    clock.advance(72 * HOUR);
    timers.fireDue();
    await expiry.stop();
    expect((await store.orders.find(recent.id))?.stage).toBe('abandoned');
  });
});
