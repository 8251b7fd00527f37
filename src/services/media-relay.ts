/**
 * Relays a file a user sent in Telegram to the upstream `POST /upload`, streamed end to end: the
 * Telegram download (or, with a local Bot API server, the file on disk) is piped into the multipart
 * body chunk by chunk, so a 200 MB video never sits in memory. Then waits until the upload is ready.
 *
 * The bot token is part of every download URL: no message, log line or error cause built here
 * contains it.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { type Dispatcher, request } from 'undici';
import type { UploadSourcesRepository } from '../db/index.js';
import { SIGNATURE_BYTES, sniffMedia } from '../lib/media-signature.js';
import { redactSecrets } from '../lib/redact.js';
import type { ResellerClient } from '../reseller/client.js';
import { ResellerError } from '../reseller/errors.js';
import type { Upload } from '../reseller/schemas.js';
import { TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES } from './media-rules.js';
import {
  extensionOf,
  mediaClassOfExtension,
  type TelegramFileRef,
  telegramFileUrl,
} from './telegram-file.js';

export type MediaRelayErrorCode =
  | 'too_big_for_telegram'
  | 'telegram_download_failed'
  | 'upload_failed'
  | 'upload_not_ready'
  /** A document whose bytes are not what its name says (a PDF named cat.jpg). */
  | 'content_mismatch'
  /** The caller's signal fired; nothing to explain to the user. */
  | 'aborted';

export class MediaRelayError extends Error {
  override readonly name = 'MediaRelayError';
  readonly code: MediaRelayErrorCode;

  constructor(code: MediaRelayErrorCode, message: string, opts: { cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
  }

  /** The upstream error behind `upload_failed` / `upload_not_ready`, for the UI to explain its code. */
  get resellerError(): ResellerError | undefined {
    return this.cause instanceof ResellerError ? this.cause : undefined;
  }
}

export interface TelegramFileInfo {
  file_path?: string;
  file_size?: number;
}

export interface MediaRelayDeps {
  /** Bot API getFile, e.g. `(id) => bot.api.getFile(id)`. */
  getFile(fileId: string): Promise<TelegramFileInfo>;
  token: string;
  /** Bot API root without a trailing slash, e.g. https://api.telegram.org. */
  apiRoot: string;
  /** Local Bot API server: getFile returns an absolute path readable by this process. */
  localFiles: boolean;
  client: ResellerClient;
  logger: Logger;
  /** How long a `processing` upload (HEIC conversion) may take. Default 120 s. */
  readyTimeoutMs?: number;
  /** Poll interval while processing. Default 1 s. */
  readyIntervalMs?: number;
  /** Download cap in cloud mode. Default 20 MB. */
  cloudDownloadLimitBytes?: number;
  /** For the Telegram downloads; undici's global dispatcher when absent. */
  dispatcher?: Dispatcher;
  /** Where each upload came from is remembered here, so an older order's inputs can be uploaded again. */
  sources?: Pick<UploadSourcesRepository, 'record'>;
}

export interface RelayOptions {
  signal?: AbortSignal;
}

/** A byte source for one upload attempt, plus how to open a fresh copy for a retry. */
interface Source {
  body: Readable;
  size: number | undefined;
  reopen: () => Readable;
  /** Set when reading the source failed (as opposed to sending it upstream). */
  failure: () => unknown;
  /** Frees what an attempt left unread (an eagerly opened download the client never consumed). */
  release: () => void;
}

const MB = 1024 * 1024;

export class MediaRelay {
  readonly #deps: MediaRelayDeps;
  readonly #log: Logger;
  readonly #apiRoot: string;

  constructor(deps: MediaRelayDeps) {
    this.#deps = deps;
    this.#log = deps.logger.child({ component: 'media-relay' });
    this.#apiRoot = deps.apiRoot.replace(/\/+$/, '');
  }

  /** Uploads the file and resolves with the `ready` upload. Throws MediaRelayError only. */
  async relay(file: TelegramFileRef, opts: RelayOptions = {}): Promise<Upload> {
    const started = performance.now();
    const logFields = { kind: file.kind, fileUniqueId: file.fileUniqueId, local: this.#deps.localFiles };
    try {
      const upload = await this.#relay(file, opts.signal);
      this.#log.info(
        {
          ...logFields,
          tmpPath: upload.tmp_path,
          size: upload.size,
          ms: Math.round(performance.now() - started),
        },
        'media relayed',
      );
      await this.#remember(upload.tmp_path, file);
      return upload;
    } catch (err) {
      const e = this.#asRelayError(err, opts.signal);
      const upstream = e.resellerError;
      // A user who cancelled is not a fault worth a warning.
      this.#log[e.code === 'aborted' ? 'info' : 'warn'](
        {
          ...logFields,
          code: e.code,
          upstreamCode: upstream?.code,
          httpStatus: upstream?.httpStatus,
          err: e.message,
        },
        'media relay failed',
      );
      throw e;
    }
  }

