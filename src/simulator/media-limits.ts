/** Checks an upload's sniffed facts against a media input's limits (spec 2.7). */
import type { InputLimits } from './catalog.js';
import type { UploadRecord } from './uploads.js';

const MB = 1024 * 1024;

/** The first broken limit as a human sentence, or undefined. Unknown facts skip their checks. */
export function limitViolation(limits: InputLimits | undefined, upload: UploadRecord): string | undefined {
  if (!limits) return undefined;
  const name = upload.originalName || upload.tmpPath;
  const { width, height, durationSeconds, fps, hasAlpha } = upload.facts;

  if (limits.max_bytes !== undefined && upload.size > limits.max_bytes) {
    return `${name} is larger than ${formatMb(limits.max_bytes)} MB`;
  }
  if (width !== undefined && height !== undefined) {
    const shortSide = Math.min(width, height);
    const longSide = Math.max(width, height);
    if (limits.min_side !== undefined && shortSide < limits.min_side) {
      return `${name} is ${width}x${height}; each side must be at least ${limits.min_side} px`;
    }
    if (limits.max_side !== undefined && longSide > limits.max_side) {
      return `${name} is ${width}x${height}; each side must be at most ${limits.max_side} px`;
    }
    const aspect = width / height;
    const { min_aspect: low, max_aspect: high } = limits;
    const outside = limits.aspect_exclusive
      ? (low !== undefined && aspect <= low) || (high !== undefined && aspect >= high)
      : (low !== undefined && aspect < low) || (high !== undefined && aspect > high);
    if (outside) return `${name} has aspect ratio ${aspect.toFixed(3)}, allowed ${low ?? 0}-${high ?? '∞'}`;
    const pixels = width * height;
    if (limits.min_pixels !== undefined && pixels < limits.min_pixels) {
      return `${name} has ${pixels} pixels per frame, at least ${limits.min_pixels} required`;
    }
    if (limits.max_pixels !== undefined && pixels > limits.max_pixels) {
      return `${name} has ${pixels} pixels per frame, at most ${limits.max_pixels} allowed`;
    }
  }
  if (durationSeconds !== undefined) {
    if (limits.min_seconds !== undefined && durationSeconds < limits.min_seconds) {
      return `${name} lasts ${durationSeconds} s, at least ${limits.min_seconds} s required`;
    }
    if (limits.max_seconds !== undefined && durationSeconds > limits.max_seconds) {
      return `${name} lasts ${durationSeconds} s, at most ${limits.max_seconds} s allowed`;
    }
  }
  if (fps !== undefined) {
    if (
      (limits.min_fps !== undefined && fps < limits.min_fps) ||
      (limits.max_fps !== undefined && fps > limits.max_fps)
    ) {
      return `${name} has ${fps} frames/s, allowed ${limits.min_fps ?? 0}-${limits.max_fps ?? '∞'}`;
    }
  }
  if (limits.opaque_only && hasAlpha && upload.format.id === 'png') {
    return `${name} is a PNG with transparency, which this model does not accept`;
  }
  return undefined;
}

function formatMb(bytes: number): string {
  return Number.isInteger(bytes / MB) ? String(bytes / MB) : (bytes / MB).toFixed(1);
}
