/**
 * A refused settings change in words the admin can act on: for each field the server named, what to
 * enter instead, in the page's language. The API's field ids (`topupPacks`, `name.ru`) stay here and
 * never reach the screen; a field the page doesn't know gets a general "check the form".
 */
import type { SettingsErrors, SettingsLimits } from '../../src/services/admin/dashboard-types.js';
import { num, t } from './i18n.js';

export type RefusedField = SettingsErrors['errors'][number];

export const nameLabel = (lang: string) =>
  lang === 'ru' ? t('miniapp-settings-name-ru') : t('miniapp-settings-name-en');
export const descriptionLabel = (lang: string) =>
  lang === 'ru' ? t('miniapp-settings-description-ru') : t('miniapp-settings-description-en');

export function whatToChange(error: RefusedField, limits: SettingsLimits): string {
  const [head, lang = ''] = error.field.split('.');
  const stars = num(limits.stars);
  switch (error.field) {
    case 'markupPercent':
      return t('miniapp-settings-fix-markup', { max: num(limits.markupPercent) });
    case 'price.markupPercent':
      return t('miniapp-settings-fix-model-markup', { max: num(limits.markupPercent) });
    case 'price.stars':
      return t('miniapp-settings-fix-fixed', { max: stars });
    case 'welcomeStars':
      return t('miniapp-settings-fix-welcome', { max: stars });
    case 'topupPacks':
      return t('miniapp-settings-fix-packs', { count: num(limits.topupPacks), max: stars });
  }
  if ((head === 'name' || head === 'description') && (lang === 'en' || lang === 'ru')) {
    const label = head === 'name' ? nameLabel(lang) : descriptionLabel(lang);
    if (error.code === 'bidi') return t('miniapp-settings-error-bidi', { field: label });
    return head === 'name'
      ? t('miniapp-settings-fix-name', { field: label, max: num(limits.nameChars) })
      : t('miniapp-settings-fix-description', { field: label, max: num(limits.descriptionChars) });
  }
  return t('miniapp-settings-fix-other');
}

/** Each distinct message once: two refusals of one kind read as one line. */
export function whatToChangeAll(errors: readonly RefusedField[], limits: SettingsLimits): string[] {
  const lines = errors.map((e) => whatToChange(e, limits));
  return [...new Set(lines.length > 0 ? lines : [t('miniapp-settings-fix-other')])];
}
