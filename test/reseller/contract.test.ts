/**
 * Contract: the client against the real simulator over HTTP. Every endpoint, every section-7 code
 * the simulator can produce, idempotency, quotes, uploads, cancellation and the prompt library.
 * Time moves only through a ManualClock (the client's injected sleep advances it too).
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compareMoney,
  moneyFromMicros,
  multiplyMoney,
  parseMoney,
  subtractMoney,
} from '../../src/domain/money.js';
import { ResellerClient } from '../../src/reseller/client.js';
import { errorEnvelope, type Model, moneyString } from '../../src/reseller/schemas.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { HTTP_STATUS_BY_CODE, type SimErrorCode } from '../../src/simulator/errors.js';
import { type RunningSimulator, type SimulatorOptions, startSimulator } from '../../src/simulator/server.js';
import { makeHeic, makeJpeg, makeMp4, makePng, mp4Stream } from '../support/media-fixtures.js';
import { expectCode as expectCodeAndStatus, failure } from './expect-error.js';

/**
 * Code and status: where the spec fixes the status (401, 403, 409, 429) the tests also spell it
 * out; elsewhere the simulator's documented table applies (HTTP_STATUS_BY_CODE).
 */
const expectCode = (p: Promise<unknown>, code: SimErrorCode, status: number = HTTP_STATUS_BY_CODE[code]) =>
  expectCodeAndStatus(p, code, status);

const KEY = 'sim-key';
const OTHER_KEY = 'other-key';
const STAGE_MS = 3_000;

interface Harness {
  sim: RunningSimulator;
  clock: ManualClock;
  client: ResellerClient;
  sleeps: number[];
  clientFor(key: string): ResellerClient;
  models: Model[];
}

const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((close) => close()));
});

async function harness(opts: SimulatorOptions = {}): Promise<Harness> {
  const clock = new ManualClock();
  const sim = await startSimulator({
    clock,
    orderStageMs: STAGE_MS,
    accounts: [
      { key: KEY, balance_usd: '100.00', deposit_usd: '100.00' },
      { key: OTHER_KEY, balance_usd: '10.00', deposit_usd: '0.00' },
    ],
    ...opts,
  });
  const sleeps: number[] = [];
  const clients: ResellerClient[] = [];
  const clientFor = (apiKey: string) => {
    const c = new ResellerClient({
      baseUrl: sim.baseUrl,
      apiKey,
      retry: { retries: 2 },
      random: () => 0.5,
      // Waiting means time passes for the simulator too.
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.advance(ms);
      },
    });
    clients.push(c);
    return c;
  };
  const client = clientFor(KEY);
  running.push(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sim.close();
  });
  return { sim, clock, client, sleeps, clientFor, models: await client.listModels() };
}

// Models are found by what they are, not by id.
const textToVideoQuoted = (ms: Model[]) =>
  pick(
    ms,
    (m) => m.type === 'video' && !!m.pricing?.quote_required && !m.media.required,
    'quoted text-to-video',
  );
const textToImage = (ms: Model[]) =>
  pick(
    ms,
    (m) => m.type === 'image' && !m.pricing?.quote_required && m.media.max_count === 0,
    'text-to-image',
  );
const singleImageModel = (ms: Model[]) =>
  pick(ms, (m) => m.type === 'upscale' && m.media.max_count === 1, 'single-image upscaler');

function pick(ms: Model[], pred: (m: Model) => boolean, what: string): Model {
  const m = ms.find(pred);
  if (!m) throw new Error(`no ${what} model in the catalog`);
  return m;
}

function defaultResolution(m: Model): string {
  return String(
    m.options_schema.find((o) => o.key === 'resolution')?.default ?? m.pricing?.default_resolution,
  );
}

async function png(client: ResellerClient, name = 'photo.png', side = 512) {
  return client.upload({ body: makePng(side, side), filename: name });
}

async function balance(client: ResellerClient) {
  return parseMoney((await client.getBalance()).balanceUsd);
}

