/**
 * The customers' app's Wallet tab (issue 43), with Stars billing: the balance split as /wallet and
 * /subscription tell it (bought, granted, the plan's Stars and their end), the packs and plans on
 * sale, the latest movements, the referral link and what it brought; invoices for a listed pack or a
 * plan, made as the chat makes them (the top-up row first, then Telegram's link, through functions
 * the app layer hands in); promo codes redeemed as /promo does. Payments are credited by the chat's
 * own successful_payment handler: nothing here books Stars except the promo code's own redemption.
 */
import type { OrderRecord } from '../../db/index.js';
import type { ReferralRules } from '../../domain/referral.js';
import type { PromoCodes } from '../promo-codes.js';
import type { ReferralProgram } from '../referrals.js';
import type { PlanInvoice, SubscriptionsService } from '../subscriptions.js';
import type { WalletService } from '../wallet/wallet.js';
import type {
  AppInvoiceRequest,
  AppMovement,
  AppPlanOffer,
  AppPromoOutcome,
  AppWallet,
  AppWalletPlan,
} from './wallet-types.js';

/** As many movements as the chat's /wallet shows. */
export const APP_MOVEMENTS = 8;

/** What Telegram is asked for (the bot's Api, through the app layer), in the customer's language. */
export interface InvoiceLinks {
  /** createInvoiceLink for a top-up of `stars` whose invoice payload is `payload`. */
  topup(userId: number, payload: string, stars: number): Promise<string>;
  /** createInvoiceLink for a plan's subscription. */
  plan(userId: number, invoice: PlanInvoice): Promise<string>;
}

export interface AppWalletDeps {
  wallet: WalletService;
  subscriptions: SubscriptionsService | null;
  promo: PromoCodes | null;
  referrals: Pick<ReferralProgram, 'invite' | 'offered'>;
  /** The referral program's rules (REFERRAL_*), with Stars billing. */
  referralRules: ReferralRules | undefined;
  /** The model an order of the customer's was for (its movements name it). */
  findOrder(orderId: string): Promise<Pick<OrderRecord, 'modelName' | 'userId'> | undefined>;
  /** A plan's name in `locale`, as the chat names it. */
  planName(planId: string, locale: string): string;
  /** The customer's referral link for `code` (undefined while the bot's username is not known). */
  inviteLink(code: string): string | undefined;
  links: InvoiceLinks;
}

export type InvoiceOutcome =
  | { kind: 'ok'; url: string }
  /** Not a pack or plan on sale. */
  | { kind: 'invalid' }
  /** A plan while one is active: the checkout would refuse its payment. */
  | { kind: 'subscribed' };

export class AppWalletService {
  readonly #deps: AppWalletDeps;

  constructor(deps: AppWalletDeps) {
    this.#deps = deps;
  }

  get promoOn(): boolean {
    return this.#deps.promo !== null;
  }

  async #activePlan(userId: number) {
    const status = await this.#deps.subscriptions?.status(userId);
    return status?.subscription.state === 'active' ? status : undefined;
  }

  /** GET /wallet: this customer's wallet alone, in `locale`. */
  async view(userId: number, locale: string): Promise<AppWallet> {
    const { wallet, subscriptions } = this.#deps;
    // The plan first: reading it expires a period that has ended, so the figures below are spendable.
    const status = await this.#activePlan(userId);
    const balance = await wallet.balance(userId);
    const pools = await wallet.ledger.pools(userId);
    const plan: AppWalletPlan | null = status
      ? {
          name: this.#deps.planName(status.subscription.planId, locale),
          starsLeft: status.allowanceLeft,
          until: status.subscription.expiresAt.toISOString(),
          renews: !status.subscription.cancelled && status.subscription.renewalFailedAt === null,
        }
      : null;
    const plans: AppPlanOffer[] =
      subscriptions && !status
        ? subscriptions.plans.map((p) => ({
            id: p.id,
            name: this.#deps.planName(p.id, locale),
            priceStars: p.priceStars,
            allowanceStars: p.allowanceStars,
          }))
        : [];
    return {
      balance,
      paidStars: Math.max(pools.paid, 0),
      grantedStars: Math.max(pools.granted, 0),
      plan,
      packs: [...wallet.topupPacks],
      plans,
      movements: await this.#movements(userId),
      invite: await this.#invite(userId),
      promo: this.promoOn,
    };
  }

  async #movements(userId: number): Promise<AppMovement[]> {
    const history = await this.#deps.wallet.history(userId, APP_MOVEMENTS);
    const ids = [...new Set(history.flatMap((e) => (e.orderId ? [e.orderId] : [])))];
    const models = new Map<string, string>();
    for (const id of ids) {
      const order = await this.#deps.findOrder(id);
      // Only the customer's own orders are named (their ledger names no other, but say it here too).
      if (order?.userId === userId) models.set(id, order.modelName);
    }
    return history.map((e) => ({
      at: e.createdAt.toISOString(),
      delta: e.delta,
      kind: e.kind,
      model: e.orderId ? (models.get(e.orderId) ?? null) : null,
    }));
  }

  async #invite(userId: number): Promise<AppWallet['invite']> {
    const rules = this.#deps.referralRules;
    if (!this.#deps.referrals.offered || !rules) return null;
    const invite = await this.#deps.referrals.invite(userId);
    const link = invite && this.#deps.inviteLink(invite.code);
    if (!invite || !link) return null;
    return { link, ...invite.stats, ...rules };
  }

  /**
   * POST /invoice: a listed pack's top-up (its pending row, then the link) or a plan's link. The
   * payment comes back to the chat's successful_payment handler, which credits it.
   */
  async invoice(userId: number, request: AppInvoiceRequest): Promise<InvoiceOutcome> {
    const { wallet, subscriptions, links } = this.#deps;
    if ('stars' in request) {
      if (!wallet.topupPacks.includes(request.stars)) return { kind: 'invalid' };
      // Paid in the app, told in the customer's private chat with the bot (its id is theirs).
      const { payload } = await wallet.createTopup(userId, userId, request.stars, null);
      return { kind: 'ok', url: await links.topup(userId, payload, request.stars) };
    }
    const invoice = subscriptions?.invoice(userId, request.plan);
    if (!invoice) return { kind: 'invalid' };
    if (await this.#activePlan(userId)) return { kind: 'subscribed' };
    return { kind: 'ok', url: await links.plan(userId, invoice) };
  }

  /** POST /promo: /promo's redemption (granted Stars, never refundable: booked by the service). */
  async redeem(userId: number, code: string): Promise<AppPromoOutcome | undefined> {
    const outcome = await this.#deps.promo?.redeem(userId, code);
    if (!outcome) return undefined;
    return outcome.kind === 'redeemed'
      ? { kind: 'redeemed', stars: outcome.stars, balance: outcome.balance }
      : { kind: outcome.kind };
  }
}
