/**
 * Words for ids: a broadcast's status, a model's type, and a model's name as customers reading the page's
 * language see it in the bot (the admin's name for that language, else the upstream's).
 */
import type { SettingsModel } from '../../src/services/admin/dashboard-types.js';
import { currentLocale, t } from './i18n.js';

/** `remove_bg` → "Background removal"; a type the page doesn't know yet gets a generic word. */
export function modelTypeLabel(type: string): string {
  switch (type) {
    case 'image':
      return t('miniapp-type-image');
    case 'video':
      return t('miniapp-type-video');
    case 'upscale':
      return t('miniapp-type-upscale');
    case 'remove_bg':
      return t('miniapp-type-remove-bg');
    default:
      return t('miniapp-type-other');
  }
}

/** The same rule as the bot's menu: the admin's name in this language, else in English, else the upstream's. */
export function shownModelName(model: Pick<SettingsModel, 'name' | 'upstreamName'>): string {
  const names: Record<string, string | null> = model.name;
  return names[currentLocale()] ?? names.en ?? model.upstreamName;
}

/** A broadcast's status (running, paused, cancelled, done) in words. */
export function broadcastStatusLabel(status: string): string {
  switch (status) {
    case 'running':
      return t('miniapp-broadcast-running');
    case 'paused':
      return t('miniapp-broadcast-paused');
    case 'cancelled':
      return t('miniapp-broadcast-cancelled');
    case 'done':
      return t('miniapp-broadcast-done');
    default:
      return status;
  }
}

/** A reminder rule (issue 44) in words; a rule the page doesn't know yet shows as it is. */
export function reminderRuleLabel(rule: string): string {
  switch (rule) {
    case 'plan_ending':
      return t('miniapp-reminder-plan-ending');
    case 'welcome_unused':
      return t('miniapp-reminder-welcome-unused');
    case 'quote_unconfirmed':
      return t('miniapp-reminder-quote-unconfirmed');
    case 'win_back':
      return t('miniapp-reminder-win-back');
    default:
      return rule;
  }
}

/** What a reminder rule does and when (the control room's Settings, one line under its checkbox). */
export function reminderRuleAbout(rule: string): string | undefined {
  switch (rule) {
    case 'plan_ending':
      return t('miniapp-settings-reminder-about-plan-ending');
    case 'welcome_unused':
      return t('miniapp-settings-reminder-about-welcome-unused');
    case 'quote_unconfirmed':
      return t('miniapp-settings-reminder-about-quote-unconfirmed');
    case 'win_back':
      return t('miniapp-settings-reminder-about-win-back');
    default:
      return undefined;
  }
}
