import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/simulator/media-builders.js';
import { detectFormat, formatFromMagic, type MediaFormat } from '../../src/simulator/media-formats.js';
import { sniffMediaFacts } from '../../src/simulator/media-sniff.js';
import {
  makeHeic,
  makeJpeg,
  makeMov,
  makeMp4,
  makePng,
  makeWebp,
  mp4Stream,
  mp4StreamSize,
} from '../support/media-fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sim-media-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function facts(bytes: Buffer, name: string) {
  const format = detectFormat(name, undefined, bytes.subarray(0, 64)) as MediaFormat;
  const path = join(dir, name);
  await writeFile(path, bytes);
  return sniffMediaFacts(path, format);
}

describe('media fixtures are real files', () => {
  it('makePng writes chunks with valid CRCs and image data that inflates to the declared rows', () => {
    const png = makePng(20, 3);
    let offset = 8;
    const types: string[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const typeAndData = png.subarray(offset + 4, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(typeAndData));
      const type = typeAndData.subarray(0, 4).toString('latin1');
      types.push(type);
      if (type === 'IDAT')
        expect(inflateSync(typeAndData.subarray(4)).length).toBe(3 * (1 + Math.ceil(20 / 8)));
      offset += 12 + length;
    }
    expect(types).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
  });

  it('makeJpeg starts with SOI + JFIF APP0 and ends with EOI', () => {
    const jpeg = makeJpeg(100, 50);
    expect([...jpeg.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    expect(jpeg.subarray(6, 11).toString('latin1')).toBe('JFIF\0');
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
  });

  it('video, HEIC and WebP fixtures carry the brands the formats are recognised by', () => {
    const spec = { durationSeconds: 3, width: 640, height: 640, fps: 24 };
    expect(formatFromMagic(makeMp4(spec))?.id).toBe('mp4');
    expect(formatFromMagic(makeMov(spec))?.id).toBe('mov');
    expect(formatFromMagic(makeHeic())?.id).toBe('heic');
    expect(formatFromMagic(makeHeic({ brand: 'heif' }))?.id).toBe('heif');
    expect(formatFromMagic(makeWebp(10, 10))?.id).toBe('webp');
    expect(makeMp4({ ...spec, padToBytes: 10_000 }).length).toBe(10_000);
  });

  it('mp4Stream produces exactly totalBytes, starting with the same header as makeMp4', async () => {
    const spec = { durationSeconds: 5, width: 720, height: 1280, fps: 30, totalBytes: 300_000 };
    const chunks: Buffer[] = [];
    for await (const chunk of mp4Stream(spec)) chunks.push(chunk as Buffer);
    const streamed = Buffer.concat(chunks);
    expect(streamed.length).toBe(300_000);
    expect(mp4StreamSize(spec)).toBe(300_000);
    expect(streamed.equals(makeMp4({ ...spec, padToBytes: 300_000 }))).toBe(true);
  });
});

describe('sniffing facts from uploaded bytes', () => {
  it('reads PNG dimensions and transparency', async () => {
    expect(await facts(makePng(1024, 300), 'a.png')).toEqual({ width: 1024, height: 300, hasAlpha: false });
    expect(await facts(makePng(64, 64, { transparent: true }), 'b.png')).toMatchObject({ hasAlpha: true });
  });

  it('reads JPEG dimensions from the SOF0 segment', async () => {
    expect(await facts(makeJpeg(641, 479), 'c.jpg')).toMatchObject({ width: 641, height: 479 });
  });

  it('reads WebP and HEIC dimensions', async () => {
    expect(await facts(makeWebp(300, 200, { alpha: true }), 'd.webp')).toEqual({
      width: 300,
      height: 200,
      hasAlpha: true,
    });
    expect(await facts(makeHeic({ width: 4032, height: 3024 }), 'e.heic')).toEqual({
      width: 4032,
      height: 3024,
    });
  });

  it('reads MP4/MOV duration, frame size and frame rate', async () => {
    expect(
      await facts(makeMp4({ durationSeconds: 5.2, width: 720, height: 1280, fps: 30 }), 'f.mp4'),
    ).toEqual({
      durationSeconds: 5.2,
      width: 720,
      height: 1280,
      fps: 30,
    });
    expect(
      await facts(makeMov({ durationSeconds: 12, width: 640, height: 640, fps: 29.97 }), 'g.mov'),
    ).toEqual({
      durationSeconds: 12,
      width: 640,
      height: 640,
      fps: 29.97,
    });
  });

  it('returns no facts for bytes it cannot read instead of throwing', async () => {
    expect(await facts(Buffer.from('not really a png'), 'h.png')).toEqual({});
    expect(
      await facts(
        Buffer.concat([makeMp4({ durationSeconds: 3, width: 640, height: 640, fps: 24 }).subarray(0, 40)]),
        'i.mp4',
      ),
    ).toEqual({});
  });
});

describe('format detection', () => {
  const png = makePng(10, 10);
  it('prefers the extension, then the MIME type, then the magic bytes', () => {
    expect(detectFormat('photo.JPEG', 'image/png', png)?.id).toBe('jpg');
    expect(detectFormat('photo', 'image/heic', png)?.id).toBe('heic');
    expect(detectFormat('photo', 'application/octet-stream', png)?.id).toBe('png');
    expect(detectFormat('clip.mov', undefined, Buffer.alloc(0))?.id).toBe('mov');
  });

  it('rejects unknown extensions even when the bytes look like an image', () => {
    expect(detectFormat('notes.txt', 'text/plain', png)).toBeUndefined();
    expect(detectFormat('archive.zip', undefined, Buffer.from('PK'))).toBeUndefined();
  });
});
