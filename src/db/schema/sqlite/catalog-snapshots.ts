import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The last catalog GET /models answered readably, kept so that the bot can start and offer its
 * models while upstream is down or unreadable (docs/architecture.md,
 * "One odd answer never stops the bot"). One row, replaced on every
 * successful refresh.
 */
export const catalogSnapshots = sqliteTable('catalog_snapshots', {
  id: integer('id').primaryKey(),
  /** The readable models, in the canonical shape (model-readings.ts), as JSON. */
  models: text('models', { mode: 'json' }).notNull(),
  savedAt: integer('saved_at', { mode: 'timestamp_ms' }).notNull(),
});
