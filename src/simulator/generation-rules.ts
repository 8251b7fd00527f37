/**
 * Validates a generation request (quote or order) against its catalog model and the account's
 * uploads, in the order a client would fix things: model, prompt, options, media counts, files,
 * file limits, source-video duration rules. Returns the normalised request (defaults filled in).
 */
import type { OptionValue } from '../reseller/schemas.js';
import type { Catalog, CatalogModel, CatalogOption } from './catalog.js';
import { SimError } from './errors.js';
import { normalizeExtension } from './media-formats.js';
import { limitViolation } from './media-limits.js';
import type { GenerationBody } from './request-body.js';
import type { UploadRecord, UploadStore } from './uploads.js';

export interface ValidatedGeneration {
  model: CatalogModel;
  /** Null when the model ignores prompts or none was given. */
  prompt: string | null;
  /** Non-empty media inputs as sent (order preserved). */
  media: Record<string, string[]>;
  uploads: Record<string, UploadRecord[]>;
  /** Options as sent plus defaults; with a source video, the derived duration. */
  options: Record<string, OptionValue>;
  /** Length of the source video, when one is attached. */
  sourceVideoSeconds?: number;
}

export interface GenerationContext {
  catalog: Catalog;
  uploads: UploadStore;
  accountKey: string;
}

function invalid(message: string): SimError {
  return new SimError('validation_error', message);
}

export function validateGeneration(body: GenerationBody, ctx: GenerationContext): ValidatedGeneration {
  const model = ctx.catalog.get(body.model_id);
  if (!model) throw new SimError('model_not_found', `model ${body.model_id} does not exist or is disabled`);
  const prompt = checkPrompt(model, body.prompt);
  const options = checkOptions(model, body.options);
  const media = checkMediaCounts(model, body.media);
  const uploads = resolveUploads(model, media, ctx);
  const validated: ValidatedGeneration = { model, prompt, media, uploads, options };
  applyVideoDuration(validated, body.options);
  return validated;
}

function checkPrompt(model: CatalogModel, prompt: string | undefined): string | null {
  const { mode, min_length: min, max_length: max } = model.prompt;
  if (mode === 'ignored') return null;
  const present = prompt !== undefined && prompt.trim() !== '';
  if (!present) {
    if (mode === 'required') throw new SimError('prompt_required', `${model.name} requires a prompt`);
    return null;
  }
  const length = [...prompt].length;
  if (min !== undefined && length < min) throw invalid(`prompt must be at least ${min} characters`);
  if (max !== undefined && length > max)
    throw invalid(`prompt must be at most ${max} characters (got ${length})`);
  return prompt;
}

function checkOptions(model: CatalogModel, given: Record<string, OptionValue>): Record<string, OptionValue> {
  const effective: Record<string, OptionValue> = {};
  for (const [key, value] of Object.entries(given)) {
    if (model.sim.rejected_options.includes(key)) {
      throw invalid(`options.${key} is not accepted by ${model.name}`);
    }
    const item = model.options_schema.find((o) => o.key === key);
    if (!item) throw invalid(`options.${key} is not supported by ${model.name}`);
    effective[key] = checkOptionValue(item, value);
  }
  for (const item of model.options_schema) {
    if (!(item.key in effective) && item.default !== undefined && item.default !== null) {
      effective[item.key] = item.default;
    }
    if (item.required && !(item.key in effective)) throw invalid(`options.${item.key} is required`);
  }
  for (const rule of model.sim.option_constraints) {
    const value = effective[rule.option];
    const other = effective[rule.requires_option];
    const triggered = value !== undefined && rule.values.some((v) => String(v) === String(value));
    if (triggered && !rule.allowed.some((v) => String(v) === String(other))) {
      throw invalid(
        `options.${rule.option} ${String(value)} is only available with ${rule.requires_option} ${rule.allowed.join(', ')}`,
      );
    }
  }
  return effective;
}

