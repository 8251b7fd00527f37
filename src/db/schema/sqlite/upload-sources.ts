import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { TELEGRAM_FILE_KINDS } from '../../records.js';
import { botKey } from './bot-key.js';

/**
 * Where each upstream upload came from: the Telegram file the bot relayed to POST /upload. Upstream
 * drops an upload after 24 h; Telegram's file id lasts, so an older order's inputs can be uploaded
 * again from it (🔁 Again, ✏️ Change).
 */
export const uploadSources = sqliteTable(
  'upload_sources',
  {
    botId: botKey(),
    /** The upload's path upstream (`tmp/...`), as an order's `request.media` names it. */
    path: text('path').notNull(),
    kind: text('kind', { enum: TELEGRAM_FILE_KINDS }).notNull(),
    telegramFileId: text('telegram_file_id').notNull(),
    telegramFileUniqueId: text('telegram_file_unique_id').notNull(),
    /** A document's own name and MIME type: the relay checks the bytes against them and sends them on. */
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.botId, t.path] })],
);
