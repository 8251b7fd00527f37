/**
 * Typed client of the Reseller Generation API: one method per endpoint, every body checked with the
 * zod schemas, every failure a ResellerError. Retries only where repeating cannot cost money twice.
 */
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { Agent, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { redactSecrets } from '../lib/redact.js';
import { ResellerError } from './errors.js';
import { type CatalogReading, readModels } from './model-readings.js';
import { buildMultipart, type UploadFile } from './multipart.js';
import { errorFromResponse, parseResponse, type ResponseInput } from './response.js';
import { DEFAULT_RETRY, nextDelay, parseRetryAfter, type RetryPolicy } from './retry.js';
import {
  balanceResponse,
  type CreateOrderRequest,
  type GenerationRequest,
  type Model,
  modelsResponse,
  type Order,
  orderResponse,
  type PromptsPage,
  promptsResponse,
  type Quote,
  quoteResponse,
  type Upload,
  uploadResponse,
} from './schemas.js';
import { type ExchangeRequest, type ExchangeResponse, exchange, type TransportConfig } from './transport.js';

export type { UploadFile } from './multipart.js';

export interface ResellerTimeouts {
  /** GETs, cancel, upload status, preview headers. */
  defaultMs: number;
  /** POST /upload, whole body included. */
  uploadMs: number;
  /** POST /orders and POST /orders/quote. */
  orderMs: number;
}

export interface ResellerClientOptions {
  /** Ends with /api/v1. */
  baseUrl: string;
  apiKey: string;
  /** Logs method, path, status, duration and attempt; never headers, bodies or the key. */
  logger?: Logger;
  timeouts?: Partial<ResellerTimeouts>;
  retry?: Partial<RetryPolicy>;
  /** Keep-alive Agent owned by the client when absent (closed by `close()`). */
  dispatcher?: Dispatcher;
  /** Injectable for tests: the backoff waits go through it. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable jitter source in [0, 1). */
  random?: () => number;
  userAgent?: string;
  /** Largest JSON answer read (default 4 MB): a bigger one fails that call, never the process. */
  maxResponseBytes?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export interface CallOptions {
  signal?: AbortSignal;
}

export interface PromptsQuery {
  type?: 'image' | 'video';
  category?: string;
  search?: string;
  page?: number;
  perPage?: number;
}

export interface Preview {
  contentType: string | undefined;
  size: number | undefined;
  body: Readable;
}

const DEFAULT_TIMEOUTS: ResellerTimeouts = {
  defaultMs: 15_000,
  uploadMs: 10 * 60_000,
  orderMs: 30_000,
};

interface Call<T> {
  method: 'GET' | 'POST';
  path: string;
  query?: ExchangeRequest['query'];
  /** Built per attempt, so a replayable upload gets a fresh stream each time. */
  body?: (() => { body: string | Readable; headers: Record<string, string> }) | undefined;
  headers?: Record<string, string>;
  accept?: string;
  timeoutMs: number;
  /** Whether repeating this exact request is safe (see the method docs). */
  retry: boolean;
  signal?: AbortSignal | undefined;
  handle: (res: ExchangeResponse, secrets: readonly string[]) => Promise<T>;
}

function jsonBody(value: unknown): () => { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(value);
  return () => ({ body, headers: { 'content-type': 'application/json' } });
}

function uuidOf(tmpPath: string): string {
  return tmpPath.startsWith('tmp/') ? tmpPath.slice(4) : tmpPath;
}

/**
 * The body as text, read chunk by chunk and abandoned as soon as it passes `maxBytes` (declared or
 * streamed), so a runaway answer costs a few MB, not the process.
 */
async function readCapped(res: ExchangeResponse, maxBytes: number): Promise<string> {
  const tooLarge = () => {
    res.body.once('error', () => undefined);
    res.body.destroy();
    // Outcome unknown for a POST (the request may have been processed): callers keep the same key.
    return new ResellerError('bad_response', `response larger than ${maxBytes} bytes: not read`, {
      httpStatus: res.statusCode,
    });
  };
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

async function responseInput(
  res: ExchangeResponse,
  secrets: readonly string[],
  maxBytes: number,
): Promise<ResponseInput> {
  return {
    status: res.statusCode,
    text: await readCapped(res, maxBytes),
    retryAfterMs: parseRetryAfter(res.headers['retry-after']),
    secrets,
  };
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class ResellerClient {
  readonly baseUrl: string;
  readonly #transport: TransportConfig;
  readonly #ownsDispatcher: boolean;
  readonly #timeouts: ResellerTimeouts;
  readonly #retry: RetryPolicy;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #random: () => number;
  readonly #secrets: readonly string[];
  readonly #maxResponseBytes: number;

  constructor(opts: ResellerClientOptions) {
    const url = new URL(opts.baseUrl); // throws on a malformed base URL at start-up, not on first call
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('baseUrl must be http(s)');
    if (!opts.apiKey) throw new TypeError('apiKey is required');
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.#ownsDispatcher = !opts.dispatcher;
    this.#transport = {
      baseUrl: this.baseUrl,
      apiKey: opts.apiKey,
      dispatcher: opts.dispatcher ?? new Agent({ keepAliveTimeout: 10_000, connections: 32 }),
      userAgent: opts.userAgent ?? 'reseller-media-bot/0.1',
      logger: opts.logger?.child({ component: 'reseller' }),
    };
    this.#timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
    this.#retry = { ...DEFAULT_RETRY, ...opts.retry };
    this.#sleep = opts.sleep ?? defaultSleep;
    this.#random = opts.random ?? Math.random;
    this.#secrets = [opts.apiKey];
    this.#maxResponseBytes = opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  }

  /** Closes the connection pool if the client created it. */
  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#transport.dispatcher.close();
  }

  /** GET /balance. Retried. */
  async getBalance(opts?: CallOptions): Promise<{ balanceUsd: string }> {
    const r = await this.#json('GET', '/balance', balanceResponse, { retry: true, signal: opts?.signal });
    return { balanceUsd: r.balance_usd };
  }

  /** GET /models, read model by model (model-readings.ts): the readable ones and why others are not. Retried. */
  async readCatalog(opts?: CallOptions): Promise<CatalogReading> {
    const r = await this.#json('GET', '/models', modelsResponse, { retry: true, signal: opts?.signal });
    return readModels(r.models);
  }

  /** GET /models: the readable models. Retried. */
  async listModels(opts?: CallOptions): Promise<Model[]> {
    return (await this.readCatalog(opts)).models;
  }

  /**
   * POST /upload as a streamed multipart body (one part `file`). Retried only when the bytes can be
   * sent again: a Buffer body, or a `reopen` that yields a fresh stream. A repeated upload at worst
   * leaves an unused temporary file upstream (it expires, nothing is charged).
   */
  async upload(file: UploadFile, opts?: CallOptions): Promise<Upload> {
    const replayable = Buffer.isBuffer(file.body) || file.body instanceof Uint8Array || !!file.reopen;
    let first = true;
    const r = await this.#call({
      method: 'POST',
      path: '/upload',
      timeoutMs: this.#timeouts.uploadMs,
      retry: replayable,
      signal: opts?.signal,
      body: () => {
        const source = first || !file.reopen ? file.body : file.reopen();
        first = false;
        const mp = buildMultipart('file', file, source);
        const headers: Record<string, string> = { 'content-type': mp.contentType };
        if (mp.contentLength !== undefined) headers['content-length'] = String(mp.contentLength);
        return { body: mp.body, headers };
      },
      handle: (res, secrets) => this.#parse(uploadResponse, res, secrets),
    });
    return r.upload;
  }

  /** GET /upload/status. Retried. */
  async getUploadStatus(tmpPath: string, opts?: CallOptions): Promise<Upload> {
    const r = await this.#json('GET', '/upload/status', uploadResponse, {
      retry: true,
      signal: opts?.signal,
      query: { tmp_path: tmpPath },
    });
    return r.upload;
  }

  /**
   * Polls /upload/status while the upload is `processing` (HEIC conversion). Resolves with the ready
   * upload; throws `upload_failed` for any other status, `timeout` when it stays processing too long.
   */
  async waitForUploadReady(
    tmpPath: string,
    opts: { timeoutMs?: number; intervalMs?: number; signal?: AbortSignal } = {},
  ): Promise<Upload> {
    const timeoutMs = opts.timeoutMs ?? 120_000;
    const intervalMs = opts.intervalMs ?? 1_000;
    const deadline = Date.now() + timeoutMs;
    // Counted as well as measured, so an instant test sleep still ends the loop.
    for (let waited = 0; ; waited += intervalMs) {
      let upload: Upload | undefined;
      try {
        upload = await this.getUploadStatus(tmpPath, { signal: opts.signal });
      } catch (err) {
        if (!(err instanceof ResellerError && err.code === 'upload_processing')) throw err;
      }
      if (upload && upload.status !== 'processing') {
        if (upload.status === 'ready') return upload;
        throw new ResellerError('upload_failed', `upload ${tmpPath} ended as ${upload.status}`, {
          details: { raw: upload },
        });
      }
      if (waited + intervalMs > timeoutMs || Date.now() + intervalMs > deadline) {
        throw new ResellerError('timeout', `upload ${tmpPath} still processing after ${timeoutMs} ms`);
      }
      await this.#pause(intervalMs, opts.signal);
    }
  }

  /**
   * GET /upload/preview/{uuid}: the uploaded bytes as a stream. Retried until the response headers
   * arrive; the caller must consume or destroy `body`.
   */
  async openPreview(tmpPath: string, opts?: CallOptions): Promise<Preview> {
    return this.#call({
      method: 'GET',
      path: `/upload/preview/${encodeURIComponent(uuidOf(tmpPath))}`,
      accept: 'application/json, */*;q=0.8', // JSON errors, any type of file
      timeoutMs: this.#timeouts.defaultMs,
      retry: true,
      signal: opts?.signal,
      handle: async (res, secrets) => {
        if (res.statusCode < 200 || res.statusCode >= 300) {
          throw (
            errorFromResponse(await responseInput(res, secrets, this.#maxResponseBytes)) ??
            new ResellerError('bad_response', '')
          );
        }
        // undici turns destroy() without an error into an 'error' event; a caller that just drops the
        // preview must not crash the process, and pipeline/for-await still see real errors.
        res.body.on('error', () => {});
        const length = Number(res.headers['content-length']);
        const type = res.headers['content-type'];
        return {
          contentType: Array.isArray(type) ? type[0] : type,
          size: Number.isFinite(length) ? length : undefined,
          body: res.body,
        };
      },
    });
  }

  /** POST /orders/quote. Retried: a quote is free and creates nothing. */
  async quote(req: GenerationRequest, opts?: CallOptions): Promise<Quote> {
    return this.#json('POST', '/orders/quote', quoteResponse, {
      retry: true,
      signal: opts?.signal,
      body: jsonBody(req),
      timeoutMs: this.#timeouts.orderMs,
    });
  }

  /**
   * POST /orders. Retried on transport failures, 5xx, 429 and server_busy with the SAME Idempotency-Key:
   * by spec 4.7 rule 1 a repeat returns the original order, so a lost response never charges twice.
   * Business errors (4xx) are never retried.
   */
  async createOrder(req: CreateOrderRequest, idempotencyKey: string, opts?: CallOptions): Promise<Order> {
    if (!idempotencyKey.trim()) throw new TypeError('idempotencyKey must be a non-empty string');
    const r = await this.#json('POST', '/orders', orderResponse, {
      retry: true,
      signal: opts?.signal,
      body: jsonBody(req),
      headers: { 'idempotency-key': idempotencyKey },
      timeoutMs: this.#timeouts.orderMs,
    });
    return r.order;
  }

  /** GET /orders/{id}. Retried. */
  async getOrder(id: string, opts?: CallOptions): Promise<Order> {
    const r = await this.#json('GET', `/orders/${encodeURIComponent(id)}`, orderResponse, {
      retry: true,
      signal: opts?.signal,
    });
    return r.order;
  }

  /**
   * POST /orders/{id}/cancel. Retried: cancelling is idempotent in effect (a repeat can only find the
   * order cancelled, pending or finished). If a retry finds it already cancelled (`cannot_cancel` with a
   * cancelled order) our earlier attempt won and that order is returned. Other failures throw with
   * `details.order` when the envelope carries it.
   */
  async cancelOrder(id: string, opts?: CallOptions): Promise<Order> {
    try {
      const r = await this.#json('POST', `/orders/${encodeURIComponent(id)}/cancel`, orderResponse, {
        retry: true,
        signal: opts?.signal,
      });
      return r.order;
    } catch (err) {
      if (!(err instanceof ResellerError)) throw err;
      const order = err.details.order;
      const earlierAttempt = (err.request?.attempts ?? 1) > 1;
      if (earlierAttempt && err.code === 'cannot_cancel' && order?.status === 'cancelled') return order;
      throw err;
    }
  }

  /** GET /prompts. Retried. */
  async listPrompts(q: PromptsQuery = {}, opts?: CallOptions): Promise<PromptsPage> {
    return this.#json('GET', '/prompts', promptsResponse, {
      retry: true,
      signal: opts?.signal,
      query: { type: q.type, category: q.category, search: q.search, page: q.page, per_page: q.perPage },
    });
  }

  #json<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    o: Partial<Omit<Call<z.output<S>>, 'method' | 'path' | 'handle'>>,
  ): Promise<z.output<S>> {
    return this.#call({
      method,
      path,
      timeoutMs: this.#timeouts.defaultMs,
      retry: false,
      ...o,
      handle: (res, secrets) => this.#parse(schema, res, secrets),
    });
  }

  async #parse<S extends z.ZodType>(
    schema: S,
    res: ExchangeResponse,
    secrets: readonly string[],
  ): Promise<z.output<S>> {
    return parseResponse(schema, await responseInput(res, secrets, this.#maxResponseBytes));
  }

  /** The retry loop around single exchanges. */
  async #call<T>(c: Call<T>): Promise<T> {
    const maxAttempts = c.retry ? this.#retry.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const built = c.body?.(); // outside the try: a failing reopen() is the caller's error, not ours
      try {
        return await exchange(
          this.#transport,
          {
            method: c.method,
            path: c.path,
            query: c.query,
            headers: { ...c.headers, ...built?.headers },
            body: built?.body,
            accept: c.accept,
            timeoutMs: c.timeoutMs,
            attempt,
            signal: c.signal,
          },
          (res) => c.handle(res, this.#secrets),
        );
      } catch (err) {
        // exchange() maps every failure; the fallback only guards against a bug there.
        const e =
          err instanceof ResellerError
            ? err
            : new ResellerError('network_error', redactSecrets(String(err), this.#secrets), { cause: err });
        e.request = { method: c.method, path: c.path, attempts: attempt };
        const delay =
          c.retry && e.retryable && attempt < maxAttempts && !c.signal?.aborted
            ? nextDelay(attempt - 1, e.details.retryAfterMs, this.#retry, this.#random)
            : undefined;
        if (delay === undefined) throw e;
        this.#transport.logger?.warn(
          { method: c.method, path: c.path, attempt, code: e.code, status: e.httpStatus, delayMs: delay },
          'reseller request retry',
        );
        await this.#pause(delay, c.signal);
      }
    }
  }

  /** The injected sleep, cut short by the caller's signal. */
  async #pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (!signal) return this.#sleep(ms);
    const aborted = () => new ResellerError('aborted', 'aborted by the caller');
    if (signal.aborted) throw aborted();
    let onAbort: (() => void) | undefined;
    try {
      await Promise.race([
        this.#sleep(ms),
        new Promise<never>((_, reject) => {
          onAbort = () => reject(aborted());
          signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }
}
