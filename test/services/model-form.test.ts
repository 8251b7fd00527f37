import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Model, model as modelSchema } from '../../src/reseller/schemas.js';
import {
  buildRequest,
  effectiveOptions,
  mediaKindOf,
  missingRequiredOptions,
  parseOptionInput,
  planForm,
  suggestedNumbers,
  visibleOptions,
} from '../../src/services/model-form.js';

const catalog = JSON.parse(
  readFileSync(new URL('../../src/simulator/catalog.json', import.meta.url), 'utf8'),
);
const models: Model[] = (Array.isArray(catalog) ? catalog : catalog.models).map((m: unknown) =>
  modelSchema.parse(m),
);
const byName = (name: string) => models.find((m) => m.name === name)!;

describe('planForm derives every step from the model', () => {
  it('asks no prompt when the mode is ignored, and a skippable one when optional', () => {
    expect(planForm(byName('Crisp Upscaler')).prompt).toBeNull();
    expect(planForm(byName('Motion Transfer')).prompt).toMatchObject({ mode: 'optional', minLength: 0 });
    expect(planForm(byName('Nova Image Edit')).prompt).toEqual({
      mode: 'required',
      minLength: 4,
      maxLength: 5000,
    });
  });

  it('turns media inputs into steps with their own counts and kinds, role keys included', () => {
    const faceSwap = planForm(byName('Face Swap Studio'));
    expect(faceSwap.media.map((s) => [s.key, s.kind, s.min, s.max])).toEqual([
      ['character_image', 'image', 1, 1],
      ['target_image', 'image', 1, 1],
    ]);
    const video = planForm(byName('Vega Video 2 Pro'));
    expect(video.media.map((s) => [s.key, s.kind, s.required, s.min, s.max])).toEqual([
      ['image', 'image', false, 0, 6],
      ['video', 'video', false, 0, 1],
    ]);
    expect(video.maxMediaCount).toBe(7);
  });

  it('maps option schemas to selects, numbers and the rest', () => {
    const options = planForm(byName('Vega Video 2 Pro')).options;
    expect(options.map((o) => [o.key, o.kind])).toEqual([
      ['duration', 'number'],
      ['resolution', 'select'],
      ['aspect_ratio', 'select'],
    ]);
    expect(options[0]).toMatchObject({ integer: true, min: 4, max: 30, default: 4 });
  });

  it('classifies inputs by their accepted extensions, or by key when none are listed', () => {
    expect(mediaKindOf(['jpg', 'PNG'], 'x')).toBe('image');
    expect(mediaKindOf(['mp4', 'mov'], 'x')).toBe('video');
    expect(mediaKindOf(['jpg', 'mp4'], 'x')).toBe('any');
    expect(mediaKindOf([], 'character_image')).toBe('image');
  });
});

describe('options in context', () => {
  const vega = planForm(byName('Vega Video 2 Pro'));

  it('hide and omit duration when a source video is attached (spec 2.7)', () => {
    expect(visibleOptions(vega, {}).map((o) => o.key)).toContain('duration');
    expect(visibleOptions(vega, { video: ['tmp/1'] }).map((o) => o.key)).not.toContain('duration');
    expect(effectiveOptions(vega, { video: ['tmp/1'] }, { duration: 10 })).toEqual({
      resolution: '480p',
      aspect_ratio: 'adaptive',
    });
  });

  it('apply defaults for untouched options and report missing required ones', () => {
    const model = modelSchema.parse({
      ...byName('Lumen Text to Image'),
      options_schema: [
        { key: 'style', type: 'select', required: true, options: [{ value: 'a' }, { value: 'b' }] },
        { key: 'seed', type: 'integer', min: 0, max: 10 },
      ],
    });
    const plan = planForm(model);
    expect(missingRequiredOptions(plan, {}, {}).map((o) => o.key)).toEqual(['style']);
    expect(missingRequiredOptions(plan, {}, { style: 'b' })).toEqual([]);
    expect(effectiveOptions(plan, {}, { style: 'b' })).toEqual({ style: 'b' });
  });
});

describe('typed option values', () => {
  const duration = planForm(byName('Vega Video 2 Pro')).options[0]!;

  it('accept numbers within bounds and on the step, in either decimal notation', () => {
    expect(parseOptionInput(duration, ' 12 ')).toEqual({ ok: true, value: 12 });
    expect(parseOptionInput(duration, '3')).toEqual({ ok: false, reason: 'below_min' });
    expect(parseOptionInput(duration, '31')).toEqual({ ok: false, reason: 'above_max' });
    expect(parseOptionInput(duration, '4,5')).toEqual({ ok: false, reason: 'not_an_integer' });
    expect(parseOptionInput(duration, 'ten')).toEqual({ ok: false, reason: 'not_a_number' });
  });

  it('offer a few one-tap values from min to max, default included', () => {
    if (duration.kind !== 'number') throw new Error('duration should be a number option');
    const values = suggestedNumbers(duration);
    expect(values[0]).toBe(4);
    expect(values.at(-1)).toBe(30);
    expect(values.every((v) => Number.isInteger(v) && v >= 4 && v <= 30)).toBe(true);
    expect(values.length).toBeLessThanOrEqual(6);
  });
});

describe('buildRequest', () => {
  it('sends only what the model takes: no prompt when ignored, no empty media', () => {
    const upscaler = byName('Crisp Upscaler');
    const request = buildRequest(upscaler, planForm(upscaler), {
      prompt: 'ignored anyway',
      media: { image: ['tmp/a'] },
      options: {},
    });
    expect(request).toEqual({
      model_id: upscaler.id,
      media: { image: ['tmp/a'] },
      options: { upscale_factor: 2 },
    });
  });

  it('keeps the order of files, and drops inputs the user skipped', () => {
    const vega = byName('Vega Video 2 Pro');
    const request = buildRequest(vega, planForm(vega), {
      prompt: 'p',
      media: { image: ['tmp/2', 'tmp/1'], video: [] },
      options: { resolution: '720p' },
    });
    expect(request.media).toEqual({ image: ['tmp/2', 'tmp/1'] });
    expect(request.options).toEqual({ duration: 4, resolution: '720p', aspect_ratio: 'adaptive' });
  });
});
