import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { botKey } from './bot-key.js';

/**
 * The groups a bot was added to (issue 42): whether it is still a member, and what its admins set
 * there (turned on or off, a daily cap of generations). A group without a row was never seen.
 */
export const groupChats = sqliteTable(
  'group_chats',
  {
    botId: botKey(),
    chatId: integer('chat_id').notNull(),
    title: text('title').notNull(),
    /** The bot is in the group now (my_chat_member says so). */
    member: integer('member', { mode: 'boolean' }).notNull(),
    /** null: as GROUPS says (on: open; allowlist: closed until turned on). */
    enabled: integer('enabled', { mode: 'boolean' }),
    /** Generations a UTC day in this group; null: no cap. */
    dailyCap: integer('daily_cap'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.chatId] })],
);
