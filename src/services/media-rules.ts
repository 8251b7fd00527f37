/**
 * Local checks of one Telegram file against a model's media input, before anything is uploaded.
 * Everything is derived from the catalog entry (never from a model id). The upstream still decides
 * (docs/architecture.md, "Upstream decides, the bot explains"): a check runs only when both the limit and the Telegram fact are known, and it
 * rejects only what is certainly out of range.
 */
import { z } from 'zod';
import type { MediaInput, Model } from '../reseller/schemas.js';
import { extensionOf, mediaClassOfExtension, type TelegramFileRef } from './telegram-file.js';

const MB = 1024 * 1024;
/** Cloud Bot API: getFile serves files up to 20 MB. */
export const TELEGRAM_CLOUD_DOWNLOAD_LIMIT_BYTES = 20 * MB;
/** Spec 4.3 / 8: upload size cap. */
export const UPSTREAM_MAX_UPLOAD_BYTES = 300 * MB;

export type MediaProblem =
  | { code: 'unsupported_type'; extension?: string; accepted: string[] }
  | { code: 'too_many_for_input'; max: number }
  | { code: 'too_many_overall'; max: number }
  | { code: 'too_big_for_telegram'; sizeBytes: number; limitBytes: number }
  | { code: 'too_big_for_upstream'; sizeBytes: number; limitBytes: number }
  | { code: 'too_big_for_model'; sizeBytes: number; limitBytes: number }
  | { code: 'video_too_long' | 'video_too_short'; seconds: number; limit: number }
  | { code: 'dimensions_out_of_range'; width: number; height: number; min?: number; max?: number }
  | { code: 'pixels_out_of_range'; pixels: number; min?: number; max?: number }
  | { code: 'aspect_ratio_out_of_range'; ratio: number; min?: number; max?: number };

export type MediaCheck = { ok: true } | { ok: false; problem: MediaProblem };

export interface MediaCheckState {
  /** Files already attached to this input, not counting the one being checked. */
  countForInput: number;
  /** Files already attached to the whole request, not counting the one being checked. */
  countOverall: number;
}

export interface MediaCheckEnv {
  /** null in local Bot API mode (no download cap). */
  telegramDownloadLimitBytes: number | null;
}

/** Normalized per-input limits. */
export interface InputLimits {
  maxBytes?: number;
  minSeconds?: number;
  maxSeconds?: number;
  /** Every side at least / at most this many pixels. */
  minSide?: number;
  maxSide?: number;
  minPixels?: number;
  maxPixels?: number;
  /** width / height */
  minAspect?: number;
  maxAspect?: number;
  /** The ratio must lie strictly inside (spec 2.7 model A: "greater than 0.4 and less than 2.5"). */
  aspectExclusive?: boolean;
  /** Telegram never reports frame rates, so these are parsed but cannot be checked locally. */
  minFps?: number;
  maxFps?: number;
}

// A malformed field is dropped, never fatal: limits are an optional extra of the catalog.
const num = z.number().positive().optional().catch(undefined);
const rawLimits = z
  .looseObject({
    // Names the simulator catalog publishes.
    max_bytes: num,
    min_seconds: num,
    max_seconds: num,
    min_side: num,
    max_side: num,
    min_pixels: num,
    max_pixels: num,
    min_aspect: num,
    max_aspect: num,
    aspect_exclusive: z.boolean().optional().catch(undefined),
    min_fps: num,
    max_fps: num,
    // Alternative unit-suffixed names, accepted as synonyms.
    max_size_mb: num,
    min_duration_s: num,
    max_duration_s: num,
    min_side_px: num,
    max_side_px: num,
  })
  .optional()
  .catch(undefined);

/** The optional `limits` extra of a media input, normalized; {} when absent or unreadable. */
export function limitsOf(input: MediaInput): InputLimits {
  const raw = rawLimits.parse((input as { limits?: unknown }).limits);
  if (!raw) return {};
  const limits: InputLimits = {
    maxBytes: raw.max_bytes ?? (raw.max_size_mb === undefined ? undefined : Math.round(raw.max_size_mb * MB)),
    minSeconds: raw.min_seconds ?? raw.min_duration_s,
    maxSeconds: raw.max_seconds ?? raw.max_duration_s,
    minSide: raw.min_side ?? raw.min_side_px,
    maxSide: raw.max_side ?? raw.max_side_px,
    minPixels: raw.min_pixels,
    maxPixels: raw.max_pixels,
    minAspect: raw.min_aspect,
    maxAspect: raw.max_aspect,
    aspectExclusive: raw.aspect_exclusive,
    minFps: raw.min_fps,
    maxFps: raw.max_fps,
  };
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as InputLimits;
}

/** jpg and jpeg are one format. */
function canonicalExt(ext: string): string {
  const e = ext.toLowerCase().replace(/^\./, '');
  return e === 'jpeg' ? 'jpg' : e;
}

/** The input's accepted extensions, falling back to the model's. */
function acceptedExtensions(model: Model, input: MediaInput): string[] {
  return input.accepted.length > 0 ? input.accepted : model.media.accepted;
}

function isAccepted(ext: string | undefined, accepted: readonly string[]): boolean {
  if (!ext) return false;
  const wanted = canonicalExt(ext);
  return accepted.some((a) => canonicalExt(a) === wanted);
}

function fail(problem: MediaProblem): MediaCheck {
  return { ok: false, problem };
}

