/**
 * The customers' app's Wallet tab (issue 43): what GET /miniapp/me/wallet, POST /invoice and
 * POST /promo answer. Shared by the server (services/app/wallet.ts,
 * server/miniapp/app-wallet-routes.ts) and the page (miniapp/src/app/wallet.tsx). Stars are whole
 * numbers; dates ISO strings.
 */

/** The customer's active plan: its Stars left this period and until when they can be spent. */
export interface AppWalletPlan {
  name: string;
  starsLeft: number;
  until: string;
  /** Telegram renews it at `until` (false: renewal turned off, or the last renewal failed). */
  renews: boolean;
}

/** A plan on sale, with its terms (the chat's /subscribe). */
export interface AppPlanOffer {
  id: string;
  name: string;
  priceStars: number;
  allowanceStars: number;
}

/** One ledger movement: its kind names it (`app-wallet-what-<kind>`), an order's by its model. */
export interface AppMovement {
  at: string;
  delta: number;
  kind: string;
  model: string | null;
}

/** The customer's referral link and what it brought (where the referral program runs). */
export interface AppInvite {
  link: string;
  joined: number;
  paid: number;
  earnedStars: number;
  /** What the program pays now: Stars for a friend's first paid result, a share of their spending. */
  bonusStars: number;
  percent: number;
  days: number;
  dailyCapStars: number;
}

export interface AppWallet {
  /** What can be spent now: the sum of the three below (as /wallet shows it). */
  balance: number;
  /** Bought Stars: the only ones a refund returns. */
  paidStars: number;
  /** Welcome, gifts, promo codes, rewards: never refundable. */
  grantedStars: number;
  plan: AppWalletPlan | null;
  /** Top-up packs, in Stars. */
  packs: number[];
  /** Plans on sale (none while the customer has an active one, or without subscriptions). */
  plans: AppPlanOffer[];
  /** Newest first, a few. */
  movements: AppMovement[];
  invite: AppInvite | null;
  /** Promo codes are taken. */
  promo: boolean;
}

/** POST /invoice: a listed pack, or a plan. */
export type AppInvoiceRequest = { stars: number } | { plan: string };

/** POST /invoice's answer: Telegram's invoice link, opened with openInvoice. */
export interface AppInvoice {
  url: string;
}

/** POST /promo's answer, worded by the page. */
export type AppPromoOutcome =
  | { kind: 'redeemed'; stars: number; balance: number }
  | { kind: 'unknown' | 'used_up' | 'expired' | 'disabled' | 'already' | 'throttled' };
