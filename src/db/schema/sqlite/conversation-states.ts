import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Persisted state of @grammyjs/conversations, so a flow survives a restart. */
export const conversationStates = sqliteTable('conversation_states', {
  key: text('key').primaryKey(),
  /** JSON of the plugin's VersionedState. */
  value: text('value').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
