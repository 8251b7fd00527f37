/**
 * Per-user limits a reseller sets (MAX_ACTIVE_ORDERS_PER_USER, DAILY_ORDERS_PER_USER,
 * DAILY_SPEND_PER_USER_USD), enforced in `beforeSubmit`: the one step before an order is sent, so a
 * refusal sends nothing upstream and leaves the draft confirmable for later.
 *
 * Counts come from the orders table, so they survive restarts. Days are UTC days. Money is summed
 * exactly (domain/money), never as floats. Orders that failed or were cancelled were refunded upstream
 * and count towards no daily cap. Two confirmations of one user cannot race past a cap: updates of
 * a chat are handled one at a time (sequentialize), and a user's orders live in their private chat.
 */
import type { StatsRepository } from '../db/index.js';
import {
  addMoney,
  compareMoney,
  type Money,
  moneyToString,
  parseMoney,
  subtractMoney,
  ZERO_MONEY,
} from '../domain/money.js';
import { utcDay } from '../domain/utc-day.js';
import type { OrderPipelineHooks, OrderRecord } from './order-hooks.js';

export interface UserLimitsConfig {
  /** Orders upstream still works on (or that are being sent), at most; null: no cap. */
  maxActiveOrders: number | null;
  /** Orders confirmed per UTC day; null: no cap. */
  dailyOrders: number | null;
  /** Sum of confirmed prices per UTC day (decimal USD string); null: no cap. */
  dailySpendUsd: string | null;
}

/** Which cap a confirmation would break, with what the user needs to know about it. */
export type LimitBreach =
  | { code: 'active_orders'; max: number; active: number }
  | { code: 'daily_orders'; max: number; today: number; resetsAt: number }
  | {
      code: 'daily_spend';
      limitUsd: string;
      spentUsd: string;
      remainingUsd: string;
      priceUsd: string;
      /** When the counted UTC day ends and the cap frees up (epoch ms); texts show it in TIME_ZONE. */
      resetsAt: number;
    }
  /** The bot's daily upstream spend cap (bot-spend-cap.ts): the whole bot, not this customer. */
  | { code: 'bot_daily_cap'; resetsAt: number };

/** Thrown by the limits' beforeSubmit: the order outcome is `refused` with this as its reason. */
export class LimitError extends Error {
  override readonly name = 'LimitError';
  constructor(readonly breach: LimitBreach) {
    super(`user limit reached: ${breach.code}`);
  }
}

export interface UserUsage {
  activeOrders: number;
  ordersToday: number;
  spentTodayUsd: string;
}

export class UserLimits {
  readonly #stats: Pick<StatsRepository, 'activeOrdersOf' | 'confirmedPricesOf'>;
  readonly #limits: UserLimitsConfig;
  readonly #now: () => number;

  constructor(
    stats: Pick<StatsRepository, 'activeOrdersOf' | 'confirmedPricesOf'>,
    limits: UserLimitsConfig,
    now: () => number = Date.now,
  ) {
    this.#stats = stats;
    this.#limits = limits;
    this.#now = now;
  }

  /** The pipeline hook; composes with others through composeHooks. */
  get hooks(): OrderPipelineHooks {
    return { beforeSubmit: async (order) => this.check(order) };
  }

  /** A user's current usage (in their private chat, whose id is the user id). */
  async usage(userId: number): Promise<UserUsage> {
    const today = await this.#confirmedToday(userId);
    return {
      activeOrders: await this.#activeCount(userId),
      ordersToday: today.length,
      spentTodayUsd: moneyToString(addMoney(...today)),
    };
  }

  /** Throws LimitError if confirming this draft would break a cap; checks only the caps that are set. */
  async check(order: Pick<OrderRecord, 'userId' | 'priceUsd'>): Promise<void> {
    const { maxActiveOrders, dailyOrders, dailySpendUsd } = this.#limits;
    if (maxActiveOrders !== null) {
      const active = await this.#activeCount(order.userId);
      if (active >= maxActiveOrders)
        throw new LimitError({ code: 'active_orders', max: maxActiveOrders, active });
    }
    if (dailyOrders === null && dailySpendUsd === null) return;
    const day = utcDay(this.#now());
    const today = await this.#confirmedOn(order.userId, day);
    if (dailyOrders !== null && today.length >= dailyOrders) {
      throw new LimitError({
        code: 'daily_orders',
        max: dailyOrders,
        today: today.length,
        resetsAt: day.end,
      });
    }
    if (dailySpendUsd !== null) {
      const limit = parseMoney(dailySpendUsd);
      const spent = addMoney(...today);
      const price = parseMoney(order.priceUsd);
      if (compareMoney(addMoney(spent, price), limit) > 0) {
        const left = subtractMoney(limit, spent);
        throw new LimitError({
          code: 'daily_spend',
          limitUsd: dailySpendUsd,
          spentUsd: moneyToString(spent),
          remainingUsd: moneyToString(compareMoney(left, ZERO_MONEY) < 0 ? ZERO_MONEY : left),
          priceUsd: order.priceUsd,
          resetsAt: day.end,
        });
      }
    }
  }

  async #activeCount(userId: number): Promise<number> {
    return this.#stats.activeOrdersOf(userId);
  }

  async #confirmedToday(userId: number): Promise<Money[]> {
    return this.#confirmedOn(userId, utcDay(this.#now()));
  }

  async #confirmedOn(userId: number, { start, end }: { start: number; end: number }): Promise<Money[]> {
    const prices = await this.#stats.confirmedPricesOf(userId, new Date(start), new Date(end));
    return prices.map(parseMoney);
  }
}
