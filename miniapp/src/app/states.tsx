/** The customers' app: what a tab shows when its data could not be loaded, with a way to retry. */
import { t } from '../i18n.js';

export function LoadFailed(props: { text: string; retry: () => void }) {
  return (
    <div class="notice center">
      <p>{props.text}</p>
      <button type="button" onClick={props.retry}>
        {t('app-retry')}
      </button>
    </div>
  );
}
