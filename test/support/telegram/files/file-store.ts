import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { extFromMime } from './mime.js';

export type FileKind = 'photo' | 'video' | 'animation' | 'document' | 'audio';

/** Where the bytes live: memory, a file on disk, or "size zero bytes" generated on demand (fake big files). */
export type FileContent =
  | { type: 'buffer'; data: Buffer }
  | { type: 'disk'; path: string }
  | { type: 'zeros' };

export interface FileMeta {
  kind: FileKind;
  size: number;
  mimeType?: string | undefined;
  fileName?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  duration?: number | undefined;
}

export interface StoredFile extends FileMeta {
  fileId: string;
  uniqueId: string;
  /** Relative download path: GET /file/bot<token>/<filePath>. */
  filePath: string;
  content: FileContent;
}

const ID_PREFIX: Record<FileKind, string> = {
  photo: 'AgACAgIAAxkBAAI',
  video: 'BAACAgIAAxkBAAI',
  animation: 'CgACAgIAAxkBAAI',
  document: 'BQACAgIAAxkBAAI',
  audio: 'CQACAgIAAxkBAAI',
};

const FOLDER: Record<FileKind, string> = {
  photo: 'photos',
  video: 'videos',
  animation: 'animations',
  document: 'documents',
  audio: 'music',
};

const DEFAULT_EXT: Record<FileKind, string> = {
  photo: 'jpg',
  video: 'mp4',
  animation: 'mp4',
  document: 'dat',
  audio: 'mp3',
};

const ZERO_CHUNK = Buffer.alloc(64 * 1024);

/** Every file the emulator knows (sent by users or by the bot), addressable by file_id and by download path. */
export class FileStore {
  private readonly byId = new Map<string, StoredFile>();
  private readonly byFilePath = new Map<string, StoredFile>();
  private counter = 0;

  /** In local mode every file is materialised under this directory so getFile can return an absolute path. */
  constructor(private readonly localDir?: string) {}

  async add(content: FileContent, meta: FileMeta): Promise<StoredFile> {
    const n = this.counter++;
    const ext = extensionOf(meta);
    const filePath = `${FOLDER[meta.kind]}/file_${n}.${ext}`;
    const file: StoredFile = {
      ...meta,
      fileId: this.newId(meta.kind, n),
      uniqueId: `AQAD${n.toString(36)}${randomBytes(3).toString('hex')}`,
      filePath,
      content: this.localDir
        ? await this.materialize(content, meta.size, join(this.localDir, filePath))
        : content,
    };
    this.index(file);
    return file;
  }

  /** Another PhotoSize of the same picture: its own file_id, same bytes (the emulator does not resize). */
  alias(file: StoredFile, meta: { width: number; height: number }): StoredFile {
    const n = this.counter++;
    const copy: StoredFile = {
      ...file,
      ...meta,
      fileId: this.newId(file.kind, n),
      uniqueId: `AQAD${n.toString(36)}${randomBytes(3).toString('hex')}`,
    };
    this.byId.set(copy.fileId, copy);
    return copy;
  }

  get(fileId: string): StoredFile | undefined {
    return this.byId.get(fileId);
  }

  /** Accepts the relative file_path, or in local mode the absolute one. */
  byPath(filePath: string): StoredFile | undefined {
    return this.byFilePath.get(filePath) ?? this.byFilePath.get(`/${filePath}`);
  }

  /** The absolute path getFile reports in local mode. */
  localPath(file: StoredFile): string | undefined {
    return file.content.type === 'disk' && this.localDir ? file.content.path : undefined;
  }

  async read(file: StoredFile): Promise<Buffer> {
    const c = file.content;
    if (c.type === 'buffer') return c.data;
    if (c.type === 'disk') return readFile(c.path);
    return Buffer.alloc(file.size);
  }

  /** Streams without buffering, so multi-hundred-MB downloads do not sit in memory. */
  stream(file: StoredFile): Readable {
    const c = file.content;
    if (c.type === 'buffer') return Readable.from([c.data]);
    if (c.type === 'disk') return createReadStream(c.path);
    return Readable.from(zeros(file.size));
  }

  private index(file: StoredFile): void {
    this.byId.set(file.fileId, file);
    this.byFilePath.set(file.filePath, file);
    const local = this.localPath(file);
    if (local) this.byFilePath.set(local, file);
  }

  private newId(kind: FileKind, n: number): string {
    return `${ID_PREFIX[kind]}${n.toString(36).padStart(4, '0')}${randomBytes(18).toString('base64url')}`;
  }

  private async materialize(content: FileContent, size: number, target: string): Promise<FileContent> {
    const dir = this.localDir!;
    if (content.type === 'disk' && !relative(resolve(dir), resolve(content.path)).startsWith('..')) {
      return { type: 'disk', path: resolve(content.path) };
    }
    await mkdir(dirname(target), { recursive: true });
    if (content.type === 'buffer') await writeFile(target, content.data);
    else if (content.type === 'disk') await copyFile(content.path, target);
    else {
      // A sparse file: a 2 GB fake costs no disk space.
      const handle = await open(target, 'w');
      await handle.truncate(size);
      await handle.close();
    }
    return { type: 'disk', path: target };
  }
}

function extensionOf(meta: FileMeta): string {
  const fromName = meta.fileName?.includes('.') ? meta.fileName.split('.').pop() : undefined;
  return (fromName || extFromMime(meta.mimeType) || DEFAULT_EXT[meta.kind]).toLowerCase();
}

function* zeros(size: number): Generator<Buffer> {
  for (let left = size; left > 0; left -= ZERO_CHUNK.length) {
    yield left >= ZERO_CHUNK.length ? ZERO_CHUNK : ZERO_CHUNK.subarray(0, left);
  }
}

export async function fileSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch {
    return undefined;
  }
}
