import { describe, expect, it } from 'vitest';
import { type MediaInput, type Model, model as modelSchema } from '../../src/reseller/schemas.js';
import {
  checkFile,
  limitsOf,
  type MediaCheck,
  optionsToOmit,
  TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES,
  UPSTREAM_MAX_UPLOAD_BYTES,
} from '../../src/services/media-rules.js';
import type { TelegramFileRef } from '../../src/services/telegram-file.js';
import catalogJson from '../../src/simulator/catalog.json' with { type: 'json' };

const MB = 1024 * 1024;
const cloud = { telegramDownloadLimitBytes: TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES };
const local = { telegramDownloadLimitBytes: null };
const empty = { countForInput: 0, countOverall: 0 };

/** The catalog as the bot sees it: the public part, parsed by the client's schema. */
function catalogModel(name: string): Model {
  const raw = catalogJson.models.find((m) => m.name === name);
  if (!raw) throw new Error(`no catalog model ${name}`);
  const { sim: _sim, ...publicPart } = raw;
  return modelSchema.parse(publicPart);
}

function inputOf(m: Model, key: string): MediaInput {
  const input = m.media.inputs.find((i) => i.key === key);
  if (!input) throw new Error(`no input ${key}`);
  return input;
}

function photo(over: Partial<TelegramFileRef> = {}): TelegramFileRef {
  return {
    kind: 'photo',
    fileId: 'p',
    fileUniqueId: 'pu',
    width: 1280,
    height: 960,
    fileSize: 200_000,
    ...over,
  };
}
function video(over: Partial<TelegramFileRef> = {}): TelegramFileRef {
  return {
    kind: 'video',
    fileId: 'v',
    fileUniqueId: 'vu',
    mimeType: 'video/mp4',
    width: 1024,
    height: 576,
    durationSeconds: 8,
    fileSize: 5 * MB,
    ...over,
  };
}
function doc(fileName: string, over: Partial<TelegramFileRef> = {}): TelegramFileRef {
  return { kind: 'document', fileId: 'd', fileUniqueId: 'du', fileName, fileSize: 1 * MB, ...over };
}

/** A model built by hand: the rules must follow whatever the catalog says. */
function handModel(
  input: Partial<MediaInput> & Record<string, unknown>,
  media: Partial<Model['media']> = {},
): Model {
  return modelSchema.parse({
    id: 9001,
    name: 'Hand-made',
    type: 'image',
    price_usd: '0.10',
    prompt: { mode: 'optional' },
    media: {
      required: false,
      max_count: 3,
      accepted: ['jpg', 'png'],
      inputs: [{ key: 'image', max: 3, ...input }],
      ...media,
    },
    options_schema: [],
  });
}

function problemOf(check: MediaCheck) {
  return check.ok ? undefined : check.problem;
}

const vega = catalogModel('Vega Video 2 Pro'); // spec 2.7 video model A
const aurora = catalogModel('Aurora Video Sound'); // model B
const cast = catalogModel('Cast Character Video'); // model C
const motion = catalogModel('Motion Transfer'); // model D

describe('checkFile: type', () => {
  it('accepts a file that fits', () => {
    expect(checkFile(vega, inputOf(vega, 'image'), photo(), empty, cloud)).toEqual({ ok: true });
    expect(checkFile(vega, inputOf(vega, 'video'), video(), empty, cloud)).toEqual({ ok: true });
  });

  it('refuses an extension the input does not accept, listing what it accepts', () => {
    const p = problemOf(checkFile(cast, inputOf(cast, 'image'), doc('cat.webp'), empty, cloud));
    expect(p).toEqual({
      code: 'unsupported_type',
      extension: 'webp',
      accepted: ['jpg', 'jpeg', 'png', 'heic', 'heif'],
    });
    expect(problemOf(checkFile(vega, inputOf(vega, 'image'), video(), empty, cloud))).toMatchObject({
      code: 'unsupported_type',
      extension: 'mp4',
    });
  });

  it('refuses a file whose type cannot be told, without an extension', () => {
    const p = problemOf(
      checkFile(vega, inputOf(vega, 'image'), doc('README', { mimeType: 'text/plain' }), empty, cloud),
    );
    expect(p).toEqual({ code: 'unsupported_type', accepted: inputOf(vega, 'image').accepted });
  });

  it('treats jpeg and jpg as one format, in both directions', () => {
    const onlyJpeg = handModel({ accepted: ['jpeg'] });
    expect(checkFile(onlyJpeg, onlyJpeg.media.inputs[0]!, photo(), empty, cloud).ok).toBe(true); // photos are .jpg
    const onlyJpg = handModel({ accepted: ['JPG'] });
    expect(checkFile(onlyJpg, onlyJpg.media.inputs[0]!, doc('scan.jpeg'), empty, cloud).ok).toBe(true);
  });

  it("falls back to the model's accepted list when the input lists none", () => {
    const m = handModel({ accepted: [] }, { accepted: ['png'] });
    const input = m.media.inputs[0]!;
    expect(checkFile(m, input, doc('a.png'), empty, cloud).ok).toBe(true);
    expect(problemOf(checkFile(m, input, photo(), empty, cloud))).toEqual({
      code: 'unsupported_type',
      extension: 'jpg',
      accepted: ['png'],
    });
  });
});

