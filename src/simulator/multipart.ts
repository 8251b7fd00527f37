/**
 * Receives the `file` part of a multipart upload straight to a temp file (never buffered whole),
 * keeping the first bytes for format detection. Oversized files are discarded while the rest of
 * the request is drained, then reported as 413 validation_error.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { SimError } from './errors.js';

export interface ReceivedFile {
  filePath: string;
  filename: string;
  mimeType: string;
  size: number;
  /** Up to the first 64 bytes, for magic-number detection. */
  head: Buffer;
}

const HEAD_BYTES = 64;

class ByteCounter extends Transform {
  size = 0;
  private headChunks: Buffer[] = [];
  private headLength = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const piece = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(piece));
      this.headLength += piece.length;
    }
    done(null, chunk);
  }

  get head(): Buffer {
    return Buffer.concat(this.headChunks);
  }
}

function badBody(message: string): SimError {
  return new SimError('validation_error', message, { status: 400 });
}

export function receiveFilePart(
  req: IncomingMessage,
  options: { directory: string; maxBytes: number },
): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: options.maxBytes, parts: 20, fields: 20, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(badBody('expected a multipart/form-data body with a file part named "file"'));
      return;
    }

    let settled = false;
    let received: Promise<ReceivedFile & { truncated: boolean }> | undefined;
    const fail = (error: SimError) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume(); // drain what is left so the client can read the answer
      void received?.then((file) => rm(file.filePath, { force: true })).catch(() => undefined);
      reject(error);
    };

    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || received) {
        stream.resume(); // only the first part named "file" counts
        return;
      }
      const filePath = join(options.directory, randomUUID());
      const counter = new ByteCounter();
      received = pipeline(stream, counter, createWriteStream(filePath)).then(
        () => ({
          filePath,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          size: counter.size,
          head: counter.head,
          truncated: stream.truncated === true,
        }),
        async (error: unknown) => {
          await rm(filePath, { force: true });
          throw error;
        },
      );
      received.catch(() => undefined); // handled where awaited
    });

    parser.on('close', () => {
      if (settled) return;
      const pending = received;
      if (!pending) {
        fail(new SimError('validation_error', 'multipart body has no file part named "file"'));
        return;
      }
      pending.then(
        async (file) => {
          if (settled) return;
          if (file.truncated) {
            await rm(file.filePath, { force: true });
            fail(
              new SimError('validation_error', `file is larger than ${options.maxBytes} bytes`, {
                status: 413,
              }),
            );
            return;
          }
          settled = true;
          resolve(file);
        },
        () => fail(badBody('upload interrupted')),
      );
    });

    parser.on('error', (error: Error) => fail(badBody(`malformed multipart body: ${error.message}`)));
    req.on('close', () => {
      if (!req.complete) fail(badBody('upload interrupted'));
    });
    req.pipe(parser);
  });
}
