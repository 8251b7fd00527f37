/**
 * Error codes of spec section 7 and the HTTP status the simulator answers each with.
 * The spec fixes 401 (unauthorized), 403 (deposit_required), 409 (cannot_cancel) and 429
 * (too_many_active_orders); the rest follow its status table: "not found" codes 404,
 * validation and business rules 422, load 503, unexpected 500.
 */
import type { ApiErrorCode } from '../reseller/schemas.js';

/** `not_found` is the simulator's answer for an unknown route (the spec has no code for it). */
export type SimErrorCode = ApiErrorCode | 'not_found';

export const HTTP_STATUS_BY_CODE: Readonly<Record<SimErrorCode, number>> = {
  unauthorized: 401,
  deposit_required: 403,
  model_not_found: 404,
  order_not_found: 404,
  file_not_found: 404,
  not_found: 404,
  cannot_cancel: 409,
  not_ready: 422,
  cancel_pending: 422,
  cancel_failed: 422,
  file_expired: 422,
  upload_processing: 422,
  validation_error: 422,
  prompt_required: 422,
  media_required: 422,
  too_many_media: 422,
  invalid_media_type: 422,
  insufficient_balance: 422,
  idempotency_conflict: 422,
  price_quote_required: 422,
  price_quote_changed: 422,
  price_quote_expired: 422,
  too_many_active_orders: 429,
  internal_error: 500,
  server_busy: 503,
};

export interface SimErrorOptions {
  /** Overrides the default status (e.g. 400 for unreadable JSON, 413 for an oversized body). */
  status?: number;
  /** Extra fields merged into `error` (deposit_required's `required` / `deposited`). */
  details?: Record<string, unknown>;
  /** Extra top-level envelope fields (cancel errors carry `order`). */
  envelope?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A failure that becomes the spec's `{success:false, error:{code, message}}` envelope. */
export class SimError extends Error {
  readonly code: SimErrorCode;
  readonly status: number;
  readonly details: Record<string, unknown>;
  readonly envelope: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: SimErrorCode, message: string, options: SimErrorOptions = {}) {
    super(message);
    this.name = 'SimError';
    this.code = code;
    this.status = options.status ?? HTTP_STATUS_BY_CODE[code];
    this.details = options.details ?? {};
    this.envelope = options.envelope ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): Record<string, unknown> {
    return {
      success: false,
      error: { code: this.code, message: this.message, ...this.details },
      ...this.envelope,
    };
  }
}

/** Default error code for an injected status fault. */
export function defaultCodeForStatus(status: number): SimErrorCode {
  if (status === 429 || status === 503) return 'server_busy';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 413 || status === 422) return 'validation_error';
  return 'internal_error';
}
