/**
 * A model's examples (issue 43) on both engines: added after the model's last one, once per result
 * file; states move only from the states named (and, for an owner's answer, only the owner's);
 * moves swap neighbours; the picker reads a model's delivered results across customers, a page at
 * a time; and another bot's examples are never listed, answered, moved or removed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { ModelExamplesRepository, type NewModelExample } from '../../src/db/repositories/model-examples.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { deliveredResult } from '../support/gallery-fixtures.js';

const ADMIN = 10;
const ANN = 11;

describe.each(availableEngines())('model examples on %s', (engine) => {
  let database: TestDatabase;
  let now = Date.UTC(2026, 10, 1);
  const clock = () => now;
  let one: Store;
  let two: Store;
  let repo: ModelExamplesRepository;
  let other: ModelExamplesRepository;

  const example = (over: Partial<NewModelExample> = {}): NewModelExample => ({
    id: randomUUID(),
    modelId: 203,
    source: 'upload',
    orderId: null,
    fileIndex: null,
    ownerUserId: null,
    state: 'shown',
    kind: 'image',
    fileId: `f-${randomUUID().slice(0, 8)}`,
    previewFileId: null,
    addedBy: ADMIN,
    ...over,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    one = await database.open(clock);
    two = storeOn(one.engine, { bot: 2, now: clock });
    repo = new ModelExamplesRepository(one.engine, one.scope, clock);
    other = new ModelExamplesRepository(two.engine, two.scope, clock);
  });
  afterAll(async () => {
    await database.drop();
  });
  beforeEach(async () => {
    now = Date.UTC(2026, 10, 1);
    for (const table of ['model_examples', 'orders'])
      await database.execute([`delete from ${table}`] as unknown as TemplateStringsArray);
  });

  it('adds after the last example of the model, once per result file, and lists in order', async () => {
    const a = await repo.add(example());
    const b = await repo.add(example({ modelId: 204 }));
    const c = await repo.add(
      example({ source: 'result', orderId: 'o-1', fileIndex: 0, ownerUserId: ANN, state: 'asked' }),
    );
    expect([a?.position, b?.position, c?.position]).toEqual([1, 1, 2]);
    expect(c).toMatchObject({ state: 'asked', ownerUserId: ANN, decidedAt: null, botId: 1 });
    expect(c?.createdAt.getTime()).toBe(now);
    // The same result file again: nothing added.
    expect(
      await repo.add(example({ source: 'result', orderId: 'o-1', fileIndex: 0, ownerUserId: ANN })),
    ).toBeUndefined();
    // Its other file is a file of its own.
    expect(
      await repo.add(
        example({ source: 'result', orderId: 'o-1', fileIndex: 1, ownerUserId: ANN, state: 'declined' }),
      ),
    ).toBeDefined();
    expect((await repo.listForModel(203)).map((e) => e.id).slice(0, 2)).toEqual([a!.id, c!.id]);
    expect((await repo.listShown()).map((e) => e.id)).toEqual([a!.id, b!.id]);
    expect((await repo.listShown([204])).map((e) => e.id)).toEqual([b!.id]);
    expect(await repo.listShown([])).toEqual([]);
    expect(await repo.pickedOf(['o-1', 'o-2'])).toEqual(
      expect.arrayContaining([
        { orderId: 'o-1', fileIndex: 0 },
        { orderId: 'o-1', fileIndex: 1 },
      ]),
    );
  });

  it("moves a state only from the states named, and an owner's answer only for their own example", async () => {
    const asked = (await repo.add(
      example({ source: 'result', orderId: 'o-1', fileIndex: 0, ownerUserId: ANN, state: 'asked' }),
    ))!;
    now += 1_000;
    // Someone else's press: nothing.
    expect(await repo.setState(asked.id, 'shown', ['asked'], ANN + 1)).toBeUndefined();
    const shown = await repo.setState(asked.id, 'shown', ['asked'], ANN);
    expect(shown).toMatchObject({ state: 'shown' });
    expect(shown?.decidedAt?.getTime()).toBe(now);
    // Allowed twice: the second finds it shown already.
    expect(await repo.setState(asked.id, 'shown', ['asked'], ANN)).toBeUndefined();
    expect(await repo.setState(asked.id, 'withdrawn', ['shown'], ANN)).toMatchObject({ state: 'withdrawn' });
    expect(await repo.listShown()).toEqual([]);
  });

  it('swaps neighbours up and down, and removes', async () => {
    const [a, b, c] = [
      (await repo.add(example()))!,
      (await repo.add(example()))!,
      (await repo.add(example()))!,
    ];
    const order = async () => (await repo.listForModel(203)).map((e) => e.id);
    expect(await repo.move(a.id, 'up')).toBe(false);
    expect(await repo.move(c.id, 'down')).toBe(false);
    expect(await repo.move(c.id, 'up')).toBe(true);
    expect(await order()).toEqual([a.id, c.id, b.id]);
    expect(await repo.move(a.id, 'down')).toBe(true);
    expect(await order()).toEqual([c.id, a.id, b.id]);
    expect(await repo.move('no-such-example', 'up')).toBe(false);
    expect((await repo.remove(a.id))?.id).toBe(a.id);
    expect(await repo.remove(a.id)).toBeUndefined();
    expect(await order()).toEqual([c.id, b.id]);
  });

  it("reads a model's delivered results across customers, the last delivered first, a page at a time", async () => {
    const seeded = [];
    for (const [i, userId] of [ANN, ANN + 1, ANN + 2].entries()) {
      now += 60_000;
      seeded.push(await deliveredResult(one.orders, { userId, prompt: `p${i}` }));
    }
    now += 60_000;
    await deliveredResult(one.orders, { userId: ANN, prompt: 'another model', modelId: 999 });
    await deliveredResult(one.orders, { userId: ANN, prompt: 'never reached', outcome: 'none' });
    await deliveredResult(two.orders, { userId: ANN, prompt: "another bot's" });
    const first = await repo.deliveredOfModel(203, { limit: 2 });
    expect(first.map((o) => o.request.prompt)).toEqual(['p2', 'p1']);
    const last = first.at(-1)!;
    const rest = await repo.deliveredOfModel(203, {
      limit: 2,
      before: { at: last.deliveredAt!, id: last.id },
    });
    expect(rest.map((o) => o.request.prompt)).toEqual(['p0']);
  });

  it("never lists, answers, moves or removes another bot's examples", async () => {
    const mine = (await repo.add(
      example({ source: 'result', orderId: 'o-1', fileIndex: 0, ownerUserId: ANN, state: 'asked' }),
    ))!;
    // The same result file id in another bot is that bot's own example.
    const theirs = (await other.add(
      example({ source: 'result', orderId: 'o-1', fileIndex: 0, ownerUserId: ANN, state: 'shown' }),
    ))!;
    expect(theirs.botId).toBe(2);
    expect((await repo.listForModel(203)).map((e) => e.id)).toEqual([mine.id]);
    expect(await repo.listShown()).toEqual([]);
    expect(await repo.find(theirs.id)).toBeUndefined();
    expect(await repo.setState(theirs.id, 'withdrawn', ['shown'], ANN)).toBeUndefined();
    expect(await repo.move(theirs.id, 'up')).toBe(false);
    expect(await repo.remove(theirs.id)).toBeUndefined();
    expect(await other.setState(mine.id, 'shown', ['asked'], ANN)).toBeUndefined();
    expect(await other.find(theirs.id)).toMatchObject({ state: 'shown', botId: 2 });
    expect(await repo.find(mine.id)).toMatchObject({ state: 'asked', botId: 1 });
    expect(await repo.pickedOf(['o-1'])).toEqual([{ orderId: 'o-1', fileIndex: 0 }]);
  });
});
