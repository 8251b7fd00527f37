/** A subscription plan's name as customers read it (/subscribe, /subscription, reminders). */
import { type SubscriptionPlan, UNNAMED_PLAN_ID } from '../../domain/subscription.js';
import type { Texts } from '../i18n.js';

/**
 * A plan's name, from the overridable texts: `subscription-plan-name` selects on the id (a reseller
 * names plans there); by default it is the id capitalised ("pro" -> "Pro"), not the raw env value.
 */
export function planName(texts: Texts, plan: Pick<SubscriptionPlan, 'id'>): string {
  // A subscription whose payment named no plan we could read: no id to show.
  if (plan.id === UNNAMED_PLAN_ID) return texts.t('subscription-plan-unnamed');
  const title = plan.id.charAt(0).toUpperCase() + plan.id.slice(1);
  return texts.t('subscription-plan-name', { id: plan.id, title });
}
