import { open, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { makeJpeg } from '../../../../src/simulator/media-builders.js';
import { badRequest, benignBadRequest } from '../api-error.js';
import type { Core } from '../core.js';
import type { Upload } from '../http/request-body.js';
import type { MessageMedia } from '../state/chats.js';
import type { FileContent, FileKind, FileMeta, StoredFile } from './file-store.js';
import { imageSize } from './image-size.js';
import { mimeFromName } from './mime.js';

const MB = 1024 * 1024;
const PHOTO_UPLOAD_LIMIT = 10 * MB;
const PHOTO_URL_LIMIT = 5 * MB;
const OTHER_URL_LIMIT = 20 * MB;
const WRONG_FILE = 'wrong file identifier/HTTP URL specified';

/** What Telegram fetches by URL per kind (sendDocument by URL only works for GIF, PDF and ZIP). */
const URL_CONTENT_TYPES: Record<FileKind, RegExp> = {
  photo: /^image\//,
  video: /^video\/mp4/,
  animation: /^(image\/gif|video\/mp4)/,
  document: /^(application\/pdf|application\/zip|application\/x-zip-compressed|image\/gif)/,
  audio: /^audio\/(mpeg|mp3|mp4|x-m4a)/,
};

export interface InputFileHints {
  fileName?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  duration?: number | undefined;
  performer?: string | undefined;
  title?: string | undefined;
}

/**
 * Resolves an InputFile value the way Telegram does: `attach://<part>`, a direct multipart part named
 * after the field, an HTTP URL Telegram downloads itself, a file_id, or (local mode) a file:// URI.
 */
export async function resolveMedia(
  core: Core,
  uploads: Map<string, Upload>,
  value: unknown,
  field: string,
  kind: FileKind,
  hints: InputFileHints = {},
): Promise<MessageMedia> {
  const file = await resolveFile(core, uploads, value, field, kind, hints);
  if (kind === 'video' || kind === 'animation') {
    return { type: kind, file, thumbnail: await videoThumbnail(core, file) };
  }
  if (kind !== 'photo') return { type: kind, file };
  return { type: 'photo', file, sizes: photoSizes(core, file) };
}

async function resolveFile(
  core: Core,
  uploads: Map<string, Upload>,
  value: unknown,
  field: string,
  kind: FileKind,
  hints: InputFileHints,
): Promise<StoredFile> {
  if (value === undefined || value === null || value === '') {
    const direct = uploads.get(field);
    if (!direct) throw badRequest(`there is no ${field} in the request`);
    return fromUpload(core, direct, kind, hints);
  }
  if (typeof value !== 'string') throw badRequest(WRONG_FILE);
  if (value.startsWith('attach://')) {
    const upload = uploads.get(value.slice('attach://'.length));
    if (!upload) throw badRequest(WRONG_FILE);
    return fromUpload(core, upload, kind, hints);
  }
  if (/^https?:\/\//i.test(value)) return fromUrl(core, value, kind, hints);
  if (value.startsWith('file://') && core.localDir) return fromLocalPath(core, value, kind, hints);
  const known = core.files.get(value);
  if (!known) throw badRequest(WRONG_FILE);
  if ((known.kind === 'photo') !== (kind === 'photo')) throw badRequest('type of file mismatch');
  return known;
}

async function fromUpload(
  core: Core,
  upload: Upload,
  kind: FileKind,
  hints: InputFileHints,
): Promise<StoredFile> {
  if (upload.size === 0) throw badRequest('file must be non-empty');
  if (kind === 'photo' && upload.size > PHOTO_UPLOAD_LIMIT) throw badRequest('PHOTO_SAVE_FILE_INVALID');
  const content: FileContent = upload.path
    ? { type: 'disk', path: upload.path }
    : { type: 'buffer', data: upload.data! };
  const fileName = hints.fileName ?? upload.filename;
  return store(core, content, kind, { size: upload.size, fileName }, hints, upload.data);
}

async function fromLocalPath(
  core: Core,
  uri: string,
  kind: FileKind,
  hints: InputFileHints,
): Promise<StoredFile> {
  const path = fileURLToPath(uri);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw badRequest(WRONG_FILE);
  const fileName = hints.fileName ?? path.split('/').pop();
  return store(core, { type: 'disk', path }, kind, { size: info.size, fileName }, hints, undefined);
}

async function fromUrl(core: Core, url: string, kind: FileKind, hints: InputFileHints): Promise<StoredFile> {
  const limit = kind === 'photo' ? PHOTO_URL_LIMIT : OTHER_URL_LIMIT;
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch {
    throw benignBadRequest('failed to get HTTP URL content');
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw benignBadRequest('failed to get HTTP URL content');
  }
  const contentType = res.headers.get('content-type')?.toLowerCase();
  if (contentType && !URL_CONTENT_TYPES[kind].test(contentType)) {
    await res.body.cancel();
    throw badRequest('wrong type of the web page content');
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await res.body.cancel();
    throw badRequest('failed to get HTTP URL content');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > limit) throw badRequest('failed to get HTTP URL content');
    chunks.push(Buffer.from(chunk));
  }
  if (size === 0) throw benignBadRequest('failed to get HTTP URL content');
  const data = Buffer.concat(chunks);
  const fileName =
    hints.fileName ?? (decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || undefined);
  const meta = { size, fileName, mimeType: contentType?.split(';')[0] };
  return store(core, { type: 'buffer', data }, kind, meta, hints, data);
}

async function store(
  core: Core,
  content: FileContent,
  kind: FileKind,
  base: { size: number; fileName?: string | undefined; mimeType?: string | undefined },
  hints: InputFileHints,
  bytes: Buffer | undefined,
): Promise<StoredFile> {
  const meta: FileMeta = {
    kind,
    size: base.size,
    width: hints.width,
    height: hints.height,
    duration: hints.duration,
  };
  if (kind === 'photo') {
    const head = bytes ?? (content.type === 'disk' ? await readHead(content.path) : undefined);
    const dims = head ? imageSize(head) : undefined;
    checkPhoto(core, dims);
    meta.width = dims?.width ?? hints.width ?? 0;
    meta.height = dims?.height ?? hints.height ?? 0;
  } else {
    meta.fileName = base.fileName;
    meta.mimeType = mimeFromName(base.fileName) ?? base.mimeType ?? defaultMime(kind);
  }
  return core.files.add(content, meta);
}

/** Telegram rejects photos whose sides sum above 10000 or whose ratio exceeds 20. */
function checkPhoto(core: Core, dims: { width: number; height: number } | undefined): void {
  if (!dims) {
    if (core.strictImages) throw badRequest('IMAGE_PROCESS_FAILED');
    return;
  }
  const { width, height } = dims;
  if (
    width <= 0 ||
    height <= 0 ||
    width + height > 10_000 ||
    Math.max(width, height) / Math.min(width, height) > 20
  ) {
    throw badRequest('PHOTO_INVALID_DIMENSIONS');
  }
}

/** Image headers are near the start; enough for JPEG files with large EXIF blocks. */
async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function defaultMime(kind: FileKind): string | undefined {
  return kind === 'video' || kind === 'animation' ? 'video/mp4' : kind === 'audio' ? 'audio/mpeg' : undefined;
}

/** Several PhotoSize entries like Telegram's thumbnails; all share the original bytes. */
export function photoSizes(core: Core, file: StoredFile): StoredFile[] {
  const width = file.width ?? 0;
  const height = file.height ?? 0;
  const longest = Math.max(width, height);
  const sizes: StoredFile[] = [];
  for (const side of [90, 320, 800]) {
    if (longest > side) {
      const scale = side / longest;
      sizes.push(
        core.files.alias(file, { width: Math.round(width * scale), height: Math.round(height * scale) }),
      );
    }
  }
  sizes.push(file);
  return sizes;
}

const THUMBNAIL_SIDE = 320;
const thumbnails = new WeakMap<Core, Map<string, Promise<StoredFile>>>();

/**
 * A video's or animation's thumbnail, as Telegram makes one: a JPEG of at most 320 px on its longer
 * side (a flat grey picture here), its own file, the same one every time the video is sent again.
 */
export function videoThumbnail(core: Core, file: StoredFile): Promise<StoredFile> {
  let known = thumbnails.get(core);
  if (!known) {
    known = new Map();
    thumbnails.set(core, known);
  }
  const found = known.get(file.uniqueId);
  if (found) return found;
  const width = file.width || 16 * 20;
  const height = file.height || 9 * 20;
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const data = makeJpeg(w, h);
  const made = core.files.add(
    { type: 'buffer', data },
    { kind: 'photo', size: data.length, mimeType: 'image/jpeg', width: w, height: h },
  );
  known.set(file.uniqueId, made);
  return made;
}
