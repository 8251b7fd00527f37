/**
 * The customers' app: the models tab (issue 43). Built in its own slice; until then it says so.
 */
import type { AppProfile } from '../../../src/services/app/profile-types.js';
import { t } from '../i18n.js';

export function ModelsScreen(_props: { profile: AppProfile }) {
  return <p class="hint center">{t('app-coming-soon')}</p>;
}
