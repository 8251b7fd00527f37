import { Readable } from 'node:stream';
import { inspect } from 'node:util';
import busboy from 'busboy';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResellerClient, type ResellerClientOptions } from '../../src/reseller/client.js';
import type { ResellerError } from '../../src/reseller/errors.js';
import { parseRetryAfter } from '../../src/reseller/retry.js';
import { failure } from './expect-error.js';
import {
  drop,
  envelope,
  hang,
  json,
  type ScriptedServer,
  type SeenRequest,
  sampleOrder,
  sampleUpload,
  startScriptedServer,
  text,
} from './scripted-server.js';

const API_KEY = 'sk-live-SECRET-0123456789abcdef';

let server: ScriptedServer;
let sleeps: number[];
let logLines: string[];
const clients: ResellerClient[] = [];

function makeClient(over: Partial<ResellerClientOptions> = {}): ResellerClient {
  const logger = pino({ level: 'trace' }, { write: (line: string) => logLines.push(line) });
  const client = new ResellerClient({
    baseUrl: server.baseUrl,
    apiKey: API_KEY,
    logger,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    retry: { retries: 3, minDelayMs: 100, maxDelayMs: 1_000 },
    ...over,
  });
  clients.push(client);
  return client;
}

function expectNoKey(err: ResellerError): void {
  for (const s of [
    err.message,
    String(err),
    JSON.stringify(err),
    inspect(err, { depth: 10 }),
    err.stack ?? '',
  ]) {
    expect(s).not.toContain(API_KEY);
  }
}

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
});
beforeEach(() => {
  sleeps = [];
  logLines = [];
});

describe('requests', () => {
  it('sends the bearer key and JSON headers, and parses the body', async () => {
    server.script(json(200, { success: true, balance_usd: '12.50', extra: 'tolerated' }));
    await expect(makeClient().getBalance()).resolves.toEqual({ balanceUsd: '12.50' });
    const [req] = server.seen;
    expect(req?.method).toBe('GET');
    expect(req?.url).toBe('/api/v1/balance');
    expect(req?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req?.headers.accept).toBe('application/json');
  });

  it('maps prompt query parameters and order paths', async () => {
    const page = {
      success: true,
      data: [],
      links: { first: 'a', last: 'b', prev: null, next: null },
      meta: { current_page: 2, last_page: 2, per_page: 5, total: 6 },
    };
    server.script(json(200, page));
    await makeClient().listPrompts({
      type: 'video',
      category: 'cats & dogs',
      search: 'кот',
      page: 2,
      perPage: 5,
    });
    const url = new URL(server.seen[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/prompts');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'video',
      category: 'cats & dogs',
      search: 'кот',
      page: '2',
      per_page: '5',
    });

    server.script(json(200, { success: true, order: sampleOrder({ id: 'ord/odd id' }) }));
    await makeClient().getOrder('ord/odd id');
    expect(server.seen[0]?.url).toBe('/api/v1/orders/ord%2Fodd%20id');
  });

  it('sends JSON bodies with a content type and the quote result is normalized', async () => {
    server.script(
      json(200, { success: true, quote: { quote_id: 'q_1', price_usd: '1.20', expires_in: 600 } }),
    );
    const quote = await makeClient().quote({ model_id: 3, prompt: 'x', options: { duration: 5 } });
    expect(quote.quoteId).toBe('q_1');
    expect(quote.priceUsd).toBe('1.20');
    const req = server.seen[0] as SeenRequest;
    expect(req.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req.body.toString())).toEqual({ model_id: 3, prompt: 'x', options: { duration: 5 } });
  });
});

