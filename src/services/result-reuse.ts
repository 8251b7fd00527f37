/**
 * What a finished order's inputs and results can be used for again, as plain rules over the catalog
 * and the stored order (no Telegram, no store): which models take a result file as an input, and
 * whether the order's own uploads are still alive upstream.
 */
import type { DeliveredFile, OrderRecord } from '../db/records.js';
import type { MediaMap, Model } from '../reseller/schemas.js';
import { type MediaStep, planForm } from './model-form.js';

/** Uploads live 24 h upstream (spec 4.3); an hour of margin for the time the form and pricing take. */
export const UPLOAD_REUSE_MAX_AGE_MS = 23 * 60 * 60 * 1000;

/** The kind of file a result is as an input: a photo is an image, a video a video. */
export type ReusableKind = 'image' | 'video';

/**
 * The media input of the model that takes a file of this kind, if the file alone is enough: a model
 * that also needs another file (a face swap's target, a motion transfer's clip) is not offered, since
 * its form would start half filled.
 */
export function inputStepFor(model: Model, kind: ReusableKind): MediaStep | undefined {
  const steps = planForm(model).media;
  const step = steps.find((s) => s.max >= 1 && (s.kind === kind || s.kind === 'any'));
  if (!step || steps.some((s) => s !== step && s.required)) return undefined;
  return step.min <= 1 ? step : undefined;
}

/** The models (in the menu's groups and order) that take a file of this kind as an input. */
export function modelsTaking<G extends { type: string; models: Model[] }>(
  groups: readonly G[],
  kind: ReusableKind,
): Array<{ type: string; models: Model[] }> {
  return groups
    .map((group) => ({ type: group.type, models: group.models.filter((m) => inputStepFor(m, kind)) }))
    .filter((group) => group.models.length > 0);
}

/** True when the order sent files whose uploads upstream has dropped (or will before it is confirmed). */
export function inputsExpired(
  order: { request: { media?: MediaMap }; createdAt: Date },
  now: number,
): boolean {
  const hasFiles = Object.values(order.request.media ?? {}).some((files) => files.length > 0);
  return hasFiles && now - order.createdAt.getTime() >= UPLOAD_REUSE_MAX_AGE_MS;
}

/** One result file a customer can share: a photo or a video Telegram already has. */
export interface ShareableResult {
  orderId: string;
  modelName: string;
  prompt: string | undefined;
  file: DeliveredFile & { kind: 'photo' | 'video' };
}

/**
 * The files of these orders (newest first) a customer can share, those whose prompt contains every
 * word of `search` (any case), at most `limit`.
 */
export function shareableResults(
  orders: readonly Pick<OrderRecord, 'id' | 'modelName' | 'request' | 'resultFiles'>[],
  search: string,
  limit: number,
): ShareableResult[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const out: ShareableResult[] = [];
  for (const order of orders) {
    const prompt = order.request.prompt;
    const haystack = (prompt ?? '').toLocaleLowerCase();
    if (!words.every((w) => haystack.includes(w))) continue;
    for (const file of order.resultFiles ?? []) {
      if (out.length >= limit) return out;
      if (file.kind === 'photo' || file.kind === 'video') {
        out.push({
          orderId: order.id,
          modelName: order.modelName,
          prompt,
          file: { ...file, kind: file.kind },
        });
      }
    }
  }
  return out;
}
