/**
 * A bot's daily upstream spend cap (issue 40): the operator sets it per bot (/bot_cap, stored in the
 * bots registry as exact USD); an order that would take the bot's spend of the UTC day past it is
 * refused in the transaction that starts its submission (`guard`, beside the wallet's hold): the
 * transaction rolls back, so nothing is sent upstream, nothing is held, and the draft stays
 * confirmable for the next day.
 *
 * - The cap is read from the registry at every check, so a cap set on the main bot holds on every
 *   replica at the next confirmation (one primary-key read, next to the orders' sum).
 * - The day's spend is what the bot's orders confirmed today cost upstream (StatsRepository
 *   .botSpendOn: charged amount, else confirmed price; failed and cancelled ones were refunded),
 *   this order included: its row is already `submitting` in the transaction.
 * - With a cap, the bot's submissions take one lock in turn (`spend-cap:<bot id>`) before summing:
 *   customers confirming at the same instant, on any replica, each see the others' orders, so
 *   together they never pass the cap. Without a cap nothing is locked.
 * - `onReached` hears of every refusal; the caller makes it one alert a day (admin alerts keyed by
 *   the UTC day).
 */
import type { BotsRepository, StatsRepository, Tx } from '../db/index.js';
import {
  compareMoney,
  isMoneyString,
  moneyToString,
  parseMoney,
  subtractMoney,
  sumMoneyStrings,
} from '../domain/money.js';
import { utcDay } from '../domain/utc-day.js';
import type { OrderRecord } from './order-hooks.js';
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

  /** What the bot's orders confirmed today (UTC) cost upstream, exact USD. */
  async spentToday(): Promise<string> {
    return moneyToString(await this.#spentOn(utcDay(this.#now())));
  }

  /**
   * In the transaction that moved `order` to `submitting`: throws LimitError (`bot_daily_cap`) if
   * the bot's spend today, this order included, passes its cap (the transaction then rolls back).
   */
  async guard(tx: Tx, order: Pick<OrderRecord, 'priceUsd'>): Promise<void> {
    const bot = await this.#opts.bots.byId(this.#opts.botId, tx);
    const cap = bot?.dailyCapUsd ?? null;
    // The command stores exact amounts only; anything else in the column is no cap at all.
    if (cap === null || !isMoneyString(cap)) return;
    await tx.lock(`spend-cap:${this.#opts.botId}`);
    const day = utcDay(this.#now());
    const spent = await this.#spentOn(day, tx);
    if (compareMoney(spent, parseMoney(cap)) <= 0) return;
    this.#opts.onReached?.({
      botId: this.#opts.botId,
      botUsername: bot?.username ?? null,
      capUsd: cap,
      spentUsd: moneyToString(subtractMoney(spent, parseMoney(order.priceUsd))),
      resetsAt: day.end,
      day: new Date(day.start).toISOString().slice(0, 10),
    });
    throw new LimitError({ code: 'bot_daily_cap', resetsAt: day.end });
  }

  async #spentOn({ start, end }: { start: number; end: number }, tx?: Tx) {
    return sumMoneyStrings(await this.#opts.stats.botSpendOn(new Date(start), new Date(end), tx));
  }
}