describe('checkFile: counts', () => {
  it('refuses a file past the input max', () => {
    const input = inputOf(vega, 'video');
    expect(problemOf(checkFile(vega, input, video(), { countForInput: 1, countOverall: 1 }, cloud))).toEqual({
      code: 'too_many_for_input',
      max: 1,
    });
  });

  it('refuses a file past the model max_count even when the input has room', () => {
    const m = handModel({ key: 'image', max: 5 }, { max_count: 2 });
    expect(
      problemOf(checkFile(m, m.media.inputs[0]!, photo(), { countForInput: 0, countOverall: 2 }, cloud)),
    ).toEqual({
      code: 'too_many_overall',
      max: 2,
    });
    expect(checkFile(m, m.media.inputs[0]!, photo(), { countForInput: 1, countOverall: 1 }, cloud).ok).toBe(
      true,
    );
  });
});

describe('checkFile: sizes', () => {
  it('refuses over 20 MB in cloud mode, and not in local mode', () => {
    const input = inputOf(vega, 'video');
    const file = video({ fileSize: 25 * MB });
    expect(problemOf(checkFile(vega, input, file, empty, cloud))).toEqual({
      code: 'too_big_for_telegram',
      sizeBytes: 25 * MB,
      limitBytes: TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES,
    });
    expect(checkFile(vega, input, file, empty, local).ok).toBe(true);
  });

  it("refuses over the model's own cap (limits.max_bytes)", () => {
    const input = inputOf(aurora, 'video'); // 100 MB
    expect(problemOf(checkFile(aurora, input, video({ fileSize: 150 * MB }), empty, local))).toEqual({
      code: 'too_big_for_model',
      sizeBytes: 150 * MB,
      limitBytes: 100 * MB,
    });
  });

  it('names the smallest cap the file exceeds', () => {
    // 150 MB over Aurora's 100 MB and over Telegram's 20 MB: the 20 MB cap is the one to get under.
    const p = problemOf(
      checkFile(aurora, inputOf(aurora, 'video'), video({ fileSize: 150 * MB }), empty, cloud),
    );
    expect(p?.code).toBe('too_big_for_telegram');
  });

  it('refuses over the upstream 300 MB cap when the model states none', () => {
    const m = handModel({ accepted: ['mp4'] }, { accepted: ['mp4'] });
    expect(problemOf(checkFile(m, m.media.inputs[0]!, video({ fileSize: 301 * MB }), empty, local))).toEqual({
      code: 'too_big_for_upstream',
      sizeBytes: 301 * MB,
      limitBytes: UPSTREAM_MAX_UPLOAD_BYTES,
    });
  });

  it('skips size checks when Telegram did not report a size', () => {
    expect(checkFile(aurora, inputOf(aurora, 'video'), video({ fileSize: undefined }), empty, cloud).ok).toBe(
      true,
    );
  });
});

