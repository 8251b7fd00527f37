/** The conversations plugin's storage, and the state the inbox's claim read for it, on every engine the run has. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { withPrefetchedConversation } from '../../src/db/repositories/conversation-states.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';

const state = (step: string) => ({ version: [0, 1] as [0, number], state: step });

describe.each(availableEngines())('conversation state storage on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open();
  });
  afterEach(() => database.drop());

  it('reads, writes and deletes a chat state', async () => {
    const storage = store.conversationStorage<string>();
    expect(await storage.read('10')).toBeUndefined();
    await storage.write('10', state('prompt'));
    expect(await storage.read('10')).toEqual(state('prompt'));
    await storage.delete('10');
    expect(await storage.read('10')).toBeUndefined();
  });

  it('a prefetched state is used once, for its key only; later reads and other keys go to the store', async () => {
    const storage = store.conversationStorage<string>();
    await storage.write('10', state('stored'));
    await storage.write('20', state('other chat'));
    const prefetched = { key: '10', value: JSON.stringify(state('at the claim')) };
    const reads = await withPrefetchedConversation(store.scope.botId, prefetched, async () => [
      await storage.read('20'),
      // The stored row says otherwise: what the claim read is what the update sees first.
      await storage.read('10'),
      await storage.read('10'),
    ]);
    expect(reads).toEqual([state('other chat'), state('at the claim'), state('stored')]);
    // Outside the update it was prefetched for, nothing of it is left.
    expect(await storage.read('10')).toEqual(state('stored'));
  });

  it('a prefetched "no conversation" reads as none; a write spends the prefetch', async () => {
    const storage = store.conversationStorage<string>();
    await storage.write('10', state('stored'));
    expect(
      await withPrefetchedConversation(store.scope.botId, { key: '10', value: null }, async () =>
        storage.read('10'),
      ),
    ).toBeUndefined();
    const afterWrite = await withPrefetchedConversation(
      store.scope.botId,
      { key: '10', value: null },
      async () => {
        await storage.write('10', state('written'));
        return storage.read('10');
      },
    );
    expect(afterWrite).toEqual(state('written'));
  });

  it("a chat's state in one bot is not its state in another: read, written and deleted apart", async () => {
    const mine = store.conversationStorage<string>();
    const theirs = storeOn(store.engine, { bot: 2 }).conversationStorage<string>();
    await mine.write('10', state('bot 1 form'));
    expect(await theirs.read('10')).toBeUndefined();
    await theirs.write('10', state('bot 2 form'));
    expect(await mine.read('10')).toEqual(state('bot 1 form'));
    expect(await theirs.read('10')).toEqual(state('bot 2 form'));
    await theirs.delete('10');
    expect(await theirs.read('10')).toBeUndefined();
    expect(await mine.read('10')).toEqual(state('bot 1 form'));
  });

  it("a state prefetched for one bot's chat is not read by another bot with the same chat key", async () => {
    const mine = store.conversationStorage<string>();
    const theirs = storeOn(store.engine, { bot: 2 }).conversationStorage<string>();
    await mine.write('10', state('bot 1 stored'));
    await theirs.write('10', state('bot 2 stored'));
    const prefetched = { key: '10', value: JSON.stringify(state('bot 1 at the claim')) };
    const reads = await withPrefetchedConversation(store.scope.botId, prefetched, async () => [
      await theirs.read('10'),
      // Not spent by the other bot's read: still the claim's copy here.
      await mine.read('10'),
    ]);
    expect(reads).toEqual([state('bot 2 stored'), state('bot 1 at the claim')]);
  });
});
