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
import { FirstCallFailed, Gate, Tabs } from './frame.js';
import { GroupsScreen } from './groups.js';
import { t } from './i18n.js';
import { RulesScreen } from './rules.js';
import { CustomersScreen, GrowthScreen, ModelsScreen, MoneyScreen, OperationsScreen } from './screens.js';
import { SettingsScreen } from './settings.js';
import { useLoad } from './use-load.js';

const TABS = ['money', 'models', 'customers', 'growth', 'operations', 'settings', 'rules', 'groups'] as const;
type Tab = (typeof TABS)[number];

export function OpenFromBot(props: { forbidden?: boolean }) {
  const forbidden = props.forbidden === true;
  return (
    <Gate
      forbidden={forbidden}
      title={forbidden ? t('miniapp-title') : t('miniapp-open-from-bot-title')}
      text={forbidden ? t('miniapp-forbidden') : t('miniapp-open-from-bot')}
    />
  );
}

export function App() {
  const [me, retry] = useLoad<DashboardMe>('/me');
  const [tab, setTab] = useState<Tab>('money');
  const [days, setDays] = useState<DashboardPeriod>(30);
  if (me.state === 'loading') return <p class="hint center">{t('miniapp-loading')}</p>;
  if (me.state === 'error') {
    return (
      <FirstCallFailed
        status={me.status}
        gate={(forbidden) => <OpenFromBot forbidden={forbidden} />}
        error={t('miniapp-error')}
        retry={t('miniapp-retry')}
        onRetry={retry}
      />
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
      <Tabs tabs={TABS} current={tab} label={(name) => t(`miniapp-tab-${name}`)} onPick={setTab} />
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
