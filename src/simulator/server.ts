/**
 * A faithful HTTP simulator of the Reseller Generation API (as its provider's specification describes
 * it), for tests and sandbox mode. Start it with `startSimulator()`; steer it through `state`, `clock`
 * and `faults`. Behaviour notes for users of the simulator:
 *
 * - Orders: queued for `orderStageMs`, processing for another `orderStageMs`, then completed with
 *   result URLs `${origin}/g/<token>` (public, expire after `resultTtlMs`). A prompt containing
 *   `[sim:fail]` ends `failed` with error `{ code: 'generation_failed', message }`. Failed and
 *   cancelled orders are refunded in full.
 * - Every time-dependent behaviour is derived from `clock` when read: advance a ManualClock instead
 *   of sleeping.
 * - Error HTTP statuses: see errors.ts (`HTTP_STATUS_BY_CODE`).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadCatalog } from './catalog.js';
import { type SimClock, systemClock } from './clock.js';
import { defaultCodeForStatus, SimError, type SimErrorCode } from './errors.js';
import { type FaultAction, FaultInjector } from './faults.js';
import { bytesResponse, discardResponse, errorResponse, type SimResponse, writeResponse } from './http-io.js';
import { bearerKey, dispatch, routePath } from './routes.js';
import { type SimAccount, type SimTimings, SimulatorState } from './state.js';

export type { SimClock } from './clock.js';
export { ManualClock, systemClock } from './clock.js';
export type { FaultAction, FaultRule } from './faults.js';
export { FaultInjector } from './faults.js';
export type { SimAccount } from './state.js';
export { SimulatorState } from './state.js';

export interface SimulatorOptions {
  /** Default 0 (a random free port). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default one account: sim-key with 100.00 balance and 100.00 deposit. */
  accounts?: SimAccount[];
  /** JSON catalog file; default the bundled src/simulator/catalog.json. */
  catalogPath?: string;
  /** Time an order stays queued, then processing (default 3000). */
  orderStageMs?: number;
  /** Time a HEIC/HEIF upload stays `processing` (default 1500). */
  heicProcessingMs?: number;
  /** Default real time. */
  clock?: SimClock;
  /** Active (queued or processing) orders per account before too_many_active_orders (default 5). */
  activeOrderCap?: number;
  /** Completed files expire after this (default 24 h). */
  resultTtlMs?: number;
  /** Uploads expire after this (default 24 h). */
  uploadTtlMs?: number;
  /** Quotes expire after this (default 10 min). */
  quoteTtlMs?: number;
  /** With setCancelBehaviour('pending-then-cancelled'): time until the cancellation is confirmed (default 1000). */
  cancelConfirmMs?: number;
  /** Upload size limit (default 300 MB, the spec's); larger files get 413 validation_error. */
  maxUploadBytes?: number;
  /** Keep only the newest N entries in `requests` (default unlimited; long-running processes set one). */
  requestLogLimit?: number;
}

interface RequestLogEntry {
  method: string;
  /** Path after /api/v1 for API calls (as fault rules match it), else the raw path (e.g. /g/<token>). */
  path: string;
  /** Original request target with the query string. */
  url: string;
  /** HTTP status answered (0 when the connection was dropped before handling). */
  status: number;
  idempotencyKey?: string;
  /** sha256 (hex) of the bearer key, see `hashApiKey`. */
  apiKeyHash?: string;
  /** Clock time when the request arrived. */
  at: number;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:PORT/api/v1 */
  baseUrl: string;
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  port: number;
  clock: SimClock;
  faults: FaultInjector;
  state: SimulatorState;
  requests: RequestLogEntry[];
  close(): Promise<void>;
}

