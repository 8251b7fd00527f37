/**
 * Every upstream error code (spec section 7) and every transport failure explained in the user's
 * language. Unknown codes fall back to a generic text instead of leaking a raw code.
 */
import { API_ERROR_CODES } from '../../reseller/schemas.js';
import type { Texts } from '../i18n.js';
import { hideInternalNames } from './internal-names.js';

const KNOWN_CODES = new Set<string>([...API_ERROR_CODES, 'network_error', 'timeout', 'bad_response']);

export function upstreamErrorText(ctx: Texts, code: string, upstreamMessage?: string): string {
  const key = KNOWN_CODES.has(code) ? `upstream-error-${code.replace(/_/g, '-')}` : 'upstream-error-unknown';
  const text = ctx.t(key);
  // Validation messages from upstream say exactly what is wrong (e.g. which limit); show them as detail.
  if (code === 'validation_error' && upstreamMessage)
    return `${text}\n<i>${ctx.t('upstream-detail', { detail: hideInternalNames(ctx, upstreamMessage) })}</i>`;
  return text;
}
