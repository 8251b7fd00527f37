/**
 * Turns one HTTP response into a parsed value or a ResellerError. Pure (no I/O) so every mapping
 * rule of spec section 7 is testable without a server.
 */
import type { z } from 'zod';
import { redactSecrets } from '../lib/redact.js';
import { ResellerError } from './errors.js';
import { errorEnvelope } from './schemas.js';

/** Code for an error response that carried no readable envelope (a proxy page, an empty body). */
function codeForStatus(status: number): string {
  if (status === 401) return 'unauthorized';
  if (status === 503 || status === 429) return 'server_busy';
  if (status >= 500) return 'internal_error';
  return 'bad_response';
}

/** Short, value-free description of what failed to parse: paths and messages, never the body. */
export function summarizeIssues(error: z.ZodError, max = 5): string {
  const parts = error.issues
    .slice(0, max)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  if (error.issues.length > max) parts.push(`+${error.issues.length - max} more`);
  return parts.join('; ');
}

/** Copies a JSON value with every string scrubbed of the secrets (keys are left as they are). */
function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  }
  return value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface ResponseInput {
  status: number;
  text: string;
  retryAfterMs: number | undefined;
  secrets: readonly string[];
}

/** The error an unsuccessful response stands for, or undefined when it is a success to parse. */
export function errorFromResponse({
  status,
  text,
  retryAfterMs,
  secrets,
}: ResponseInput): ResellerError | undefined {
  // Scrubbed before anything is taken from it: message, order and raw all end up in logs.
  const json = redactDeep(parseJson(text), secrets);
  const envelope = errorEnvelope.safeParse(json);
  if (envelope.success) {
    const { error, order } = envelope.data;
    return new ResellerError(error.code, error.message || error.code, {
      httpStatus: status,
      details: {
        ...(error.required !== undefined && { required: error.required }),
        ...(error.deposited !== undefined && { deposited: error.deposited }),
        ...(order && { order }),
        ...(retryAfterMs !== undefined && { retryAfterMs }),
        raw: json,
      },
    });
  }
  if (status >= 200 && status < 300) return undefined;
  return new ResellerError(codeForStatus(status), `HTTP ${status} without a readable error envelope`, {
    httpStatus: status,
    details: retryAfterMs === undefined ? {} : { retryAfterMs },
  });
}

/** Parses a response body against its schema; throws the mapped ResellerError otherwise. */
export function parseResponse<S extends z.ZodType>(schema: S, input: ResponseInput): z.output<S> {
  const failure = errorFromResponse(input);
  if (failure) throw failure;
  const parsed = schema.safeParse(parseJson(input.text));
  if (!parsed.success) {
    throw new ResellerError(
      'bad_response',
      redactSecrets(
        `response did not match the expected shape: ${summarizeIssues(parsed.error)}`,
        input.secrets,
      ),
      { httpStatus: input.status },
    );
  }
  return parsed.data;
}
