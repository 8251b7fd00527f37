import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCatalog } from '../../src/simulator/catalog.js';
import { makeHeic, makeJpeg, makeMov, makeMp4, makePng, makeWebp } from '../support/media-fixtures.js';
import { expectEnvelope, SimHarness } from './helpers.js';

let h: SimHarness;
beforeAll(async () => {
  h = await SimHarness.start();
});
afterAll(() => h.close());

const photo = (width = 1024, height = 1024) => h.tmpPath(makePng(width, height), 'photo.png');
const clip = (spec: Partial<Parameters<typeof makeMp4>[0]> = {}) =>
  h.tmpPath(makeMp4({ durationSeconds: 5, width: 720, height: 1280, fps: 30, ...spec }), 'clip.mp4');

async function rejects(body: Record<string, unknown>, code: string, status = 422): Promise<string> {
  const result = await h.quote(body);
  expectEnvelope(result, status, code);
  return result.body.error.message as string;
}

describe('prompt rules', () => {
  it('prompt_required when a required prompt is missing or blank', async () => {
    await rejects({ model_id: 203 }, 'prompt_required');
    await rejects({ model_id: 203, prompt: '   ' }, 'prompt_required');
  });

  it('validation_error outside the length limits', async () => {
    const image = [await photo()];
    expect(
      await rejects({ model_id: 103, prompt: 'x'.repeat(3073), media: { image } }, 'validation_error'),
    ).toContain('3072');
    expect((await h.quote({ model_id: 103, prompt: 'я'.repeat(3072), media: { image } })).status).toBe(200);
    await rejects({ model_id: 201, prompt: 'abc' }, 'validation_error');
  });

  it('ignores the prompt of models that ignore it', async () => {
    expect(
      (await h.quote({ model_id: 401, prompt: 'whatever', media: { image: [await photo()] } })).status,
    ).toBe(200);
  });
});

describe('option rules', () => {
  it('rejects unknown keys, values outside a select and out-of-range or mistyped numbers', async () => {
    expect(await rejects({ model_id: 203, prompt: 'x', options: { seed: 3 } }, 'validation_error')).toContain(
      'seed',
    );
    await rejects({ model_id: 203, prompt: 'x', options: { aspect_ratio: '2:1' } }, 'validation_error');
    await rejects({ model_id: 203, prompt: 'x', options: { num_images: 5 } }, 'validation_error');
    await rejects({ model_id: 203, prompt: 'x', options: { num_images: 1.5 } }, 'validation_error');
    await rejects({ model_id: 101, prompt: 'x', options: { duration: '10' } }, 'validation_error');
    await rejects({ model_id: 101, prompt: 'x', options: { duration: 3 } }, 'validation_error');
    await rejects(
      { model_id: 103, prompt: 'x', media: { image: [await photo()] }, options: { duration: 16 } },
      'validation_error',
    );
  });

  it('upscale_factor is a select of 2 and 4', async () => {
    const image = [await photo()];
    expect((await h.quote({ model_id: 301, media: { image }, options: { upscale_factor: 4 } })).status).toBe(
      200,
    );
    await rejects({ model_id: 301, media: { image }, options: { upscale_factor: 3 } }, 'validation_error');
  });

  it('aspect ratios 27:16, 16:27, 9:8 and 8:9 only with 1K', async () => {
    for (const ratio of ['27:16', '16:27', '9:8', '8:9']) {
      await rejects(
        { model_id: 201, prompt: 'wide', options: { aspect_ratio: ratio, resolution: '2K' } },
        'validation_error',
      );
      expect(
        (await h.quote({ model_id: 201, prompt: 'wide', options: { aspect_ratio: ratio } })).status,
      ).toBe(200);
    }
    expect(
      (await h.quote({ model_id: 201, prompt: 'wide', options: { aspect_ratio: '16:9', resolution: '2K' } }))
        .status,
    ).toBe(200);
  });
});

describe('media counts', () => {
  it('too_many_media above an input maximum or the model total', async () => {
    const p = await photo();
    await rejects({ model_id: 101, prompt: 'x', media: { image: Array(7).fill(p) } }, 'too_many_media');
    await rejects({ model_id: 103, prompt: 'x', media: { image: Array(8).fill(p) } }, 'too_many_media');
    await rejects(
      { model_id: 201, prompt: 'edit it', media: { image: Array(11).fill(p) } },
      'too_many_media',
    );
    const v = await clip();
    await rejects({ model_id: 101, prompt: 'x', media: { video: [v, v] } }, 'too_many_media');
    await rejects({ model_id: 204, media: { character_image: [p, p], target_image: [p] } }, 'too_many_media');
  });

  it('media_required when a required input is empty', async () => {
    await rejects({ model_id: 103, prompt: 'x' }, 'media_required');
    await rejects({ model_id: 401 }, 'media_required');
    await rejects({ model_id: 104, media: { image: [await photo()] } }, 'media_required');
    await rejects({ model_id: 204, media: { character_image: [await photo()] } }, 'media_required');
    await rejects({ model_id: 204, media: { character_image: [], target_image: [] } }, 'media_required');
  });

  it('validation_error for a media key the model does not have', async () => {
    await rejects({ model_id: 203, prompt: 'x', media: { image: [await photo()] } }, 'validation_error');
  });

  it('role-keyed inputs accept one file each', async () => {
    const body = {
      model_id: 204,
      media: { character_image: [await photo()], target_image: [await photo(800, 600)] },
    };
    expect((await h.quote(body)).body.quote.price_usd).toBe('0.05');
  });
});

