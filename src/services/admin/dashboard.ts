/**
 * The admin Mini App's figures (read side): money over time, by model, customers, growth and
 * operations, for the last 7, 30 or 90 UTC days (today included, the way /stats counts its week and
 * month, so the same period gives the same numbers). Money is summed exactly (domain/money.ts);
 * revenue, given-away cost and margin follow domain/money-result.ts (the one rule /stats shows too,
 * through `statsMoney`), and are null without Stars billing.
 */
import type {
  BroadcastsRepository,
  DashboardRepository,
  OrdersRepository,
  RemindersRepository,
  WalletRepository,
} from '../../db/index.js';
import type { DashboardRows } from '../../db/repositories/dashboard.js';
import {
  isMoneyString,
  moneyFromMicros,
  moneyToString,
  parseMoney,
  sumMoneyStrings,
} from '../../domain/money.js';
import {
  addMoneyBuckets,
  emptyMoneyBucket,
  givenAwayCost,
  type MoneyBucket,
  moneyResult,
} from '../../domain/money-result.js';
import type { Funding } from '../../domain/subscription-ledger.js';
import { DAY_MS, utcDayStart } from '../../domain/utc-day.js';
import type { CampaignAdmin } from './campaigns.js';
import type {
  CustomersReport,
  DashboardPeriod,
  GrowthReport,
  ModelRow,
  ModelsReport,
  MoneyFigures,
  MoneyReport,
  OperationsReport,
  TopCustomer,
} from './dashboard-types.js';

/** How many customers the top list shows. */
export const TOP_CUSTOMERS = 10;
const PROMO_CODES_LISTED = 50;
const BROADCASTS_LISTED = 10;
/** The reminders' figures cover this many days. */
const REMINDER_FIGURES_DAYS = 30;

const REFUND_SIGN: Partial<Record<string, number>> = { refund: 1, refund_undo: -1, telegram_refund: 1 };

export interface DashboardDeps {
  dashboard: DashboardRepository;
  /** Its totals say how many Stars running orders hold. */
  wallet: Pick<WalletRepository, 'totals'>;
  orders: Pick<OrdersRepository, 'countActive'>;
  broadcasts: Pick<BroadcastsRepository, 'counts'>;
  campaigns: Pick<CampaignAdmin, 'list'>;
  /** What the reminders did (issue 44). */
  reminders: Pick<RemindersRepository, 'figures'>;
  /** STARS_PAYOUT_USD with BILLING=stars; undefined without billing. */
  payoutUsdPerStar: string | undefined;
  /** Upstream's balance in USD (rejects when upstream does not answer). */
  upstreamBalance(): Promise<string>;
  now?: () => number;
}

/** One day's raw figures: Star counts beside the money bucket that revenue and margin come from. */
interface DayBucket {
  starsBought: number;
  starsEarned: number;
  refundedStars: number;
  orders: number;
  money: MoneyBucket;
}

const emptyDayBucket = (): DayBucket => ({
  starsBought: 0,
  starsEarned: 0,
  refundedStars: 0,
  orders: 0,
  money: emptyMoneyBucket(),
});

function addDayBuckets(buckets: readonly DayBucket[]): DayBucket {
  return {
    starsBought: buckets.reduce((n, b) => n + b.starsBought, 0),
    starsEarned: buckets.reduce((n, b) => n + b.starsEarned, 0),
    refundedStars: buckets.reduce((n, b) => n + b.refundedStars, 0),
    orders: buckets.reduce((n, b) => n + b.orders, 0),
    money: addMoneyBuckets(...buckets.map((b) => b.money)),
  };
}

/** What paid for each order's captures and late charges, added up per order. */
function fundingByOrder(ledger: DashboardRows['ledger']): Map<string, Funding> {
  const out = new Map<string, Funding>();
  for (const e of ledger) {
    if ((e.kind !== 'capture' && e.kind !== 'charge') || !e.orderId) continue;
    const f = e.funding ?? { allowance: 0, granted: 0, paid: e.stars };
    const sum = out.get(e.orderId) ?? { allowance: 0, granted: 0, paid: 0 };
    out.set(e.orderId, {
      allowance: sum.allowance + f.allowance,
      granted: sum.granted + f.granted,
      paid: sum.paid + f.paid,
    });
  }
  return out;
}

interface Period {
  days: DashboardPeriod;
  first: number;
  /** The index of `at`'s day in the period (out of range for other days). */
  dayIndex(at: Date): number;
  dayLabels: string[];
}

export class DashboardService {
  readonly #deps: DashboardDeps;
  readonly #now: () => number;

  constructor(deps: DashboardDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  get billing(): boolean {
    return this.#deps.payoutUsdPerStar !== undefined;
  }

  #period(days: DashboardPeriod): Period {
    const first = utcDayStart(this.#now()) - (days - 1) * DAY_MS;
    return {
      days,
      first,
      dayIndex: (at) => Math.floor((at.getTime() - first) / DAY_MS),
      dayLabels: Array.from({ length: days }, (_, i) =>
        new Date(first + i * DAY_MS).toISOString().slice(0, 10),
      ),
    };
  }

  #rows(p: Period): Promise<DashboardRows> {
    return this.#deps.dashboard.rowsSince(new Date(p.first));
  }

