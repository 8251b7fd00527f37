/**
 * Upstream's messages name the files we uploaded: by the name the relay gave a file that had none
 * (`video-AQADBAAD….mp4`: its kind and Telegram's file_unique_id, see services/media-relay.ts) or
 * by its upload path (`tmp/<uuid>`). Those mean nothing to a customer: they read "your file".
 * A name the customer gave their own file (`holiday.mp4`) is theirs and stays.
 */
import type { Texts } from '../i18n.js';

const INTERNAL_FILE_NAME =
  /\b(?:photo|video|animation|document)-[A-Za-z0-9_-]{6,}(?:\.[A-Za-z0-9]{1,5})?|\btmp\/[0-9A-Fa-f-]{8,}/g;

export function hideInternalNames(texts: Texts, message: string): string {
  return message.replace(INTERNAL_FILE_NAME, () => texts.t('internal-file-name'));
}
