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
      return ctx.t('media-problem-dimensions', {
        width: problem.width,
        height: problem.height,
        min: problem.min ?? 1,
        max: problem.max ?? 100_000,
      });
    case 'pixels_out_of_range':
      return ctx.t('media-problem-pixels');
    case 'aspect_ratio_out_of_range':
      return ctx.t('media-problem-aspect-ratio', { min: problem.min, max: problem.max });
  }
}
