/** SUBSCRIPTION_PLANS: plans parsed strictly; plan invoice payloads. */
import { describe, expect, it } from 'vitest';
import { parsePlanPayload, parsePlans, periodAllowance, planPayload } from '../../src/domain/subscription.js';

describe('subscription plans', () => {
  it('parses id:price_stars:allowance_stars lists and refuses malformed, duplicate or too dear plans', () => {
    expect(parsePlans('pro:450:600, max:900:1300')).toEqual([
      { id: 'pro', priceStars: 450, allowanceStars: 600 },
      { id: 'max', priceStars: 900, allowanceStars: 1300 },
    ]);
    expect(parsePlans('pro:450')).toMatch(/not id:price_stars:allowance_stars/);
    expect(parsePlans('Pro:450:600')).toMatch(/not id:price_stars/);
    expect(parsePlans('pro:450:600,pro:10:10')).toMatch(/listed twice/);
    expect(parsePlans('pro:20000:600')).toMatch(/1 to 10000/);
    expect(parsePlans('pro:0:600')).toMatch(/1 to 10000/);
  });

  it('payloads name the plan and the buyer, and nothing else parses', () => {
    expect(parsePlanPayload(planPayload('pro', 42))).toEqual({ planId: 'pro', userId: 42 });
    expect(parsePlanPayload('t:abc')).toBeUndefined();
    expect(parsePlanPayload('s:pro:x')).toBeUndefined();
  });
});

describe('subscription terms', () => {
  it("each invoice link's payload is its own, and older payloads without a link still parse", () => {
    expect(planPayload('pro', 42, 'Ab_3-x')).toBe('s:pro:42:Ab_3-x');
    expect(parsePlanPayload('s:pro:42:Ab_3-x')).toEqual({ planId: 'pro', userId: 42 });
    expect(parsePlanPayload('s:pro:42')).toEqual({ planId: 'pro', userId: 42 });
    expect(parsePlanPayload('s:pro:42:')).toBeUndefined();
    expect(parsePlanPayload('s:pro:42:a b')).toBeUndefined();
  });

  it('a period paid at the price credits the allowance; another amount in proportion, rounded down, never a float', () => {
    const terms = { priceStars: 450, allowanceStars: 600 };
    expect(periodAllowance(terms, 450)).toBe(600);
    expect(periodAllowance(terms, 400)).toBe(533);
    expect(periodAllowance(terms, 900)).toBe(1200);
    expect(periodAllowance(terms, 1)).toBe(1);
    expect(periodAllowance({ priceStars: 3, allowanceStars: 1 }, 2)).toBe(0);
    expect(periodAllowance({ priceStars: 10_000, allowanceStars: 999_999 }, 9_999)).toBe(999_899);
  });
});
