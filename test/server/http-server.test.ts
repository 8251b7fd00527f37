/**
 * The HTTP server with the webhook route on its own (real HTTP on 127.0.0.1, a recording handler in
 * place of the bot): the cases the end-to-end suite cannot reach through fetch, such as a body
 * streamed without a length, a handler that throws or takes long, and which outcome each request is
 * counted under; then the router and the probes.
 */
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../src/server/http-server.js';
import { healthRoute, readinessRoute } from '../../src/server/probes.js';
import { route } from '../../src/server/router.js';
import { WEBHOOK_PATH, type WebhookOutcome, webhookHandler } from '../../src/server/webhook.js';

const SECRET = 'whsec_unit';
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function start(
  accept: (update: { update_id: number }) => Promise<void>,
  opts: { maxBodyBytes?: number } = {},
) {
  const outcomes: WebhookOutcome[] = [];
  const logger = pino({ level: 'silent' });
  const server = createHttpServer({
    logger,
    routes: [
      healthRoute(),
      route(
        'POST',
        WEBHOOK_PATH,
        webhookHandler({ secret: SECRET, accept, logger, onRequest: (o) => outcomes.push(o), ...opts }),
      ),
      route('GET', '/metrics', (_req, res) => void res.writeHead(200).end('# metrics')),
    ],
  });
  servers.push(server);
  await listen(server, 0, 'PORT');
  const port = (server.address() as AddressInfo).port;
  const post = (body: string, secret: string | null = SECRET) =>
    fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
      body,
    });
  return { port, outcomes, post };
}