describe('checkFile: duration, dimensions, aspect ratio', () => {
  it('refuses a video too long or too short for the input', () => {
    const input = inputOf(aurora, 'video'); // 1-15 s
    expect(problemOf(checkFile(aurora, input, video({ durationSeconds: 16 }), empty, cloud))).toEqual({
      code: 'video_too_long',
      seconds: 16,
      limit: 15,
    });
    expect(checkFile(aurora, input, video({ durationSeconds: 15 }), empty, cloud).ok).toBe(true);
    const motionVideo = inputOf(motion, 'video'); // 3-30 s
    expect(problemOf(checkFile(motion, motionVideo, video({ durationSeconds: 2 }), empty, cloud))).toEqual({
      code: 'video_too_short',
      seconds: 2,
      limit: 3,
    });
  });

  it('skips the duration check when Telegram reports none (documents)', () => {
    const input = inputOf(motion, 'video');
    expect(checkFile(motion, input, doc('clip.mp4', { mimeType: 'video/mp4' }), empty, cloud).ok).toBe(true);
  });

  it('refuses sides outside the range', () => {
    const input = inputOf(vega, 'image'); // 301-5999 px
    expect(problemOf(checkFile(vega, input, photo({ width: 300, height: 400 }), empty, cloud))).toEqual({
      code: 'dimensions_out_of_range',
      width: 300,
      height: 400,
      min: 301,
      max: 5999,
    });
    expect(problemOf(checkFile(vega, input, photo({ width: 6000, height: 5000 }), empty, cloud))?.code).toBe(
      'dimensions_out_of_range',
    );
    const castImage = inputOf(cast, 'image'); // min side 300, no max
    expect(problemOf(checkFile(cast, castImage, photo({ width: 200, height: 300 }), empty, cloud))).toEqual({
      code: 'dimensions_out_of_range',
      width: 200,
      height: 300,
      min: 300,
    });
  });

  it('refuses a video frame outside the pixel range', () => {
    const input = inputOf(vega, 'video'); // 409600-927408 px per frame
    expect(problemOf(checkFile(vega, input, video({ width: 1920, height: 1080 }), empty, cloud))).toEqual({
      code: 'pixels_out_of_range',
      pixels: 1920 * 1080,
      min: 409_600,
      max: 927_408,
    });
  });

  it('refuses an aspect ratio outside the range, exclusive bounds where the catalog says so', () => {
    const input = inputOf(vega, 'image'); // strictly between 0.4 and 2.5
    expect(problemOf(checkFile(vega, input, photo({ width: 2500, height: 1000 }), empty, cloud))).toEqual({
      code: 'aspect_ratio_out_of_range',
      ratio: 2.5,
      min: 0.4,
      max: 2.5,
    });
    const castImage = inputOf(cast, 'image'); // 0.4-2.5 inclusive
    expect(checkFile(cast, castImage, photo({ width: 2500, height: 1000 }), empty, cloud).ok).toBe(true);
    expect(
      problemOf(checkFile(cast, castImage, photo({ width: 3000, height: 1000 }), empty, cloud))?.code,
    ).toBe('aspect_ratio_out_of_range');
  });

  it('reports only the aspect bound the catalog states, never a 0 or infinity in place of the other', () => {
    const minOnly = handModel({ limits: { min_aspect: 0.5 } });
    expect(
      problemOf(
        checkFile(minOnly, minOnly.media.inputs[0]!, photo({ width: 100, height: 300 }), empty, cloud),
      ),
    ).toEqual({
      code: 'aspect_ratio_out_of_range',
      ratio: 1 / 3,
      min: 0.5,
    });
    const maxOnly = handModel({ limits: { max_aspect: 2 } });
    expect(
      problemOf(
        checkFile(maxOnly, maxOnly.media.inputs[0]!, photo({ width: 300, height: 100 }), empty, cloud),
      ),
    ).toEqual({
      code: 'aspect_ratio_out_of_range',
      ratio: 3,
      max: 2,
    });
  });

  it('checks nothing numeric for an input without limits', () => {
    const m = handModel({});
    const huge = photo({ width: 20_000, height: 100, fileSize: 19 * MB });
    expect(checkFile(m, m.media.inputs[0]!, huge, empty, cloud).ok).toBe(true);
  });
});

describe('limitsOf', () => {
  it('reads the unit-suffixed synonyms too', () => {
    const m = handModel({
      accepted: ['mp4'],
      limits: { max_size_mb: 50, min_duration_s: 2, max_duration_s: 10, min_side_px: 240, max_side_px: 4096 },
    });
    expect(limitsOf(m.media.inputs[0]!)).toEqual({
      maxBytes: 50 * MB,
      minSeconds: 2,
      maxSeconds: 10,
      minSide: 240,
      maxSide: 4096,
    });
    const input = m.media.inputs[0]!;
    expect(problemOf(checkFile(m, input, video({ durationSeconds: 11 }), empty, local))?.code).toBe(
      'video_too_long',
    );
    expect(problemOf(checkFile(m, input, video({ fileSize: 60 * MB }), empty, local))?.code).toBe(
      'too_big_for_model',
    );
  });

  it('ignores malformed limits instead of failing', () => {
    const m = handModel({ limits: { max_bytes: 'big', min_side: -3, max_side: 100 } });
    expect(limitsOf(m.media.inputs[0]!)).toEqual({ maxSide: 100 });
    expect(limitsOf(handModel({ limits: 'none' }).media.inputs[0]!)).toEqual({});
  });
});

describe('optionsToOmit', () => {
  it('omits duration when a video is attached to a model with a duration option', () => {
    expect(optionsToOmit(vega, { image: [], video: ['tmp/0b6f'] })).toEqual(['duration']);
    expect(optionsToOmit(aurora, { image: ['tmp/1'], video: ['tmp/2'] })).toEqual(['duration']);
  });

  it('keeps duration without a video', () => {
    expect(optionsToOmit(vega, { image: ['tmp/1', 'tmp/2'] })).toEqual([]);
    expect(optionsToOmit(vega, { video: [] })).toEqual([]);
    expect(optionsToOmit(vega, {})).toEqual([]);
  });

  it('has nothing to omit for a model without a duration option', () => {
    expect(optionsToOmit(motion, { image: ['tmp/1'], video: ['tmp/2'] })).toEqual([]);
    expect(optionsToOmit(cast, { image: ['tmp/1'] })).toEqual([]);
  });
});
