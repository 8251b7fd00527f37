/** SUBSCRIPTION_PLANS and SUBSCRIPTION_PERIOD_SECONDS: plans parsed strictly, tests-only period refused with Telegram. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { parsePlanPayload, parsePlans, planPayload } from '../../src/domain/subscription.js';

const STARS = {
  BOT_TOKEN: '123456:SECRET-token-value',
  BILLING: 'stars',
  SUPPORT_CONTACT: '@shop_support',
  STARS_PER_USD: '77',
  RESELLER_API_URL: 'https://api.example.com',
  RESELLER_API_KEY: 'key',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

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

  it('config: plans only with BILLING=stars; the 30-day period unless a test API root is used', () => {
    const config = loadConfig({ ...STARS, SUBSCRIPTION_PLANS: 'pro:450:600' });
    expect(config.billing.mode === 'stars' && config.billing.subscriptions).toEqual({
      plans: [{ id: 'pro', priceStars: 450, allowanceStars: 600 }],
      periodSeconds: 2_592_000,
    });
    expect(problemsOf({ BOT_TOKEN: STARS.BOT_TOKEN, SUBSCRIPTION_PLANS: 'pro:450:600' }).join()).toMatch(
      /SUBSCRIPTION_PLANS.*needs BILLING=stars/,
    );
    expect(problemsOf({ ...STARS, SUBSCRIPTION_PERIOD_SECONDS: '60' }).join()).toMatch(
      /SUBSCRIPTION_PERIOD_SECONDS.*for tests only/,
    );
    const test = loadConfig({
      ...STARS,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081',
      SUBSCRIPTION_PLANS: 'pro:450:600',
      SUBSCRIPTION_PERIOD_SECONDS: '60',
    });
    expect(test.billing.mode === 'stars' && test.billing.subscriptions?.periodSeconds).toBe(60);
  });
});
