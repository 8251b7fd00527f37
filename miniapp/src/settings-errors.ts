/**
 * A refused settings change in words the admin can act on: for each field the server named, what to
 * enter instead, in the page's language. The API's field ids (`topupPacks`, `name.ru`) stay here and
 * never reach the screen; a field the page doesn't know gets a general "check the form".
 */
import type {
  SettingsErrors,
  SettingsLanguage,
  SettingsLimits,
} from '../../src/services/admin/dashboard-types.js';
import { currentLocale, num, t } from './i18n.js';

export type RefusedField = SettingsErrors['errors'][number];

/**
 * A language as the page's reader calls it ("Ukrainian", «украинский»), from the browser's Intl;
 * where Intl has no name for it (a language a brand file added), its own name from its file.
 */
export function languageName(language: SettingsLanguage): string {
  try {
    const name = new Intl.DisplayNames([currentLocale()], { type: 'language' }).of(language.tag);
    if (name && name !== language.tag) return name;
  } catch {
    // An Intl without DisplayNames, or a tag it refuses: the file's own name below.
  }
  return language.name;
}

export const nameLabel = (language: SettingsLanguage) =>
  t('miniapp-settings-name', { language: languageName(language) });
export const descriptionLabel = (language: SettingsLanguage) =>
  t('miniapp-settings-description', { language: languageName(language) });

export function whatToChange(
  error: RefusedField,
  limits: SettingsLimits,
  languages: readonly SettingsLanguage[],
): string {
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
    case 'reminders':
      return t('miniapp-settings-fix-reminders');
  }
  const language = languages.find((l) => l.tag === lang);
  if ((head === 'name' || head === 'description') && language) {
    const label = head === 'name' ? nameLabel(language) : descriptionLabel(language);
    if (error.code === 'bidi') return t('miniapp-settings-error-bidi', { field: label });
    return head === 'name'
      ? t('miniapp-settings-fix-name', { field: label, max: num(limits.nameChars) })
      : t('miniapp-settings-fix-description', { field: label, max: num(limits.descriptionChars) });
  }
  return t('miniapp-settings-fix-other');
}

/** Each distinct message once: two refusals of one kind read as one line. */
export function whatToChangeAll(
  errors: readonly RefusedField[],
  limits: SettingsLimits,
  languages: readonly SettingsLanguage[],
): string[] {
  const lines = errors.map((e) => whatToChange(e, limits, languages));
  return [...new Set(lines.length > 0 ? lines : [t('miniapp-settings-fix-other')])];
}
