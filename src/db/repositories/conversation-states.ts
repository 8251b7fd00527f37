import type { VersionedState, VersionedStateStorage } from '@grammyjs/conversations';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { conversationStates } from '../schema/conversation-states.js';

/** Storage adapter for @grammyjs/conversations v2 backed by SQLite. */
export function createConversationStateStorage<S>(db: Db): VersionedStateStorage<string, S> {
  return {
    read(key) {
      const row = db.select().from(conversationStates).where(eq(conversationStates.key, key)).get();
      return row ? (JSON.parse(row.value) as VersionedState<S>) : undefined;
    },
    write(key, state) {
      const value = JSON.stringify(state);
      const updatedAt = new Date();
      db.insert(conversationStates)
        .values({ key, value, updatedAt })
        .onConflictDoUpdate({ target: conversationStates.key, set: { value, updatedAt } })
        .run();
    },
    delete(key) {
      db.delete(conversationStates).where(eq(conversationStates.key, key)).run();
    },
  };
}