describe('retries', () => {
  it('retries 503 honouring Retry-After in seconds and as an HTTP date', async () => {
    const date = new Date(Date.now() + 5_000).toUTCString();
    server.script(
      envelope(503, 'server_busy', {}, { 'retry-after': '2' }),
      envelope(503, 'server_busy', {}, { 'retry-after': date }),
      json(200, { success: true, balance_usd: '1.00' }),
    );
    await expect(makeClient().getBalance()).resolves.toEqual({ balanceUsd: '1.00' });
    expect(server.seen).toHaveLength(3);
    expect(sleeps[0]).toBe(2_000);
    expect(sleeps[1]).toBeGreaterThan(3_000);
    expect(sleeps[1]).toBeLessThanOrEqual(5_000);
    expect(logLines.filter((l) => l.includes('reseller request retry'))).toHaveLength(2);
  });

  it('uses exponential backoff with jitter when no Retry-After is given, then gives up', async () => {
    server.script(envelope(503, 'server_busy'));
    const err = await failure(makeClient().listModels());
    expect(err.code).toBe('server_busy');
    expect(err.httpStatus).toBe(503);
    expect(err.retryable).toBe(true);
    expect(err.request).toEqual({ method: 'GET', path: '/models', attempts: 4 });
    expect(server.seen).toHaveLength(4);
    // random() = 0.5 of min(1000, 100 * 2^n)
    expect(sleeps).toEqual([50, 100, 200]);
  });

  it('does not wait out a Retry-After beyond the cap; the caller gets it in details', async () => {
    server.script(envelope(429, 'server_busy', {}, { 'retry-after': '3600' }));
    const err = await failure(makeClient().getBalance());
    expect(err.details.retryAfterMs).toBe(3_600_000);
    expect(server.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('never retries business errors (422) or too_many_active_orders (429)', async () => {
    server.script(envelope(422, 'insufficient_balance'));
    const err = await failure(makeClient().createOrder({ model_id: 1, prompt: 'x' }, 'key-1'));
    expect(err.code).toBe('insufficient_balance');
    expect(err.httpStatus).toBe(422);
    expect(err.retryable).toBe(false);
    expect(server.seen).toHaveLength(1);

    server.script(envelope(429, 'too_many_active_orders'));
    const cap = await failure(makeClient().createOrder({ model_id: 1, prompt: 'x' }, 'key-2'));
    expect(cap.code).toBe('too_many_active_orders');
    expect(cap.retryable).toBe(false);
    expect(server.seen).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries POST /orders after a dropped connection with the same Idempotency-Key and body', async () => {
    server.script(drop, json(201, { success: true, order: sampleOrder({ id: 'ord_42' }) }));
    const order = await makeClient().createOrder({ model_id: 7, prompt: 'a cat' }, 'idem-abc');
    expect(order.id).toBe('ord_42');
    expect(server.seen).toHaveLength(2);
    expect(server.seen.map((r) => r.headers['idempotency-key'])).toEqual(['idem-abc', 'idem-abc']);
    expect(server.seen[0]?.body.toString()).toBe(server.seen[1]?.body.toString());
  });

  it('retries POST /orders on 500 too, and reports network errors as network_error', async () => {
    server.script(envelope(500, 'internal_error'), json(200, { success: true, order: sampleOrder() }));
    await makeClient().createOrder({ model_id: 7 }, 'idem-500');
    expect(server.seen.map((r) => r.headers['idempotency-key'])).toEqual(['idem-500', 'idem-500']);

    server.script(drop);
    const err = await failure(makeClient({ retry: { retries: 1 } }).getBalance());
    expect(err.code).toBe('network_error');
    expect(err.retryable).toBe(true);
    expect(server.seen).toHaveLength(2);
  });

  it('refuses an empty idempotency key', async () => {
    await expect(makeClient().createOrder({ model_id: 1 }, ' ')).rejects.toThrow(TypeError);
  });

  it('treats a cannot_cancel(cancelled) on a retried cancel as success', async () => {
    const cancelled = sampleOrder({ status: 'cancelled' });
    server.script(drop, envelope(409, 'cannot_cancel', { order: cancelled }));
    await expect(makeClient().cancelOrder('ord_1')).resolves.toMatchObject({ status: 'cancelled' });

    // On a first attempt it is a real refusal, with the order attached.
    server.script(envelope(409, 'cannot_cancel', { order: cancelled }));
    const err = await failure(makeClient().cancelOrder('ord_1'));
    expect(err.code).toBe('cannot_cancel');
    expect(err.httpStatus).toBe(409);
    expect(err.details.order?.status).toBe('cancelled');
  });
});

describe('response mapping', () => {
  it('a 2xx body that does not match the schema is bad_response with the issue, not the body', async () => {
    server.script(json(200, { success: true, balance_usd: 12.5, note: 'private-data' }));
    const err = await failure(makeClient().getBalance());
    expect(err.code).toBe('bad_response');
    expect(err.httpStatus).toBe(200);
    expect(err.message).toContain('balance_usd');
    expect(err.message).not.toContain('private-data');
    expect(err.retryable).toBe(false);

    server.script(text(200, '<html>hello</html>'));
    expect((await failure(makeClient().getBalance())).code).toBe('bad_response');
  });

  it.each([
    [401, 'unauthorized', false],
    [404, 'bad_response', false],
    [502, 'internal_error', true],
    [503, 'server_busy', true],
  ])('a non-JSON %i maps to %s', async (status, code, retryable) => {
    server.script(text(status, '<html>proxy page</html>'));
    const err = await failure(makeClient({ retry: { retries: 0 } }).getBalance());
    expect(err.code).toBe(code);
    expect(err.httpStatus).toBe(status);
    expect(err.retryable).toBe(retryable);
  });

  it('carries deposit_required figures', async () => {
    server.script(envelope(403, 'deposit_required', { required: 50, deposited: 20.5 }));
    const err = await failure(makeClient().listPrompts());
    expect(err.code).toBe('deposit_required');
    expect(err.httpStatus).toBe(403);
    expect(err.details).toMatchObject({ required: 50, deposited: 20.5 });
  });
});

describe('timeouts and aborts', () => {
  it('an unanswered request times out as timeout (retried for a GET, then given up)', async () => {
    server.script(hang);
    const err = await failure(
      makeClient({ timeouts: { defaultMs: 150 }, retry: { retries: 1 } }).getBalance(),
    );
    expect(err.code).toBe('timeout');
    expect(err.retryable).toBe(true);
    expect(server.seen).toHaveLength(2);
  });

  it('a caller abort is aborted, not retried', async () => {
    server.script(hang);
    const ac = new AbortController();
    const p = makeClient().getOrder('ord_1', { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    const err = await failure(p);
    expect(err.code).toBe('aborted');
    expect(err.retryable).toBe(false);
    expect(server.seen).toHaveLength(1);
  });
});

describe('secrets', () => {
  it('the key never reaches error messages, serialized errors or log lines', async () => {
    // A hostile or careless upstream echoing the Authorization header back.
    server.script((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          success: false,
          error: { code: 'unauthorized', message: `bad ${req.headers.authorization}` },
        }),
      );
    });
    const err = await failure(makeClient().getBalance());
    expect(err.code).toBe('unauthorized');
    expect(err.message).toContain('[REDACTED]');
    expectNoKey(err);

    server.script((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, balance_usd: req.headers.authorization }));
    });
    expectNoKey(await failure(makeClient().getBalance()));

    const offline = makeClient({ baseUrl: 'http://127.0.0.1:1/api/v1', retry: { retries: 1 } });
    const net = await failure(offline.getBalance());
    expect(net.code).toBe('network_error');
    expectNoKey(net);

    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(API_KEY);
    expect(JSON.stringify(makeClient())).not.toContain(API_KEY);
    expect(inspect(makeClient(), { depth: 10 })).not.toContain(API_KEY);
  });
});

