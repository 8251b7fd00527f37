/**
 * Promo codes' buttons:
 * - `pc:ask`: asks the customer for a code (the wallet, a wrong code's "Try another code");
 * - `pcl:<page>`: pages of the admins' /promos (behind the admin filter).
 */
import { buttonFamily, field } from './codec.js';

export const promoAskData = buttonFamily('pc', { action: field.oneOf(['ask'] as const) });

export const promoListPageData = buttonFamily('pcl', { page: field.int(0, 99_999) });
