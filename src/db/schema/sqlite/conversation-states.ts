import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { botKey } from './bot-key.js';

/** Persisted state of @grammyjs/conversations, so a flow survives a restart. */
export const conversationStates = sqliteTable(
  'conversation_states',
  {
    botId: botKey(),
    key: text('key').notNull(),
    /** JSON of the plugin's VersionedState. */
    value: text('value').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.key] })],
);
