/**
 * Request/response plumbing. Handlers return a `SimResponse` instead of writing to the socket, so
 * the server can log the status and apply faults (e.g. drop the connection after handling).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SimError } from './errors.js';

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  /** A JSON value, raw bytes, or a stream (large preview files). */
  body: unknown;
  kind: 'json' | 'bytes' | 'stream';
}

export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): SimResponse {
  return { status, body, kind: 'json', ...(headers ? { headers } : {}) };
}

export function bytesResponse(body: Buffer, contentType: string): SimResponse {
  return { status: 200, body, kind: 'bytes', headers: { 'content-type': contentType } };
}

export function streamResponse(body: Readable, contentType: string, length: number): SimResponse {
  return {
    status: 200,
    body,
    kind: 'stream',
    headers: { 'content-type': contentType, 'content-length': String(length) },
  };
}

export function errorResponse(error: SimError): SimResponse {
  return jsonResponse(error.status, error.toBody(), error.headers);
}

export function writeResponse(res: ServerResponse, response: SimResponse): void {
  const headers: Record<string, string> = { ...response.headers };
  if (response.kind === 'json') {
    const text = JSON.stringify(response.body);
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(response.status, headers).end(text);
  } else if (response.kind === 'bytes') {
    const bytes = response.body as Buffer;
    headers['content-length'] = String(bytes.length);
    res.writeHead(response.status, headers).end(bytes);
  } else {
    res.writeHead(response.status, headers);
    // pipeline closes the file when the client goes away mid-download
    pipeline(response.body as Readable, res).catch(() => undefined);
  }
}

/** Releases a response that will not be written (dropped connection). */
export function discardResponse(response: SimResponse): void {
  if (response.kind === 'stream') (response.body as Readable).destroy();
}

const MAX_JSON_BYTES = 1024 * 1024;

/** Reads a JSON object body. Unreadable JSON or a non-object: 400; over 1 MB: 413 (both validation_error). */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBodyText(req);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SimError('validation_error', 'request body is not valid JSON', { status: 400 });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SimError('validation_error', 'request body must be a JSON object', { status: 400 });
  }
  return value as Record<string, unknown>;
}

/** Collects the body; an oversized one is drained (not destroyed) so the client still reads the 413. */
function readBodyText(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_JSON_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_JSON_BYTES) {
        reject(
          new SimError('validation_error', `JSON body larger than ${MAX_JSON_BYTES} bytes`, { status: 413 }),
        );
      } else {
        resolve(Buffer.concat(chunks).toString('utf8'));
      }
    });
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete)
        reject(new SimError('validation_error', 'request body interrupted', { status: 400 }));
    });
  });
}
