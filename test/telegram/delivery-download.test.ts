import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadCache, sweepStaleDownloads } from '../../src/telegram/delivery/download.js';

let server: Server;
let base: string;
const hits = new Map<string, number>();
/** A PNG's signature followed by filler: enough for the content check. */
const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(992, 7),
]);
const LOOPBACK_OK = { allowHttp: true, allowPrivate: true };

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/ok') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES);
    } else if (req.url === '/moved') {
      res.writeHead(302, { location: '/ok' }).end();
    } else if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('{"internal":"secret"}');
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/to-file') {
      res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    } else if (req.url === '/big') {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '5000' }).end(Buffer.alloc(5000));
    } else if (req.url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      res.write(Buffer.alloc(3000));
      res.end(Buffer.alloc(3000));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('result downloads', () => {
  it('streams a file to disk once, follows redirects, and cleans up', async () => {
    const cache = new DownloadCache({ limitBytes: 4096, policy: LOOPBACK_OK });
    const first = await cache.get(`${base}/ok`);
    const again = await cache.get(`${base}/ok`);
    expect(first).toMatchObject({ kind: 'ok', size: 1000, contentType: 'image/png' });
    expect(again).toBe(first);
    expect(hits.get('/ok')).toBe(1);
    if (first.kind !== 'ok') throw new Error('unreachable');
    expect(readFileSync(first.path)).toEqual(PNG_BYTES);
    expect(await cache.get(`${base}/moved`)).toMatchObject({ kind: 'ok', size: 1000 });
    await cache.cleanup();
    expect(() => readFileSync(first.path)).toThrow();
  });

  it('tells an expired file (404) from one too big to upload', async () => {
    const cache = new DownloadCache({ limitBytes: 4096, policy: LOOPBACK_OK });
    expect(await cache.get(`${base}/gone`)).toEqual({ kind: 'not_found' });
    expect(await cache.get(`${base}/big`)).toEqual({ kind: 'too_big', size: 5000 });
    expect(await cache.get(`${base}/big-chunked`)).toEqual({ kind: 'too_big' });
    expect(await cache.get('http://127.0.0.1:9/nothing-listens')).toMatchObject({ kind: 'failed' });
    await cache.cleanup();
  });

  it('refuses what is not an image or a video, whatever its Content-Type says', async () => {
    const cache = new DownloadCache({ limitBytes: 4096, policy: LOOPBACK_OK });
    expect(await cache.get(`${base}/json`)).toEqual({ kind: 'not_media', contentType: 'image/png' });
    await cache.cleanup();
  });

  it('under the strict policy never connects to a private address, not even through a redirect', async () => {
    const strict = new DownloadCache({ limitBytes: 4096, policy: { allowHttp: true, allowPrivate: false } });
    const okHits = hits.get('/ok') ?? 0;
    expect(await strict.get(`${base}/ok`)).toMatchObject({ kind: 'refused', reason: 'private address' });
    expect(await strict.get('file:///etc/passwd')).toMatchObject({ kind: 'refused' });
    expect(await strict.get('http://localhost:9/x')).toMatchObject({ kind: 'refused' });
    expect(hits.get('/ok') ?? 0).toBe(okHits);
    // Redirects are checked hop by hop, even when the first host is allowed.
    const loopbackOnly = new DownloadCache({ limitBytes: 4096, policy: LOOPBACK_OK });
    const viaRedirect = new DownloadCache({
      limitBytes: 4096,
      policy: { allowHttp: true, allowPrivate: false },
    });
    expect(await loopbackOnly.get(`${base}/to-file`)).toMatchObject({ kind: 'refused' });
    expect(await viaRedirect.get(`${base}/to-metadata`)).toMatchObject({ kind: 'refused' });
    await Promise.all([strict.cleanup(), loopbackOnly.cleanup(), viaRedirect.cleanup()]);
  });

  it('sweeps only old download directories of ours', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sweep-test-'));
    const old = join(root, 'bot-delivery-old');
    const fresh = join(root, 'bot-delivery-fresh');
    const other = join(root, 'something-else');
    for (const dir of [old, fresh, other]) mkdirSync(dir);
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    utimesSync(other, twoHoursAgo, twoHoursAgo);
    expect(await sweepStaleDownloads(3_600_000, root)).toBe(1);
    expect(() => readFileSync(join(fresh, 'x'))).toThrow(/ENOENT/);
    expect(await sweepStaleDownloads(3_600_000, root)).toBe(0);
    rmSync(root, { recursive: true, force: true });
  });
});
