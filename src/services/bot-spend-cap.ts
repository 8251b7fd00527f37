/**
 * A bot's daily upstream spend cap (issue 40): the operator sets it per bot (/bot_cap, stored in the
 * bots registry as exact USD); an order that would take the bot's spend of the UTC day past it is
 * refused in `beforeSubmit`, like a per-user limit (user-limits.ts): nothing is sent upstream,
 * nothing is held, and the draft stays confirmable for the next day.
 *
 * - The cap is read from the registry at every check, so a cap set on the main bot holds on every
 *   replica at the next confirmation (one primary-key read, next to the orders' sum).
 * - The day's spend is what the bot's orders confirmed today cost upstream (StatsRepository
 *   .botSpendOn: charged amount, else confirmed price; failed and cancelled ones were refunded).
 * - Customers' confirmations run one chat at a time, not one bot at a time: orders confirmed in the
 *   same instant by different customers may together pass the cap by those orders, never more.
 * - `onReached` hears of every refusal; the caller makes it one alert a day (admin alerts keyed by
 *   the UTC day).
 */
import type { BotsRepository, StatsRepository } from '../db/index.js';
import {
  addMoney,
  compareMoney,
  isMoneyString,
  moneyToString,
  parseMoney,
  sumMoneyStrings,
} from '../domain/money.js';
import { utcDay } from '../domain/utc-day.js';
import type { OrderPipelineHooks, OrderRecord } from './order-hooks.js';
import { LimitError } from './user-limits.js';

/** A refusal at the cap: which bot, its cap, what it spent before this order, when the day ends. */
export interface CapReached {
  botId: number;
  botUsername: string | null;
  capUsd: string;
  spentUsd: string;
  /** The end of the UTC day (epoch ms): the cap frees up then. */
  resetsAt: number;
  /** The UTC day, "2026-11-29": an alert is raised once per bot and day. */
  day: string;
}

export interface BotSpendCapOptions {
  /** The bot whose orders these are (its row in the registry; store.scope.botId). */
  botId: number;
  bots: Pick<BotsRepository, 'byId'>;
  /** The bot's scoped stats. */
  stats: Pick<StatsRepository, 'botSpendOn'>;
  /** Called on every refusal at the cap; must not throw (raise alerts in the background). */
  onReached?: (reached: CapReached) => void;
  now?: () => number;
}

export class BotSpendCap {
  readonly #opts: BotSpendCapOptions;
  readonly #now: () => number;

  constructor(opts: BotSpendCapOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
  }

  /** The pipeline hook; composes with others through composeHooks. */
  get hooks(): OrderPipelineHooks {
    return { beforeSubmit: async (order) => this.check(order) };
  }

  /** What the bot's orders confirmed today (UTC) cost upstream, exact USD. */
  async spentToday(): Promise<string> {
    return moneyToString(await this.#spentOn(utcDay(this.#now())));
  }

  /** Throws LimitError (`bot_daily_cap`) if this order would take the bot's spend today past its cap. */
  async check(order: Pick<OrderRecord, 'priceUsd'>): Promise<void> {
    const bot = await this.#opts.bots.byId(this.#opts.botId);
    const cap = bot?.dailyCapUsd ?? null;
    // The command stores exact amounts only; anything else in the column is no cap at all.
    if (cap === null || !isMoneyString(cap)) return;
    const day = utcDay(this.#now());
    const spent = await this.#spentOn(day);
    if (compareMoney(addMoney(spent, parseMoney(order.priceUsd)), parseMoney(cap)) <= 0) return;
    this.#opts.onReached?.({
      botId: this.#opts.botId,
      botUsername: bot?.username ?? null,
      capUsd: cap,
      spentUsd: moneyToString(spent),
      resetsAt: day.end,
      day: new Date(day.start).toISOString().slice(0, 10),
    });
    throw new LimitError({ code: 'bot_daily_cap', resetsAt: day.end });
  }

  async #spentOn({ start, end }: { start: number; end: number }) {
    return sumMoneyStrings(await this.#opts.stats.botSpendOn(new Date(start), new Date(end)));
  }
}