  async #relay(file: TelegramFileRef, signal: AbortSignal | undefined): Promise<Upload> {
    const cloudLimit = this.#deps.localFiles
      ? null
      : (this.#deps.cloudDownloadLimitBytes ?? TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES);
    // Invariant 7: refuse from file_size before getFile, which would fail anyway ("file is too big").
    if (cloudLimit !== null && file.fileSize !== undefined && file.fileSize > cloudLimit) {
      throw tooBig(file.fileSize, cloudLimit);
    }
    const info = await this.#getFile(file.fileId);
    const size = info.file_size ?? file.fileSize;
    if (cloudLimit !== null && size !== undefined && size > cloudLimit) throw tooBig(size, cloudLimit);

    const path = info.file_path;
    if (!path) throw new MediaRelayError('telegram_download_failed', 'getFile returned no file_path');
    // A local server started without --local still answers relative paths: download those over HTTP.
    const source =
      this.#deps.localFiles && isAbsolute(path)
        ? await openLocal(path)
        : await this.#openDownload(path, size, signal);

    // Documents come with any name the sender chose: their first bytes must agree with it.
    if (file.kind === 'document') {
      const expected = mediaClassOfExtension(extensionOf(file));
      try {
        source.body = await checkSignature(source.body, expected);
      } catch (err) {
        source.release();
        throw err;
      }
    }

    let upload: Upload;
    try {
      upload = await this.#deps.client.upload(
        {
          body: source.body,
          filename: uploadName(file),
          ...(contentTypeOf(file) !== undefined && { contentType: contentTypeOf(file) }),
          ...(source.size !== undefined && { size: source.size }),
          reopen: source.reopen,
        },
        { signal },
      );
    } catch (err) {
      // A failed read surfaces upstream as a broken request body: name the side that really failed.
      const readFailure = source.failure();
      if (readFailure !== undefined && !signal?.aborted) {
        throw new MediaRelayError(
          'telegram_download_failed',
          `reading the Telegram file failed: ${this.#describe(readFailure)}`,
          {
            cause: this.#sanitize(readFailure),
          },
        );
      }
      throw err;
    } finally {
      source.release();
    }
    return this.#whenReady(upload, signal);
  }

  /** A source left unrecorded only means that file is asked again later: it never fails the upload. */
  async #remember(path: string, file: TelegramFileRef): Promise<void> {
    try {
      await this.#deps.sources?.record({
        path,
        kind: file.kind,
        telegramFileId: file.fileId,
        telegramFileUniqueId: file.fileUniqueId,
        fileName: file.fileName ?? null,
        mimeType: file.mimeType ?? null,
      });
    } catch (err) {
      this.#log.warn({ err, tmpPath: path }, 'upload source not recorded');
    }
  }

  async #getFile(fileId: string): Promise<TelegramFileInfo> {
    try {
      return await this.#deps.getFile(fileId);
    } catch (err) {
      const text = this.#describe(err);
      // The cloud server's own answer when file_size was unknown to us.
      if (/file is too big/i.test(text)) {
        throw new MediaRelayError('too_big_for_telegram', `getFile refused the file: ${text}`, {
          cause: this.#sanitize(err),
        });
      }
      throw new MediaRelayError('telegram_download_failed', `getFile failed: ${text}`, {
        cause: this.#sanitize(err),
      });
    }
  }

  /** Opens the HTTP download now (so a 404 fails before the upload starts); retries download afresh. */
  async #openDownload(
    filePath: string,
    knownSize: number | undefined,
    signal: AbortSignal | undefined,
  ): Promise<Source> {
    const url = telegramFileUrl(this.#apiRoot, this.#deps.token, filePath);
    const first = await this.#get(url, signal);
    first.body.on('error', () => {}); // destroyed unread by release(): expected, not a crash
    const declared = Number(first.headers['content-length']);
    const size = Number.isSafeInteger(declared) && declared >= 0 ? declared : knownSize;
    const tracker = new ReadTracker();
    return {
      body: tracker.stream(() => first.body),
      size,
      // Lazy: a retry starts a fresh download only when the client reads the new body.
      reopen: () => tracker.stream(async () => (await this.#get(url, signal)).body),
      failure: () => tracker.failure,
      release: () => first.body.destroy(),
    };
  }

  async #get(url: string, signal: AbortSignal | undefined): Promise<Dispatcher.ResponseData> {
    let res: Dispatcher.ResponseData;
    try {
      res = await request(url, {
        method: 'GET',
        ...(signal && { signal }),
        ...(this.#deps.dispatcher && { dispatcher: this.#deps.dispatcher }),
      });
    } catch (err) {
      throw new MediaRelayError('telegram_download_failed', `file download failed: ${this.#describe(err)}`, {
        cause: this.#sanitize(err),
      });
    }
    if (res.statusCode !== 200) {
      res.body.dump().catch(() => {}); // free the connection; the body is an error page
      throw new MediaRelayError('telegram_download_failed', `file download answered HTTP ${res.statusCode}`);
    }
    return res;
  }

  async #whenReady(upload: Upload, signal: AbortSignal | undefined): Promise<Upload> {
    if (upload.status === 'ready') return upload;
    if (upload.status !== 'processing') {
      throw new MediaRelayError(
        'upload_failed',
        `upload ${upload.tmp_path} answered status ${upload.status}`,
      );
    }
    try {
      return await this.#deps.client.waitForUploadReady(upload.tmp_path, {
        timeoutMs: this.#deps.readyTimeoutMs ?? 120_000,
        intervalMs: this.#deps.readyIntervalMs ?? 1_000,
        ...(signal && { signal }),
      });
    } catch (err) {
      if (err instanceof ResellerError && err.code === 'timeout') {
        throw new MediaRelayError('upload_not_ready', `upload ${upload.tmp_path} is still processing`, {
          cause: err,
        });
      }
      throw err;
    }
  }

  #asRelayError(err: unknown, signal: AbortSignal | undefined): MediaRelayError {
    if (err instanceof MediaRelayError) return err;
    if (signal?.aborted || (err instanceof ResellerError && err.code === 'aborted')) {
      return new MediaRelayError('aborted', 'media relay aborted by the caller', { cause: err });
    }
    if (err instanceof ResellerError) {
      return new MediaRelayError(
        'upload_failed',
        `upload failed (${err.code}): ${this.#redact(err.message)}`,
        {
          cause: err,
        },
      );
    }
    return new MediaRelayError('upload_failed', `upload failed: ${this.#describe(err)}`, {
      cause: this.#sanitize(err),
    });
  }

  #redact(text: string): string {
    return redactSecrets(text, [this.#deps.token]);
  }

  #describe(err: unknown): string {
    return this.#redact(err instanceof Error ? err.message : String(err));
  }

  /** A copy of a foreign error without anything that may carry the token (URLs in messages, stacks, causes). */
  #sanitize(err: unknown): Error {
    const copy = new Error(this.#describe(err));
    copy.name = err instanceof Error ? err.name : 'Error';
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' || typeof code === 'number') Object.assign(copy, { code });
    copy.stack = `${copy.name}: ${copy.message}`;
    return copy;
  }
}