interface ParsedPart {
  field: string;
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

function parseMultipart(req: SeenRequest): Promise<ParsedPart[]> {
  return new Promise((resolve, reject) => {
    const parts: ParsedPart[] = [];
    const bb = busboy({ headers: req.headers, defParamCharset: 'utf8' });
    bb.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        parts.push({
          field,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    bb.on('close', () => resolve(parts));
    bb.on('error', reject);
    bb.end(req.body);
  });
}

describe('upload', () => {
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));

  it('streams one `file` part with Content-Length when the size is known', async () => {
    server.script(json(200, { success: true, upload: sampleUpload() }));
    const upload = await makeClient().upload({
      body: Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]),
      filename: 'фото "1".png',
      size: bytes.length,
    });
    expect(upload.status).toBe('ready');
    const req = server.seen[0] as SeenRequest;
    expect(req.headers['content-length']).toBe(String(req.body.length));
    expect(req.headers['transfer-encoding']).toBeUndefined();
    const parts = await parseMultipart(req);
    expect(parts).toHaveLength(1);
    expect(parts[0]?.field).toBe('file');
    expect(parts[0]?.filename).toBe('фото %221%22.png');
    expect(parts[0]?.mimeType).toBe('image/png');
    expect(parts[0]?.bytes.equals(bytes)).toBe(true);
  });

