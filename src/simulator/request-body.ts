/**
 * Shape of the JSON bodies of POST /orders/quote and POST /orders (spec 4.6, 4.7). Type errors are
 * validation_error (422); an unreadable or non-object body is rejected earlier with 400.
 */
import { z } from 'zod';
import type { OptionValue } from '../reseller/schemas.js';
import { SimError } from './errors.js';

/** PHP-style clients send an empty object as `[]`; treat it as `{}`. */
const emptyArrayAsObject = (value: unknown) => (Array.isArray(value) && value.length === 0 ? {} : value);

const generationBody = z.object({
  model_id: z.number().int(),
  prompt: z.string().nullish(),
  media: z.preprocess(emptyArrayAsObject, z.record(z.string(), z.array(z.string())).nullish()),
  options: z.preprocess(
    emptyArrayAsObject,
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).nullish(),
  ),
  quote_id: z.string().nullish(),
});

export interface GenerationBody {
  model_id: number;
  prompt?: string | undefined;
  media: Record<string, string[]>;
  options: Record<string, OptionValue>;
  quote_id?: string | undefined;
}

export function parseGenerationBody(json: unknown): GenerationBody {
  const parsed = generationBody.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
    throw new SimError('validation_error', `${where}: ${issue.message}`);
  }
  const { model_id, prompt, media, options, quote_id } = parsed.data;
  return {
    model_id,
    prompt: prompt ?? undefined,
    media: media ?? {},
    options: options ?? {},
    quote_id: quote_id ?? undefined,
  };
}