  /** Revenue, given-away cost and margin of a bucket (domain/money-result.ts); null without billing. */
  #result(bucket: MoneyBucket) {
    const payout = this.#deps.payoutUsdPerStar;
    return payout === undefined ? null : moneyResult(payout, bucket);
  }

  #figures(b: DayBucket): MoneyFigures {
    const result = this.#result(b.money);
    return {
      starsBought: b.starsBought,
      starsEarned: b.starsEarned,
      revenueStars: result?.revenueStars ?? 0,
      subscriptionStars: b.money.subscriptionStars,
      revenueUsd: result?.revenueUsd ?? null,
      costUsd: moneyToString(b.money.cost),
      givenAwayUsd: result?.givenAwayUsd ?? null,
      marginUsd: result?.marginUsd ?? null,
      refundedStars: b.refundedStars,
      orders: b.orders,
    };
  }

  /** The period's rows in one bucket per day. */
  async #dayBuckets(p: Period): Promise<DayBucket[]> {
    const rows = await this.#rows(p);
    const buckets = p.dayLabels.map(emptyDayBucket);
    const funding = fundingByOrder(rows.ledger);
    for (const o of rows.orders) {
      const b = buckets[p.dayIndex(o.createdAt)];
      if (!b) continue;
      b.orders++;
      if (o.status === 'completed' && o.costUsd !== null && isMoneyString(o.costUsd)) {
        b.money.cost = moneyFromMicros(b.money.cost + parseMoney(o.costUsd));
        const f = funding.get(o.id);
        if (f) b.money.givenAway = moneyFromMicros(b.money.givenAway + givenAwayCost(o.costUsd, f));
      }
    }
    for (const e of rows.ledger) {
      const b = buckets[p.dayIndex(e.createdAt)];
      if (!b) continue;
      if (e.kind === 'topup') b.starsBought += e.stars;
      else if (e.kind === 'capture' || e.kind === 'charge') {
        b.starsEarned += e.stars;
        // Without a replayed funding (not expected), the Stars count as paid, as they did before.
        b.money.paidStarsSpent += e.funding ? e.funding.paid : e.stars;
      } else b.refundedStars += (REFUND_SIGN[e.kind] ?? 0) * e.stars;
    }
    for (const s of rows.subscriptions) {
      const b = buckets[p.dayIndex(s.at)];
      if (b) b.money.subscriptionStars += s.stars;
    }
    return buckets;
  }

  async money(days: DashboardPeriod): Promise<MoneyReport> {
    const p = this.#period(days);
    const buckets = await this.#dayBuckets(p);
    return {
      days,
      since: p.dayLabels[0]!,
      billing: this.billing,
      series: buckets.map((b, i) => ({ day: p.dayLabels[i]!, ...this.#figures(b) })),
      totals: this.#figures(addDayBuckets(buckets)),
    };
  }

  /**
   * /stats' money: today, the last 7 and the last 30 days, from the same day buckets and the same
   * rule as the money screen, so both show the same figures for the same period.
   */
  async statsMoney(): Promise<{ today: MoneyFigures; week: MoneyFigures; month: MoneyFigures }> {
    const buckets = await this.#dayBuckets(this.#period(30));
    return {
      today: this.#figures(addDayBuckets(buckets.slice(-1))),
      week: this.#figures(addDayBuckets(buckets.slice(-7))),
      month: this.#figures(addDayBuckets(buckets)),
    };
  }

  async models(days: DashboardPeriod): Promise<ModelsReport> {
    const p = this.#period(days);
    const rows = await this.#rows(p);
    const byModel = new Map<
      string,
      {
        orders: number;
        failed: number;
        starsEarned: number;
        costs: string[];
        money: MoneyBucket;
        doneMs: number;
        done: number;
      }
    >();
    const funding = fundingByOrder(rows.ledger);
    const of = (name: string) => {
      let m = byModel.get(name);
      if (!m) {
        m = {
          orders: 0,
          failed: 0,
          starsEarned: 0,
          costs: [],
          money: emptyMoneyBucket(),
          doneMs: 0,
          done: 0,
        };
        byModel.set(name, m);
      }
      return m;
    };
    for (const o of rows.orders) {
      const m = of(o.modelName);
      m.orders++;
      if (o.status === 'failed') m.failed++;
      if (o.status === 'completed') {
        if (o.costUsd !== null && isMoneyString(o.costUsd)) {
          m.costs.push(o.costUsd);
          const f = funding.get(o.id);
          if (f) m.money.givenAway = moneyFromMicros(m.money.givenAway + givenAwayCost(o.costUsd, f));
        }
        if (o.finishedAt) {
          m.doneMs += o.finishedAt.getTime() - o.createdAt.getTime();
          m.done++;
        }
      }
    }
    for (const e of rows.ledger) {
      if ((e.kind === 'capture' || e.kind === 'charge') && e.modelName) {
        const m = of(e.modelName);
        m.starsEarned += e.stars;
        m.money.paidStarsSpent += e.funding ? e.funding.paid : e.stars;
      }
    }
    const models: ModelRow[] = [...byModel].map(([modelName, m]) => {
      const result = this.#result({ ...m.money, cost: sumMoneyStrings(m.costs) });
      return {
        modelName,
        orders: m.orders,
        failed: m.failed,
        starsEarned: m.starsEarned,
        costUsd: moneyToString(sumMoneyStrings(m.costs)),
        givenAwayUsd: result?.givenAwayUsd ?? null,
        marginUsd: result?.marginUsd ?? null,
        avgSecondsToResult: m.done ? Math.round(m.doneMs / m.done / 1000) : null,
      };
    });
    models.sort((a, b) => b.orders - a.orders || a.modelName.localeCompare(b.modelName));
    return { days, models };
  }

  async customers(days: DashboardPeriod): Promise<CustomersReport> {
    const p = this.#period(days);
    const rows = await this.#rows(p);
    const series = p.dayLabels.map((day) => ({
      day,
      new: 0,
      active: new Set<number>(),
      paying: new Set<number>(),
    }));
    for (const at of rows.joined) {
      const d = series[p.dayIndex(at)];
      if (d) d.new++;
    }
    const spent = new Map<number, { stars: number; orders: number }>();
    for (const o of rows.orders) {
      series[p.dayIndex(o.createdAt)]?.active.add(o.userId);
      const s = spent.get(o.userId) ?? { stars: 0, orders: 0 };
      s.orders++;
      spent.set(o.userId, s);
    }
    for (const e of rows.ledger) {
      if (e.kind === 'topup') series[p.dayIndex(e.createdAt)]?.paying.add(e.userId);
      if (e.kind === 'capture' || e.kind === 'charge') {
        const s = spent.get(e.userId) ?? { stars: 0, orders: 0 };
        s.stars += e.stars;
        spent.set(e.userId, s);
      }
    }
    const ranked = [...spent]
      .filter(([, s]) => s.stars > 0 || !this.billing)
      .sort(([ua, a], [ub, b]) => b.stars - a.stars || b.orders - a.orders || ua - ub)
      .slice(0, TOP_CUSTOMERS);
    const names = await this.#deps.dashboard.names(ranked.map(([id]) => id));
    const top: TopCustomer[] = ranked.map(([userId, s]) => ({
      userId,
      name: names.get(userId)?.firstName ?? '',
      username: names.get(userId)?.username ?? null,
      starsSpent: s.stars,
      orders: s.orders,
    }));
    return {
      days,
      series: series.map((d) => ({ day: d.day, new: d.new, active: d.active.size, paying: d.paying.size })),
      wallets: this.billing
        ? {
            balanceStars: await this.#deps.dashboard.walletBalance(),
            heldStars: (await this.#deps.wallet.totals()).heldStars,
          }
        : null,
      top,
    };
  }

  async growth(): Promise<GrowthReport> {
    const campaigns = await this.#deps.campaigns.list();
    const codes = await this.#deps.dashboard.promoCodes(PROMO_CODES_LISTED);
    return {
      campaigns: campaigns.map((c) => ({
        id: c.campaign.id,
        name: c.campaign.name,
        code: c.campaign.code,
        joins: c.joins,
        ordered: c.ordered,
        payers: c.payers,
        starsBought: c.starsBought,
        costUsd: c.costUsd,
        marginUsd: c.marginUsd ?? null,
      })),
      promoCodes: codes.map((c) => ({
        code: c.code,
        stars: c.stars,
        uses: c.uses,
        used: c.used,
        expiresAt: c.expiresAt?.toISOString() ?? null,
        disabled: c.disabledAt !== null,
      })),
      reminders: await this.reminderFigures(),
    };
  }

  /** The reminders of the last 30 days, per rule (the control room's growth screen and /stats). */
  reminderFigures(): Promise<GrowthReport['reminders']> {
    return this.#deps.reminders.figures(new Date(this.#now() - REMINDER_FIGURES_DAYS * DAY_MS));
  }

  async operations(): Promise<OperationsReport> {
    const balance = this.#deps.upstreamBalance().catch(() => null);
    const broadcasts = await this.#deps.dashboard.broadcasts(BROADCASTS_LISTED);
    const progress = await Promise.all(
      broadcasts.map(async (b) => {
        const c = await this.#deps.broadcasts.counts(b.id);
        return {
          id: b.id,
          status: b.status,
          createdAt: b.createdAt.toISOString(),
          total: b.total,
          sent: c.sent,
          failed: c.failed + c.blocked + c.unconfirmed,
          pending: c.pending + c.sending,
        };
      }),
    );
    return {
      upstreamBalanceUsd: await balance,
      activeOrders: await this.#deps.orders.countActive(),
      broadcasts: progress,
    };
  }
}
