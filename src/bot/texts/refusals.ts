/**
 * Why a confirmation was refused before anything was sent (outcome `refused`), in the user's words:
 * a per-user limit says which one and when it frees up; any other refusal gets the generic text.
 */
import { LimitError } from '../../services/user-limits.js';
import type { Texts } from '../i18n.js';
import { price } from './money.js';

/** The LimitError behind a refusal, also when it comes bundled with other failures (composeHooks). */
function limitErrorOf(reason: unknown): LimitError | undefined {
  if (reason instanceof LimitError) return reason;
  if (reason instanceof AggregateError) return reason.errors.find((e) => e instanceof LimitError);
  return undefined;
}

export function refusalText(texts: Texts, reason: unknown): string {
  const breach = limitErrorOf(reason)?.breach;
  switch (breach?.code) {
    case 'active_orders':
      return texts.t('limits-active-orders', { max: breach.max });
    case 'daily_orders':
      return texts.t('limits-daily-orders', { max: breach.max });
    case 'daily_spend':
      return texts.t('limits-daily-spend', {
        price: price(texts, breach.priceUsd),
        remaining: price(texts, breach.remainingUsd),
        limit: price(texts, breach.limitUsd),
      });
    case undefined:
      return texts.t('order-refused');
  }
}