describe('auth, balance, models', () => {
  it('returns the balance as a decimal string', async () => {
    const h = await harness();
    const { balanceUsd } = await h.client.getBalance();
    expect(moneyString.safeParse(balanceUsd).success).toBe(true);
    expect(compareMoney(parseMoney(balanceUsd), parseMoney('100'))).toBe(0);
  });

  it('an invalid key is unauthorized (401), and so is a missing one', async () => {
    const h = await harness();
    await expectCode(h.clientFor('wrong-key').getBalance(), 'unauthorized', 401);
    const res = await request(`${h.sim.baseUrl}/balance`, { headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(401);
    const body = errorEnvelope.parse(await res.body.json());
    expect(body.error.code).toBe('unauthorized');
  });

  it('lists models that parse with the shared schema, with the inputs the spec describes', async () => {
    const h = await harness();
    expect(h.models.length).toBeGreaterThan(0);
    for (const m of h.models) {
      expect(m.media.inputs.reduce((n, i) => n + i.max, 0)).toBeGreaterThanOrEqual(m.media.max_count);
      if (m.pricing?.default_resolution && m.pricing.resolutions) {
        // spec 2.2: top-level price_usd refers to pricing.default_resolution
        expect(m.price_usd).toBe(m.pricing.resolutions[m.pricing.default_resolution]?.price_usd);
      }
    }
    expect(h.models.some((m) => m.pricing?.quote_required)).toBe(true);
  });
});

describe('uploads', () => {
  it('uploads an image (ready at once) and the preview returns the same bytes', async () => {
    const h = await harness();
    const bytes = makeJpeg(640, 480);
    const up = await h.client.upload({ body: bytes, filename: 'снимок 1.jpg' });
    expect(up).toMatchObject({ status: 'ready', mime_type: 'image/jpeg', size: bytes.length, error: null });
    expect(up.original_name).toBe('снимок 1.jpg');
    expect(up.tmp_path).toMatch(/^tmp\/[0-9a-f-]{36}$/);
    expect(up.url).toEqual(expect.any(String));
    expect(await h.client.getUploadStatus(up.tmp_path)).toMatchObject({
      status: 'ready',
      size: bytes.length,
    });

    const preview = await h.client.openPreview(up.tmp_path);
    expect(preview.contentType).toMatch(/^image\/jpeg/);
    const chunks: Buffer[] = [];
    for await (const c of preview.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('streams a video of unknown size and previews it byte for byte', async () => {
    const h = await harness();
    const bytes = makeMp4({ durationSeconds: 5, width: 1280, height: 720, fps: 30, padToBytes: 3_000_000 });
    const { Readable } = await import('node:stream');
    const up = await h.client.upload({
      body: Readable.from([bytes.subarray(0, 1_000_000), bytes.subarray(1_000_000)]),
      filename: 'clip.mp4',
    });
    expect(up).toMatchObject({ status: 'ready', mime_type: 'video/mp4', size: bytes.length });
    const preview = await h.client.openPreview(up.tmp_path);
    expect(preview.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const c of preview.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('HEIC is processing, rejected by orders with upload_processing, then ready as PNG', async () => {
    const h = await harness({ heicProcessingMs: 5_000 });
    const up = await h.client.upload({
      body: makeHeic({ width: 1024, height: 768 }),
      filename: 'IMG_0001.HEIC',
    });
    expect(up.status).toBe('processing');
    expect(up.url).toBeNull();

    const upscaler = singleImageModel(h.models);
    await expectCode(
      h.client.createOrder({ model_id: upscaler.id, media: { image: [up.tmp_path] } }, 'heic-1'),
      'upload_processing',
      422,
    );
    expect(h.sim.state.createdOrderCount()).toBe(0);

    const ready = await h.client.waitForUploadReady(up.tmp_path, { intervalMs: 1_000 });
    expect(ready).toMatchObject({ status: 'ready', mime_type: 'image/png' });
    expect(ready.url).toEqual(expect.any(String));
    expect(h.sleeps.length).toBeGreaterThanOrEqual(5);

    const preview = await h.client.openPreview(up.tmp_path);
    expect(preview.contentType).toMatch(/^image\/png/);
    preview.body.destroy();
    await h.client.createOrder({ model_id: upscaler.id, media: { image: [up.tmp_path] } }, 'heic-1');
  });

  it('file_not_found for unknown or foreign uploads; file_expired after 24 h', async () => {
    const h = await harness();
    await expectCode(
      h.client.getUploadStatus('tmp/00000000-0000-4000-8000-000000000000'),
      'file_not_found',
      404,
    );
    const up = await png(h.client);
    const other = h.clientFor(OTHER_KEY);
    await expectCode(other.getUploadStatus(up.tmp_path), 'file_not_found', 404);
    await expectCode(other.openPreview(up.tmp_path), 'file_not_found', 404); // spec 5.4

    h.clock.advance(24 * 60 * 60 * 1000 + 1);
    const expired = await expectCode(h.client.getUploadStatus(up.tmp_path), 'file_expired');
    expect(expired.retryable).toBe(false);
    const upscaler = singleImageModel(h.models);
    await expectCode(
      h.client.createOrder({ model_id: upscaler.id, media: { image: [up.tmp_path] } }, 'late'),
      'file_expired',
    );
  });

  it('a file over the size limit is refused while streaming (413 validation_error)', async () => {
    const h = await harness({ maxUploadBytes: 1024 * 1024 });
    const video = { durationSeconds: 3, width: 640, height: 640, fps: 24, totalBytes: 5 * 1024 * 1024 };
    await expectCode(
      h.client.upload({ body: mp4Stream(video), filename: 'big.mp4' }),
      'validation_error',
      413,
    );
  });

  it('an unsupported file type is refused', async () => {
    const h = await harness();
    const err = await failure(h.client.upload({ body: Buffer.from('hello world'), filename: 'notes.txt' }));
    expect(err.code).toBe('invalid_media_type');
    expect(err.httpStatus).toBe(422);
  });
});

describe('orders', () => {
  it('creates an order, debits exactly its cost and moves queued -> processing -> completed', async () => {
    const h = await harness();
    const model = textToImage(h.models);
    const before = await balance(h.client);
    const order = await h.client.createOrder(
      { model_id: model.id, prompt: 'a red fox', options: { num_images: 2 } },
      'k-1',
    );
    expect(order).toMatchObject({
      status: 'queued',
      model_id: model.id,
      result: [],
      expires_at: null,
      error: null,
    });
    expect(order.id).toMatch(/^ord_/);
    expect(order.cost_usd).toBe('0.08'); // flat 0.04 x num_images 2
    expect(subtractMoney(before, await balance(h.client))).toBe(parseMoney(order.cost_usd));

    h.clock.advance(STAGE_MS);
    expect((await h.client.getOrder(order.id)).status).toBe('processing');
    h.clock.advance(STAGE_MS);
    const done = await h.client.getOrder(order.id);
    expect(done.status).toBe('completed');
    expect(done.result).toHaveLength(2);
    for (const url of done.result) expect(url).toMatch(new RegExp(`^${h.sim.origin}/g/[\\w-]+$`));
    expect(new Date(done.expires_at ?? '').toISOString()).toBe(done.expires_at);

    // spec 2.4: a result may expire (404) while the order response stays unchanged.
    const first = done.result[0] ?? '';
    expect((await request(first)).statusCode).toBe(200);
    h.clock.advance(25 * 60 * 60 * 1000);
    const res = await request(first);
    await res.body.dump();
    expect(res.statusCode).toBe(404);
    expect(await h.client.getOrder(order.id)).toEqual(done);
  });

  it('a failing generation ends failed with an error', async () => {
    const h = await harness();
    const model = textToImage(h.models);
    const order = await h.client.createOrder({ model_id: model.id, prompt: 'boom [sim:fail]' }, 'k-fail');
    h.clock.advance(2 * STAGE_MS);
    const failed = await h.client.getOrder(order.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBeTruthy();
    expect(failed.result).toEqual([]);
  });

  it('order_not_found for unknown and foreign orders', async () => {
    const h = await harness();
    await expectCode(h.client.getOrder('ord_doesnotexist'), 'order_not_found', 404);
    const order = await h.client.createOrder({ model_id: textToImage(h.models).id, prompt: 'mine' }, 'k');
    await expectCode(h.clientFor(OTHER_KEY).getOrder(order.id), 'order_not_found', 404);
    await expectCode(h.clientFor(OTHER_KEY).cancelOrder(order.id), 'order_not_found', 404);
  });

  it('maps every request-validation code with its status, creating nothing', async () => {
    const h = await harness();
    const t2i = textToImage(h.models);
    const upscaler = singleImageModel(h.models);
    const [a, b] = [await png(h.client), await png(h.client)];
    const video = await h.client.upload({
      body: makeMp4({ durationSeconds: 3, width: 640, height: 640, fps: 24 }),
      filename: 'v.mp4',
    });
    const cases: Array<[SimErrorCode, Parameters<ResellerClient['createOrder']>[0]]> = [
      ['model_not_found', { model_id: 999_999, prompt: 'x' }],
      ['prompt_required', { model_id: t2i.id }],
      ['media_required', { model_id: upscaler.id }],
      ['too_many_media', { model_id: upscaler.id, media: { image: [a.tmp_path, b.tmp_path] } }],
      ['invalid_media_type', { model_id: upscaler.id, media: { image: [video.tmp_path] } }],
      ['validation_error', { model_id: t2i.id, prompt: 'x', options: { aspect_ratio: '7:3' } }],
      [
        'file_not_found',
        { model_id: upscaler.id, media: { image: ['tmp/00000000-0000-4000-8000-000000000000'] } },
      ],
    ];
    for (const [code, req] of cases) {
      const err = await expectCode(h.client.createOrder(req, `k-${code}`), code);
      expect(err.httpStatus, code).toBe(code === 'model_not_found' || code === 'file_not_found' ? 404 : 422);
      expect(err.retryable, code).toBe(false);
    }
    await expectCode(h.client.quote({ model_id: 999_999, prompt: 'x' }), 'model_not_found', 404);
    expect(h.sim.state.createdOrderCount()).toBe(0);
    expect(h.sleeps).toEqual([]); // none of them was retried
  });

  it('insufficient_balance (422) and too_many_active_orders (429) are not retried', async () => {
    const h = await harness({ activeOrderCap: 2 });
    const t2i = textToImage(h.models);
    h.sim.state.setBalance(KEY, '0.03');
    const poor = await expectCode(
      h.client.createOrder({ model_id: t2i.id, prompt: 'x' }, 'poor'),
      'insufficient_balance',
      422,
    );
    expect(poor.retryable).toBe(false);

    h.sim.state.setBalance(KEY, '100.00');
    await h.client.createOrder({ model_id: t2i.id, prompt: 'one' }, 'c-1');
    await h.client.createOrder({ model_id: t2i.id, prompt: 'two' }, 'c-2');
    const capped = await expectCode(
      h.client.createOrder({ model_id: t2i.id, prompt: 'three' }, 'c-3'),
      'too_many_active_orders',
      429,
    );
    expect(capped.retryable).toBe(false);
    expect(h.sim.requests.filter((r) => r.idempotencyKey === 'c-3')).toHaveLength(1);
    expect(h.sim.state.createdOrderCount()).toBe(2);
    h.clock.advance(2 * STAGE_MS); // both finish: the cap frees up
    await h.client.createOrder({ model_id: t2i.id, prompt: 'three' }, 'c-3');
  });
});

describe('idempotency (spec 4.7 rules 1-3)', () => {
  it('same key and data -> the same order, one debit; different data -> idempotency_conflict', async () => {
    const h = await harness();
    const t2i = textToImage(h.models);
    const req = { model_id: t2i.id, prompt: 'a lighthouse' };
    const before = await balance(h.client);
    const first = await h.client.createOrder(req, 'same-key');
    const again = await h.client.createOrder(req, 'same-key');
    expect(again.id).toBe(first.id);
    expect(h.sim.state.createdOrderCount()).toBe(1);
    expect(subtractMoney(before, await balance(h.client))).toBe(parseMoney(first.cost_usd));

    const conflict = await expectCode(
      h.client.createOrder({ ...req, prompt: 'a different lighthouse' }, 'same-key'),
      'idempotency_conflict',
      422,
    );
    expect(conflict.retryable).toBe(false);
    expect(h.sim.state.createdOrderCount()).toBe(1);
  });

  it('keys are scoped per API token', async () => {
    const h = await harness();
    const req = { model_id: textToImage(h.models).id, prompt: 'shared' };
    const mine = await h.client.createOrder(req, 'scoped');
    const theirs = await h.clientFor(OTHER_KEY).createOrder(req, 'scoped');
    expect(theirs.id).not.toBe(mine.id);
    expect(h.sim.state.createdOrderCount()).toBe(2);
    expect(h.sim.state.getAccount(OTHER_KEY)?.balance_usd).toBe('9.96');
  });

  it('a lost response (drop-after) is retried with the same key and yields the one order', async () => {
    const h = await harness();
    h.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'drop-after' } });
    const before = await balance(h.client);
    const order = await h.client.createOrder(
      { model_id: textToImage(h.models).id, prompt: 'once' },
      'lost-1',
    );
    expect(h.sim.state.createdOrderCount()).toBe(1);
    expect(h.sim.state.listOrders(KEY).map((o) => o.id)).toEqual([order.id]);
    const posts = h.sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders');
    expect(posts.map((r) => r.idempotencyKey)).toEqual(['lost-1', 'lost-1']);
    expect(subtractMoney(before, await balance(h.client))).toBe(parseMoney(order.cost_usd));
  });

  it('drop-before, 500 and 503 on POST /orders are retried with the same key too', async () => {
    const h = await harness();
    h.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'drop-before' } });
    h.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'status', status: 500 } });
    h.sim.faults.add({ method: 'POST', path: '/orders', action: { kind: 'status', status: 503 } });
    const client = new ResellerClient({
      baseUrl: h.sim.baseUrl,
      apiKey: KEY,
      sleep: async () => {},
      retry: { retries: 3 },
    });
    try {
      await client.createOrder({ model_id: textToImage(h.models).id, prompt: 'persist' }, 'retry-all');
    } finally {
      await client.close();
    }
    const posts = h.sim.requests.filter((r) => r.path === '/orders');
    expect(posts.map((r) => r.idempotencyKey)).toEqual(['retry-all', 'retry-all', 'retry-all', 'retry-all']);
    expect(h.sim.state.createdOrderCount()).toBe(1);
  });
});

