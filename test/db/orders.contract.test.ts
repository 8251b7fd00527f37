/** The orders repository's contract, on every engine the run has (SQLite, and PostgreSQL). */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type NewOrder, type OrdersRepository, type Store, storeOn } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

describe.each(availableEngines())('OrdersRepository on %s', (engine) => {
  let database: TestDatabase;
  let now: number;
  let repo: OrdersRepository;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2025, 0, 1);
    repo = (await database.open(() => now)).orders;
  });
  afterEach(async () => {
    await database.drop();
  });

  function draft(over: Partial<NewOrder> = {}): NewOrder {
    return {
      id: randomUUID(),
      chatId: 10,
      userId: 10,
      locale: 'en',
      modelId: 401,
      modelName: 'Clean Cutout',
      modelType: 'remove_bg',
      request: { model_id: 401, media: { image: ['tmp/abc'] } },
      priceUsd: '0.02',
      idempotencyKey: randomUUID(),
      ...over,
    };
  }

  function upstream(id: string, status: Order['status'], over: Partial<Order> = {}): Order {
    return {
      id,
      model_id: 401,
      status,
      cost_usd: '0.02',
      result: [],
      expires_at: null,
      error: null,
      ...over,
    };
  }

  /** A row taken all the way to `submitted` with the given upstream id (by `orders`, the test's by default). */
  async function submitted(upstreamId: string, over: Partial<NewOrder> = {}, orders = repo) {
    const row = await orders.insertDraft(draft(over));
    expect(await orders.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
    expect(await orders.markSubmitted(row.id, row.idempotencyKey, upstream(upstreamId, 'queued'))).toBe(true);
    return (await orders.find(row.id))!;
  }

  /** Two stores on one database: the main bot's and bot 2's (issue 40). */
  async function twoBots(): Promise<{ one: Store; two: Store }> {
    const one = await database.open(() => now);
    return { one, two: storeOn(one.engine, { bot: 2, now: () => now }) };
  }

  /** In bot `one`: a draft, one being sent, one active and due, one completed with files, one lost. */
  async function everyKindOfOrder(orders: OrdersRepository) {
    const draftRow = await orders.insertDraft(draft());
    const sending = await orders.insertDraft(draft());
    expect(await orders.beginSubmission(sending.id, sending.idempotencyKey)).toBe(true);
    const active = await submitted('ord_active', {}, orders);
    const done = await submitted('ord_done', {}, orders);
    await orders.updateFromUpstream(done.id, upstream('ord_done', 'completed'));
    await orders.setResultFiles(done.id, [{ index: 0, kind: 'photo', fileId: 'f', fileUniqueId: 'u' }]);
    const lost = await submitted('ord_lost', {}, orders);
    expect(await orders.markLost(lost.id)).toBeDefined();
    return { draftRow, sending, active, done, lost };
  }

  it('stores a draft with its request as JSON and timestamps from the injected clock', async () => {
    const row = await repo.insertDraft(draft({ request: { model_id: 401, options: { x: 1, y: 'z' } } }));
    expect(row.stage).toBe('awaiting_confirmation');
    expect(row.request).toEqual({ model_id: 401, options: { x: 1, y: 'z' } });
    expect(row.createdAt.getTime()).toBe(now);
    expect(row.status).toBeNull();
    expect((await repo.findForChat(row.id, 10))?.id).toBe(row.id);
    expect(await repo.findForChat(row.id, 11)).toBeUndefined();
  });

  it('refuses a duplicate idempotency key', async () => {
    const key = randomUUID();
    await repo.insertDraft(draft({ idempotencyKey: key }));
    await expect(repo.insertDraft(draft({ idempotencyKey: key }))).rejects.toThrow();
    expect(await repo.countForChat(10, ['awaiting_confirmation'])).toBe(1);
  });

  it('moves a draft to submitting once, and only with its current key', async () => {
    const row = await repo.insertDraft(draft());
    expect(await repo.beginSubmission(row.id, 'another-key')).toBe(false);
    expect(await repo.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
    expect(await repo.beginSubmission(row.id, row.idempotencyKey)).toBe(false);
    expect((await repo.listSubmitting()).map((r) => r.id)).toEqual([row.id]);
  });

  it('reopens with a new key once; the old key no longer matches', async () => {
    const row = await repo.insertDraft(draft());
    await repo.beginSubmission(row.id, row.idempotencyKey);
    const reopened = await repo.reopen(row.id, row.idempotencyKey, {
      newKey: 'k2',
      submitError: { code: 'insufficient_balance', message: 'low' },
    });
    expect(reopened).toMatchObject({ stage: 'awaiting_confirmation', idempotencyKey: 'k2' });
    expect(reopened?.submitError).toEqual({ code: 'insufficient_balance', message: 'low' });
    expect(
      await repo.reopen(row.id, row.idempotencyKey, { newKey: 'k3', submitError: null }),
    ).toBeUndefined();
    expect(await repo.markSubmitted(row.id, row.idempotencyKey, upstream('ord_x', 'queued'))).toBe(false);
  });

  it("abandons only the owning chat's draft", async () => {
    const row = await repo.insertDraft(draft());
    expect(await repo.abandonDraft(row.id, 99)).toBe(false);
    expect(await repo.abandonDraft(row.id, 10)).toBe(true);
    expect(await repo.abandonDraft(row.id, 10)).toBe(false);
    expect(await repo.beginSubmission(row.id, row.idempotencyKey)).toBe(false);
  });

  it('abandons stale drafts only', async () => {
    const old = await repo.insertDraft(draft());
    now += 60_000;
    const fresh = await repo.insertDraft(draft());
    const done = await submitted('ord_a');
    expect(await repo.abandonDraftsOlderThan(new Date(now - 1))).toBe(1);
    expect((await repo.find(old.id))?.stage).toBe('abandoned');
    expect((await repo.find(fresh.id))?.stage).toBe('awaiting_confirmation');
    expect((await repo.find(done.id))?.stage).toBe('submitted');
  });

  it('lists active orders by next poll, optionally only the due ones', async () => {
    const a = await submitted('ord_a');
    const b = await submitted('ord_b');
    const c = await submitted('ord_c');
    await repo.setNextPoll(a.id, new Date(now + 3000), 0);
    await repo.setNextPoll(b.id, new Date(now + 1000), 2);
    await repo.setNextPoll(c.id, new Date(now + 2000), 0);
    await repo.updateFromUpstream(c.id, upstream('ord_c', 'completed'));
    expect((await repo.listActive()).map((r) => r.id)).toEqual([b.id, a.id]);
    expect((await repo.listActive({ dueAt: new Date(now + 1500) })).map((r) => r.id)).toEqual([b.id]);
    expect((await repo.listActive({ limit: 1 })).map((r) => r.id)).toEqual([b.id]);
    expect((await repo.find(b.id))?.pollFailures).toBe(2);
  });

  it('applies upstream states: becameFinal exactly once, never regresses, results and expiry stored', async () => {
    const row = await submitted('ord_a');
    expect((await repo.updateFromUpstream(row.id, upstream('ord_a', 'processing'))).becameFinal).toBe(false);
    now += 5000;
    const done = upstream('ord_a', 'completed', {
      result: ['https://r.example/g/1'],
      expires_at: '2025-01-02T00:00:05.000Z',
    });
    const first = await repo.updateFromUpstream(row.id, done);
    expect(first.becameFinal).toBe(true);
    expect(first.row).toMatchObject({
      status: 'completed',
      result: ['https://r.example/g/1'],
      nextPollAt: null,
    });
    expect(first.row.resultExpiresAt?.toISOString()).toBe('2025-01-02T00:00:05.000Z');
    expect(first.row.finishedAt?.getTime()).toBe(now);
    now += 5000;
    expect((await repo.updateFromUpstream(row.id, done)).becameFinal).toBe(false);
    const stale = await repo.updateFromUpstream(row.id, upstream('ord_a', 'processing'));
    expect(stale.becameFinal).toBe(false);
    expect(stale.row.status).toBe('completed');
    expect(stale.row.finishedAt?.getTime()).toBe(now - 5000);
  });

  it('stores the error of a failed generation', async () => {
    const row = await submitted('ord_a');
    const { row: failed } = await repo.updateFromUpstream(
      row.id,
      upstream('ord_a', 'failed', { error: { code: 'generation_failed', message: 'nope' } }),
    );
    expect(failed.error).toEqual({ code: 'generation_failed', message: 'nope' });
  });

  it("refuses an upstream order that is not this row's", async () => {
    const row = await submitted('ord_a');
    await expect(repo.updateFromUpstream(row.id, upstream('ord_other', 'completed'))).rejects.toThrow(
      /not ord_other/,
    );
    expect((await repo.find(row.id))?.status).toBe('queued');
  });

  it('marks delivery once, and lists final undelivered orders until then', async () => {
    const row = await submitted('ord_a');
    await repo.updateFromUpstream(row.id, upstream('ord_a', 'completed'));
    await repo.setStatusMessageId(row.id, 777);
    expect((await repo.listUndelivered()).map((r) => r.id)).toEqual([row.id]);
    expect(await repo.markDelivered(row.id)).toBe(true);
    expect(await repo.markDelivered(row.id)).toBe(false);
    expect(await repo.listUndelivered()).toEqual([]);
    expect(await repo.find(row.id)).toMatchObject({ statusMessageId: 777, deliveredAt: new Date(now) });
  });

  it("a process restarted under the same owner takes back its unfinished poll claims at once, nobody else's", async () => {
    const mine = await submitted('ord_mine');
    const theirs = await submitted('ord_theirs');
    const scheduled = await submitted('ord_scheduled');
    for (const row of [mine, theirs]) await repo.setNextPoll(row.id, new Date(now), 0);
    await repo.setNextPoll(scheduled.id, new Date(now + 20_000), 0);
    const lastScheduledAt = (await repo.find(mine.id))!.updatedAt;
    const until = new Date(now + 60_000);
    expect(await repo.claimPoll((await repo.find(mine.id))!, until, 'host-a')).toBe(true);
    expect(await repo.claimPoll((await repo.find(theirs.id))!, until, 'host-b')).toBe(true);
    expect((await repo.find(mine.id))?.pollOwner).toBe('host-a');

    // host-a died mid-poll and starts again: its claim is due now (from its last schedule), host-b's
    // claim and an ordinary future schedule are left alone.
    expect(await repo.releasePollClaimsOf('host-a', new Date(now))).toBe(1);
    expect(await repo.find(mine.id)).toMatchObject({ nextPollAt: lastScheduledAt, pollOwner: null });
    expect((await repo.find(theirs.id))?.nextPollAt?.getTime()).toBe(until.getTime());
    expect((await repo.find(scheduled.id))?.nextPollAt?.getTime()).toBe(now + 20_000);
    expect(await repo.releasePollClaimsOf('host-a', new Date(now))).toBe(0);
    // A poll that finishes clears its owner with the next schedule.
    await repo.setNextPoll(theirs.id, new Date(now + 3_000), 0);
    expect((await repo.find(theirs.id))?.pollOwner).toBeNull();
    expect(await repo.releasePollClaimsOf('host-b', new Date(now))).toBe(0);
  });

  it('a poll is claimed by moving next_poll_at once (compare-and-set); a release puts it back', async () => {
    const row = await submitted('ord_a');
    await repo.setNextPoll(row.id, new Date(now), 0);
    const due = (await repo.find(row.id))!;
    const until = new Date(now + 60_000);
    const racing = await Promise.all(['a', 'b', 'c'].map((owner) => repo.claimPoll(due, until, owner)));
    expect(racing.filter(Boolean)).toHaveLength(1);
    expect((await repo.find(row.id))?.nextPollAt?.getTime()).toBe(until.getTime());
    expect((await repo.find(row.id))?.updatedAt.getTime()).toBe(due.updatedAt.getTime());
    await repo.releasePoll(row.id, until, due.nextPollAt);
    expect((await repo.find(row.id))?.nextPollAt?.getTime()).toBe(now);
    // A release that comes after someone else rescheduled it changes nothing.
    await repo.setNextPoll(row.id, new Date(now + 5_000), 0);
    await repo.releasePoll(row.id, until, due.nextPollAt);
    expect((await repo.find(row.id))?.nextPollAt?.getTime()).toBe(now + 5_000);
  });

  it('a delivery is claimed by one process at a time; its claim lapses after the lease; none after delivery', async () => {
    const row = await submitted('ord_a');
    await repo.updateFromUpstream(row.id, upstream('ord_a', 'completed'));
    expect(await repo.claimDelivery(row.id, 'replica-a', 60_000)).toBe(true);
    expect(await repo.claimDelivery(row.id, 'replica-b', 60_000)).toBe(false);
    expect(await repo.claimDelivery(row.id, 'replica-a', 60_000)).toBe(true); // renewed
    now += 60_001;
    expect(await repo.claimDelivery(row.id, 'replica-b', 60_000)).toBe(true);
    expect(await repo.claimDelivery(row.id, 'replica-a', 60_000)).toBe(false);
    expect(await repo.markDelivered(row.id)).toBe(true);
    now += 120_000;
    expect(await repo.claimDelivery(row.id, 'replica-a', 60_000)).toBe(false);
    // Racing claims: one winner.
    const other = await submitted('ord_b');
    await repo.updateFromUpstream(other.id, upstream('ord_b', 'failed'));
    const racing = await Promise.all(
      ['r1', 'r2', 'r3', 'r4'].map((owner) => repo.claimDelivery(other.id, owner, 60_000)),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it('a delivery claim handed back by its owner is free at once; nobody else can hand it back', async () => {
    const row = await submitted('ord_c');
    await repo.updateFromUpstream(row.id, upstream('ord_c', 'completed'));
    expect(await repo.claimDelivery(row.id, 'replica-a', 60_000)).toBe(true);
    await repo.releaseDelivery(row.id, 'replica-b');
    expect(await repo.claimDelivery(row.id, 'replica-b', 60_000)).toBe(false);
    await repo.releaseDelivery(row.id, 'replica-a');
    expect(await repo.claimDelivery(row.id, 'replica-b', 60_000)).toBe(true);
  });

  it('tracks whether the final-state hook ran', async () => {
    const row = await submitted('ord_a');
    await repo.updateFromUpstream(row.id, upstream('ord_a', 'cancelled'));
    expect((await repo.listFinalUnhandled()).map((r) => r.id)).toEqual([row.id]);
    expect(await repo.markFinalHandled(row.id)).toBe(true);
    expect(await repo.markFinalHandled(row.id)).toBe(false);
    expect(await repo.listFinalUnhandled()).toEqual([]);
  });

  it('remembers since when a status is unknown, keeps that time while it stays unknown, and forgets it when a known one comes back', async () => {
    const row = await submitted('ord_a');
    expect(row.unknownStatusSince).toBeNull();
    const since = now;
    const first = await repo.updateFromUpstream(
      row.id,
      upstream('ord_a', 'processing', { unknown_status: 'Rendering' }),
    );
    expect(first.row).toMatchObject({ status: 'processing', unknownStatusSince: new Date(since) });
    now += 60_000;
    // Another word upstream uses keeps the first time: the order has been unknown since then.
    const other = await repo.updateFromUpstream(
      row.id,
      upstream('ord_a', 'processing', { unknown_status: 'upscaling' }),
    );
    expect(other.row.unknownStatusSince).toEqual(new Date(since));
    now += 60_000;
    const known = await repo.updateFromUpstream(row.id, upstream('ord_a', 'processing'));
    expect(known.row).toMatchObject({ unknownStatusSince: null, unknownStatusReportedAt: null });
    // Unknown again: a new stretch, from now.
    const again = await repo.updateFromUpstream(
      row.id,
      upstream('ord_a', 'processing', { unknown_status: 'held' }),
    );
    expect(again.row.unknownStatusSince).toEqual(new Date(now));
    // An order created in an unknown status is unknown from its submission.
    const direct = await repo.insertDraft(draft());
    await repo.beginSubmission(direct.id, direct.idempotencyKey);
    await repo.markSubmitted(
      direct.id,
      direct.idempotencyKey,
      upstream('ord_b', 'processing', { unknown_status: 'accepted' }),
    );
    expect((await repo.find(direct.id))?.unknownStatusSince).toEqual(new Date(now));
  });

  it('an order unknown for long enough is claimed for its report once, even by two processes at once, and stops counting as active', async () => {
    const store = await database.open(() => now);
    const otherProcess = (await database.open(() => now)).orders;
    const row = await submitted('ord_a');
    const since = now;
    await repo.updateFromUpstream(row.id, upstream('ord_a', 'processing', { unknown_status: 'Rendering' }));
    expect(await store.stats.activeOrdersOf(10)).toBe(1);
    // Not unknown long enough yet: nothing is claimed.
    now += 1_000;
    expect(await repo.claimUnknownStatusReport(row.id, new Date(since - 1))).toBeUndefined();
    expect(await store.stats.activeOrdersOf(10)).toBe(1);

    const claims = await Promise.all([
      repo.claimUnknownStatusReport(row.id, new Date(since)),
      otherProcess.claimUnknownStatusReport(row.id, new Date(since)),
      repo.claimUnknownStatusReport(row.id, new Date(since)),
    ]);
    const winners = claims.filter((c) => c !== undefined);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ id: row.id, unknownStatusReportedAt: new Date(now) });
    // Later polls (and restarts) find it claimed.
    now += 60_000;
    expect(await otherProcess.claimUnknownStatusReport(row.id, new Date(now))).toBeUndefined();
    // Still polled, but the customer may order again.
    expect((await repo.listDue({ dueAt: new Date(now), limit: 10 })).map((r) => r.id)).toEqual([row.id]);
    expect(await store.stats.activeOrdersOf(10)).toBe(0);

    // Known again: counts again, and a new unknown stretch can be reported again.
    await repo.updateFromUpstream(row.id, upstream('ord_a', 'processing'));
    expect(await store.stats.activeOrdersOf(10)).toBe(1);
    await repo.updateFromUpstream(row.id, upstream('ord_a', 'processing', { unknown_status: 'held' }));
    expect(await repo.claimUnknownStatusReport(row.id, new Date(now))).toMatchObject({ id: row.id });
    // Final: nothing to claim, and it is delivered as usual.
    const done = await repo.updateFromUpstream(row.id, upstream('ord_a', 'completed'));
    expect(done).toMatchObject({
      becameFinal: true,
      row: { unknownStatusSince: null, unknownStatusReportedAt: null },
    });
    expect(await repo.claimUnknownStatusReport(row.id, new Date(now))).toBeUndefined();
    expect((await repo.listUndelivered()).map((r) => r.id)).toEqual([row.id]);
  });

  it("lists a chat's orders newest first with paging; drafts only when asked", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      now += 1000;
      ids.push((await submitted(`ord_${i}`)).id);
    }
    await submitted('ord_other_chat', { chatId: 11 });
    const draftRow = await repo.insertDraft(draft());
    expect((await repo.listForChat(10, { limit: 2 })).map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect((await repo.listForChat(10, { limit: 2, offset: 2 })).map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect((await repo.listForChat(10, { limit: 10, offset: 4 })).map((r) => r.id)).toEqual([ids[0]]);
    expect(await repo.countForChat(10)).toBe(5);
    expect(
      (await repo.listForChat(10, { limit: 1, stages: ['awaiting_confirmation'] })).map((r) => r.id),
    ).toEqual([draftRow.id]);
    expect(await repo.listForChat(11, { limit: 10 })).toHaveLength(1);
  });

  describe('one bot per store (issue 40)', () => {
    it("another bot's store neither finds, lists nor counts a bot's orders", async () => {
      const { one, two } = await twoBots();
      const rows = await everyKindOfOrder(one.orders);
      const all = ['awaiting_confirmation', 'submitting', 'submitted'] as const;
      const far = new Date(now + 86_400_000);

      // What bot 1 sees, so that each empty answer below is the scope's doing.
      expect((await one.orders.find(rows.active.id))?.botId).toBe(1);
      expect(await one.orders.countForChat(10, all)).toBe(5);
      expect(await one.orders.listActive()).toHaveLength(2); // active and lost
      expect(await one.orders.listDue({ dueAt: far, limit: 10 })).toHaveLength(1);
      expect(await one.orders.nextPollAfter(new Date(0))).toEqual(new Date(now));
      expect(await one.orders.listSubmitting()).toHaveLength(1);
      expect(await one.orders.listUndelivered()).toHaveLength(1);
      expect(await one.orders.listFinalUnhandled()).toHaveLength(2);
      expect(await one.orders.listLostUndelivered()).toHaveLength(1);
      expect(await one.orders.listDeliveredResults(10, { limit: 10 })).toHaveLength(1);
      expect(await one.orders.countActive()).toEqual({ queued: 1, processing: 0 });
      // In flight on its upstream account: the one being sent and the active one (issue 40's key change).
      expect(await one.orders.countInFlight()).toBe(2);

      for (const row of Object.values(rows)) {
        expect(await two.orders.find(row.id)).toBeUndefined();
        expect(await two.orders.findFresh(row.id)).toBeUndefined();
        expect(await two.orders.findForChat(row.id, 10)).toBeUndefined();
      }
      expect(await two.orders.listForChat(10, { limit: 10, stages: all })).toEqual([]);
      expect(await two.orders.countForChat(10, all)).toBe(0);
      expect(await two.orders.listActive()).toEqual([]);
      expect(await two.orders.listDue({ dueAt: far, limit: 10 })).toEqual([]);
      expect(await two.orders.nextPollAfter(new Date(0))).toBeNull();
      expect(await two.orders.listSubmitting()).toEqual([]);
      expect(await two.orders.listUndelivered()).toEqual([]);
      expect(await two.orders.listFinalUnhandled()).toEqual([]);
      expect(await two.orders.listLostUndelivered()).toEqual([]);
      expect(await two.orders.listDeliveredResults(10, { limit: 10 })).toEqual([]);
      expect(await two.orders.countActive()).toEqual({ queued: 0, processing: 0 });
      expect(await two.orders.countInFlight()).toBe(0);
    });

    it("another bot's store changes none of a bot's orders, whatever it is given", async () => {
      const { one, two } = await twoBots();
      const rows = await everyKindOfOrder(one.orders);
      const far = new Date(now + 86_400_000);
      // Claims bot 1's own processes hold, which bot 2 must not release.
      expect(await one.orders.claimPoll(rows.active, new Date(now + 5_000), 'p1')).toBe(true);
      expect(await one.orders.claimDelivery(rows.done.id, 'p1', 60_000)).toBe(true);
      const before = await Promise.all(Object.values(rows).map((r) => one.orders.find(r.id)));

      now += 10_000;
      const { draftRow, sending, active, done, lost } = rows;
      const other = two.orders;
      expect(await other.beginSubmission(draftRow.id, draftRow.idempotencyKey)).toBe(false);
      await other.countSubmitAttempt(sending.id, sending.idempotencyKey);
      await other.notePendingError(sending.id, sending.idempotencyKey, { code: 'x', message: 'x' });
      expect(
        await other.reopen(sending.id, sending.idempotencyKey, { newKey: 'k2', submitError: null }),
      ).toBeUndefined();
      expect(await other.markRejected(sending.id, sending.idempotencyKey, { code: 'x', message: 'x' })).toBe(
        false,
      );
      expect(await other.markSubmitted(sending.id, sending.idempotencyKey, upstream('ord_s', 'queued'))).toBe(
        false,
      );
      expect(await other.abandonDraft(draftRow.id, 10)).toBe(false);
      expect(await other.abandonDraftsOlderThan(far)).toBe(0);
      await expect(other.updateFromUpstream(active.id, upstream('ord_active', 'completed'))).rejects.toThrow(
        'not found',
      );
      await other.setNextPoll(active.id, far, 7);
      const claimed = (await one.orders.find(active.id))!;
      expect(await other.claimPoll(claimed, far, 'p2')).toBe(false);
      await other.releasePoll(active.id, claimed.nextPollAt!, null);
      expect(await other.releasePollClaimsOf('p1', new Date(now - 10_000))).toBe(0);
      expect(await other.markLost(active.id)).toBeUndefined();
      expect(await other.claimUnknownStatusReport(active.id, far)).toBeUndefined();
      await other.setStatusMessageId(active.id, 99);
      await other.setResultFiles(active.id, []);
      expect(await other.claimDelivery(done.id, 'p2', 60_000)).toBe(false);
      await other.releaseDelivery(done.id, 'p1');
      expect(await other.markDelivered(done.id, 'none')).toBe(false);
      expect(await other.markFinalHandled(done.id)).toBe(false);
      expect(await other.markFinalHandled(lost.id)).toBe(false);

      const after = await Promise.all(Object.values(rows).map((r) => one.orders.find(r.id)));
      expect(after).toEqual(before);
      // And a resend is bot 1's to record too, once its delivery reached nothing.
      expect(await one.orders.markDelivered(done.id, 'none')).toBe(true);
      expect(await other.markResent(done.id)).toBe(false);
      expect((await one.orders.find(done.id))?.deliveryOutcome).toBe('none');
      expect(await one.orders.markResent(done.id)).toBe(true);
    });

    it('the same idempotency key, upstream order id and chat live in each bot on their own', async () => {
      const { one, two } = await twoBots();
      const key = randomUUID();
      const a = await submitted('ord_same', { idempotencyKey: key }, one.orders);
      const b = await submitted('ord_same', { idempotencyKey: key }, two.orders);
      expect(a.botId).toBe(1);
      expect(b.botId).toBe(2);
      expect(await database.query`select bot_id from orders where id = ${b.id}`).toEqual([{ bot_id: 2 }]);
      // Within one bot the key and the upstream id stay unique.
      await expect(two.orders.insertDraft(draft({ idempotencyKey: key }))).rejects.toThrow();

      // The same upstream answer, polled for each bot's row, moves that row only.
      now += 1_000;
      expect(await two.orders.updateFromUpstream(b.id, upstream('ord_same', 'completed'))).toMatchObject({
        becameFinal: true,
        row: { id: b.id, status: 'completed' },
      });
      expect((await one.orders.find(a.id))?.status).toBe('queued');
      expect((await one.orders.listActive()).map((r) => r.id)).toEqual([a.id]);
      expect(await two.orders.listActive()).toEqual([]);
      expect((await two.orders.listUndelivered()).map((r) => r.id)).toEqual([b.id]);
      expect(await one.orders.listUndelivered()).toEqual([]);
      expect((await one.orders.updateFromUpstream(a.id, upstream('ord_same', 'failed'))).becameFinal).toBe(
        true,
      );

      expect((await one.orders.listForChat(10, { limit: 10 })).map((r) => r.id)).toEqual([a.id]);
      expect((await two.orders.listForChat(10, { limit: 10 })).map((r) => r.id)).toEqual([b.id]);
      expect(await one.stats.customerOrders(10)).toMatchObject({ orders: 1, completed: 0 });
      expect(await two.stats.customerOrders(10)).toMatchObject({ orders: 1, completed: 1 });
    });
  });
});
