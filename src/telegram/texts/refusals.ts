/**
 * Why a confirmation was refused before anything was sent (outcome `refused`), in the user's words:
 * a per-user limit or the bot's daily cap says which one and when it frees up; any other refusal gets the generic text.
 */
import type { OrderRecord } from '../../db/index.js';
import { LimitError } from '../../services/user-limits.js';
import type { Texts } from '../i18n.js';
import { price, pricesShown, stars } from './money.js';

/** The LimitError behind a refusal, also when it comes bundled with other failures (composeHooks). */
function limitErrorOf(reason: unknown): LimitError | undefined {
  if (reason instanceof LimitError) return reason;
  if (reason instanceof AggregateError) return reason.errors.find((e) => e instanceof LimitError);
  return undefined;
}

/** `order` is the refused draft: a customer paying in Stars sees its Stars price, never USD. */
export function refusalText(texts: Texts, reason: unknown, order: Pick<OrderRecord, 'priceStars'>): string {
  const breach = limitErrorOf(reason)?.breach;
  switch (breach?.code) {
    case 'active_orders':
      return texts.t('limits-active-orders', { max: breach.max });
    case 'daily_orders':
      return texts.t('limits-daily-orders', {
        max: breach.max,
        reset: texts.time(new Date(breach.resetsAt)),
      });
    case 'daily_spend': {
      // When the day's cap frees up, in the bot's zone: "00:00 UTC", "03:00 UTC+3".
      const reset = texts.time(new Date(breach.resetsAt));
      // The limit is kept in USD; a Stars customer only learns that this order goes over it.
      if (order.priceStars !== null)
        return texts.t('limits-daily-spend-stars', { price: stars(texts, order.priceStars), reset });
      // Without billing the USD amounts are the bot's cost: a customer who sees no prices isn't
      // told them, only that today's generations are used up.
      if (!pricesShown(texts)) return texts.t('limits-daily-spend-free', { reset });
      return texts.t('limits-daily-spend', {
        price: price(texts, breach.priceUsd),
        remaining: price(texts, breach.remainingUsd),
        limit: price(texts, breach.limitUsd),
        reset,
      });
    }
    case 'bot_daily_cap':
      // The bot's own budget: no amounts (a Stars customer never sees USD, nor should others).
      return texts.t('bot-cap-refused', { reset: texts.time(new Date(breach.resetsAt)) });
    case undefined:
      return texts.t('order-refused');
  }
}