describe('faults surface as retryable errors', () => {
  it('server_busy with Retry-After is retried, honouring it, then reported', async () => {
    const h = await harness();
    h.sim.faults.add({
      path: '/balance',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 503, retryAfterSeconds: 2 },
    });
    const err = await expectCode(h.client.getBalance(), 'server_busy', 503);
    expect(err.retryable).toBe(true);
    expect(err.details.retryAfterMs).toBe(2_000);
    expect(h.sleeps).toEqual([2_000, 2_000]);
    expect(h.sim.requests.filter((r) => r.path === '/balance')).toHaveLength(3);
  });

  it('a transient 429 server_busy is absorbed by a retry', async () => {
    const h = await harness();
    h.sim.faults.add({ path: '/models', action: { kind: 'status', status: 429, code: 'server_busy' } });
    await expect(h.client.listModels()).resolves.toHaveLength(h.models.length);
    expect(h.sleeps).toHaveLength(1);
  });

  it('internal_error (500)', async () => {
    const h = await harness();
    h.sim.faults.add({ path: /^\/orders\//, times: 10, action: { kind: 'status', status: 500 } });
    const err = await expectCode(h.client.getOrder('ord_x'), 'internal_error', 500);
    expect(err.retryable).toBe(true);
  });

  it('latency beyond the deadline is a timeout', async () => {
    const h = await harness();
    h.sim.faults.add({ path: '/balance', action: { kind: 'latency', ms: 400 } });
    const client = new ResellerClient({
      baseUrl: h.sim.baseUrl,
      apiKey: KEY,
      timeouts: { defaultMs: 100 },
      retry: { retries: 0 },
    });
    try {
      await expectCodeAndStatus(client.getBalance(), 'timeout');
    } finally {
      await client.close();
    }
  });
});

describe('quotes (spec 2.6, 4.6, 4.7 rule 5)', () => {
  it('catalog start prices equal the quote of the minimal configuration (spec 2.7)', async () => {
    const h = await harness();
    const image = await png(h.client);
    const clip = await h.client.upload({
      body: makeMp4({ durationSeconds: 3, width: 720, height: 720, fps: 24 }),
      filename: 'motion.mp4',
    });
    const quoted = h.models.filter((m) => m.pricing?.quote_required);
    expect(quoted.length).toBeGreaterThanOrEqual(4);
    for (const m of quoted) {
      const media: Record<string, string[]> = {};
      for (const input of m.media.inputs) {
        if (!input.required && input.min === 0) continue;
        media[input.key] = [input.accepted.includes('mp4') ? clip.tmp_path : image.tmp_path];
      }
      const q = await h.client.quote({ model_id: m.id, prompt: 'a dancer', media });
      expect(q.priceUsd, m.name).toBe(m.price_usd);
      expect(q.quoteId).toEqual(expect.any(String));
    }
    expect(h.sim.state.createdOrderCount()).toBe(0);
    expect((await h.client.getBalance()).balanceUsd).toBe('100.00'); // quotes are free
  });

  it('with a source video: (source seconds rounded up + result seconds) x rate; explicit duration rejected', async () => {
    const h = await harness();
    const m = textToVideoQuoted(h.models);
    const rate = moneyFromMicros(parseMoney(m.price_usd) / 4n); // catalog price is 4 s at the default resolution
    const video = await h.client.upload({
      body: makeMp4({ durationSeconds: 5.5, width: 1280, height: 720, fps: 30 }),
      filename: 'src.mp4',
    });
    const q = await h.client.quote({ model_id: m.id, prompt: 'dance', media: { video: [video.tmp_path] } });
    expect(parseMoney(q.priceUsd)).toBe(multiplyMoney(rate, 6 + 6)); // 5.5 s -> 6 source + 6 result
    await expectCode(
      h.client.quote({
        model_id: m.id,
        prompt: 'dance',
        media: { video: [video.tmp_path] },
        options: { duration: 10 },
      }),
      'validation_error',
      422,
    );
  });

  it('order with the quote costs exactly the quote; missing, changed and reused quotes are refused', async () => {
    const h = await harness();
    const m = textToVideoQuoted(h.models);
    const req = {
      model_id: m.id,
      prompt: 'a wave',
      options: { duration: 6, resolution: defaultResolution(m) },
    };
    await expectCode(h.client.createOrder(req, 'no-quote'), 'price_quote_required', 422);

    const q = await h.client.quote(req);
    await expectCode(
      h.client.createOrder(
        { ...req, options: { ...req.options, resolution: '1080p' }, quote_id: q.quoteId },
        'changed',
      ),
      'price_quote_changed',
      422,
    );
    await expectCode(
      h.client.createOrder({ ...req, prompt: 'a tide', quote_id: q.quoteId }, 'changed-2'),
      'price_quote_changed',
    );
    expect(h.sim.state.createdOrderCount()).toBe(0);

    const before = await balance(h.client);
    const order = await h.client.createOrder({ ...req, quote_id: q.quoteId }, 'quoted');
    expect(order.cost_usd).toBe(q.priceUsd);
    expect(subtractMoney(before, await balance(h.client))).toBe(parseMoney(q.priceUsd));

    // "A quote yields at most one order": a second order (new key) with the same quote is refused.
    const reuse = await failure(h.client.createOrder({ ...req, quote_id: q.quoteId }, 'quoted-again'));
    expect(reuse.code).toMatch(/^price_quote_/);
    expect(h.sim.state.createdOrderCount()).toBe(1);
  });

  it('a tariff change after the quote is price_quote_changed; a new quote carries the new price', async () => {
    const h = await harness();
    const m = textToVideoQuoted(h.models);
    const req = { model_id: m.id, prompt: 'rain' };
    const old = await h.client.quote(req);
    h.sim.state.setTariffPercent(150);
    await expectCode(
      h.client.createOrder({ ...req, quote_id: old.quoteId }, 'tariff'),
      'price_quote_changed',
    );
    const fresh = await h.client.quote(req);
    expect(compareMoney(parseMoney(fresh.priceUsd), parseMoney(old.priceUsd))).toBe(1);
    const order = await h.client.createOrder({ ...req, quote_id: fresh.quoteId }, 'tariff');
    expect(order.cost_usd).toBe(fresh.priceUsd);
  });

  it('a quote is valid 10 minutes (ManualClock)', async () => {
    const h = await harness();
    const m = textToVideoQuoted(h.models);
    const req = { model_id: m.id, prompt: 'sunrise' };
    const fresh = await h.client.quote(req);
    h.clock.advance(9 * 60_000 + 59_000);
    await h.client.createOrder({ ...req, quote_id: fresh.quoteId }, 'in-time');

    const stale = await h.client.quote(req);
    h.clock.advance(10 * 60_000 + 1_000);
    await expectCode(
      h.client.createOrder({ ...req, quote_id: stale.quoteId }, 'too-late'),
      'price_quote_expired',
      422,
    );
    expect(h.sim.state.createdOrderCount()).toBe(1);
  });

  it('resolution-priced image models charge pricing.resolutions / prices_by_image_count', async () => {
    const h = await harness();
    const byRes = pick(
      h.models,
      (m) => m.pricing?.type === 'per_image_resolution' && !m.pricing.prices_by_image_count,
      'resolution-priced',
    );
    const o1 = await h.client.createOrder(
      { model_id: byRes.id, prompt: 'a cat on a mat', options: { resolution: '2K' } },
      'res-2k',
    );
    expect(o1.cost_usd).toBe(byRes.pricing?.resolutions?.['2K']?.price_usd);

    const byCount = pick(h.models, (m) => !!m.pricing?.prices_by_image_count, 'image-count-priced');
    const [a, b] = [await png(h.client), await png(h.client)];
    const o2 = await h.client.createOrder(
      { model_id: byCount.id, prompt: 'collage', media: { image: [a.tmp_path, b.tmp_path] } },
      'count-2',
    );
    const res = defaultResolution(byCount);
    expect(o2.cost_usd).toBe(byCount.pricing?.prices_by_image_count?.[res]?.['2']);
  });
});

describe('cancel (spec 3, 4.9)', () => {
  async function orderOn(h: Harness, cancellable = true) {
    const m = pick(
      h.models,
      (x) =>
        !x.pricing?.quote_required &&
        x.prompt.mode !== 'ignored' &&
        !x.media.required &&
        h.sim.state.catalog.get(x.id)?.sim.cancellable_when_processing === cancellable,
      'order model',
    );
    return h.client.createOrder({ model_id: m.id, prompt: 'cancel me please' }, `cancel-${Math.random()}`);
  }

  async function orderOnUncancellable(h: Harness) {
    const m = pick(
      h.models,
      (x) =>
        !x.pricing?.quote_required &&
        h.sim.state.catalog.get(x.id)?.sim.cancellable_when_processing === false,
      'non-cancellable model',
    );
    const media: Record<string, string[]> = {};
    for (const input of m.media.inputs)
      if (input.required) media[input.key] = [(await png(h.client)).tmp_path];
    return h.client.createOrder({ model_id: m.id, prompt: 'a b c d', media }, 'uncancellable');
  }

  it('queued -> not_ready with the order', async () => {
    const h = await harness();
    const order = await orderOn(h);
    expect(order.can_cancel).toBe(false);
    const err = await expectCode(h.client.cancelOrder(order.id), 'not_ready');
    expect(err.details.order).toMatchObject({ id: order.id, status: 'queued' });
    expect(err.retryable).toBe(false);
  });

  it('processing -> cancelled', async () => {
    const h = await harness();
    const order = await orderOn(h);
    h.clock.advance(STAGE_MS);
    expect((await h.client.getOrder(order.id)).can_cancel).toBe(true);
    const cancelled = await h.client.cancelOrder(order.id);
    expect(cancelled).toMatchObject({ id: order.id, status: 'cancelled' });
    expect((await h.client.getOrder(order.id)).status).toBe('cancelled');

    const again = await expectCode(h.client.cancelOrder(order.id), 'cannot_cancel', 409);
    expect(again.details.order?.status).toBe('cancelled');
  });

  it('processing with a delayed confirmation -> cancel_pending, then cancelled', async () => {
    const h = await harness({ cancelConfirmMs: 2_000 });
    const order = await orderOn(h);
    h.clock.advance(STAGE_MS);
    h.sim.state.setCancelBehaviour(order.id, 'pending-then-cancelled');
    const pending = await expectCode(h.client.cancelOrder(order.id), 'cancel_pending');
    expect(pending.details.order).toMatchObject({ id: order.id, status: 'processing' });
    h.clock.advance(2_000);
    expect((await h.client.getOrder(order.id)).status).toBe('cancelled');
  });

  it('processing with a provider failure -> cancel_failed with the order', async () => {
    const h = await harness();
    const order = await orderOn(h);
    h.clock.advance(STAGE_MS);
    h.sim.state.setCancelBehaviour(order.id, 'fail');
    const err = await expectCode(h.client.cancelOrder(order.id), 'cancel_failed');
    expect(err.details.order).toMatchObject({ id: order.id, status: 'processing' });
    expect(err.retryable).toBe(false);
  });

  it('completed and failed -> cannot_cancel (409) with the order', async () => {
    const h = await harness();
    const done = await orderOn(h);
    h.clock.advance(2 * STAGE_MS);
    const e1 = await expectCode(h.client.cancelOrder(done.id), 'cannot_cancel', 409);
    expect(e1.details.order?.status).toBe('completed');

    const failing = await h.client.createOrder(
      { model_id: textToImage(h.models).id, prompt: '[sim:fail]' },
      'f',
    );
    h.clock.advance(2 * STAGE_MS);
    const e2 = await expectCode(h.client.cancelOrder(failing.id), 'cannot_cancel', 409);
    expect(e2.details.order?.status).toBe('failed');
  });

  it('a model without cancellation support refuses once processing', async () => {
    const h = await harness();
    const order = await orderOnUncancellable(h);
    h.clock.advance(STAGE_MS);
    const view = await h.client.getOrder(order.id);
    expect(view).toMatchObject({ status: 'processing', can_cancel: false });
    const err = await failure(h.client.cancelOrder(order.id));
    expect(err.code).toBe('cannot_cancel');
    expect(err.details.order?.status).toBe('processing');
  });

  it('a lost cancel response is retried and the cancelled order returned', async () => {
    const h = await harness();
    const order = await orderOn(h);
    h.clock.advance(STAGE_MS);
    h.sim.faults.add({ method: 'POST', path: /\/cancel$/, action: { kind: 'drop-after' } });
    await expect(h.client.cancelOrder(order.id)).resolves.toMatchObject({ status: 'cancelled' });
    expect(h.sim.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(2);
  });
});

describe('prompt library (spec 4.10)', () => {
  it('needs a total deposit of 50 USD: deposit_required (403) with required/deposited', async () => {
    const h = await harness();
    const err = await expectCode(h.clientFor(OTHER_KEY).listPrompts(), 'deposit_required', 403);
    expect(err.details).toMatchObject({ required: 50, deposited: 0 });
    h.sim.state.setDeposit(OTHER_KEY, '49.99');
    const close = await expectCode(h.clientFor(OTHER_KEY).listPrompts(), 'deposit_required', 403);
    expect(close.details.deposited).toBe(49.99);
    h.sim.state.setDeposit(OTHER_KEY, '50.00');
    await expect(h.clientFor(OTHER_KEY).listPrompts()).resolves.toMatchObject({ success: true });
  });

  it('paginates: default 20, bounds, links, every prompt exactly once', async () => {
    const h = await harness();
    const first = await h.client.listPrompts();
    expect(first.meta.per_page).toBe(20);
    expect(first.meta.current_page).toBe(1);
    expect(first.links.prev).toBeNull();

    const seen = new Set<number>();
    let page = 1;
    for (;;) {
      const p = await h.client.listPrompts({ perPage: 7, page });
      expect(p.data.length).toBeLessThanOrEqual(7);
      for (const item of p.data) seen.add(item.id);
      expect(p.meta.last_page).toBe(Math.ceil(p.meta.total / 7));
      if (page === 1) expect(p.links.prev).toBeNull();
      if (p.links.next === null) {
        expect(page).toBe(p.meta.last_page);
        break;
      }
      page++;
    }
    expect(seen.size).toBe(first.meta.total);

    const all = await h.client.listPrompts({ perPage: 100 });
    expect(all.data).toHaveLength(Math.min(100, all.meta.total));
    const beyond = await h.client.listPrompts({ perPage: 7, page: page + 1 });
    expect(beyond.data).toEqual([]);
    await expectCode(h.client.listPrompts({ perPage: 101 }), 'validation_error', 422);
  });

  it('filters by type, category and search (ru and en, case-insensitive)', async () => {
    const h = await harness();
    const all = (await h.client.listPrompts({ perPage: 100 })).data;
    const videos = await h.client.listPrompts({ type: 'video', perPage: 100 });
    expect(videos.data.length).toBeGreaterThan(0);
    expect(videos.data.length).toBeLessThan(all.length);
    expect(videos.data.every((p) => p.type.key === 'video')).toBe(true);

    const category = all[0]?.category.key ?? '';
    const inCategory = await h.client.listPrompts({ category, perPage: 100 });
    expect(inCategory.data.length).toBeGreaterThan(0);
    expect(inCategory.data.every((p) => p.category.key === category)).toBe(true);

    for (const term of ['PORTRAIT', 'портрет']) {
      const found = await h.client.listPrompts({ search: term, perPage: 100 });
      expect(found.data.length, term).toBeGreaterThan(0);
      for (const p of found.data) {
        const text = [p.title_ru, p.title_en, p.prompt_ru, p.prompt_en].join(' ').toLowerCase();
        expect(text).toContain(term.toLowerCase());
      }
    }
    for (const p of all) expect(p.preview_url).toBe(`${h.sim.origin}/prompts/${p.id}/preview`);
  });
});
