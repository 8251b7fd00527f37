import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { PRICE_RULE_KINDS } from '../../records.js';
import { botKey } from './bot-key.js';

/**
 * The settings admins change live (the Mini App): one row (id 1) with the global values and the
 * version every write bumps (optimistic concurrency: a write names the version it read). A null
 * value means "as the environment says".
 */
export const liveSettings = sqliteTable(
  'live_settings',
  {
    botId: botKey(),
    id: integer('id').notNull(),
    version: integer('version').notNull(),
    /** A non-negative decimal string ("30", "12.5"). */
    markupPercent: text('markup_percent'),
    welcomeStars: integer('welcome_stars'),
    topupPacks: text('topup_packs_json', { mode: 'json' }).$type<number[]>(),
    /** The reminder rules on (["welcome_unused"]; []: none); null: as REMINDERS says. */
    reminders: text('reminders_json', { mode: 'json' }).$type<string[]>(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.id] })],
);

/** Per model, what the admins set; a model without a row (or a null column) is as the environment says. */
export const modelSettings = sqliteTable(
  'model_settings',
  {
    botId: botKey(),
    modelId: integer('model_id').notNull(),
    offered: integer('offered', { mode: 'boolean' }),
    /** By language tag, only the languages given ({"en": "...", "uk": "..."}). */
    names: text('names_json', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    descriptions: text('descriptions_json', { mode: 'json' })
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    priceKind: text('price_kind', { enum: PRICE_RULE_KINDS }).notNull(),
    priceMarkupPercent: text('price_markup_percent'),
    priceStars: integer('price_stars'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.modelId] })],
);
