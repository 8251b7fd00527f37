/**
 * One HTTP exchange with the upstream: builds the request, enforces a deadline, maps transport failures
 * to ResellerError and logs the attempt. Retrying is the caller's business (client.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { type Dispatcher, request } from 'undici';
import { redactSecrets } from '../lib/redact.js';
import { endpointTemplate, metrics, upstreamOutcome } from '../metrics.js';
import { ResellerError } from './errors.js';

export interface TransportConfig {
  baseUrl: string;
  apiKey: string;
  dispatcher: Dispatcher;
  userAgent: string;
  logger: Logger | undefined;
}

export interface ExchangeRequest {
  method: 'GET' | 'POST';
  /** Path after the base URL, starting with "/". */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  body?: string | Readable;
  accept?: string;
  timeoutMs: number;
  attempt: number;
  signal?: AbortSignal | undefined;
}

export interface ExchangeResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Dispatcher.ResponseData['body'];
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function buildUrl(baseUrl: string, path: string, query: ExchangeRequest['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return `${baseUrl}${path}${s ? `?${s}` : ''}`;
}

function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function transportError(
  err: unknown,
  req: ExchangeRequest,
  cfg: TransportConfig,
  timedOut: boolean,
): ResellerError {
  const where = `${req.method} ${req.path}`;
  const code = errorCode(err);
  if (timedOut || (code && TIMEOUT_CODES.has(code))) {
    return new ResellerError('timeout', `${where} timed out after ${req.timeoutMs} ms`, { cause: err });
  }
  if (req.signal?.aborted)
    return new ResellerError('aborted', `${where} aborted by the caller`, { cause: err });
  if (code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH') {
    return new ResellerError('upload_size_mismatch', `${where}: body length differs from the declared size`, {
      cause: err,
    });
  }
  const reason = err instanceof Error ? `${code ?? err.name}: ${err.message}` : String(err);
  return new ResellerError('network_error', redactSecrets(`${where} failed: ${reason}`, [cfg.apiKey]), {
    cause: err,
  });
}

/**
 * Sends one request and hands the response to `handle` while the deadline still runs, so reading the
 * body counts against it too. A handler that returns a stream detaches it from the deadline (an idle
 * body timeout of the same length still applies to it).
 */
export async function exchange<T>(
  cfg: TransportConfig,
  req: ExchangeRequest,
  handle: (res: ExchangeResponse) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('deadline')), req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([deadline.signal, req.signal]) : deadline.signal;
  const started = performance.now();
  let status: number | undefined;
  const log = (outcome: string | undefined): void => {
    const endpoint = endpointTemplate(req.method, req.path);
    metrics.upstreamRequests.inc({ endpoint, outcome: upstreamOutcome(outcome, status) });
    metrics.upstreamDuration.observe({ endpoint }, (performance.now() - started) / 1000);
    cfg.logger?.[status !== undefined && status < 400 ? 'debug' : 'info'](
      {
        method: req.method,
        path: req.path,
        status,
        durationMs: Math.round(performance.now() - started),
        attempt: req.attempt,
        ...(outcome && { outcome }),
      },
      'reseller request',
    );
  };
  try {
    const res = await request(buildUrl(cfg.baseUrl, req.path, req.query), {
      method: req.method,
      dispatcher: cfg.dispatcher,
      signal,
      bodyTimeout: req.timeoutMs,
      headers: {
        authorization: `Bearer ${cfg.apiKey}`,
        accept: req.accept ?? 'application/json',
        'user-agent': cfg.userAgent,
        ...req.headers,
      },
      body: req.body ?? null,
    });
    status = res.statusCode;
    const value = await handle(res);
    log(undefined);
    return value;
  } catch (err) {
    const failure =
      err instanceof ResellerError ? err : transportError(err, req, cfg, deadline.signal.aborted);
    log(failure.code);
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
