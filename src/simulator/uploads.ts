/**
 * Temporary uploads: records, their lazily derived state (HEIC/HEIF "converting", expiry) and the
 * public `upload` object of spec 2.3.
 */
import { rm } from 'node:fs/promises';
import type { SimClock } from './clock.js';
import { SimError } from './errors.js';
import type { MediaFormat } from './media-formats.js';
import type { MediaFacts } from './media-sniff.js';

export interface UploadRecord {
  uuid: string;
  tmpPath: string;
  accountKey: string;
  originalName: string;
  format: MediaFormat;
  size: number;
  filePath: string;
  createdAt: number;
  /** HEIC/HEIF stay `processing` until this instant (asynchronous conversion to PNG). */
  readyAt: number;
  expiresAt: number;
  facts: MediaFacts;
}

export type UploadState = 'processing' | 'ready' | 'expired';

/** Public shape of spec 2.3. */
export interface UploadView {
  tmp_path: string;
  status: 'processing' | 'ready';
  url: string | null;
  original_name: string;
  mime_type: string;
  size: number;
  error: null;
}

export function isConvertedFormat(format: MediaFormat): boolean {
  return format.id === 'heic' || format.id === 'heif';
}

export class UploadStore {
  private readonly byUuid = new Map<string, UploadRecord>();
  private readonly fileDeleted = new Set<string>();

  constructor(private readonly clock: SimClock) {}

  add(record: UploadRecord): void {
    this.byUuid.set(record.uuid, record);
  }

  /** Accepts `tmp/<uuid>` or the bare uuid. */
  find(reference: string): UploadRecord | undefined {
    return this.byUuid.get(reference.startsWith('tmp/') ? reference.slice(4) : reference);
  }

  list(accountKey?: string): UploadRecord[] {
    return [...this.byUuid.values()].filter((u) => accountKey === undefined || u.accountKey === accountKey);
  }

  stateOf(record: UploadRecord): UploadState {
    const now = this.clock.now();
    if (now >= record.expiresAt) return 'expired';
    return now < record.readyAt ? 'processing' : 'ready';
  }

  /** The account's upload, or file_not_found (unknown and foreign uploads look the same). */
  owned(accountKey: string, reference: string): UploadRecord {
    const record = this.find(reference);
    if (!record || record.accountKey !== accountKey) {
      throw new SimError('file_not_found', `temporary upload ${reference} not found`);
    }
    if (this.stateOf(record) === 'expired') {
      throw new SimError('file_expired', `temporary upload ${record.tmpPath} has expired`);
    }
    return record;
  }

  /** An upload an order or quote may use: owned, not expired, ready. */
  usable(accountKey: string, reference: string): UploadRecord {
    const record = this.owned(accountKey, reference);
    if (this.stateOf(record) === 'processing') {
      throw new SimError('upload_processing', `temporary upload ${record.tmpPath} is still processing`);
    }
    return record;
  }

  view(record: UploadRecord, baseUrl: string): UploadView {
    const ready = this.stateOf(record) === 'ready';
    const converted = isConvertedFormat(record.format);
    return {
      tmp_path: record.tmpPath,
      status: ready ? 'ready' : 'processing',
      url: ready ? `${baseUrl}/upload/preview/${record.uuid}` : null,
      original_name: record.originalName,
      mime_type: converted && ready ? 'image/png' : record.format.mime,
      size: record.size,
      error: null,
    };
  }

  /** Deletes the bytes of expired uploads; their records stay so they still answer file_expired. */
  async sweepExpired(): Promise<void> {
    for (const record of this.byUuid.values()) {
      if (this.stateOf(record) === 'expired' && !this.fileDeleted.has(record.uuid)) {
        this.fileDeleted.add(record.uuid);
        await rm(record.filePath, { force: true });
      }
    }
  }
}
