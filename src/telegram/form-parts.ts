/**
 * The parts of the generation form a customer can go back to, shared by the form (bot/conversations)
 * and the priced order's keyboard (order-summary.ts).
 */
import type { MediaMap } from '../reseller/schemas.js';
import { type FormPlan, visibleOptions } from '../services/model-form.js';

/** The parts of the form a customer can go back to. */
export type FormPart = 'prompt' | 'media' | 'options';

/** Each part's button label, on the priced order and after upstream refused the inputs. */
export const CHANGE_BUTTON_LABEL: Readonly<Record<FormPart, string>> = {
  prompt: 'button-change-description',
  media: 'button-change-files',
  options: 'button-change-options',
};

/** The parts this model lets the customer change: no button for a part it does not have. */
export function changeableParts(plan: FormPlan, media: MediaMap): FormPart[] {
  const parts: FormPart[] = [];
  if (plan.prompt) parts.push('prompt');
  if (plan.media.length > 0) parts.push('media');
  if (visibleOptions(plan, media).length > 0) parts.push('options');
  return parts;
}
