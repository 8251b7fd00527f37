import { Transform, type TransformCallback } from 'node:stream';

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * grammY writes `filename=<raw name>` unquoted; busboy silently drops any part whose unquoted
 * filename has a space or a non-ASCII byte. Telegram's parser takes the rest of the line, so we
 * quote the value in each part's header block before busboy sees it. File bodies pass untouched.
 */
export function quoteFilenames(boundary: string): Transform {
  const delimiter = Buffer.from(`--${boundary}`);
  let pending: Buffer = Buffer.alloc(0);
  let mode: 'body' | 'afterDelimiter' | 'headers' | 'epilogue' = 'body';

  function drain(push: (b: Buffer) => void, final: boolean): void {
    for (;;) {
      if (mode === 'epilogue') {
        push(pending);
        pending = Buffer.alloc(0);
        return;
      }
      if (mode === 'body') {
        const at = pending.indexOf(delimiter);
        if (at === -1) {
          // Keep a tail that may hold the start of a delimiter split across chunks.
          const keep = final ? 0 : Math.min(pending.length, delimiter.length - 1);
          push(pending.subarray(0, pending.length - keep));
          pending = pending.subarray(pending.length - keep);
          return;
        }
        push(pending.subarray(0, at + delimiter.length));
        pending = pending.subarray(at + delimiter.length);
        mode = 'afterDelimiter';
      }
      if (mode === 'afterDelimiter') {
        if (pending.length < 2 && !final) return;
        mode = pending.subarray(0, 2).toString('latin1') === '--' ? 'epilogue' : 'headers';
        continue;
      }
      if (mode === 'headers') {
        const end = pending.indexOf(HEADER_END);
        if (end === -1) {
          if (final) {
            push(pending);
            pending = Buffer.alloc(0);
          }
          return;
        }
        push(Buffer.from(rewriteHeaders(pending.subarray(0, end).toString('latin1')), 'latin1'));
        pending = pending.subarray(end);
        mode = 'body';
      }
    }
  }

  return new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      drain((b) => b.length && this.push(b), false);
      done();
    },
    flush(done: TransformCallback) {
      drain((b) => b.length && this.push(b), true);
      done();
    },
  });
}

function rewriteHeaders(block: string): string {
  return block
    .split('\r\n')
    .map((line) =>
      /^content-disposition\s*:/i.test(line)
        ? line.replace(/(;\s*filename=)(?!")(.*)$/i, (_m, prefix: string, value: string) => {
            return `${prefix}"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
          })
        : line,
    )
    .join('\r\n');
}
