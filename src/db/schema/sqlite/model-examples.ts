import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EXAMPLE_KINDS, EXAMPLE_SOURCES, EXAMPLE_STATES } from '../../model-example-records.js';
import { botKey } from './bot-key.js';

/**
 * Examples of a model admins picked for the customers' app (issue 43): a delivered result (once per
 * order and file) or an uploaded file, in the order admins set; shown only in state 'shown'.
 */
export const modelExamples = sqliteTable(
  'model_examples',
  {
    id: text('id').primaryKey(),
    botId: botKey(),
    modelId: integer('model_id').notNull(),
    source: text('source', { enum: EXAMPLE_SOURCES }).notNull(),
    orderId: text('order_id'),
    fileIndex: integer('file_index'),
    ownerUserId: integer('owner_user_id'),
    state: text('state', { enum: EXAMPLE_STATES }).notNull(),
    kind: text('kind', { enum: EXAMPLE_KINDS }).notNull(),
    fileId: text('file_id').notNull(),
    previewFileId: text('preview_file_id'),
    position: integer('position').notNull(),
    addedBy: integer('added_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('model_examples_result_idx').on(t.botId, t.orderId, t.fileIndex),
    index('model_examples_model_idx').on(t.botId, t.modelId, t.position),
  ],
);