describe('file checks', () => {
  it('file_not_found for an unknown tmp_path', async () => {
    await rejects(
      { model_id: 401, media: { image: ['tmp/00000000-0000-0000-0000-000000000000'] } },
      'file_not_found',
      404,
    );
  });

  it('invalid_media_type for a file type the input does not accept', async () => {
    await rejects({ model_id: 401, media: { image: [await clip()] } }, 'invalid_media_type');
    const webm = await h.tmpPath(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]), 'clip.webm');
    await rejects({ model_id: 101, prompt: 'x', media: { video: [webm] } }, 'invalid_media_type');
    const webp = await h.tmpPath(makeWebp(600, 600), 'p.webp');
    await rejects({ model_id: 103, prompt: 'x', media: { image: [webp] } }, 'invalid_media_type');
    await rejects({ model_id: 101, prompt: 'x', media: { video: [await photo()] } }, 'invalid_media_type');
  });

  it('model A photo limits: sides 301-5999, aspect strictly between 0.4 and 2.5', async () => {
    await rejects(
      { model_id: 101, prompt: 'x', media: { image: [await photo(300, 600)] } },
      'validation_error',
    );
    await rejects(
      { model_id: 101, prompt: 'x', media: { image: [await photo(6000, 3000)] } },
      'validation_error',
    );
    await rejects(
      { model_id: 101, prompt: 'x', media: { image: [await photo(1000, 400)] } },
      'validation_error',
    );
    const ok = [
      await photo(301, 700),
      await photo(5999, 2400),
      await h.tmpPath(makeJpeg(1200, 800), 'a.jpg'),
    ];
    expect((await h.quote({ model_id: 101, prompt: 'x', media: { image: ok } })).status).toBe(200);
  });

  it('model A video limits: 2-30 s, 24-60 fps, 409600-927408 px per frame, MOV accepted', async () => {
    await rejects(
      { model_id: 101, prompt: 'x', media: { video: [await clip({ durationSeconds: 1.9 })] } },
      'validation_error',
    );
    await rejects(
      { model_id: 101, prompt: 'x', media: { video: [await clip({ durationSeconds: 30.5 })] } },
      'validation_error',
    );
    await rejects(
      { model_id: 101, prompt: 'x', media: { video: [await clip({ fps: 20 })] } },
      'validation_error',
    );
    await rejects(
      { model_id: 101, prompt: 'x', media: { video: [await clip({ width: 1080, height: 1920 })] } },
      'validation_error',
    );
    await rejects(
      { model_id: 101, prompt: 'x', media: { video: [await clip({ width: 600, height: 600 })] } },
      'validation_error',
    );
    const mov = await h.tmpPath(
      makeMov({ durationSeconds: 2, width: 640, height: 640, fps: 60 }),
      'clip.MOV',
    );
    expect((await h.quote({ model_id: 101, prompt: 'x', media: { video: [mov] } })).status).toBe(200);
  });

  it('model C photos: JPG/PNG/HEIC, both sides at least 300', async () => {
    await rejects(
      { model_id: 103, prompt: 'x', media: { image: [await photo(299, 400)] } },
      'validation_error',
    );
    const heic = await h.tmpPath(makeHeic({ width: 3024, height: 4032 }), 'me.heic');
    h.clock.advance(1500);
    expect((await h.quote({ model_id: 103, prompt: 'x', media: { image: [heic] } })).status).toBe(200);
  });

  it('model D clip: 3-30 s', async () => {
    const image = [await photo()];
    await rejects(
      { model_id: 104, media: { image, video: [await clip({ durationSeconds: 2.9 })] } },
      'validation_error',
    );
  });

  it('accepts files whose facts cannot be read without those checks', async () => {
    const opaque = await h.tmpPath(Buffer.from('these bytes are not a png'), 'mystery.png');
    expect((await h.quote({ model_id: 401, media: { image: [opaque] } })).status).toBe(200);
  });
});

describe('model B: source plus result at most 30 s', () => {
  it('rejects a combination over 30 s (catalog with a longer source limit)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-b-'));
    const models = structuredClone(defaultCatalog().models.filter((m) => m.id === 102));
    models[0]!.media.inputs[1]!.limits!.max_seconds = 20;
    await writeFile(join(dir, 'catalog.json'), JSON.stringify({ models }));
    const custom = await SimHarness.start({ catalogPath: join(dir, 'catalog.json') });
    try {
      const long = await custom.tmpPath(
        makeMp4({ durationSeconds: 16, width: 720, height: 1280, fps: 30 }),
        'c.mp4',
      );
      const result = await custom.quote({ model_id: 102, prompt: 'x', media: { video: [long] } });
      expectEnvelope(result, 422, 'validation_error');
      expect(result.body.error.message).toContain('30');
      const fine = await custom.tmpPath(
        makeMp4({ durationSeconds: 15, width: 720, height: 1280, fps: 30 }),
        'd.mp4',
      );
      expect((await custom.quote({ model_id: 102, prompt: 'x', media: { video: [fine] } })).status).toBe(200);
    } finally {
      await custom.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
