import type { VersionedState, VersionedStateStorage } from '@grammyjs/conversations';
import { eq, sql } from 'drizzle-orm';
import { type Engine, first } from '../engine.js';

/**
 * Storage adapter for @grammyjs/conversations v2, so a form survives a restart (and, on PostgreSQL,
 * continues on another replica). It is read on every update, so its statements are prepared once.
 */
export function createConversationStateStorage<S>(engine: Engine): VersionedStateStorage<string, S> {
  const { conversationStates } = engine.tables;
  const read = engine.db
    .select({ value: conversationStates.value })
    .from(conversationStates)
    .where(eq(conversationStates.key, sql.placeholder('key')))
    .prepare('conversation_read');
  const write = engine.db
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
    .prepare('conversation_write');
  const remove = engine.db
    .delete(conversationStates)
    .where(eq(conversationStates.key, sql.placeholder('key')))
    .prepare('conversation_delete');
  return {
    async read(key) {
      const row = first(await engine.run(() => read.execute({ key })));
      return row ? (JSON.parse(row.value) as VersionedState<S>) : undefined;
    },
    async write(key, state) {
      await engine.run(() => write.execute({ key, value: JSON.stringify(state), at: new Date() }));
    },
    async delete(key) {
      await engine.run(() => remove.execute({ key }));
    },
  };
}
