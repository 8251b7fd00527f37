/**
 * Subscription buttons: `sbp:<plan id>` asks for a plan's invoice link; `sbm:<action>` shows the plans
 * (from /wallet), turns renewal off (`cancel`) or on again (`resume`); `sbn:<action>:<n>` does so for
 * the customer's live subscription number n (1 the oldest: there are two only if Telegram charged
 * two of their plan links).
 */
import { buttonFamily, field } from './codec.js';

/** A plan id as SUBSCRIPTION_PLANS allows it (lowercase letters and digits; domain/subscription.ts). */
export const subscribePlanData = buttonFamily('sbp', { plan: field.id });

export const subscriptionActionData = buttonFamily('sbm', {
  action: field.oneOf(['plans', 'cancel', 'resume'] as const),
});

export const subscriptionItemData = buttonFamily('sbn', {
  action: field.oneOf(['cancel', 'resume'] as const),
  n: field.int(1, 9),
});
