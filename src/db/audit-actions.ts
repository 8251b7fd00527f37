/**
 * Every action the audit log records. A new action must be added here to be recorded at all, and
 * /audit (bot/features/audit.ts) then needs its words (`admin-audit-<action with dashes>`, checked
 * in every language by test/texts/enum-keys.test.ts): no action is ever shown by its bare name.
 */
export const AUDIT_ACTIONS = [
  'broadcast_started',
  'broadcast_paused',
  'broadcast_resumed',
  'broadcast_cancelled',
  'user_banned',
  'user_unbanned',
  'user_auto_banned',
  'stars_granted',
  'payment_refunded',
  'subscription_refunded',
  'promo_created',
  'promo_batch_created',
  'promo_disabled',
  'campaign_created',
  'content_rules_changed',
  'group_enabled',
  'group_disabled',
  'group_cap_set',
  'group_default',
  'report_removed',
  'report_banned',
  'report_dismissed',
  'example_added',
  'example_removed',
  'settings_model_changed',
  'settings_global_changed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
