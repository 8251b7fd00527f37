/**
 * Why the content rules stopped an order (issue 42), in the customer's words: a refused description
 * (with a warning before the strike that bans, and the ban itself), a model kept to private chats,
 * or a model that opens after a number of paid orders. Brand texts may reword every one of them.
 */
import type { OrderScreen } from '../../services/content-rules.js';
import type { Texts } from '../i18n.js';

export type ContentRefusal = Exclude<OrderScreen, { kind: 'allowed' }>;

export function contentRefusalText(texts: Texts, refusal: ContentRefusal, model: string): string {
  switch (refusal.kind) {
    case 'blocked': {
      if (refusal.banned) return texts.t('content-blocked-banned');
      const lastWarning = refusal.limit > 0 && refusal.strikes === refusal.limit - 1;
      const text = texts.t('content-blocked');
      return lastWarning ? `${text}\n\n${texts.t('content-blocked-last-warning')}` : text;
    }
    case 'private_only':
      return texts.t('content-model-private-only', { model });
    case 'paid_orders':
      return texts.t('content-model-needs-orders', { model, needed: refusal.needed, have: refusal.have });
  }
}
