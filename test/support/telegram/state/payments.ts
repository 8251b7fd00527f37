import { randomBytes } from 'node:crypto';
import type { User } from 'grammy/types';
import { badRequest, benignBadRequest } from '../api-error.js';

/** An invoice as it sits in a bot message (payload visible to tests, which act as Telegram). */
export interface StoredInvoice {
  title: string;
  description: string;
  currency: string;
  total_amount: number;
  payload: string;
  start_parameter: string;
}

/** What getStarTransactions reports: payments in, refunds out (the refund keeps the payment's id). */
export interface StarTransactionRecord {
  id: string;
  amount: number;
  date: number;
  source?: { type: 'user'; user: User; subscription_period?: number };
  receiver?: { type: 'user'; user: User };
}

interface Checkout {
  id: string;
  userId: number;
  answered: boolean;
  /** The verdict of the first answer (ok), once answered. */
  verdict?: boolean;
  expired: boolean;
  resolve: (answer: { ok: boolean; errorMessage?: string }) => void;
}

interface Charge {
  id: string;
  user: User;
  amount: number;
  refunded: boolean;
}

const TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';

/** Pre-checkout queries (answerable once, before their deadline) and the bot's Stars account. */
export class Payments {
  private readonly checkouts = new Map<string, Checkout>();
  private readonly charges = new Map<string, Charge>();
  readonly transactions: StarTransactionRecord[] = [];
  private counter = 0;

  createCheckout(userId: number): { id: string; answer: Promise<{ ok: boolean; errorMessage?: string }> } {
    const id = `${5_100_000_000_000_000 + userId * 1000 + this.counter++}`;
    let resolve!: Checkout['resolve'];
    const answer = new Promise<{ ok: boolean; errorMessage?: string }>((r) => {
      resolve = r;
    });
    this.checkouts.set(id, { id, userId, answered: false, expired: false, resolve });
    return { id, answer };
  }

  /** The deadline passed: a later answer is refused like Telegram refuses it. */
  expire(id: string): void {
    const checkout = this.checkouts.get(id);
    if (checkout) checkout.expired = true;
  }

  /**
   * Refused like Telegram refuses them, but not all are a bot's bug:
   * - late: a runtime fact for a bot (benign);
   * - the same verdict again: a retry after a lost response or a crash (at-least-once handling
   *   cannot know whether the first answer arrived), benign too;
   * - an unknown query or a different verdict: a bug.
   */
  answer(id: string, answer: { ok: boolean; errorMessage?: string }): void {
    const checkout = this.checkouts.get(id);
    if (checkout?.expired && !checkout.answered) {
      checkout.answered = true;
      throw benignBadRequest(TOO_OLD);
    }
    if (checkout?.answered && checkout.verdict === answer.ok) throw benignBadRequest(TOO_OLD);
    if (!checkout || checkout.answered) throw badRequest(TOO_OLD);
    checkout.answered = true;
    checkout.verdict = answer.ok;
    checkout.resolve(answer);
  }

  unanswered(): Array<{ id: string; userId: number }> {
    return [...this.checkouts.values()]
      .filter((c) => !c.answered && !c.expired)
      .map(({ id, userId }) => ({ id, userId }));
  }

  /** A completed payment: a Telegram-looking charge id, recorded as an incoming transaction. */
  charge(user: User, amount: number, subscriptionPeriod?: number): string {
    const id = `stxP${randomBytes(18).toString('base64url')}`;
    this.charges.set(id, { id, user, amount, refunded: false });
    this.transactions.push({
      id,
      amount,
      date: Math.floor(Date.now() / 1000),
      source: {
        type: 'user',
        user,
        ...(subscriptionPeriod !== undefined && { subscription_period: subscriptionPeriod }),
      },
    });
    return id;
  }

  refund(userId: number, chargeId: string): void {
    const charge = this.charges.get(chargeId);
    if (!charge || charge.user.id !== userId) throw benignBadRequest('CHARGE_NOT_FOUND');
    if (charge.refunded) throw benignBadRequest('CHARGE_ALREADY_REFUNDED');
    charge.refunded = true;
    this.transactions.push({
      id: chargeId,
      amount: charge.amount,
      date: Math.floor(Date.now() / 1000),
      receiver: { type: 'user', user: charge.user },
    });
  }
}
