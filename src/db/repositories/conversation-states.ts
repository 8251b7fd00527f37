import type { VersionedState, VersionedStateStorage } from '@grammyjs/conversations';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { conversationStates } from '../schema/conversation-states.js';

/**
 * Storage adapter for @grammyjs/conversations v2 backed by SQLite. It is read on every update,
 * so its statements are prepared once.
 */
export function createConversationStateStorage<S>(db: Db): VersionedStateStorage<string, S> {
  const read = db
    .select({ value: conversationStates.value })
    .from(conversationStates)
    .where(eq(conversationStates.key, sql.placeholder('key')))
    .prepare();
  const write = db
    .insert(conversationStates)
    .values({
      key: sql.placeholder('key'),
      value: sql.placeholder('value'),
      updatedAt: sql.placeholder('at'),
    })
    .onConflictDoUpdate({
      target: conversationStates.key,
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    })
    .prepare();
  const remove = db
    .delete(conversationStates)
    .where(eq(conversationStates.key, sql.placeholder('key')))
    .prepare();
  return {
    read(key) {
      const row = read.get({ key });
      return row ? (JSON.parse(row.value) as VersionedState<S>) : undefined;
    },
    write(key, state) {
      write.run({ key, value: JSON.stringify(state), at: new Date() });
    },
    delete(key) {
      remove.run({ key });
    },
  };
}
