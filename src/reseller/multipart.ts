/**
 * A streamed multipart/form-data body with one file part. The file is piped through chunk by chunk,
 * so a 300 MB video never sits in memory; with a known size the exact Content-Length is computed.
 */
import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { Readable } from 'node:stream';

export type UploadBody = Readable | ReadableStream<Uint8Array> | Buffer | Uint8Array;

export interface UploadFile {
  body: UploadBody;
  filename: string;
  /** Part Content-Type; guessed from the extension when absent. */
  contentType?: string;
  /** Bytes in `body`; lets us send Content-Length (chunked transfer otherwise). */
  size?: number;
  /**
   * Returns a fresh body with the same bytes. When given (or when `body` is a Buffer), a failed upload
   * may be retried; a consumed stream cannot be replayed, so without it the upload is tried once.
   */
  reopen?: () => UploadBody;
}

export interface MultipartBody {
  contentType: string;
  contentLength: number | undefined;
  body: Readable;
}

const MIME_BY_EXT: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

function guessContentType(filename: string): string {
  return MIME_BY_EXT[extname(filename).toLowerCase()] ?? 'application/octet-stream';
}

/** Quoting as browsers do (WHATWG form encoding): UTF-8 kept, `"` CR LF percent-escaped. */
function quoteFilename(filename: string): string {
  return filename.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function knownSize(file: UploadFile): number | undefined {
  if (Buffer.isBuffer(file.body) || file.body instanceof Uint8Array) return file.body.byteLength;
  return file.size;
}

async function* chunksOf(body: UploadBody): AsyncGenerator<Uint8Array> {
  if (body instanceof Uint8Array) {
    yield body;
    return;
  }
  // Readable and web ReadableStream are both async iterable; a Readable with an encoding yields strings.
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
    yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  }
}

export function buildMultipart(
  fieldName: string,
  file: UploadFile,
  body: UploadBody = file.body,
): MultipartBody {
  const boundary = `----reseller-${randomBytes(16).toString('hex')}`;
  const contentType = file.contentType ?? guessContentType(file.filename);
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${fieldName}"; filename="${quoteFilename(file.filename)}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = body === file.body ? knownSize(file) : knownSize({ ...file, body });

  async function* generate(): AsyncGenerator<Uint8Array> {
    yield head;
    yield* chunksOf(body);
    yield tail;
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: size === undefined ? undefined : head.length + size + tail.length,
    // Readable.from pulls from the generator only as the socket drains: backpressure end to end.
    body: Readable.from(generate(), { objectMode: false }),
  };
}
