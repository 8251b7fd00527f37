/**
 * The control room: a period switch (7/30/90 days) and one tab per subject. The admin check happens
 * on the server for every call; here a 401 or 403 from the first call turns into the page saying so.
 */
import { useState } from 'preact/hooks';
import {
  DASHBOARD_PERIODS,
  type DashboardMe,
  type DashboardPeriod,
} from '../../src/services/admin/dashboard-types.js';
import { GroupsScreen } from './groups.js';
import { t } from './i18n.js';
import { RulesScreen } from './rules.js';
import { CustomersScreen, GrowthScreen, ModelsScreen, MoneyScreen, OperationsScreen } from './screens.js';
import { SettingsScreen } from './settings.js';
import { useLoad } from './use-load.js';

const TABS = ['money', 'models', 'customers', 'growth', 'operations', 'settings', 'rules', 'groups'] as const;
type Tab = (typeof TABS)[number];

export function OpenFromBot(props: { forbidden?: boolean }) {
  return (
    <main class="gate" data-gate={props.forbidden ? 'forbidden' : 'open-from-bot'}>
      <div class="gate-icon" aria-hidden="true">
        🔒
      </div>
      <h1>{props.forbidden ? t('miniapp-title') : t('miniapp-open-from-bot-title')}</h1>
      <p>{props.forbidden ? t('miniapp-forbidden') : t('miniapp-open-from-bot')}</p>
    </main>
  );
}

export function App() {
  const [me, retry] = useLoad<DashboardMe>('/me');
  const [tab, setTab] = useState<Tab>('money');
  const [days, setDays] = useState<DashboardPeriod>(30);
  if (me.state === 'loading') return <p class="hint center">{t('miniapp-loading')}</p>;
  if (me.state === 'error') {
    if (me.status === 401) return <OpenFromBot />;
    if (me.status === 403) return <OpenFromBot forbidden />;
    return (
      <div class="notice center">
        <p>{t('miniapp-error')}</p>
        <button type="button" onClick={retry}>
          {t('miniapp-retry')}
        </button>
      </div>
    );
  }
  const periodic = tab === 'money' || tab === 'models' || tab === 'customers';
  return (
    <div class="layout">
      <header class="top">
        <h1>
          {t('miniapp-title')}
          {me.data.bot && <span class="bot-name"> · {me.data.bot}</span>}
        </h1>
        {periodic && (
          <fieldset class="segmented">
            {DASHBOARD_PERIODS.map((d) => (
              <button key={d} type="button" aria-pressed={d === days} onClick={() => setDays(d)}>
                {t('miniapp-days', { n: d })}
              </button>
            ))}
          </fieldset>
        )}
      </header>
      <nav class="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            aria-current={name === tab ? 'page' : undefined}
            data-tab={name}
            onClick={() => setTab(name)}
          >
            {t(`miniapp-tab-${name}`)}
          </button>
        ))}
      </nav>
      <main class="screen" data-screen={tab}>
        {tab === 'money' && <MoneyScreen days={days} />}
        {tab === 'models' && <ModelsScreen days={days} />}
        {tab === 'customers' && <CustomersScreen days={days} />}
        {tab === 'growth' && <GrowthScreen billing={me.data.billing} />}
        {tab === 'operations' && <OperationsScreen />}
        {tab === 'settings' && <SettingsScreen billing={me.data.billing} />}
        {tab === 'rules' && <RulesScreen />}
        {tab === 'groups' && <GroupsScreen />}
      </main>
    </div>
  );
}