function tooBig(size: number, limit: number): MediaRelayError {
  return new MediaRelayError(
    'too_big_for_telegram',
    `file of ${(size / MB).toFixed(1)} MB is over the ${(limit / MB).toFixed(0)} MB Bot API download limit`,
  );
}

async function openLocal(path: string): Promise<Source> {
  let size: number;
  try {
    size = (await stat(path)).size; // the file itself, not the sender's file_size
  } catch (err) {
    // Only the errno code: a local Bot API server keeps files under a directory named after the token.
    const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new MediaRelayError('telegram_download_failed', `local file unreadable (${code})`);
  }
  const tracker = new ReadTracker();
  const open = () => tracker.stream(() => createReadStream(path));
  // Streams open the file lazily, when first read: nothing to release.
  return { body: open(), size, reopen: open, failure: () => tracker.failure, release: () => {} };
}

/**
 * Wraps byte sources so that an error raised while READING one is remembered. An error the consumer
 * throws back in (Readable.from passes a destroy error to the generator at its `yield`: the upstream
 * answered mid-body and undici aborted the request) is not a read failure and is not recorded.
 */
class ReadTracker {
  failure: unknown;

  stream(open: () => Readable | Promise<Readable>): Readable {
    const self = this;
    const fail = (err: unknown): never => {
      self.failure ??= err;
      throw err;
    };
    return Readable.from(
      (async function* () {
        self.failure = undefined; // a fresh attempt
        const source = await Promise.resolve().then(open).catch(fail);
        source.on('error', () => {}); // errors reach us through the iterator; never an unhandled event
        const chunks = source[Symbol.asyncIterator]();
        try {
          for (;;) {
            const next = await chunks.next().catch(fail);
            if (next.done) return;
            yield next.value as Buffer;
          }
        } finally {
          await chunks.return?.();
        }
      })(),
      { objectMode: false },
    );
  }
}

/** The original file name, else `<kind>-<file_unique_id>.<ext>`. */
function uploadName(file: TelegramFileRef): string {
  const name = file.fileName?.split(/[\\/]/).pop()?.trim();
  if (name) return name;
  const ext = extensionOf(file);
  return `${file.kind}-${file.fileUniqueId}${ext ? `.${ext}` : ''}`;
}

/** The sender's MIME type when it says something; else the client guesses from the file name. */
function contentTypeOf(file: TelegramFileRef): string | undefined {
  const mime = file.mimeType?.trim();
  if (!mime || mime === 'application/octet-stream') return undefined;
  return mime;
}

/**
 * Reads the first bytes of `body` and checks that they are the kind of media the name promises;
 * resolves with a stream that still yields every byte.
 */
async function checkSignature(body: Readable, expected: 'image' | 'video' | undefined): Promise<Readable> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SIGNATURE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
    size += next.value.length;
  }
  const actual = sniffMedia(Buffer.concat(head, size))?.family;
  if (actual === undefined || (expected !== undefined && actual !== expected)) {
    body.destroy();
    throw new MediaRelayError(
      'content_mismatch',
      `file content is ${actual ?? 'not an image or video'}, its name says ${expected ?? 'nothing known'}`,
    );
  }
  return Readable.from(
    (async function* () {
      yield* head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
}
