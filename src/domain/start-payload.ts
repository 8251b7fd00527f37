/**
 * What a /start payload asks for (Telegram deep links `https://t.me/<bot>?start=<payload>`: at most
 * 64 characters of `A-Za-z0-9_-`). `r_<code>` a customer's referral code, `c_<code>` a campaign,
 * `p_<CODE>` a promo code, `o_<order id>` an order made in a group or on a guest card that waits for
 * its caller's Stars (issue 42); from the customers' app (issue 43): `a_<order id>` Again,
 * `h_<order id>` Change, `u_<order id>` Use as input, `m_<model id>` a model's form. Anything else is
 * undefined: ignored silently, the customer gets the menu.
 */
export type StartPayload =
  | { kind: 'referral'; code: string }
  | { kind: 'campaign'; code: string }
  | { kind: 'promo'; code: string }
  | { kind: 'order'; code: string }
  | { kind: AppAction; code: string };

/** What the customers' app opens in the chat: a result's Again, Change, Use as input; a model's form. */
export type AppAction = 'again' | 'change' | 'input' | 'model';

const SHAPE = /^([rcpoahum])_([A-Za-z0-9_-]{1,62})$/;
const KINDS = {
  r: 'referral',
  c: 'campaign',
  p: 'promo',
  o: 'order',
  a: 'again',
  h: 'change',
  u: 'input',
  m: 'model',
} as const;

const APP_ACTIONS: ReadonlySet<StartPayload['kind']> = new Set<AppAction>([
  'again',
  'change',
  'input',
  'model',
]);

/** A payload the customers' app sent: it opens that flow at once, without the welcome. */
export const isAppAction = (p: StartPayload | undefined): p is { kind: AppAction; code: string } =>
  p !== undefined && APP_ACTIONS.has(p.kind);

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
  app: (action: AppAction, id: string) =>
    `${{ again: 'a', change: 'h', input: 'u', model: 'm' }[action]}_${id}`,
} as const;
