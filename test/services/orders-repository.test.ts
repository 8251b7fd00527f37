import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, type OpenedDatabase, openDatabase } from '../../src/db/client.js';
import { type NewOrder, OrdersRepository } from '../../src/db/repositories/orders.js';
import type { Order } from '../../src/reseller/schemas.js';

let dir: string;
let database: OpenedDatabase;
let now: number;
let repo: OrdersRepository;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'orders-repo-'));
  database = openDatabase(join(dir, 'bot.sqlite'));
  migrateDatabase(database.db);
  now = Date.UTC(2025, 0, 1);
  repo = new OrdersRepository(database.db, () => now);
});
afterEach(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
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
  return { id, model_id: 401, status, cost_usd: '0.02', result: [], expires_at: null, error: null, ...over };
}

/** A row taken all the way to `submitted` with the given upstream id. */
function submitted(upstreamId: string, over: Partial<NewOrder> = {}) {
  const row = repo.insertDraft(draft(over));
  expect(repo.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
  expect(repo.markSubmitted(row.id, row.idempotencyKey, upstream(upstreamId, 'queued'))).toBe(true);
  return repo.find(row.id)!;
}

describe('OrdersRepository', () => {
  it('stores a draft with its request as JSON and timestamps from the injected clock', () => {
    const row = repo.insertDraft(draft({ request: { model_id: 401, options: { x: 1, y: 'z' } } }));
    expect(row.stage).toBe('awaiting_confirmation');
    expect(row.request).toEqual({ model_id: 401, options: { x: 1, y: 'z' } });
    expect(row.createdAt.getTime()).toBe(now);
    expect(row.status).toBeNull();
    expect(repo.findForChat(row.id, 10)?.id).toBe(row.id);
    expect(repo.findForChat(row.id, 11)).toBeUndefined();
  });

  it('refuses a duplicate idempotency key', () => {
    const key = randomUUID();
    repo.insertDraft(draft({ idempotencyKey: key }));
    expect(() => repo.insertDraft(draft({ idempotencyKey: key }))).toThrow(/UNIQUE/);
  });

  it('moves a draft to submitting once, and only with its current key', () => {
    const row = repo.insertDraft(draft());
    expect(repo.beginSubmission(row.id, 'another-key')).toBe(false);
    expect(repo.beginSubmission(row.id, row.idempotencyKey)).toBe(true);
    expect(repo.beginSubmission(row.id, row.idempotencyKey)).toBe(false);
    expect(repo.listSubmitting().map((r) => r.id)).toEqual([row.id]);
  });

  it('reopens with a new key once; the old key no longer matches', () => {
    const row = repo.insertDraft(draft());
    repo.beginSubmission(row.id, row.idempotencyKey);
    const reopened = repo.reopen(row.id, row.idempotencyKey, {
      newKey: 'k2',
      submitError: { code: 'insufficient_balance', message: 'low' },
    });
    expect(reopened).toMatchObject({ stage: 'awaiting_confirmation', idempotencyKey: 'k2' });
    expect(reopened?.submitError).toEqual({ code: 'insufficient_balance', message: 'low' });
    expect(repo.reopen(row.id, row.idempotencyKey, { newKey: 'k3', submitError: null })).toBeUndefined();
    expect(repo.markSubmitted(row.id, row.idempotencyKey, upstream('ord_x', 'queued'))).toBe(false);
  });

  it("abandons only the owning chat's draft", () => {
    const row = repo.insertDraft(draft());
    expect(repo.abandonDraft(row.id, 99)).toBe(false);
    expect(repo.abandonDraft(row.id, 10)).toBe(true);
    expect(repo.abandonDraft(row.id, 10)).toBe(false);
    expect(repo.beginSubmission(row.id, row.idempotencyKey)).toBe(false);
  });

  it('abandons stale drafts only', () => {
    const old = repo.insertDraft(draft());
    now += 60_000;
    const fresh = repo.insertDraft(draft());
    const done = submitted('ord_a');
    expect(repo.abandonDraftsOlderThan(new Date(now - 1))).toBe(1);
    expect(repo.find(old.id)?.stage).toBe('abandoned');
    expect(repo.find(fresh.id)?.stage).toBe('awaiting_confirmation');
    expect(repo.find(done.id)?.stage).toBe('submitted');
  });

  it('lists active orders by next poll, optionally only the due ones', () => {
    const a = submitted('ord_a');
    const b = submitted('ord_b');
    const c = submitted('ord_c');
    repo.setNextPoll(a.id, new Date(now + 3000), 0);
    repo.setNextPoll(b.id, new Date(now + 1000), 2);
    repo.setNextPoll(c.id, new Date(now + 2000), 0);
    repo.updateFromUpstream(c.id, upstream('ord_c', 'completed'));
    expect(repo.listActive().map((r) => r.id)).toEqual([b.id, a.id]);
    expect(repo.listActive({ dueAt: new Date(now + 1500) }).map((r) => r.id)).toEqual([b.id]);
    expect(repo.listActive({ limit: 1 }).map((r) => r.id)).toEqual([b.id]);
    expect(repo.find(b.id)?.pollFailures).toBe(2);
  });

  it('applies upstream states: becameFinal exactly once, never regresses, results and expiry stored', () => {
    const row = submitted('ord_a');
    expect(repo.updateFromUpstream(row.id, upstream('ord_a', 'processing')).becameFinal).toBe(false);
    now += 5000;
    const done = upstream('ord_a', 'completed', {
      result: ['https://r.example/g/1'],
      expires_at: '2025-01-02T00:00:05.000Z',
    });
    const first = repo.updateFromUpstream(row.id, done);
    expect(first.becameFinal).toBe(true);
    expect(first.row).toMatchObject({
      status: 'completed',
      result: ['https://r.example/g/1'],
      nextPollAt: null,
    });
    expect(first.row.resultExpiresAt?.toISOString()).toBe('2025-01-02T00:00:05.000Z');
    expect(first.row.finishedAt?.getTime()).toBe(now);
    now += 5000;
    expect(repo.updateFromUpstream(row.id, done).becameFinal).toBe(false);
    const stale = repo.updateFromUpstream(row.id, upstream('ord_a', 'processing'));
    expect(stale.becameFinal).toBe(false);
    expect(stale.row.status).toBe('completed');
    expect(stale.row.finishedAt?.getTime()).toBe(now - 5000);
  });

  it('stores the error of a failed generation', () => {
    const row = submitted('ord_a');
    const { row: failed } = repo.updateFromUpstream(
      row.id,
      upstream('ord_a', 'failed', { error: { code: 'generation_failed', message: 'nope' } }),
    );
    expect(failed.error).toEqual({ code: 'generation_failed', message: 'nope' });
  });

  it("refuses an upstream order that is not this row's", () => {
    const row = submitted('ord_a');
    expect(() => repo.updateFromUpstream(row.id, upstream('ord_other', 'completed'))).toThrow(
      /not ord_other/,
    );
    expect(repo.find(row.id)?.status).toBe('queued');
  });

  it('marks delivery once, and lists final undelivered orders until then', () => {
    const row = submitted('ord_a');
    repo.updateFromUpstream(row.id, upstream('ord_a', 'completed'));
    repo.setStatusMessageId(row.id, 777);
    expect(repo.listUndelivered().map((r) => r.id)).toEqual([row.id]);
    expect(repo.markDelivered(row.id)).toBe(true);
    expect(repo.markDelivered(row.id)).toBe(false);
    expect(repo.listUndelivered()).toEqual([]);
    expect(repo.find(row.id)).toMatchObject({ statusMessageId: 777, deliveredAt: new Date(now) });
  });

  it('tracks whether the final-state hook ran', () => {
    const row = submitted('ord_a');
    repo.updateFromUpstream(row.id, upstream('ord_a', 'cancelled'));
    expect(repo.listFinalUnhandled().map((r) => r.id)).toEqual([row.id]);
    expect(repo.markFinalHandled(row.id)).toBe(true);
    expect(repo.markFinalHandled(row.id)).toBe(false);
    expect(repo.listFinalUnhandled()).toEqual([]);
  });

  it("lists a chat's orders newest first with paging; drafts only when asked", () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      now += 1000;
      ids.push(submitted(`ord_${i}`).id);
    }
    submitted('ord_other_chat', { chatId: 11 });
    const draftRow = repo.insertDraft(draft());
    expect(repo.listForChat(10, { limit: 2 }).map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect(repo.listForChat(10, { limit: 2, offset: 2 }).map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(repo.listForChat(10, { limit: 10, offset: 4 }).map((r) => r.id)).toEqual([ids[0]]);
    expect(repo.countForChat(10)).toBe(5);
    expect(repo.listForChat(10, { limit: 1, stages: ['awaiting_confirmation'] }).map((r) => r.id)).toEqual([
      draftRow.id,
    ]);
    expect(repo.listForChat(11, { limit: 10 })).toHaveLength(1);
  });
});
