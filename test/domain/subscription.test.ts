/** SUBSCRIPTION_PLANS: plans parsed strictly; plan invoice payloads. */
import { describe, expect, it } from 'vitest';
import { parsePlanPayload, parsePlans, planPayload } from '../../src/domain/subscription.js';

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
