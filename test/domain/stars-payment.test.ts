/** The one check every payment path makes: Telegram Stars, a positive whole amount within the cap. */
import { describe, expect, it } from 'vitest';
import { STARS_CURRENCY, starsOfPayment } from '../../src/domain/stars-payment.js';
import { MAX_STARS_PER_PAYMENT } from '../../src/domain/wallet.js';

describe('starsOfPayment', () => {
  it('takes a whole number of Stars from 1 to the cap', () => {
    expect(starsOfPayment({ currency: STARS_CURRENCY, totalAmount: 1 })).toBe(1);
    expect(starsOfPayment({ currency: 'XTR', totalAmount: MAX_STARS_PER_PAYMENT })).toBe(
      MAX_STARS_PER_PAYMENT,
    );
  });

  it('refuses another currency, nothing, a fraction, a negative amount and more than the cap', () => {
    for (const payment of [
      { currency: 'USD', totalAmount: 100 },
      { currency: 'xtr', totalAmount: 100 },
      { currency: 'XTR', totalAmount: 0 },
      { currency: 'XTR', totalAmount: 1.5 },
      { currency: 'XTR', totalAmount: -5 },
      { currency: 'XTR', totalAmount: MAX_STARS_PER_PAYMENT + 1 },
      { currency: 'XTR', totalAmount: Number.NaN },
    ]) {
      expect(starsOfPayment(payment), JSON.stringify(payment)).toBeUndefined();
    }
  });
});
