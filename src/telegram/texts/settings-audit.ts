/**
 * /audit lines of the live settings' changes (issue 26): "changed Lumen: price: default → ⭐ 25",
 * every field and value in the reader's language. Variables are escaped by `t`; the result is HTML.
 */
import type { AuditEntryRecord } from '../../db/records.js';
import type { PriceRule, SettingChange } from '../../domain/live-settings.js';
import { isReminderRule } from '../../domain/reminders.js';
import { truncate } from '../../lib/text.js';
import { SETTINGS_AUDIT_ACTIONS } from '../../services/live-settings.js';
import { decimalMark } from '../date-time.js';
import type { Texts } from '../i18n.js';
import { withHtml } from './html-slots.js';
import { stars } from './money.js';

/** An exact decimal ("12.5") with the reader's decimal mark ("12,5"). */
const percent = (texts: Texts, value: string) => value.replace('.', decimalMark(texts.locale));

function priceText(texts: Texts, rule: PriceRule): string {
  switch (rule.kind) {
    case 'markup':
      return texts.t('live-settings-value-markup', { percent: percent(texts, rule.markupPercent) });
    case 'fixed':
      return stars(texts, rule.stars);
    default:
      return texts.t('live-settings-value-default');
  }
}

function valueText(texts: Texts, change: SettingChange, value: unknown): string {
  if (value === null || value === undefined) return texts.t('live-settings-value-default');
  switch (change.field) {
    case 'offered':
      return texts.t(value ? 'live-settings-value-shown' : 'live-settings-value-hidden');
    case 'name':
    case 'description':
      // A description runs to 200 characters, in each language: cut, so ten entries fit a message.
      return texts.t('live-settings-value-text', {
        text: truncate(String(value).replace(/\s+/g, ' ').trim(), 40),
      });
    case 'price':
      return priceText(texts, value as PriceRule);
    case 'markup':
      return texts.t('live-settings-value-percent', { percent: percent(texts, String(value)) });
    case 'welcome':
      return stars(texts, Number(value));
    case 'packs':
      return Array.isArray(value) ? value.map((n) => stars(texts, Number(n))).join(', ') : String(value);
    case 'reminders':
      return Array.isArray(value) ? reminderRulesText(texts, value) : String(value);
  }
}

/** The reminder rules on, by name in the reader's language; none: "all off". */
function reminderRulesText(texts: Texts, rules: readonly unknown[]): string {
  if (rules.length === 0) return texts.t('live-settings-value-reminders-none');
  return rules
    .map((rule) =>
      typeof rule === 'string' && isReminderRule(rule)
        ? texts.t(`live-settings-value-reminder-${rule.replaceAll('_', '-')}`)
        : String(rule),
    )
    .join(', ');
}

function changeText(texts: Texts, change: SettingChange): string {
  const locale = 'locale' in change ? change.locale : '';
  return withHtml(
    texts,
    'live-settings-change',
    {},
    {
      field: texts.t(`live-settings-field-${change.field}`, { locale }),
      from: valueText(texts, change, change.from),
      to: valueText(texts, change, change.to),
    },
  );
}

/** The action's text, HTML; undefined if the entry is not a settings change. */
export function settingsAuditText(
  texts: Texts,
  entry: Pick<AuditEntryRecord, 'action' | 'details'>,
): string | undefined {
  const { details } = entry;
  const changes = Array.isArray(details.changes) ? (details.changes as SettingChange[]) : [];
  const listed = { changes: changes.map((change) => changeText(texts, change)).join('; ') };
  if (entry.action === SETTINGS_AUDIT_ACTIONS.model) {
    const model = typeof details.model === 'string' ? details.model : `#${String(details.modelId)}`;
    return withHtml(texts, 'admin-audit-settings-model-changed', { model }, listed);
  }
  if (entry.action === SETTINGS_AUDIT_ACTIONS.global)
    return withHtml(texts, 'admin-audit-settings-global-changed', {}, listed);
  return undefined;
}
