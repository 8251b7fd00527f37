/**
 * Turns a catalog model into the steps of the generation form: prompt, media inputs, options.
 * Everything is derived from the model itself (prompt.mode, media.inputs, options_schema), never
 * from its id, so a new upstream model gets a working form without a code change.
 */

import type {
  GenerationRequest,
  MediaInput,
  MediaMap,
  Model,
  OptionSchemaItem,
  OptionValue,
} from '../reseller/schemas.js';
import { optionsToOmit } from './media-rules.js';

export type MediaKind = 'image' | 'video' | 'any';

export interface PromptStep {
  mode: 'required' | 'optional';
  minLength: number;
  maxLength: number | undefined;
}

export interface MediaStep {
  key: string;
  kind: MediaKind;
  required: boolean;
  min: number;
  max: number;
  accepted: string[];
  input: MediaInput;
}

export type OptionField =
  | {
      key: string;
      kind: 'select';
      label: string;
      required: boolean;
      default?: OptionValue;
      choices: Array<{ value: OptionValue; label: string }>;
    }
  | {
      key: string;
      kind: 'number';
      label: string;
      required: boolean;
      default?: number;
      integer: boolean;
      min?: number;
      max?: number;
      step?: number;
    }
  | { key: string; kind: 'boolean'; label: string; required: boolean; default?: boolean }
  | { key: string; kind: 'text'; label: string; required: boolean; default?: string; placeholder?: string };

export interface FormPlan {
  model: Model;
  prompt: PromptStep | null;
  media: MediaStep[];
  /** Overall cap across inputs (media.max_count), when the model states one. */
  maxMediaCount: number | undefined;
  options: OptionField[];
}

const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'heic', 'heif', 'bmp', 'tiff']);
const VIDEO_EXTENSIONS = new Set(['mp4', 'mov', 'webm', 'm4v', 'avi', 'mkv']);

export function mediaKindOf(accepted: readonly string[], key: string): MediaKind {
  const exts = accepted.map((e) => e.toLowerCase().replace(/^\./, ''));
  if (exts.length > 0 && exts.every((e) => IMAGE_EXTENSIONS.has(e))) return 'image';
  if (exts.length > 0 && exts.every((e) => VIDEO_EXTENSIONS.has(e))) return 'video';
  if (exts.length === 0) {
    if (/image|photo|picture/i.test(key)) return 'image';
    if (/video|clip/i.test(key)) return 'video';
  }
  return 'any';
}

/** "character_image" -> "Character image": a readable fallback for keys we have no translation for. */
export function humanizeKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function optionField(item: OptionSchemaItem): OptionField {
  const label = item.label ?? humanizeKey(item.key);
  const required = item.required ?? false;
  const type = item.type.toLowerCase();
  if (item.options && item.options.length > 0) {
    return {
      key: item.key,
      kind: 'select',
      label,
      required,
      ...(item.default != null ? { default: item.default } : {}),
      choices: item.options.map((o) => ({ value: o.value, label: o.label ?? String(o.value) })),
    };
  }
  if (type === 'boolean' || type === 'bool' || type === 'toggle' || type === 'checkbox') {
    return {
      key: item.key,
      kind: 'boolean',
      label,
      required,
      ...(typeof item.default === 'boolean' ? { default: item.default } : {}),
    };
  }
  if (type === 'integer' || type === 'number' || type === 'float' || type === 'slider' || type === 'range') {
    return {
      key: item.key,
      kind: 'number',
      label,
      required,
      integer:
        type === 'integer' || (item.step !== undefined && Number.isInteger(item.step)) || type === 'slider',
      ...(typeof item.default === 'number' ? { default: item.default } : {}),
      ...(item.min !== undefined ? { min: item.min } : {}),
      ...(item.max !== undefined ? { max: item.max } : {}),
      ...(item.step !== undefined ? { step: item.step } : {}),
    };
  }
  return {
    key: item.key,
    kind: 'text',
    label,
    required,
    ...(typeof item.default === 'string' ? { default: item.default } : {}),
    ...(item.placeholder ? { placeholder: item.placeholder } : {}),
  };
}

export function planForm(model: Model): FormPlan {
  const prompt: PromptStep | null =
    model.prompt.mode === 'ignored'
      ? null
      : {
          mode: model.prompt.mode,
          minLength: model.prompt.min_length ?? (model.prompt.mode === 'required' ? 1 : 0),
          maxLength: model.prompt.max_length,
        };
  const media = model.media.inputs.map((input) => {
    const accepted = input.accepted.length > 0 ? input.accepted : model.media.accepted;
    return {
      key: input.key,
      kind: mediaKindOf(accepted, input.key),
      required: input.required || input.min > 0,
      min: Math.max(input.min, input.required ? 1 : 0),
      max: input.max,
      accepted,
      input,
    };
  });
  return {
    model,
    prompt,
    media,
    maxMediaCount: model.media.max_count > 0 ? model.media.max_count : undefined,
    options: model.options_schema.map(optionField),
  };
}

