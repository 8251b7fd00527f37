/**
 * Signatures for links that carry their own proof (a file an `<img>` fetches, an upload ticket):
 * HMAC-SHA256 over the link's parts and its expiry, under a key derived from a secret (a bot's
 * token) with a label of the link's own (HKDF: the secret is in no link, and no other use of it
 * shares the key). Hex in the link; compared in constant time.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export type SignedPart = string | number;

export class ExpiringSignature {
  readonly #key: Buffer;

  constructor(
    secret: string,
    label: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = Buffer.from(hkdfSync('sha256', secret, '', label, 32));
  }

  #mac(parts: readonly SignedPart[], exp: number): Buffer {
    return createHmac('sha256', this.#key)
      .update([...parts, exp].join('\n'))
      .digest();
  }

  /** The signature of `parts` valid until `exp` (Unix seconds), in hex. */
  sign(parts: readonly SignedPart[], exp: number): string {
    return this.#mac(parts, exp).toString('hex');
  }

  /** True for a signature of exactly these parts whose `exp` has not passed. */
  verify(parts: readonly SignedPart[], exp: number, sig: string): boolean {
    if (!Number.isSafeInteger(exp) || exp * 1000 <= this.now() || !/^[0-9a-f]{64}$/.test(sig)) return false;
    return timingSafeEqual(this.#mac(parts, exp), Buffer.from(sig, 'hex'));
  }

  /** Unix seconds `seconds` from now, rounded up to a multiple of `round` (same links for a while). */
  expiryIn(seconds: number, round = 1): number {
    const nowSeconds = Math.floor(this.now() / 1000);
    return Math.ceil((nowSeconds + seconds) / round) * round;
  }
}
