/**
 * What a /start payload asks for (Telegram deep links `https://t.me/<bot>?start=<payload>`: at most
 * 64 characters of `A-Za-z0-9_-`). `r_<code>` a customer's referral code, `c_<code>` a campaign,
 * `p_<CODE>` a promo code, `o_<order id>` an order made in a group or on a guest card that waits for
 * its caller's Stars (issue 42). Anything else is undefined: ignored silently, the customer gets the
 * menu.
 */
export type StartPayload =
  | { kind: 'referral'; code: string }
  | { kind: 'campaign'; code: string }
  | { kind: 'promo'; code: string }
  | { kind: 'order'; code: string };

const SHAPE = /^([rcpo])_([A-Za-z0-9_-]{1,62})$/;
const KINDS = { r: 'referral', c: 'campaign', p: 'promo', o: 'order' } as const;

export function parseStartPayload(payload: string | undefined): StartPayload | undefined {
  if (payload === undefined || payload.length > 64) return undefined;
  const match = SHAPE.exec(payload);
  if (!match) return undefined;
  return { kind: KINDS[match[1] as keyof typeof KINDS], code: match[2]! };
}

/** The payloads our own links carry. */
export const startPayloadOf = {
  referral: (code: string) => `r_${code}`,
  campaign: (code: string) => `c_${code}`,
  order: (orderId: string) => `o_${orderId}`,
} as const;
