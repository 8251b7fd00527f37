import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadResponse } from '../../src/reseller/schemas.js';
import { makeHeic, makeJpeg, makeMp4, makePng, mp4Stream } from '../support/media-fixtures.js';
import { expectEnvelope, type Json, SimHarness, streamUpload } from './helpers.js';

const HEIC_MS = 1500;
const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start({
    heicProcessingMs: HEIC_MS,
    accounts: [
      { key: 'sim-key', balance_usd: '100.00', deposit_usd: '100.00' },
      { key: 'other-key', balance_usd: '100.00', deposit_usd: '100.00' },
    ],
  });
});
afterAll(() => h.close());

describe('POST /upload', () => {
  it('stores a photo and answers the spec upload object with a preview URL', async () => {
    const png = makePng(800, 600);
    const result = await h.upload(png, 'cat.png');
    expect(result.status).toBe(200);
    const { upload } = uploadResponse.parse(result.body);
    expect(upload).toMatchObject({
      status: 'ready',
      original_name: 'cat.png',
      mime_type: 'image/png',
      size: png.length,
      error: null,
    });
    expect(upload.tmp_path).toMatch(/^tmp\/[0-9a-f-]{36}$/);
    expect(upload.url).toBe(`${h.sim.baseUrl}/upload/preview/${upload.tmp_path.slice(4)}`);
  });

  it('keeps a Cyrillic filename intact', async () => {
    const result = await h.upload(makeJpeg(400, 400), 'котик.jpg');
    expect(result.body.upload).toMatchObject({ original_name: 'котик.jpg', mime_type: 'image/jpeg' });
  });

  it('rejects formats outside the accepted list with invalid_media_type', async () => {
    expectEnvelope(
      await h.upload(Buffer.from('hello'), 'notes.txt', { mime: 'text/plain' }),
      422,
      'invalid_media_type',
    );
    expectEnvelope(await h.upload(Buffer.from('%PDF-1.4'), 'doc.pdf'), 422, 'invalid_media_type');
  });

  it('rejects an empty file and a body without a `file` part', async () => {
    expectEnvelope(await h.upload(Buffer.alloc(0), 'empty.png'), 422, 'validation_error');
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(makePng(10, 10))]), 'a.png');
    const response = await fetch(`${h.sim.baseUrl}/upload`, {
      method: 'POST',
      headers: { authorization: 'Bearer sim-key' },
      body: form,
    });
    expectEnvelope(
      { status: response.status, headers: response.headers, body: await response.json() },
      422,
      'validation_error',
    );
  });

  it('rejects a body that is not multipart with 400', async () => {
    expectEnvelope(await h.call('POST', '/upload', { body: { file: 'x' } }), 400, 'validation_error');
  });

  it('streams a 200 MB video to disk and reads its facts (never buffered whole)', async () => {
    const size = 200 * 1024 * 1024;
    const result = await streamUpload(
      h.sim.baseUrl,
      mp4Stream({ durationSeconds: 12.5, width: 720, height: 1280, fps: 30, totalBytes: size }),
      { filename: 'big.mp4', mime: 'video/mp4' },
    );
    expect(result.status).toBe(200);
    expect(result.body.upload).toMatchObject({ status: 'ready', size, mime_type: 'video/mp4' });
    const record = h.sim.state.uploads.find(result.body.upload.tmp_path)!;
    expect(record.facts).toEqual({ durationSeconds: 12.5, width: 720, height: 1280, fps: 30 });
  });
});

describe('upload size limit', () => {
  it('answers 413 validation_error above the limit and keeps serving', async () => {
    const small = await SimHarness.start({ maxUploadBytes: 4096 });
    try {
      const result = await small.upload(
        makeMp4({ durationSeconds: 3, width: 640, height: 640, fps: 24, padToBytes: 20_000 }),
        'a.mp4',
      );
      expectEnvelope(result, 413, 'validation_error');
      expect((await small.upload(makePng(10, 10), 'ok.png')).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('HEIC/HEIF conversion', () => {
  it('is processing (url null) until heicProcessingMs have passed, then ready as PNG', async () => {
    const first = await h.upload(makeHeic({ width: 3000, height: 2000 }), 'IMG_0001.HEIC');
    expect(first.body.upload).toMatchObject({ status: 'processing', url: null, mime_type: 'image/heic' });
    const tmpPath = first.body.upload.tmp_path;

    expectEnvelope(await h.get(`/upload/preview/${tmpPath.slice(4)}`), 422, 'upload_processing');
    const early = await h.quote({ model_id: 301, media: { image: [tmpPath] } });
    expectEnvelope(early, 422, 'upload_processing');

    h.clock.advance(HEIC_MS - 1);
    expect((await h.get(`/upload/status?tmp_path=${tmpPath}`)).body.upload.status).toBe('processing');
    h.clock.advance(1);
    const status = await h.get(`/upload/status?tmp_path=${tmpPath}`);
    expect(status.body.upload).toMatchObject({ status: 'ready', mime_type: 'image/png' });
    expect(status.body.upload.url).toContain(tmpPath.slice(4));

    const preview = await fetch(status.body.upload.url, { headers: { authorization: 'Bearer sim-key' } });
    expect(preview.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await preview.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([3000, 2000]);
    expect((await h.quote({ model_id: 301, media: { image: [tmpPath] } })).status).toBe(200);
  });
});

describe('GET /upload/status and GET /upload/preview', () => {
  it('requires tmp_path', async () => {
    expectEnvelope(await h.get('/upload/status'), 422, 'validation_error');
  });

  it('answers file_not_found for unknown and foreign uploads', async () => {
    const tmpPath = await h.tmpPath(makePng(300, 300), 'mine.png');
    expectEnvelope(
      await h.get('/upload/status?tmp_path=tmp/00000000-0000-0000-0000-000000000000'),
      404,
      'file_not_found',
    );
    expectEnvelope(await h.get(`/upload/status?tmp_path=${tmpPath}`, 'other-key'), 404, 'file_not_found');
  });

  it('serves the preview bytes with their content type only to the uploading key', async () => {
    const jpeg = makeJpeg(320, 240);
    const { upload } = (await h.upload(jpeg, 'p.jpg')).body;
    const mine = await fetch(upload.url, { headers: { authorization: 'Bearer sim-key' } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await mine.arrayBuffer()).equals(jpeg)).toBe(true);

    const foreign = await fetch(upload.url, { headers: { authorization: 'Bearer other-key' } });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Json).error.code).toBe('file_not_found');
    expect((await fetch(upload.url)).status).toBe(401);
  });

  it('expires uploads after uploadTtlMs: file_expired everywhere and the bytes are deleted', async () => {
    const tmpPath = await h.tmpPath(makePng(400, 400), 'old.png');
    const record = h.sim.state.uploads.find(tmpPath)!;
    h.clock.advance(UPLOAD_TTL_MS - 1);
    expect((await h.get(`/upload/status?tmp_path=${tmpPath}`)).status).toBe(200);
    h.clock.advance(1);
    expectEnvelope(await h.get(`/upload/status?tmp_path=${tmpPath}`), 422, 'file_expired');
    expectEnvelope(await h.get(`/upload/preview/${record.uuid}`), 422, 'file_expired');
    expectEnvelope(await h.quote({ model_id: 401, media: { image: [tmpPath] } }), 422, 'file_expired');
    await h.get('/balance'); // any request sweeps expired files
    expect(existsSync(record.filePath)).toBe(false);
  });
});
