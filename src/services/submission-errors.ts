/**
 * What a failed POST /orders means for the draft. The one question is: could upstream have created
 * an order under this key? If it might have, only the same key may ever be sent again.
 */
import type { StoredError } from '../db/index.js';
import { ResellerError } from '../reseller/errors.js';

export type SubmissionFailure =
  /** Maybe created, or temporarily refused: keep the key, send again later. */
  | 'unknown'
  /** The quote is dead (expired, changed, missing): no order; get a new price. */
  | 'quote'
  /** Upstream holds different data under our key: an order may exist; never send this draft again. */
  | 'conflict'
  /** Refused for a reason the user can act on: no order; a new key is safe. */
  | 'business';

const QUOTE_CODES = new Set(['price_quote_expired', 'price_quote_changed', 'price_quote_required']);
/** Failures that say nothing about whether the request was processed. */
const OUTCOME_UNKNOWN_CODES = new Set(['bad_response', 'aborted', 'unexpected_error', 'upload_processing']);

export function classifySubmissionFailure(error: ResellerError): SubmissionFailure {
  if (QUOTE_CODES.has(error.code)) return 'quote';
  if (error.code === 'idempotency_conflict') return 'conflict';
  if (error.retryable || OUTCOME_UNKNOWN_CODES.has(error.code)) return 'unknown';
  return 'business';
}

/** Any thrown value as a ResellerError; a non-reseller throw means we cannot know what happened. */
export function asResellerError(err: unknown): ResellerError {
  if (err instanceof ResellerError) return err;
  return new ResellerError('unexpected_error', err instanceof Error ? err.message : String(err), {
    cause: err,
  });
}

export function storedError(error: ResellerError): StoredError {
  return {
    code: String(error.code),
    message: error.message,
    ...(error.httpStatus !== undefined && { httpStatus: error.httpStatus }),
  };
}
