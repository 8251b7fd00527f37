/** The reconciliation's differences as lines of the admins' alert, in the admin's language (HTML). */
import type { StarsDifference } from '../../services/wallet/reconciliation.js';
import type { Texts } from '../i18n.js';
import { stars } from './money.js';

export function starsDifferenceLine(texts: Texts, d: StarsDifference): string {
  const id = d.chargeId;
  switch (d.kind) {
    case 'missing':
      return texts.t('admin-recon-missing', {
        id,
        stars: stars(texts, d.stars),
        // Telegram names the payer on every payment it lists; "?" only if it did not here.
        user: d.userId === undefined ? '?' : String(d.userId),
      });
    case 'amount':
      return texts.t('admin-recon-amount', {
        id,
        ledger: stars(texts, d.ledgerStars),
        telegram: stars(texts, d.telegramStars),
      });
    case 'unknown':
      return texts.t('admin-recon-unknown', { id, stars: stars(texts, d.stars) });
    case 'refund_unbooked':
      return texts.t('admin-recon-refund-unbooked', { id });
    case 'refund_unknown':
      return texts.t('admin-recon-refund-unknown', { id });
  }
}
