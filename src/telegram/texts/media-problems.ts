import type { MediaProblem } from '../../services/media-rules.js';
import type { Texts } from '../i18n.js';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.ceil((bytes / MB) * 10) / 10;

/** Why a file was refused before upload, with the numbers that help the user fix it. */
export function mediaProblemText(ctx: Texts, problem: MediaProblem): string {
  switch (problem.code) {
    case 'unsupported_type':
      return ctx.t('media-problem-unsupported-type', { formats: problem.accepted.join(', ') });
    case 'too_many_for_input':
    case 'too_many_overall':
      return ctx.t('media-problem-too-many', { max: problem.max });
    case 'too_big_for_telegram':
      return ctx.t('media-problem-too-big-for-telegram', {
        size: megabytes(problem.sizeBytes),
        limit: megabytes(problem.limitBytes),
      });
    case 'too_big_for_upstream':
    case 'too_big_for_model':
      return ctx.t('media-problem-too-big', {
        size: megabytes(problem.sizeBytes),
        limit: megabytes(problem.limitBytes),
      });
    case 'video_too_long':
      return ctx.t('media-problem-video-too-long', { seconds: problem.seconds, limit: problem.limit });
    case 'video_too_short':
      return ctx.t('media-problem-video-too-short', { seconds: problem.seconds, limit: problem.limit });
    case 'dimensions_out_of_range':
      return ctx.t(rangeKey('media-problem-dimensions', problem), {
        width: problem.width,
        height: problem.height,
        ...bounds(problem, (n) => n),
      });
    case 'pixels_out_of_range':
      return ctx.t('media-problem-pixels');
    case 'aspect_ratio_out_of_range':
      return ctx.t(rangeKey('media-problem-aspect-ratio', problem), {
        ratio: ratioText(ctx, problem.ratio),
        ...bounds(problem, (n) => ratioText(ctx, n)),
      });
  }
}

/** A range with both bounds has its own text; one with a single bound says only that one. */
function rangeKey(base: string, range: { min?: number; max?: number }): string {
  if (range.min !== undefined && range.max !== undefined) return base;
  return range.min !== undefined ? `${base}-min` : `${base}-max`;
}

function bounds<T>(range: { min?: number; max?: number }, show: (n: number) => T): Record<string, T> {
  return {
    ...(range.min !== undefined && { min: show(range.min) }),
    ...(range.max !== undefined && { max: show(range.max) }),
  };
}

/** Denominators tried when writing a width/height ratio as a proportion people know: 9:16, 4:3. */
const MAX_RATIO_TERM = 32;

/**
 * A width/height ratio as "W:H" (0.5625 -> "9:16", 2.5 -> "5:2") when a small proportion matches it
 * within 1%; otherwise as a decimal the user's way ("0,47").
 */
export function ratioText(ctx: Texts, ratio: number): string {
  let best: { w: number; h: number; error: number } | undefined;
  for (let h = 1; h <= MAX_RATIO_TERM; h++) {
    const w = Math.round(ratio * h);
    if (w < 1 || w > MAX_RATIO_TERM) continue;
    const error = Math.abs(w / h - ratio) / ratio;
    if (!best || error < best.error - 1e-9) best = { w, h, error };
  }
  if (best && best.error <= 0.01) return `${best.w}:${best.h}`;
  return new Intl.NumberFormat(ctx.locale, { maximumFractionDigits: 2 }).format(ratio);
}