/** Options shown and sent for this media: the spec's situational rules (media-rules) applied. */
export function visibleOptions(plan: FormPlan, media: MediaMap): OptionField[] {
  const omit = new Set(optionsToOmit(plan.model, media));
  return plan.options.filter((o) => !omit.has(o.key));
}

/** The values the user has not changed fall back to the schema defaults. */
export function effectiveOptions(
  plan: FormPlan,
  media: MediaMap,
  chosen: Record<string, OptionValue>,
): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const field of visibleOptions(plan, media)) {
    const value = chosen[field.key] ?? field.default;
    if (value !== undefined) out[field.key] = value;
  }
  return out;
}

export function missingRequiredOptions(
  plan: FormPlan,
  media: MediaMap,
  chosen: Record<string, OptionValue>,
): OptionField[] {
  const values = effectiveOptions(plan, media, chosen);
  return visibleOptions(plan, media).filter((f) => f.required && values[f.key] === undefined);
}

/** Checks a typed value for a number or text option; returns the parsed value or a reason. */
export function parseOptionInput(
  field: OptionField,
  text: string,
):
  | { ok: true; value: OptionValue }
  | {
      ok: false;
      reason: 'not_a_number' | 'not_an_integer' | 'below_min' | 'above_max' | 'off_step' | 'empty';
    } {
  const trimmed = text.trim();
  if (field.kind === 'text') return trimmed ? { ok: true, value: trimmed } : { ok: false, reason: 'empty' };
  if (field.kind !== 'number') return { ok: false, reason: 'not_a_number' };
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return { ok: false, reason: 'not_a_number' };
  const value = Number(trimmed.replace(',', '.'));
  if (field.integer && !Number.isInteger(value)) return { ok: false, reason: 'not_an_integer' };
  if (field.min !== undefined && value < field.min) return { ok: false, reason: 'below_min' };
  if (field.max !== undefined && value > field.max) return { ok: false, reason: 'above_max' };
  if (field.step !== undefined && field.step > 0) {
    const base = field.min ?? 0;
    const steps = (value - base) / field.step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return { ok: false, reason: 'off_step' };
  }
  return { ok: true, value };
}

/** A few sensible one-tap values for a number option: min, default, a middle and max, on the step grid. */
export function suggestedNumbers(field: Extract<OptionField, { kind: 'number' }>): number[] {
  const candidates = new Set<number>();
  const { min, max } = field;
  if (min !== undefined) candidates.add(min);
  if (field.default !== undefined) candidates.add(field.default);
  if (min !== undefined && max !== undefined) {
    const step = field.step ?? (field.integer ? 1 : (max - min) / 4);
    for (const fraction of [0.25, 0.5, 0.75]) {
      const raw = min + (max - min) * fraction;
      candidates.add(Math.round((raw - min) / step) * step + min);
    }
  }
  if (max !== undefined) candidates.add(max);
  return [...candidates]
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b)
    .slice(0, 6);
}

export interface FormAnswers {
  prompt?: string | undefined;
  media: MediaMap;
  options: Record<string, OptionValue>;
}

/** The request sent for a quote and for the order: only what the model takes. */
export function buildRequest(model: Model, plan: FormPlan, answers: FormAnswers): GenerationRequest {
  const request: GenerationRequest = { model_id: model.id };
  if (plan.prompt && answers.prompt) request.prompt = answers.prompt;
  const media: MediaMap = {};
  for (const step of plan.media) {
    const files = answers.media[step.key];
    if (files && files.length > 0) media[step.key] = [...files];
  }
  if (Object.keys(media).length > 0) request.media = media;
  const options = effectiveOptions(plan, media, answers.options);
  if (Object.keys(options).length > 0) request.options = options;
  return request;
}

/**
 * A model ordered from a description alone: it takes a prompt, asks for no file it needs, and every
 * option it requires has a default (what a group or guest order, made from one line, can use).
 */
export function ordersFromPromptAlone(model: Model): boolean {
  const plan = planForm(model);
  if (!plan.prompt) return false;
  if (plan.media.some((step) => step.required)) return false;
  return missingRequiredOptions(plan, {}, {}).length === 0;
}