const HOUR_MS = 60 * 60 * 1000;
const DEFAULT_ACCOUNTS: readonly SimAccount[] = [
  { key: 'sim-key', balance_usd: '100.00', deposit_usd: '100.00' },
];

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function timingsFrom(opts: SimulatorOptions): SimTimings {
  return {
    orderStageMs: opts.orderStageMs ?? 3000,
    heicProcessingMs: opts.heicProcessingMs ?? 1500,
    activeOrderCap: opts.activeOrderCap ?? 5,
    resultTtlMs: opts.resultTtlMs ?? 24 * HOUR_MS,
    uploadTtlMs: opts.uploadTtlMs ?? 24 * HOUR_MS,
    quoteTtlMs: opts.quoteTtlMs ?? 10 * 60 * 1000,
    cancelConfirmMs: opts.cancelConfirmMs ?? 1000,
    maxUploadBytes: opts.maxUploadBytes ?? 300 * 1024 * 1024,
  };
}

function faultResponse(action: Extract<FaultAction, { kind: 'status' }>): SimResponse {
  const code = (action.code ?? defaultCodeForStatus(action.status)) as SimErrorCode;
  const headers: Record<string, string> = {};
  if (action.retryAfterSeconds !== undefined) headers['retry-after'] = String(action.retryAfterSeconds);
  const error = new SimError(code, `injected fault: HTTP ${action.status}`, {
    status: action.status,
    headers,
  });
  return errorResponse(error);
}

/** Drops the oldest entries in batches, so trimming stays cheap per request. */
function trimLog(requests: RequestLogEntry[], limit: number | undefined): void {
  if (limit === undefined || !Number.isFinite(limit)) return;
  if (requests.length > limit + Math.max(100, Math.floor(limit / 10)))
    requests.splice(0, requests.length - limit);
}

function internalError(): SimResponse {
  return errorResponse(new SimError('internal_error', 'unexpected simulator error'));
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const clock = opts.clock ?? systemClock;
  const catalog = await loadCatalog(opts.catalogPath);
  const tmpDir = await mkdtemp(join(tmpdir(), 'reseller-sim-'));
  const state = new SimulatorState(catalog, clock, timingsFrom(opts), opts.accounts ?? DEFAULT_ACCOUNTS);
  const faults = new FaultInjector();
  const requests: RequestLogEntry[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', state.origin);
    } catch {
      url = new URL('/', state.origin);
    }
    const { path } = routePath(url.pathname);
    const entry: RequestLogEntry = { method, path, url: req.url ?? '/', status: 0, at: clock.now() };
    const idempotencyKey = req.headers['idempotency-key'];
    if (typeof idempotencyKey === 'string') entry.idempotencyKey = idempotencyKey;
    const key = bearerKey(req);
    if (key !== undefined) entry.apiKeyHash = hashApiKey(key);
    requests.push(entry);
    trimLog(requests, opts.requestLogLimit);

    const fault = faults.take(method, path);
    if (fault?.kind === 'drop-before') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'latency') await sleep(fault.ms);
    if (fault?.kind === 'trickle') {
      entry.status = 200;
      res.writeHead(200, { 'content-type': fault.contentType });
      const timer = setInterval(() => res.write(Buffer.from([0x89])), fault.intervalMs);
      res.on('close', () => clearInterval(timer));
      return;
    }

    let response: SimResponse;
    if (fault?.kind === 'status') {
      response = faultResponse(fault);
    } else if (fault?.kind === 'body') {
      response = bytesResponse(Buffer.from(fault.body), fault.contentType);
    } else {
      try {
        await state.uploads.sweepExpired();
        response = await dispatch({ req, url, state, tmpDir });
      } catch (error) {
        if (error instanceof SimError) {
          response = errorResponse(error);
        } else {
          console.error('[simulator] unexpected error', error);
          response = internalError();
        }
      }
    }
    entry.status = response.status;
    if (fault?.kind === 'drop-after') {
      fault.afterHandling?.();
      discardResponse(response);
      req.socket.destroy();
      return;
    }
    if (res.destroyed || res.writableEnded) {
      discardResponse(response);
      return;
    }
    writeResponse(res, response);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[simulator] failed to answer', error);
      if (!res.headersSent && !res.destroyed) writeResponse(res, internalError());
      else res.destroy();
    });
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.origin = origin;

  let closed: Promise<void> | undefined;
  return {
    baseUrl: `${origin}/api/v1`,
    origin,
    port,
    clock,
    faults,
    state,
    requests,
    close() {
      closed ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await rm(tmpDir, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
