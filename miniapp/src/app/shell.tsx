/**
 * The customers' app: one tab each for their results, the models and their wallet. Who they are is
 * checked on the server for every call; a 401 or 403 from the first call turns into the page saying
 * so (opened outside Telegram, or a customer the bot refuses).
 */
import { useState } from 'preact/hooks';
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { t } from '../i18n.js';
import { useLoad } from '../use-load.js';
import { GalleryScreen } from './gallery.js';
import { ModelsScreen } from './models.js';
import { WalletScreen } from './wallet.js';

const TABS = ['results', 'models', 'wallet'] as const;
type Tab = (typeof TABS)[number];

export function OpenFromBot(props: { forbidden?: boolean }) {
  return (
    <main class="gate" data-gate={props.forbidden ? 'forbidden' : 'open-from-bot'}>
      <div class="gate-icon" aria-hidden="true">
        🔒
      </div>
      <h1>{t('app-open-from-bot-title')}</h1>
      <p>{props.forbidden ? t('app-forbidden') : t('app-open-from-bot')}</p>
    </main>
  );
}

export function CustomerApp() {
  const [profile, retry] = useLoad<AppProfile>('/profile');
  const [tab, setTab] = useState<Tab>('results');
  if (profile.state === 'loading') return <p class="hint center">{t('app-loading')}</p>;
  if (profile.state === 'error') {
    if (profile.status === 401) return <OpenFromBot />;
    if (profile.status === 403) return <OpenFromBot forbidden />;
    return (
      <div class="notice center">
        <p>{t('app-error')}</p>
        <button type="button" onClick={retry}>
          {t('app-retry')}
        </button>
      </div>
    );
  }
  const me = profile.data;
  return (
    <div class="layout app">
      <nav class="tabs">
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            aria-current={name === tab ? 'page' : undefined}
            data-tab={name}
            onClick={() => setTab(name)}
          >
            {t(`app-tab-${name}`)}
          </button>
        ))}
      </nav>
      <main class="screen" data-screen={tab}>
        {tab === 'results' && <GalleryScreen profile={me} />}
        {tab === 'models' && <ModelsScreen profile={me} />}
        {tab === 'wallet' && <WalletScreen profile={me} />}
      </main>
    </div>
  );
}
