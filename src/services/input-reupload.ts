/**
 * An older order's input files uploaded again, once upstream has dropped them (🔁 Again and ✏️ Change
 * under a result more than a day old): each upload from the Telegram file it was first relayed from
 * (the relay records that), through the same relay and checks as a file the customer sends. All or
 * nothing: one file with no recorded source, or one Telegram or upstream refuses, and the customer
 * sends the files again.
 */
import type { UploadSourceRecord, UploadSourcesRepository } from '../db/index.js';
import type { MediaMap } from '../reseller/schemas.js';
import {
  type MediaRelay,
  MediaRelayError,
  type MediaRelayErrorCode,
  type RelayOptions,
} from './media-relay.js';
import type { TelegramFileRef } from './telegram-file.js';

export type ReuploadOutcome =
  | { ok: true; media: MediaMap }
  /** A file whose source was never recorded (uploaded before sources were kept, or not recorded). */
  | { ok: false; reason: 'unknown_source' }
  | { ok: false; reason: 'relay_failed'; code: MediaRelayErrorCode };

export class InputReupload {
  constructor(
    private readonly deps: {
      sources: Pick<UploadSourcesRepository, 'find'>;
      relay: Pick<MediaRelay, 'relay'>;
    },
  ) {}

  /** The same inputs under fresh upload paths, in the same places and order. */
  async reupload(media: MediaMap, opts: RelayOptions = {}): Promise<ReuploadOutcome> {
    const paths = Object.values(media).flat();
    const sources = new Map((await this.deps.sources.find(paths)).map((s) => [s.path, s]));
    if (paths.some((path) => !sources.has(path))) return { ok: false, reason: 'unknown_source' };
    const fresh: MediaMap = {};
    // One file at a time, as a customer sends them: a refusal stops before the next download.
    for (const [key, files] of Object.entries(media)) {
      const uploaded: string[] = [];
      for (const path of files) {
        try {
          uploaded.push((await this.deps.relay.relay(fileRefOf(sources.get(path)!), opts)).tmp_path);
        } catch (error) {
          const code = error instanceof MediaRelayError ? error.code : 'upload_failed';
          return { ok: false, reason: 'relay_failed', code };
        }
      }
      fresh[key] = uploaded;
    }
    return { ok: true, media: fresh };
  }
}

function fileRefOf(source: UploadSourceRecord): TelegramFileRef {
  return {
    kind: source.kind,
    fileId: source.telegramFileId,
    fileUniqueId: source.telegramFileUniqueId,
    ...(source.fileName !== null && { fileName: source.fileName }),
    ...(source.mimeType !== null && { mimeType: source.mimeType }),
  };
}
