import { describe, expect, it } from 'vitest';
import { referralReward } from '../../src/domain/referral.js';
import { isAppAction, parseStartPayload, startPayloadOf } from '../../src/domain/start-payload.js';
import { DAY_MS, utcDayStart } from '../../src/domain/utc-day.js';

describe('parseStartPayload', () => {
  it('reads referral, campaign, promo and order payloads', () => {
    expect(parseStartPayload('r_Ab3-_x')).toEqual({ kind: 'referral', code: 'Ab3-_x' });
    const orderId = '0b8e5a52-6f0e-4d4e-9a57-3c1f7a9f2b10';
    expect(parseStartPayload(startPayloadOf.order(orderId))).toEqual({ kind: 'order', code: orderId });
  });

  it("reads the customers' app's links, and only those open a flow without the welcome", () => {
    const orderId = '0b8e5a52-6f0e-4d4e-9a57-3c1f7a9f2b10';
    for (const action of ['again', 'change', 'input', 'model'] as const) {
      const payload = parseStartPayload(startPayloadOf.app(action, orderId));
      expect(payload).toEqual({ kind: action, code: orderId });
      expect(isAppAction(payload)).toBe(true);
    }
    expect(startPayloadOf.app('change', '7')).toBe('h_7');
    expect(isAppAction(parseStartPayload(startPayloadOf.order(orderId)))).toBe(false);
    expect(isAppAction(parseStartPayload('r_abc'))).toBe(false);
    expect(isAppAction(undefined)).toBe(false);
    expect(parseStartPayload('c_spring')).toEqual({ kind: 'campaign', code: 'spring' });
    expect(parseStartPayload('p_GIFT50')).toEqual({ kind: 'promo', code: 'GIFT50' });
    expect(parseStartPayload(startPayloadOf.referral('xyz'))).toEqual({ kind: 'referral', code: 'xyz' });
  });

  it('ignores anything malformed: no payload, unknown prefix, empty code, foreign characters, too long', () => {
    for (const bad of [
      undefined,
      '',
      'r_',
      'x_abc',
      'r-abc',
      'R_abc',
      'r_a b',
      'c_ab.c',
      'p_кот',
      'r_abc\n',
      `c_${'a'.repeat(63)}`,
      'hello',
    ]) {
      expect(parseStartPayload(bad), String(bad)).toBeUndefined();
    }
    expect(parseStartPayload(`c_${'a'.repeat(62)}`)).toEqual({ kind: 'campaign', code: 'a'.repeat(62) });
  });
});

describe('referralReward', () => {
  const rules = { bonusStars: 10, percent: 10, days: 90, dailyCapStars: 1000 };
  const base = { stars: 50, firstPaid: true, joinedAt: 0, now: DAY_MS, earnedToday: 0 };

  it('bonus for the first paid top-up plus the share rounded down', () => {
    expect(referralReward(rules, base)).toBe(15);
    expect(referralReward(rules, { ...base, stars: 59, firstPaid: false })).toBe(5);
  });

  it('no share after the window; never above what is left of the daily cap', () => {
    expect(referralReward(rules, { ...base, firstPaid: false, now: 91 * DAY_MS })).toBe(0);
    expect(referralReward(rules, { ...base, now: 91 * DAY_MS })).toBe(10);
    expect(referralReward({ ...rules, dailyCapStars: 20 }, { ...base, earnedToday: 12 })).toBe(8);
    expect(referralReward({ ...rules, dailyCapStars: 20 }, { ...base, earnedToday: 25 })).toBe(0);
  });

  it('days start at 00:00 UTC', () => {
    expect(utcDayStart(Date.UTC(2026, 10, 26, 13, 5))).toBe(Date.UTC(2026, 10, 26));
  });
});