/** Of all exceeded size caps, the smallest: the one the user has to get under. */
function sizeProblem(
  file: TelegramFileRef,
  limits: InputLimits,
  env: MediaCheckEnv,
): MediaProblem | undefined {
  const size = file.fileSize;
  if (size === undefined) return undefined;
  const caps: MediaProblem[] = [];
  if (limits.maxBytes !== undefined && size > limits.maxBytes) {
    caps.push({ code: 'too_big_for_model', sizeBytes: size, limitBytes: limits.maxBytes });
  }
  if (size > UPSTREAM_MAX_UPLOAD_BYTES) {
    caps.push({ code: 'too_big_for_upstream', sizeBytes: size, limitBytes: UPSTREAM_MAX_UPLOAD_BYTES });
  }
  if (env.telegramDownloadLimitBytes !== null && size > env.telegramDownloadLimitBytes) {
    caps.push({ code: 'too_big_for_telegram', sizeBytes: size, limitBytes: env.telegramDownloadLimitBytes });
  }
  return caps.sort((a, b) => limitBytesOf(a) - limitBytesOf(b))[0];
}

function limitBytesOf(p: MediaProblem): number {
  return 'limitBytes' in p ? p.limitBytes : Number.POSITIVE_INFINITY;
}

function durationProblem(file: TelegramFileRef, limits: InputLimits): MediaProblem | undefined {
  const seconds = file.durationSeconds;
  // Telegram reports whole seconds (0 when the sender did not say): compare only what is certain.
  if (seconds === undefined || seconds <= 0) return undefined;
  if (limits.minSeconds !== undefined && seconds < limits.minSeconds) {
    return { code: 'video_too_short', seconds, limit: limits.minSeconds };
  }
  if (limits.maxSeconds !== undefined && seconds > limits.maxSeconds) {
    return { code: 'video_too_long', seconds, limit: limits.maxSeconds };
  }
  return undefined;
}

function geometryProblem(file: TelegramFileRef, limits: InputLimits): MediaProblem | undefined {
  const { width, height } = file;
  if (!width || !height) return undefined;
  const { minSide: min, maxSide: max } = limits;
  if (
    (min !== undefined && Math.min(width, height) < min) ||
    (max !== undefined && Math.max(width, height) > max)
  ) {
    return {
      code: 'dimensions_out_of_range',
      width,
      height,
      ...(min !== undefined && { min }),
      ...(max !== undefined && { max }),
    };
  }
  const pixels = width * height;
  const { minPixels, maxPixels } = limits;
  if ((minPixels !== undefined && pixels < minPixels) || (maxPixels !== undefined && pixels > maxPixels)) {
    return {
      code: 'pixels_out_of_range',
      pixels,
      ...(minPixels !== undefined && { min: minPixels }),
      ...(maxPixels !== undefined && { max: maxPixels }),
    };
  }
  const ratio = width / height;
  const { minAspect: low, maxAspect: high } = limits;
  const below = low !== undefined && (limits.aspectExclusive ? ratio <= low : ratio < low);
  const above = high !== undefined && (limits.aspectExclusive ? ratio >= high : ratio > high);
  // Only the bounds the model states are reported: no 0 or infinity stands in for a missing one.
  if (below || above)
    return {
      code: 'aspect_ratio_out_of_range',
      ratio,
      ...(low !== undefined && { min: low }),
      ...(high !== undefined && { max: high }),
    };
  return undefined;
}

/**
 * Checks one file for one input. Order: type, counts, size, then the facts Telegram reports
 * (duration for videos, dimensions). The first problem found is returned.
 */
export function checkFile(
  model: Model,
  input: MediaInput,
  file: TelegramFileRef,
  state: MediaCheckState,
  env: MediaCheckEnv,
): MediaCheck {
  const accepted = acceptedExtensions(model, input);
  const ext = extensionOf(file);
  if (!isAccepted(ext, accepted)) {
    return fail({
      code: 'unsupported_type',
      ...(ext !== undefined && { extension: ext }),
      accepted: [...accepted],
    });
  }
  if (state.countForInput >= input.max) return fail({ code: 'too_many_for_input', max: input.max });
  // max_count 0 is the schema default for "not stated": no overall cap then.
  const maxOverall = model.media.max_count;
  if (maxOverall > 0 && state.countOverall >= maxOverall)
    return fail({ code: 'too_many_overall', max: maxOverall });

  const limits = limitsOf(input);
  const problem =
    sizeProblem(file, limits, env) ??
    (mediaClassOfExtension(canonicalExt(ext!)) === 'video' ? durationProblem(file, limits) : undefined) ??
    geometryProblem(file, limits);
  return problem ? fail(problem) : { ok: true };
}

/** Whether an input takes videos: by its accepted extensions, or by its key when it lists none. */
function isVideoInput(input: MediaInput): boolean {
  if (input.accepted.length > 0)
    return input.accepted.some((e) => mediaClassOfExtension(canonicalExt(e)) === 'video');
  return /video/i.test(input.key);
}

/**
 * Option keys that must not be sent for this media (spec 2.7: with a source video the result length
 * follows the video, so `duration` must be omitted). The request schema cannot express this.
 */
export function optionsToOmit(model: Model, media: Record<string, string[]>): string[] {
  const hasDuration = model.options_schema.some((o) => o.key === 'duration');
  if (!hasDuration) return [];
  const withVideo = model.media.inputs.some(
    (input) => isVideoInput(input) && (media[input.key]?.length ?? 0) > 0,
  );
  return withVideo ? ['duration'] : [];
}