  it('uses chunked encoding for a web stream of unknown size', async () => {
    server.script(json(200, { success: true, upload: sampleUpload() }));
    await makeClient().upload({
      body: Readable.toWeb(Readable.from([bytes])) as ReadableStream<Uint8Array>,
      filename: 'v.mov',
    });
    const req = server.seen[0] as SeenRequest;
    expect(req.headers['content-length']).toBeUndefined();
    expect(req.headers['transfer-encoding']).toBe('chunked');
    const [part] = await parseMultipart(req);
    expect(part?.mimeType).toBe('video/quicktime');
    expect(part?.bytes.equals(bytes)).toBe(true);
  });

  it('a declared size that does not match the stream fails the upload', async () => {
    server.script(json(200, { success: true, upload: sampleUpload() }));
    const err = await failure(
      makeClient().upload({ body: Readable.from([bytes]), filename: 'a.png', size: bytes.length + 10 }),
    );
    expect(err.code).toBe('upload_size_mismatch');
  });

  it('is not retried with a one-shot stream, but is with reopen()', async () => {
    server.script(envelope(503, 'server_busy'));
    await failure(makeClient().upload({ body: Readable.from([bytes]), filename: 'a.png' }));
    expect(server.seen).toHaveLength(1);

    server.script(envelope(503, 'server_busy'), json(200, { success: true, upload: sampleUpload() }));
    let reopened = 0;
    await makeClient().upload({
      body: Readable.from([bytes]),
      filename: 'a.png',
      size: bytes.length,
      reopen: () => {
        reopened++;
        return Readable.from([bytes]);
      },
    });
    expect(reopened).toBe(1);
    expect(server.seen).toHaveLength(2);
    const [part] = await parseMultipart(server.seen[1] as SeenRequest);
    expect(part?.bytes.equals(bytes)).toBe(true);
  });

  it('waitForUploadReady polls while processing and returns the ready upload', async () => {
    server.script(
      json(200, { success: true, upload: sampleUpload({ status: 'processing', url: null }) }),
      envelope(422, 'upload_processing'),
      json(200, { success: true, upload: sampleUpload({ mime_type: 'image/png' }) }),
    );
    const up = await makeClient().waitForUploadReady('tmp/0f8fad5b-d9cb-469f-a165-70867728950e', {
      intervalMs: 250,
    });
    expect(up.status).toBe('ready');
    expect(sleeps).toEqual([250, 250]);
    expect(new URL(server.seen[0]?.url ?? '', 'http://x').searchParams.get('tmp_path')).toBe(
      'tmp/0f8fad5b-d9cb-469f-a165-70867728950e',
    );

    server.script(json(200, { success: true, upload: sampleUpload({ status: 'processing', url: null }) }));
    const err = await failure(
      makeClient().waitForUploadReady('tmp/abc', { intervalMs: 100, timeoutMs: 300 }),
    );
    expect(err.code).toBe('timeout');
    expect(server.seen).toHaveLength(4); // at 0, 100, 200 and 300 ms of waiting

    server.script(json(200, { success: true, upload: sampleUpload({ status: 'failed' }) }));
    expect((await failure(makeClient().waitForUploadReady('tmp/abc'))).code).toBe('upload_failed');
  });

  it('openPreview streams the bytes and maps errors', async () => {
    server.script((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(bytes.length) });
      res.end(bytes);
    });
    const preview = await makeClient().openPreview('tmp/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(server.seen[0]?.url).toBe('/api/v1/upload/preview/0f8fad5b-d9cb-469f-a165-70867728950e');
    expect(preview.contentType).toBe('image/png');
    expect(preview.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of preview.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    server.script(envelope(404, 'file_not_found'));
    const err = await failure(makeClient().openPreview('tmp/nope'));
    expect(err.code).toBe('file_not_found');
    expect(err.httpStatus).toBe(404);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, ignores junk', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3_000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
