/** Small HTTP helpers for simulator tests: JSON calls, uploads (in memory or streamed), order bodies. */
import { request as httpRequest } from 'node:http';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import { ManualClock } from '../../src/simulator/clock.js';
import { type RunningSimulator, type SimulatorOptions, startSimulator } from '../../src/simulator/server.js';

export const KEY = 'sim-key';

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

// biome-ignore lint/suspicious/noExplicitAny: test responses are inspected loosely
export type Json = any;

export class SimHarness {
  constructor(
    readonly sim: RunningSimulator,
    readonly clock: ManualClock,
  ) {}

  static async start(options: Omit<SimulatorOptions, 'clock'> = {}): Promise<SimHarness> {
    const clock = new ManualClock();
    return new SimHarness(await startSimulator({ ...options, clock }), clock);
  }

  close(): Promise<void> {
    return this.sim.close();
  }

  async call(
    method: string,
    path: string,
    options: { key?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<Json>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const key = options.key === undefined ? KEY : options.key;
    if (key !== null) headers['authorization'] = `Bearer ${key}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const url = path.startsWith('http') ? path : `${this.sim.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  }

  get(path: string, key?: string | null) {
    return this.call('GET', path, { key });
  }

  async upload(
    bytes: Buffer,
    filename: string,
    options: { key?: string; mime?: string } = {},
  ): Promise<ApiResult<Json>> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], options.mime ? { type: options.mime } : {}),
      filename,
    );
    const response = await fetch(`${this.sim.baseUrl}/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.key ?? KEY}` },
      body: form,
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  /** Uploads and returns the tmp_path, failing the test on an error answer. */
  async tmpPath(bytes: Buffer, filename: string, key?: string): Promise<string> {
    const result = await this.upload(bytes, filename, key ? { key } : {});
    if (result.status !== 200) throw new Error(`upload failed: ${JSON.stringify(result.body)}`);
    return result.body.upload.tmp_path as string;
  }

  quote(body: unknown, key?: string) {
    return this.call('POST', '/orders/quote', { body, key });
  }

  order(body: unknown, idempotencyKey: string, key?: string) {
    return this.call('POST', '/orders', { body, key, headers: { 'idempotency-key': idempotencyKey } });
  }

  /** Quotes then orders with that quote. */
  async quotedOrder(body: Record<string, unknown>, idempotencyKey: string): Promise<ApiResult<Json>> {
    const quote = await this.quote(body);
    if (quote.status !== 200) throw new Error(`quote failed: ${JSON.stringify(quote.body)}`);
    return this.order({ ...body, quote_id: quote.body.quote.quote_id }, idempotencyKey);
  }

  async balance(key = KEY): Promise<string> {
    return (await this.get('/balance', key)).body.balance_usd;
  }
}

/** POSTs a multipart upload whose file content comes from a stream (nothing buffered whole). */
export function streamUpload(
  baseUrl: string,
  file: Readable,
  options: { filename: string; mime: string; key?: string },
): Promise<{ status: number; body: Json }> {
  const boundary = `----sim${Date.now().toString(16)}`;
  const preamble = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${options.filename}"\r\n` +
      `Content-Type: ${options.mime}\r\n\r\n`,
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.key ?? KEY}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(preamble);
    file.on('error', reject);
    file.on('end', () => req.end(epilogue));
    file.pipe(req, { end: false });
  });
}

/** Asserts the spec's error envelope with this status and code (and a non-empty message). */
export function expectEnvelope(result: ApiResult<Json>, status: number, code: string): void {
  expect({ status: result.status, success: result.body?.success, code: result.body?.error?.code }).toEqual({
    status,
    success: false,
    code,
  });
  expect(result.body.error.message).toEqual(expect.any(String));
  expect(result.body.error.message.length).toBeGreaterThan(0);
}
