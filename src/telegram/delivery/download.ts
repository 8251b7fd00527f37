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
import { Agent, type Dispatcher, request } from 'undici';
import { type MediaSignature, SIGNATURE_BYTES, sniffMedia } from '../../lib/media-signature.js';
import { checkUrl, guardedLookup, type UrlPolicy } from '../../lib/url-policy.js';

const MB = 1024 * 1024;
/** Bot API upload limits (cloud / local server). */
export const CLOUD_UPLOAD_LIMIT_BYTES = 50 * MB;
export const LOCAL_UPLOAD_LIMIT_BYTES = 2000 * MB;

export type Downloaded =
  | { kind: 'ok'; path: string; size: number; contentType: string | undefined; media: MediaSignature }
  /** 404/410: the file expired upstream (spec 2.4: the URL stays, the file goes). */
  | { kind: 'not_found' }
  | { kind: 'too_big'; size?: number }
  | { kind: 'failed'; reason: string }
  /** The URL policy refused it (scheme, private address): never fetched. */
  | { kind: 'refused'; reason: string }
  /** The bytes are not an image or a video (an HTML or JSON page): never sent as a result. */
  | { kind: 'not_media'; contentType: string | undefined };

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

/** Redirect hops followed (result hosts may redirect to a CDN); each hop passes the URL policy. */
const MAX_REDIRECTS = 5;

export interface DownloadLimits {
  /** The whole download, headers to last byte (default 5 min). */
  deadlineMs: number;
  /** Below this average rate over a window the download is given up (default 32 KB/s over 20 s). */
  minBytesPerSecond: number;
  rateWindowMs: number;
}

const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  deadlineMs: 5 * 60_000,
  minBytesPerSecond: 32 * 1024,
  rateWindowMs: 20_000,
};

const dispatchers = new Map<string, Dispatcher>();

/** One keep-alive agent per policy whose DNS answers pass the policy at connect time. */
function policyDispatcher(policy: UrlPolicy): Dispatcher {
  const key = `${policy.allowHttp}:${policy.allowPrivate}:${policy.trustedOrigins?.join(' ') ?? ''}`;
  let agent = dispatchers.get(key);
  if (!agent) {
    agent = new Agent({ connect: { timeout: 15_000, lookup: guardedLookup(policy) } });
    dispatchers.set(key, agent);
  }
  return agent;
}

class TooBig extends Error {}
class TooSlow extends Error {}

export class DownloadCache {
  readonly #limitBytes: number;
  readonly #policy: UrlPolicy;
  readonly #dispatcher: Dispatcher;
  readonly #limits: DownloadLimits;
  readonly #signal: AbortSignal | undefined;
  readonly #files = new Map<string, Promise<Downloaded>>();
  #dir: Promise<string> | undefined;
  #counter = 0;

  constructor(opts: {
    limitBytes: number;
    policy: UrlPolicy;
    dispatcher?: Dispatcher;
    limits?: Partial<DownloadLimits>;
    /** Shutdown: every download in flight stops. */
    signal?: AbortSignal;
  }) {
    this.#limitBytes = opts.limitBytes;
    this.#policy = opts.policy;
    this.#dispatcher = opts.dispatcher ?? policyDispatcher(opts.policy);
    this.#limits = { ...DEFAULT_DOWNLOAD_LIMITS, ...opts.limits };
    this.#signal = opts.signal;
  }

  get limitBytes(): number {
    return this.#limitBytes;
  }

  /** The file behind `url`, downloaded once. Throws only once `signal` (shutdown) has fired. */
  get(url: string): Promise<Downloaded> {
    let entry = this.#files.get(url);
    if (!entry) {
      entry = this.#download(url).catch((err: unknown) => {
        // Shutting down is not a failed file: the delivery stops and is done after the restart.
        if (this.#signal?.aborted) throw err;
        return { kind: 'failed' as const, reason: err instanceof Error ? err.message : String(err) };
      });
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
    const deadline = AbortSignal.timeout(this.#limits.deadlineMs);
    const signal = this.#signal ? AbortSignal.any([deadline, this.#signal]) : deadline;
    let target = url;
    for (let hop = 0; ; hop++) {
      const verdict = checkUrl(target, this.#policy);
      if (!verdict.ok) return { kind: 'refused', reason: verdict.reason };
      const res = await request(verdict.url, {
        method: 'GET',
        dispatcher: this.#dispatcher,
        headersTimeout: 30_000,
        bodyTimeout: 60_000,
        signal,
      });
      const location = headerValue(res.headers.location);
      if (res.statusCode >= 300 && res.statusCode < 400 && location) {
        await res.body.dump();
        if (hop >= MAX_REDIRECTS) return { kind: 'failed', reason: 'too many redirects' };
        target = new URL(location, verdict.url).href;
        continue;
      }
      return this.#save(res, signal);
    }
  }

  async #save(res: Dispatcher.ResponseData, signal: AbortSignal): Promise<Downloaded> {
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
    let head = Buffer.alloc(0);
    const limit = this.#limitBytes;
    const { minBytesPerSecond, rateWindowMs } = this.#limits;
    let windowStart = Date.now();
    let windowBytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        windowBytes += chunk.length;
        if (head.length < SIGNATURE_BYTES) head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES)]);
        if (size > limit) return done(new TooBig());
        done(null, chunk);
      },
    });
    // A trickle holds a delivery slot as long as a real download: give it up below the minimum rate.
    const rateCheck = setInterval(() => {
      const elapsed = Date.now() - windowStart;
      if (windowBytes < (minBytesPerSecond * elapsed) / 1000) counter.destroy(new TooSlow());
      windowStart = Date.now();
      windowBytes = 0;
    }, rateWindowMs);
    rateCheck.unref();
    try {
      await pipeline(res.body, counter, createWriteStream(path), { signal });
    } catch (err) {
      await rm(path, { force: true }).catch(() => undefined);
      if (err instanceof TooBig) return { kind: 'too_big' };
      if (err instanceof TooSlow) return { kind: 'failed', reason: 'slower than the minimum rate' };
      if (this.#signal?.aborted) throw new Error('download stopped: shutting down');
      if (signal.aborted) return { kind: 'failed', reason: 'download deadline passed' };
      throw err;
    } finally {
      clearInterval(rateCheck);
    }
    if (size === 0) return { kind: 'failed', reason: 'empty file' };
    const media = sniffMedia(head);
    if (!media) return { kind: 'not_media', contentType };
    return { kind: 'ok', path, size, contentType, media };
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
