/**
 * Promo codes' buttons:
 * - `pc:ask`: asks the customer for a code (the wallet, a wrong code's "Try another code");
 * - `pcl:<page>`: pages of the admins' /promos (behind the admin filter);
 * - `pcr:<CODE>`: redeems a code the bot gave the customer (a win-back reminder's gift).
 */
import { buttonFamily, field } from './codec.js';

export const promoAskData = buttonFamily('pc', { action: field.oneOf(['ask'] as const) });

export const promoListPageData = buttonFamily('pcl', { page: field.int(0, 99_999) });

export const promoRedeemData = buttonFamily('pcr', { code: field.id });
