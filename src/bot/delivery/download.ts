/**
 * Downloads result files for upload when Telegram will not fetch a URL itself. Each file is
 * streamed to a temporary directory (never held whole in memory) with a size cap: 50 MB is what
 * a bot may upload to Telegram's cloud API, a local Bot API server takes up to 2000 MB. A file is
 * downloaded at most once per delivery, however many times it is sent (photo, then original).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent, type Dispatcher, interceptors, request } from 'undici';

const MB = 1024 * 1024;
/** Bot API upload limits (cloud / local server). */
export const CLOUD_UPLOAD_LIMIT_BYTES = 50 * MB;
export const LOCAL_UPLOAD_LIMIT_BYTES = 2000 * MB;

export type Downloaded =
  | { kind: 'ok'; path: string; size: number; contentType: string | undefined }
  /** 404/410: the file expired upstream (spec 2.4: the URL stays, the file goes). */
  | { kind: 'not_found' }
  | { kind: 'too_big'; size?: number }
  | { kind: 'failed'; reason: string };

const DIR_PREFIX = 'bot-delivery-';

/**
 * Removes download directories a crashed process left behind (a SIGKILL skips `cleanup()`).
 * Only ours (by prefix) and only old ones, so another process's delivery in progress is safe.
 */
export async function sweepStaleDownloads(maxAgeMs = 60 * 60_000, root = tmpdir()): Promise<number> {
  let removed = 0;
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const path = join(root, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isDirectory() || Date.now() - info.mtimeMs < maxAgeMs) continue;
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
    removed++;
  }
  return removed;
}

let defaultDispatcher: Dispatcher | undefined;

/** Follows a few redirects (result hosts may redirect to a CDN). */
function sharedDispatcher(): Dispatcher {
  defaultDispatcher ??= new Agent({ connect: { timeout: 15_000 } }).compose(
    interceptors.redirect({ maxRedirections: 5 }),
  );
  return defaultDispatcher;
}

class TooBig extends Error {}

export class DownloadCache {
  readonly #limitBytes: number;
  readonly #dispatcher: Dispatcher;
  readonly #files = new Map<string, Promise<Downloaded>>();
  #dir: Promise<string> | undefined;
  #counter = 0;

  constructor(opts: { limitBytes: number; dispatcher?: Dispatcher }) {
    this.#limitBytes = opts.limitBytes;
    this.#dispatcher = opts.dispatcher ?? sharedDispatcher();
  }

  get limitBytes(): number {
    return this.#limitBytes;
  }

  /** The file behind `url`, downloaded once. Never throws. */
  get(url: string): Promise<Downloaded> {
    let entry = this.#files.get(url);
    if (!entry) {
      entry = this.#download(url).catch((err: unknown) => ({
        kind: 'failed' as const,
        reason: err instanceof Error ? err.message : String(err),
      }));
      this.#files.set(url, entry);
    }
    return entry;
  }

  /** Removes every downloaded file. */
  async cleanup(): Promise<void> {
    const dir = this.#dir;
    this.#dir = undefined;
    this.#files.clear();
    if (dir) await rm(await dir, { recursive: true, force: true }).catch(() => undefined);
  }

  async #download(url: string): Promise<Downloaded> {
    const res = await request(url, {
      method: 'GET',
      dispatcher: this.#dispatcher,
      headersTimeout: 30_000,
      bodyTimeout: 60_000,
    });
    if (res.statusCode === 404 || res.statusCode === 410) {
      await res.body.dump();
      return { kind: 'not_found' };
    }
    if (res.statusCode < 200 || res.statusCode >= 300) {
      await res.body.dump();
      return { kind: 'failed', reason: `HTTP ${res.statusCode}` };
    }
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > this.#limitBytes) {
      // undici reports a destroyed body as an 'error' event: expected here, not worth a crash.
      res.body.once('error', () => undefined);
      res.body.destroy();
      return { kind: 'too_big', size: declared };
    }
    const contentType = headerValue(res.headers['content-type']);
    this.#dir ??= mkdtemp(join(tmpdir(), DIR_PREFIX));
    const path = join(await this.#dir, `file-${++this.#counter}`);
    let size = 0;
    const limit = this.#limitBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limit) done(new TooBig());
        else done(null, chunk);
      },
    });
    try {
      await pipeline(res.body, counter, createWriteStream(path));
    } catch (err) {
      await rm(path, { force: true }).catch(() => undefined);
      if (err instanceof TooBig) return { kind: 'too_big' };
      throw err;
    }
    if (size === 0) return { kind: 'failed', reason: 'empty file' };
    return { kind: 'ok', path, size, contentType };
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
