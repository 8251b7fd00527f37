/**
 * A model's examples (issue 43) through the service the control room, the chat and the app use:
 * a customer's result is shown only once its owner allows it (the admin who picks their own result
 * needs nobody's leave); only a delivered photo or video of that model can be picked; Allow, No
 * and Stop showing move only the owner's own example; an owner the question cannot reach is marked
 * so; the app gets at most six shown examples per model, in the admins' order; adds and removes
 * are audited; an example's file opens for anyone only while shown, for admins always.
 */
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord, Store } from '../../src/db/index.js';
import { ModelExamplesRepository } from '../../src/db/repositories/model-examples.js';
import {
  type AskOwner,
  checkUpload,
  ModelExamples,
  SHOWN_PER_MODEL,
} from '../../src/services/model-examples.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { deliveredResult } from '../support/gallery-fixtures.js';
import { makeJpeg, makeMp4, makePng, makeWebp } from '../support/media-fixtures.js';

const logger = pino({ level: 'silent' });
const ADMIN = 1;
const ANN = 21;
const BOB = 22;
const MODEL = 203;

describe('model examples', () => {
  let database: TestDatabase;
  let store: Store;
  let now = Date.UTC(2026, 10, 1);
  const clock = () => now;
  let examples: ModelExamples;
  let asked: Array<{ exampleId: string; orderId: string }>;
  const ask: AskOwner = async (example, order) => {
    asked.push({ exampleId: example.id, orderId: order.id });
    return 'sent';
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = await database.open(clock);
    examples = new ModelExamples({
      repo: new ModelExamplesRepository(store.engine, store.scope, clock),
      orders: store.orders,
      audit: store.audit,
      adminIds: [ADMIN],
      logger,
    });
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    asked = [];
    for (const table of ['model_examples', 'orders', 'audit_log'])
      await database.execute([`delete from ${table}`] as unknown as TemplateStringsArray);
  });

  const result = (userId: number, opts: Partial<Parameters<typeof deliveredResult>[1]> = {}) =>
    deliveredResult(store.orders, { userId, prompt: 'a fox', ...opts });
  const shownIds = async () => ((await examples.shown()).get(MODEL) ?? []).map((e) => e.id);
  const audited = async () => (await store.audit.page(0, 50)).map((e) => e.action).sort();

  it("asks the owner of a customer's result, and shows it only once they allow it", async () => {
    const order = await result(ANN, {
      files: [{ kind: 'photo', preview: { fileId: 'p', fileUniqueId: 'pu' } }],
    });
    const added = await examples.addFromResult(ADMIN, MODEL, order.id, 0, ask);
    expect(added.kind).toBe('added');
    const example = added.kind === 'added' ? added.example : undefined;
    expect(example).toMatchObject({ state: 'asked', ownerUserId: ANN, kind: 'image', previewFileId: 'p' });
    expect(asked).toEqual([{ exampleId: example!.id, orderId: order.id }]);
    expect(await shownIds()).toEqual([]);
    // Nobody but admins may open it yet.
    expect(await examples.file(BOB, example!.id, 'thumb')).toBeUndefined();
    expect(await examples.file(ADMIN, example!.id, 'thumb')).toEqual({ fileId: 'p', kind: 'image' });

    // Another customer's press changes nothing, and learns nothing of it.
    expect(await examples.answer(BOB, example!.id, 'allow')).toEqual({ kind: 'stale', example: undefined });
    expect(await shownIds()).toEqual([]);

    expect(await examples.answer(ANN, example!.id, 'allow')).toMatchObject({
      kind: 'done',
      example: { state: 'shown' },
    });
    expect(await shownIds()).toEqual([example!.id]);
    expect(await examples.file(BOB, example!.id, 'full')).toEqual({
      fileId: order.resultFiles![0]!.fileId,
      kind: 'image',
    });
    // A second Allow finds it answered.
    expect(await examples.answer(ANN, example!.id, 'allow')).toMatchObject({
      kind: 'stale',
      example: { state: 'shown' },
    });

    // Stop showing: gone from the app, and its file from everyone but admins.
    expect(await examples.answer(ANN, example!.id, 'withdraw')).toMatchObject({
      kind: 'done',
      example: { state: 'withdrawn' },
    });
    expect(await shownIds()).toEqual([]);
    expect(await examples.file(BOB, example!.id, 'thumb')).toBeUndefined();
    expect(await audited()).toEqual(['example_added']);
  });

  it('No, thanks keeps it hidden for good; Stop showing applies only to a shown one', async () => {
    const order = await result(ANN);
    const added = await examples.addFromResult(ADMIN, MODEL, order.id, 0, ask);
    const id = added.kind === 'added' ? added.example.id : '';
    expect(await examples.answer(ANN, id, 'withdraw')).toMatchObject({ kind: 'stale' });
    expect(await examples.answer(ANN, id, 'decline')).toMatchObject({
      kind: 'done',
      example: { state: 'declined' },
    });
    expect(await examples.answer(ANN, id, 'allow')).toMatchObject({
      kind: 'stale',
      example: { state: 'declined' },
    });
    expect(await shownIds()).toEqual([]);
  });

  it("shows the admin's own result at once, without asking anyone", async () => {
    const order = await result(ADMIN);
    const added = await examples.addFromResult(ADMIN, MODEL, order.id, 0, ask);
    expect(added).toMatchObject({ kind: 'added', example: { state: 'shown', ownerUserId: ADMIN } });
    expect(asked).toEqual([]);
    expect(await shownIds()).toHaveLength(1);
  });

  it('takes only a delivered photo or video of that model, once', async () => {
    const other = await result(ANN, { modelId: 999 });
    const undelivered = await result(ANN, { outcome: 'none' });
    const document = await result(ANN, { files: [{ kind: 'document' }] });
    const video = await result(ANN, { modelType: 'video', files: [{ kind: 'video' }] });
    expect(await examples.addFromResult(ADMIN, MODEL, other.id, 0, ask)).toEqual({ kind: 'not_found' });
    expect(await examples.addFromResult(ADMIN, MODEL, undelivered.id, 0, ask)).toEqual({ kind: 'not_found' });
    expect(await examples.addFromResult(ADMIN, MODEL, 'no-such-order', 0, ask)).toEqual({
      kind: 'not_found',
    });
    expect(await examples.addFromResult(ADMIN, MODEL, video.id, 5, ask)).toEqual({ kind: 'not_found' });
    expect(await examples.addFromResult(ADMIN, MODEL, document.id, 0, ask)).toEqual({ kind: 'not_media' });
    expect(await examples.addFromResult(ADMIN, MODEL, video.id, 0, ask)).toMatchObject({
      kind: 'added',
      example: { kind: 'video' },
    });
    expect(await examples.addFromResult(ADMIN, MODEL, video.id, 0, ask)).toEqual({ kind: 'already' });
    expect(asked).toHaveLength(1);
  });

  it('marks an owner the question cannot reach, and still takes their answer if it arrived', async () => {
    const blocked = await result(ANN);
    const added = await examples.addFromResult(ADMIN, MODEL, blocked.id, 0, async () => 'unreachable');
    expect(added).toMatchObject({ kind: 'added', example: { state: 'unreachable' } });
    const flaky = await result(BOB);
    const thrown = await examples.addFromResult(ADMIN, MODEL, flaky.id, 0, async () => {
      throw new Error('network down');
    });
    expect(thrown).toMatchObject({ kind: 'added', example: { state: 'unreachable' } });
    const id = thrown.kind === 'added' ? thrown.example.id : '';
    expect(await examples.answer(BOB, id, 'allow')).toMatchObject({
      kind: 'done',
      example: { state: 'shown' },
    });
  });

  it('gives the app at most six shown examples per model, in the order admins set', async () => {
    const ids: string[] = [];
    for (let i = 0; i < SHOWN_PER_MODEL + 2; i++) {
      const added = await examples.addUpload(ADMIN, MODEL, 'image', {
        fileId: `up-${i}`,
        previewFileId: null,
      });
      if (added.kind === 'added') ids.push(added.example.id);
    }
    expect(await shownIds()).toEqual(ids.slice(0, SHOWN_PER_MODEL));
    // The seventh moved up one place is shown; the sixth is not any more.
    expect(await examples.move(ids[6]!, 'up')).toBe(true);
    expect(await shownIds()).toEqual([...ids.slice(0, 5), ids[6]]);
    expect(await examples.move(ids[0]!, 'up')).toBe(false);
    // Removed: the next one takes its place.
    expect((await examples.remove(ADMIN, ids[0]!))?.id).toBe(ids[0]);
    expect(await examples.remove(ADMIN, ids[0]!)).toBeUndefined();
    expect(await shownIds()).toEqual([...ids.slice(1, 5), ids[6], ids[5]]);
    const entries = await store.audit.page(0, 50);
    expect(entries.filter((e) => e.action === 'example_added')).toHaveLength(SHOWN_PER_MODEL + 2);
    expect(entries.filter((e) => e.action === 'example_removed')).toEqual([
      expect.objectContaining({ actorId: ADMIN, details: expect.objectContaining({ example: ids[0] }) }),
    ]);
  });

  it('lists the picker a page of the model’s delivered photos and videos, marking the ones picked', async () => {
    const seeded: OrderRecord[] = [];
    for (const userId of [ANN, BOB]) {
      now += 60_000;
      seeded.push(await result(userId, { files: [{ kind: 'photo' }, { kind: 'document' }] }));
    }
    await examples.addFromResult(ADMIN, MODEL, seeded[0]!.id, 0, ask);
    const page = await examples.candidates(MODEL);
    expect(page.next).toBeNull();
    expect(page.items.map((c) => [c.ownerUserId, c.index, c.picked])).toEqual([
      [BOB, 0, false],
      [ANN, 0, true],
    ]);
  });

  it('takes an upload of a JPEG, PNG or WebP photo up to 10 MB or an MP4 video up to 20 MB', () => {
    expect(checkUpload(makePng(4, 4))).toMatchObject({ ok: true, kind: 'image', format: 'png' });
    expect(checkUpload(makeJpeg(4, 4))).toMatchObject({ ok: true, kind: 'image', format: 'jpeg' });
    expect(checkUpload(makeWebp(4, 4))).toMatchObject({ ok: true, kind: 'image', format: 'webp' });
    const mp4 = makeMp4({ durationSeconds: 1, fps: 24, width: 32, height: 32 });
    expect(checkUpload(mp4)).toMatchObject({ ok: true, kind: 'video' });
    expect(checkUpload(Buffer.from('%PDF-1.4 not a picture'))).toEqual({ ok: false, reason: 'unsupported' });
    expect(checkUpload(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    makePng(4, 4).copy(big);
    expect(checkUpload(big)).toEqual({ ok: false, reason: 'too_big' });
    const bigVideo = Buffer.alloc(20 * 1024 * 1024 + 1);
    Buffer.from(mp4).copy(bigVideo);
    expect(checkUpload(bigVideo)).toEqual({ ok: false, reason: 'too_big' });
  });
});
