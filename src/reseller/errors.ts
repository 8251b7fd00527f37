/**
 * The one error type of the upstream client: which call failed, with the upstream code when there
 * was one, or a transport code when the request never produced an envelope.
 */
import type { ApiErrorCode, Order, TransportErrorCode } from './schemas.js';

/** Client-side outcomes that are not spec codes: the caller aborted, or an upload ended in an unknown state. */
type ClientErrorCode = 'aborted' | 'upload_failed' | 'upload_size_mismatch';

export type ResellerErrorCode = ApiErrorCode | TransportErrorCode | ClientErrorCode | (string & {});

export interface ResellerErrorDetails {
  /** deposit_required: total deposit needed (USD). */
  required?: number;
  /** deposit_required: total deposit so far (USD). */
  deposited?: number;
  /** Cancel errors carry the order in its current state. */
  order?: Order;
  /** Parsed Retry-After of the last response, if any. */
  retryAfterMs?: number;
  /** The parsed envelope (secrets removed) or another small diagnostic; never a whole body. */
  raw?: unknown;
}

export interface ResellerRequestInfo {
  method: string;
  path: string;
  attempts: number;
}

const RETRYABLE_CODES = new Set<string>(['server_busy', 'internal_error', 'network_error', 'timeout']);
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);
/** A business cap the user has to wait out (an order must finish): retrying in a second changes nothing. */
const NEVER_RETRYABLE = new Set<string>(['too_many_active_orders']);

export class ResellerError extends Error {
  override readonly name = 'ResellerError';
  readonly code: ResellerErrorCode;
  readonly httpStatus?: number;
  readonly details: ResellerErrorDetails;
  /** Which call failed and after how many attempts (filled in by the client). */
  request?: ResellerRequestInfo;

  constructor(
    code: ResellerErrorCode,
    message: string,
    opts: { httpStatus?: number; details?: ResellerErrorDetails; cause?: unknown } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    if (opts.httpStatus !== undefined) this.httpStatus = opts.httpStatus;
    this.details = opts.details ?? {};
  }

  /** Whether repeating the same request later may succeed (used by the client's own retry loop). */
  get retryable(): boolean {
    if (NEVER_RETRYABLE.has(this.code)) return false;
    if (RETRYABLE_CODES.has(this.code)) return true;
    return this.httpStatus !== undefined && RETRYABLE_STATUSES.has(this.httpStatus);
  }

  /** Shape for logs and JSON.stringify: the useful fields, never the cause (a transport object). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      httpStatus: this.httpStatus,
      message: this.message,
      details: this.details,
      request: this.request,
    };
  }
}
