/** Self-proving links' signatures (lib/expiring-signature.ts): exact parts, a live expiry, its own key. */
import { describe, expect, it } from 'vitest';
import { ExpiringSignature } from '../../src/lib/expiring-signature.js';

const TOKEN = '7000000001:AAsigning-secret';
const NOW = Date.UTC(2026, 10, 30, 12);

describe('ExpiringSignature', () => {
  const clock = { now: NOW };
  const signer = new ExpiringSignature(TOKEN, 'links v1', () => clock.now);
  const parts = [1, 801, 'order-a', 0, 'thumb'];

  it('accepts its own signature of exactly these parts until the expiry, and nothing else', () => {
    const exp = signer.expiryIn(3600);
    expect(exp).toBe(NOW / 1000 + 3600);
    const sig = signer.sign(parts, exp);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.verify(parts, exp, sig)).toBe(true);
    expect(signer.verify([1, 802, 'order-a', 0, 'thumb'], exp, sig)).toBe(false);
    expect(signer.verify([...parts, 'more'], exp, sig)).toBe(false);
    expect(signer.verify(parts, exp + 600, sig)).toBe(false);
    expect(signer.verify(parts, exp, sig.toUpperCase())).toBe(false);
    expect(signer.verify(parts, exp, sig.slice(2))).toBe(false);
    expect(signer.verify(parts, exp, '')).toBe(false);
    expect(signer.verify(parts, Number.NaN, sig)).toBe(false);
    // Another label or another token signs differently: no link serves another use or bot.
    expect(new ExpiringSignature(TOKEN, 'tickets v1', () => clock.now).verify(parts, exp, sig)).toBe(false);
    expect(new ExpiringSignature(`${TOKEN}x`, 'links v1', () => clock.now).verify(parts, exp, sig)).toBe(
      false,
    );
    // The token is in no signature.
    expect(sig).not.toContain(TOKEN);
    clock.now = exp * 1000;
    expect(signer.verify(parts, exp, sig)).toBe(false);
    clock.now = NOW;
  });

  it('rounds an expiry up, so links signed a little apart are the same', () => {
    clock.now = NOW + 1_000;
    const exp = signer.expiryIn(3600, 600);
    expect(exp).toBe(NOW / 1000 + 3600 + 600);
    clock.now = NOW + 299_000;
    expect(signer.expiryIn(3600, 600)).toBe(exp);
    clock.now = NOW;
  });
});
