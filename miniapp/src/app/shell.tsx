/**
 * The customers' app: one tab each for their results, the models and their wallet. Who they are is
 * checked on the server for every call; a 401 or 403 from the first call turns into the page saying
 * so (opened outside Telegram, or a customer the bot refuses).
 */
import { useState } from 'preact/hooks';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { FirstCallFailed, Gate, Tabs } from '../frame.js';
import { t } from '../i18n.js';
import { useLoad } from '../use-load.js';
import { GalleryScreen } from './gallery.js';
import { ModelsScreen } from './models.js';
import { WalletScreen } from './wallet.js';

const TABS = ['results', 'models', 'wallet'] as const;
type Tab = (typeof TABS)[number];

export function OpenFromBot(props: { forbidden?: boolean }) {
  const forbidden = props.forbidden === true;
  return (
    <Gate
      forbidden={forbidden}
      title={t('app-open-from-bot-title')}
      text={forbidden ? t('app-forbidden') : t('app-open-from-bot')}
    />
  );
}

/** The result the app was opened on (`?open=<order id>`, the button under a delivered result). */
const openOrder = new URLSearchParams(window.location.search).get('open') ?? undefined;

export function CustomerApp() {
  const [profile, retry] = useLoad<AppProfile>('/profile');
  const [tab, setTab] = useState<Tab>('results');
  if (profile.state === 'loading') return <p class="hint center">{t('app-loading')}</p>;
  if (profile.state === 'error') {
    return (
      <FirstCallFailed
        status={profile.status}
        gate={(forbidden) => <OpenFromBot forbidden={forbidden} />}
        error={t('app-error')}
        retry={t('app-retry')}
        onRetry={retry}
      />
    );
  }
  const me = profile.data;
  return (
    <div class="layout app">
      <Tabs tabs={TABS} current={tab} label={(name) => t(`app-tab-${name}`)} onPick={setTab} />
      <main class="screen" data-screen={tab}>
        {tab === 'results' && <GalleryScreen profile={me} openOrder={openOrder} />}
        {tab === 'models' && <ModelsScreen profile={me} />}
        {tab === 'wallet' && <WalletScreen profile={me} />}
      </main>
    </div>
  );
}
