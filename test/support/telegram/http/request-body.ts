import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { ApiError, badRequest } from '../api-error.js';
import { quoteFilenames } from './quote-filenames.js';

/** A file part of a multipart request, kept in memory or (local mode) streamed to disk. */
export interface Upload {
  field: string;
  filename: string | undefined;
  size: number;
  data?: Buffer;
  path?: string;
}

export interface RequestBody {
  fields: Record<string, unknown>;
  uploads: Map<string, Upload>;
}

export interface BodyLimits {
  uploadLimitBytes: number;
  /** When set, file parts go to disk here instead of memory. */
  uploadDir: string | undefined;
}

const JSON_BODY_LIMIT = 10 * 1024 * 1024;
let uploadCounter = 0;

/** Query string + JSON / urlencoded / multipart body, in that order of precedence (body wins). */
export async function readRequestBody(
  req: IncomingMessage,
  url: URL,
  limits: BodyLimits,
): Promise<RequestBody> {
  const fields: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const parsed = await readMultipart(req, limits);
    return { fields: { ...fields, ...parsed.fields }, uploads: parsed.uploads };
  }
  const raw = await readSmallBody(req);
  if (type.startsWith('application/json') && raw.length > 0) {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest("can't parse JSON object");
    return { fields: { ...fields, ...(body as Record<string, unknown>) }, uploads: new Map() };
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(fields, Object.fromEntries(new URLSearchParams(raw.toString('utf8'))));
  }
  return { fields, uploads: new Map() };
}

async function readSmallBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= JSON_BODY_LIMIT) chunks.push(chunk);
  }
  if (size > JSON_BODY_LIMIT) throw new ApiError(413, 'Request Entity Too Large');
  return Buffer.concat(chunks);
}

async function readMultipart(req: IncomingMessage, limits: BodyLimits): Promise<RequestBody> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
  if (!boundary) throw badRequest('multipart boundary is missing');
  const fields: Record<string, unknown> = {};
  const uploads = new Map<string, Upload>();
  const writes: Promise<void>[] = [];
  let tooLarge = false;
  const parser = busboy({
    headers: req.headers,
    defParamCharset: 'utf8',
    limits: { fileSize: limits.uploadLimitBytes, fieldSize: JSON_BODY_LIMIT },
  });
  if (limits.uploadDir) await mkdir(limits.uploadDir, { recursive: true });
  parser.on('field', (name, value) => {
    fields[name] = value;
  });
  parser.on('file', (name, stream, info) => {
    const upload: Upload = { field: name, filename: info.filename, size: 0 };
    uploads.set(name, upload);
    stream.on('data', (chunk: Buffer) => {
      upload.size += chunk.length;
    });
    stream.on('limit', () => {
      tooLarge = true;
    });
    let written: Promise<void>;
    if (limits.uploadDir) {
      upload.path = join(limits.uploadDir, `upload_${process.pid}_${uploadCounter++}`);
      written = pipeline(stream, createWriteStream(upload.path));
    } else {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!tooLarge) chunks.push(chunk);
      });
      // A client hanging up mid-file (a bot stopped by SIGTERM) errors this stream with "aborted":
      // without a listener that error would be uncaught.
      written = new Promise((resolve, reject) => {
        stream.on('error', reject);
        stream.on('end', () => {
          upload.data = Buffer.concat(chunks);
          resolve();
        });
      });
    }
    // The request's own pipeline reports the failure; a file cut off with it must not also surface
    // as an unhandled rejection while that pipeline is still being awaited.
    written.catch(() => {});
    writes.push(written);
  });
  try {
    await pipeline(req, quoteFilenames(boundary[1] ?? boundary[2]!.trim()), parser);
    await Promise.all(writes);
  } catch {
    throw badRequest('failed to parse multipart/form-data request');
  }
  if (tooLarge) {
    await Promise.all([...uploads.values()].map((u) => (u.path ? rm(u.path, { force: true }) : undefined)));
    throw new ApiError(413, 'Request Entity Too Large');
  }
  return { fields, uploads };
}
