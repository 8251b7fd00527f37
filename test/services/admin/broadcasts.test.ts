/** The admins' broadcast use cases: one at a time, each change guarded by the state and audited; both engines. */
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BroadcastContent, Store } from '../../../src/db/index.js';
import { BroadcastAdmin } from '../../../src/services/admin/broadcasts.js';
import { createTestDatabase, defaultEngine, type TestDatabase } from '../../support/databases.js';

const ADMIN = 1;
const content: BroadcastContent = { kind: 'text', text: 'News', entities: [] };
const author = { adminId: ADMIN, chatId: ADMIN, locale: 'en' };

describe.each([defaultEngine()])('BroadcastAdmin on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let service: BroadcastAdmin;
  let wakes: number;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
    service = new BroadcastAdmin({
      broadcasts: store.broadcasts,
      audit: store.audit,
      logger: pino({ level: 'silent' }),
      rate: 10,
    });
    wakes = 0;
    service.onChange(() => wakes++);
    for (const id of [11, 12, 13]) await store.users.touch({ id, firstName: `u${id}` }, false);
  });
  afterEach(async () => {
    await database.drop();
  });

  const actions = async () => (await store.audit.page(0, 50)).map((e) => e.action).reverse();

  it('starts one for its audience, audited, with a first estimate at the configured pace', async () => {
    const outcome = await service.start(author, content, { kind: 'all' });
    if (outcome.kind !== 'started') throw new Error(`not started: ${outcome.kind}`);
    expect(outcome.broadcast.total).toBe(3);
    expect(outcome.progress).toMatchObject({ rate: 10, secondsLeft: 1 });
    expect(outcome.progress.counts.pending).toBe(3);
    const [entry] = await store.audit.page(0, 1);
    expect(entry).toMatchObject({ actorId: ADMIN, action: 'broadcast_started' });
    expect(entry!.details).toMatchObject({ id: outcome.broadcast.id, count: 3, audience: 'all' });
    await service.showProgressIn(outcome.broadcast.id, 500);
    expect((await service.find(outcome.broadcast.id))?.progressMessageId).toBe(500);
    expect(wakes).toBe(1);
  });

  it('refuses an empty audience and a second broadcast while one is active, auditing neither', async () => {
    expect(await service.start(author, content, { kind: 'ids', ids: [999] })).toEqual({ kind: 'empty' });
    const first = await service.start(author, content, { kind: 'all' });
    const second = await service.start(author, content, { kind: 'all' });
    expect(second.kind).toBe('busy');
    if (second.kind !== 'busy' || first.kind !== 'started') throw new Error('unexpected outcomes');
    expect(second.active.id).toBe(first.broadcast.id);
    expect(second.counts.pending).toBe(3);
    expect(await actions()).toEqual(['broadcast_started']);
  });

  it('a new one may start once the last one ended', async () => {
    const first = await service.start(author, content, { kind: 'all' });
    if (first.kind !== 'started') throw new Error('not started');
    expect(await service.change(first.broadcast.id, 'cancel', ADMIN)).toBe(true);
    expect(await service.busy()).toBeUndefined();
    expect((await service.start(author, content, { kind: 'all' })).kind).toBe('started');
  });

  it('pauses, resumes and cancels only from the states that allow it, each change audited once', async () => {
    const started = await service.start(author, content, { kind: 'all' });
    if (started.kind !== 'started') throw new Error('not started');
    const id = started.broadcast.id;
    expect(await service.change(id, 'resume', ADMIN)).toBe(false); // running: nothing to resume
    expect(await service.change(id, 'pause', ADMIN)).toBe(true);
    expect(await service.change(id, 'pause', ADMIN)).toBe(false);
    expect((await service.find(id))?.status).toBe('paused');
    expect(await service.change(id, 'resume', ADMIN)).toBe(true);
    expect(await service.change(id, 'cancel', ADMIN)).toBe(true);
    expect(await service.change(id, 'cancel', ADMIN)).toBe(false);
    expect((await service.find(id))?.status).toBe('cancelled');
    expect(await actions()).toEqual([
      'broadcast_started',
      'broadcast_paused',
      'broadcast_resumed',
      'broadcast_cancelled',
    ]);
    expect(wakes).toBe(3);
  });
});