function checkOptionValue(item: CatalogOption, value: OptionValue): OptionValue {
  const where = `options.${item.key}`;
  switch (item.type) {
    case 'select': {
      // Loose match so "4" and 4 both pick the choice 4; the catalog's value is kept.
      const choice = item.options?.find((c) => String(c.value) === String(value));
      if (!choice) {
        const allowed = (item.options ?? []).map((c) => String(c.value)).join(', ');
        throw invalid(`${where} must be one of ${allowed}`);
      }
      return choice.value;
    }
    case 'integer':
    case 'number': {
      if (
        typeof value !== 'number' ||
        !Number.isFinite(value) ||
        (item.type === 'integer' && !Number.isInteger(value))
      ) {
        throw invalid(`${where} must be ${item.type === 'integer' ? 'an integer' : 'a number'}`);
      }
      if ((item.min !== undefined && value < item.min) || (item.max !== undefined && value > item.max)) {
        throw invalid(`${where} must be between ${item.min ?? '-∞'} and ${item.max ?? '∞'}`);
      }
      return value;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(`${where} must be true or false`);
      return value;
    case 'string':
      if (typeof value !== 'string') throw invalid(`${where} must be a string`);
      return value;
  }
}

function checkMediaCounts(model: CatalogModel, given: Record<string, string[]>): Record<string, string[]> {
  const media: Record<string, string[]> = {};
  for (const [key, paths] of Object.entries(given)) {
    if (!model.media.inputs.some((input) => input.key === key)) {
      throw invalid(`media.${key} is not a media input of ${model.name}`);
    }
    if (paths.length > 0) media[key] = paths;
  }
  let total = 0;
  for (const input of model.media.inputs) {
    const count = media[input.key]?.length ?? 0;
    total += count;
    if (count > input.max)
      throw new SimError('too_many_media', `media.${input.key} accepts at most ${input.max} file(s)`);
  }
  if (total > model.media.max_count) {
    throw new SimError(
      'too_many_media',
      `${model.name} accepts at most ${model.media.max_count} file(s) in total`,
    );
  }
  for (const input of model.media.inputs) {
    const count = media[input.key]?.length ?? 0;
    const needed = Math.max(input.min, input.required ? 1 : 0);
    if (count < needed)
      throw new SimError('media_required', `media.${input.key} needs at least ${needed} file(s)`);
  }
  if (model.media.required && total === 0)
    throw new SimError('media_required', `${model.name} requires media`);
  return media;
}

function resolveUploads(
  model: CatalogModel,
  media: Record<string, string[]>,
  ctx: GenerationContext,
): Record<string, UploadRecord[]> {
  const resolved: Record<string, UploadRecord[]> = {};
  for (const input of model.media.inputs) {
    const paths = media[input.key];
    if (!paths) continue;
    const accepted = new Set(input.accepted.map(normalizeExtension));
    resolved[input.key] = paths.map((path) => {
      const upload = ctx.uploads.usable(ctx.accountKey, path);
      if (!accepted.has(upload.format.id)) {
        throw new SimError(
          'invalid_media_type',
          `${upload.originalName || path} (${upload.format.id}) is not accepted in media.${input.key}; allowed: ${input.accepted.join(', ')}`,
        );
      }
      const violation = limitViolation(input.limits, upload);
      if (violation) throw invalid(`media.${input.key}: ${violation}`);
      return upload;
    });
  }
  return resolved;
}

/**
 * Models A and B: with a source video the result lasts as long as the video (rounded up, minimum
 * `min_result_seconds`); an explicit different duration is rejected. Also records the source length
 * for per-second pricing.
 */
function applyVideoDuration(request: ValidatedGeneration, sentOptions: Record<string, OptionValue>): void {
  const videoInput = request.model.sim.video_duration?.video_input ?? 'video';
  const video = request.uploads[videoInput]?.[0];
  if (!video) return;
  const seconds = video.facts.durationSeconds;
  const rule = request.model.sim.video_duration;
  const priceNeedsSource = request.model.sim.price.kind !== 'flat';
  if (seconds === undefined) {
    if (rule || priceNeedsSource) throw invalid(`the duration of ${video.originalName} could not be read`);
    return;
  }
  request.sourceVideoSeconds = seconds;
  if (!rule) return;
  const sourceSeconds = Math.ceil(seconds);
  const resultSeconds = Math.max(rule.min_result_seconds, sourceSeconds);
  const explicit = sentOptions[rule.option];
  if (explicit !== undefined && explicit !== resultSeconds) {
    throw invalid(
      `options.${rule.option} must be omitted with a video: the result lasts ${resultSeconds} s (the video's length)`,
    );
  }
  if (rule.max_total_seconds !== undefined && sourceSeconds + resultSeconds > rule.max_total_seconds) {
    throw invalid(`source plus result must not exceed ${rule.max_total_seconds} s`);
  }
  request.options[rule.option] = resultSeconds;
}
