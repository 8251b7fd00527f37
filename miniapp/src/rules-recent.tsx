/**
 * What the content rules did lately: refusals and automatic bans over 30 days, and the latest
 * refused descriptions (when, who, where, which line matched, whether it banned the customer). A
 * description is the customer's text: shown as text, never as markup.
 */
import type { RulesDocument } from '../../src/services/admin/dashboard-types.js';
import { currentLocale, num, t } from './i18n.js';
import { Cards, Section } from './parts.js';

type Refusal = RulesDocument['recent'][number];

function placeLabel(place: Refusal['place']): string {
  switch (place) {
    case 'private':
      return t('miniapp-rules-place-private');
    case 'group':
      return t('miniapp-rules-place-group');
    default:
      return t('miniapp-rules-place-guest');
  }
}

export function RulesFigures({ figures }: { figures: RulesDocument['figures'] }) {
  return (
    <Cards
      items={[
        { label: t('miniapp-rules-figure-refused'), value: num(figures.blocked), name: 'refused' },
        { label: t('miniapp-rules-figure-bans'), value: num(figures.bans), name: 'bans' },
      ]}
    />
  );
}

export function RecentRefusals({ recent }: { recent: RulesDocument['recent'] }) {
  const time = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Section title={t('miniapp-rules-recent')}>
      {recent.length === 0 ? (
        <p class="hint">{t('miniapp-rules-recent-empty')}</p>
      ) : (
        <ul class="refusals">
          {recent.map((r, i) => (
            <li key={`${r.at}-${i}`} data-user-id={r.userId}>
              <div class="hint small">
                {time.format(new Date(r.at))} ·{' '}
                <a href={`tg://user?id=${r.userId}`}>{t('miniapp-rules-customer', { id: r.userId })}</a> ·{' '}
                {placeLabel(r.place)}
                {r.banned && <span class="badge">{t('miniapp-rules-banned')}</span>}
              </div>
              <div class="small">
                {t('miniapp-rules-matched')} <code>{r.line}</code>
              </div>
              <p class="refusal-text">{r.description}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
