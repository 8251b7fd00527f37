/**
 * Which Telegram method carries each result file, and in which batches. Pure, so it is tested
 * directly. Result URLs usually have no extension (`{result_base_url}/g/<token>`), so the model's
 * type decides unless the URL or the downloaded file's type says otherwise:
 * - images (and upscale / remove_bg results) -> sendPhoto, several -> sendMediaGroup of photos
 * - videos -> sendVideo, several -> media group
 * - GIFs -> sendAnimation (albums cannot hold animations)
 * - anything else -> sendDocument, several -> media group of documents
 * Photos are recompressed by Telegram (and lose transparency), so every photo is followed by its
 * original as a document.
 */

import { urlExtension } from '../../lib/url-extension.js';

export type ResultKind = 'photo' | 'video' | 'animation' | 'document';

export interface PlannedFile {
  url: string;
  /** Position in `order.result` (0-based): names uploaded files ("result-1.png"). */
  index: number;
  kind: ResultKind;
}

/** One Telegram call: a single send or an album (2-10 items). */
export interface DeliveryBatch {
  items: PlannedFile[];
}

export interface DeliveryPlan {
  /** The results themselves, in order. */
  batches: DeliveryBatch[];
  /** Originals of the photos, as documents, after the results. */
  originals: DeliveryBatch[];
}

/** Telegram's album size. */
const MAX_GROUP_SIZE = 10;

const KIND_BY_EXTENSION: Record<string, ResultKind> = {
  jpg: 'photo',
  jpeg: 'photo',
  png: 'photo',
  webp: 'photo',
  gif: 'animation',
  mp4: 'video',
  m4v: 'video',
  mov: 'video',
};

const KIND_BY_MODEL_TYPE: Record<string, ResultKind> = {
  image: 'photo',
  upscale: 'photo',
  remove_bg: 'photo',
  video: 'video',
};

/** The kind a Content-Type calls for, if it names one we send as media. */
export function kindFromContentType(contentType: string | undefined): ResultKind | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (!type) return undefined;
  if (type === 'image/jpeg' || type === 'image/png' || type === 'image/webp') return 'photo';
  if (type === 'image/gif') return 'animation';
  if (type === 'video/mp4' || type === 'video/quicktime') return 'video';
  if (type === 'application/octet-stream' || type === 'binary/octet-stream') return undefined;
  return 'document';
}

/** How one result is sent: the URL's extension first, then the model's type, else a document. */
export function resultKind(url: string, modelType: string): ResultKind {
  const ext = urlExtension(url);
  if (ext) return KIND_BY_EXTENSION[ext] ?? 'document';
  return KIND_BY_MODEL_TYPE[modelType] ?? 'document';
}

/** Photos and videos may share an album; documents only go with documents; animations go alone. */
function groupKey(kind: ResultKind): 'visual' | 'document' | 'single' {
  if (kind === 'photo' || kind === 'video') return 'visual';
  if (kind === 'document') return 'document';
  return 'single';
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Splits files into Telegram calls, keeping their order within each family: albums of up to 10
 * photos/videos, albums of up to 10 documents, one call per animation.
 */
export function batchFiles(files: PlannedFile[]): DeliveryBatch[] {
  const visual = files.filter((f) => groupKey(f.kind) === 'visual');
  const documents = files.filter((f) => groupKey(f.kind) === 'document');
  const singles = files.filter((f) => groupKey(f.kind) === 'single');
  return [
    ...chunk(visual, MAX_GROUP_SIZE).map((items) => ({ items })),
    ...singles.map((f) => ({ items: [f] })),
    ...chunk(documents, MAX_GROUP_SIZE).map((items) => ({ items })),
  ];
}

export function planDelivery(modelType: string, urls: readonly string[]): DeliveryPlan {
  const files = urls.map((url, index) => ({ url, index, kind: resultKind(url, modelType) }));
  const originals = files.filter((f) => f.kind === 'photo').map((f) => ({ ...f, kind: 'document' as const }));
  return { batches: batchFiles(files), originals: batchFiles(originals) };
}

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'application/pdf': 'pdf',
  'application/zip': 'zip',
};

/** "result-2.png": from the URL's extension, else the Content-Type, else the kind. */
export function resultFileName(file: PlannedFile, contentType?: string): string {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  const ext =
    urlExtension(file.url) ??
    (type ? EXTENSION_BY_TYPE[type] : undefined) ??
    (file.kind === 'video' ? 'mp4' : file.kind === 'photo' ? 'png' : 'bin');
  return `result-${file.index + 1}.${ext}`;
}