/** POSTs `chunks` with chunked transfer encoding (no Content-Length): the cap must apply as it streams. */
function postChunked(port: number, chunks: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: WEBHOOK_PATH,
        method: 'POST',
        headers: { 'x-telegram-bot-api-secret-token': SECRET, 'transfer-encoding': 'chunked' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    // The server may close the connection before the last chunk: that is the point.
    req.on('error', (err) => (req.writableEnded ? undefined : reject(err)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('webhook server', () => {
  it('hands a valid update to the bot and answers 200', async () => {
    const seen: number[] = [];
    const s = await start(async (u) => void seen.push(u.update_id));
    const res = await s.post('{"update_id": 7, "message": {}}');
    expect(res.status).toBe(200);
    expect(seen).toEqual([7]);
    expect(s.outcomes).toEqual(['stored']);
  });

  it('refuses a body streamed past the cap with 413, without handing anything to the bot', async () => {
    const seen: number[] = [];
    const s = await start(async (u) => void seen.push(u.update_id), { maxBodyBytes: 64 * 1024 });
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const status = await postChunked(
      s.port,
      Array.from({ length: 16 }, () => chunk),
    ).catch(() => 'dropped');
    // Either the 413 arrived or the server closed on us mid-upload; never a 200.
    expect([413, 'dropped']).toContain(status);
    expect(s.outcomes).toEqual(['too_large']);
    expect(seen).toEqual([]);
    expect((await s.post('{"update_id": 8}')).status).toBe(200);
  });

  it('answers 400 to JSON that is not an update', async () => {
    const s = await start(async () => {});
    for (const body of ['{"update_id": "7"}', '[{"update_id": 7}]', '"hi"', '{"update_id": 1.5}', '']) {
      expect((await s.post(body)).status).toBe(400);
    }
    expect(s.outcomes).toEqual(Array(5).fill('bad_json'));
  });

  it('checks the secret before anything else: 401 and no handler', async () => {
    const seen: number[] = [];
    const s = await start(async (u) => void seen.push(u.update_id));
    expect((await s.post('{"update_id": 1}', 'whsec_unix')).status).toBe(401);
    expect((await s.post('{"update_id": 2}', null)).status).toBe(401);
    expect((await s.post('not even json', 'nope')).status).toBe(401);
    expect(seen).toEqual([]);
    expect(s.outcomes).toEqual(['unauthorized', 'unauthorized', 'unauthorized']);
  });

  it('answers 500 to an update it could not store (Telegram resends it) and keeps serving', async () => {
    const s = await start(async (u) => {
      if (u.update_id === 1) throw new Error('database unreachable');
    });
    expect((await s.post('{"update_id": 1}')).status).toBe(500);
    expect((await s.post('{"update_id": 2}')).status).toBe(200);
    expect(s.outcomes).toEqual(['failed', 'stored']);
  });

  it('answers only once the update is stored', async () => {
    let store!: () => void;
    let stored = false;
    const s = await start(
      () =>
        new Promise<void>((resolve) => {
          store = () => {
            stored = true;
            resolve();
          };
        }),
    );
    const answer = s.post('{"update_id": 1}').then((res) => ({ status: res.status, stored }));
    await expect.poll(() => store !== undefined).toBe(true);
    store();
    expect(await answer).toEqual({ status: 200, stored: true });
  });

  it('serves /healthz and extra routes; other paths and methods are 404', async () => {
    const s = await start(async () => {});
    const base = `http://127.0.0.1:${s.port}`;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/metrics`)).text()).toBe('# metrics');
    expect((await fetch(`${base}${WEBHOOK_PATH}`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await fetch(`${base}/elsewhere`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect(s.outcomes).toEqual([]);
  });

  it('has no webhook without its route (polling mode serves only the probes)', async () => {
    const server = createHttpServer({ logger: pino({ level: 'silent' }), routes: [healthRoute()] });
    servers.push(server);
    await listen(server, 0, 'METRICS_PORT');
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
      method: 'POST',
      body: '{"update_id":1}',
    });
    expect(res.status).toBe(404);
  });

  it('names the variable when its port cannot be used', async () => {
    const s = await start(async () => {});
    const other = createHttpServer({ logger: pino({ level: 'silent' }), routes: [] });
    await expect(listen(other, s.port, 'METRICS_PORT')).rejects.toThrow(
      new RegExp(`^METRICS_PORT=${s.port} cannot be used: .*EADDRINUSE`),
    );
  });
});

describe('router and probes', () => {
  async function serve(routes: Parameters<typeof createHttpServer>[0]['routes']) {
    const server = createHttpServer({ logger: pino({ level: 'silent' }), routes });
    servers.push(server);
    await listen(server, 0, 'PORT');
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('routes by method and path (the query string aside); a handler that throws is answered 500', async () => {
    const base = await serve([
      route('GET', '/api/thing', (_req, res) => void res.writeHead(200).end('got')),
      route('POST', '/api/thing', (_req, res) => void res.writeHead(201).end('made')),
      route('GET', '/api/broken', () => {
        throw new Error('bug');
      }),
    ]);
    expect(await (await fetch(`${base}/api/thing?x=1`)).text()).toBe('got');
    const made = await fetch(`${base}/api/thing`, { method: 'POST', body: '{}' });
    expect([made.status, await made.text()]).toEqual([201, 'made']);
    expect((await fetch(`${base}/api/thing`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${base}/api/thing/more`)).status).toBe(404);
    expect((await fetch(`${base}/api/broken`)).status).toBe(500);
  });

  it('refuses two routes for one method and path', () => {
    const twice = [route('GET', '/x', () => {}), route('GET', '/x', () => {})];
    expect(() => createHttpServer({ logger: pino({ level: 'silent' }), routes: twice })).toThrow(
      'two HTTP routes for GET /x',
    );
  });

  it('/readyz: ready while the store answers, 503 with the reason while draining or without a store', async () => {
    let draining = false;
    let storeUp = true;
    const base = await serve([
      readinessRoute({
        draining: () => draining,
        ping: async () => {
          if (!storeUp) throw new Error('database unreachable');
        },
      }),
    ]);
    const ask = async () => {
      const res = await fetch(`${base}/readyz`);
      return [res.status, await res.json()];
    };
    expect(await ask()).toEqual([200, { ready: true }]);
    storeUp = false;
    expect(await ask()).toEqual([503, { ready: false, reason: 'database' }]);
    draining = true;
    expect(await ask()).toEqual([503, { ready: false, reason: 'draining' }]);
  });
});
