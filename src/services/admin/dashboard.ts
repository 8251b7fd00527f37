/**
 * The admin Mini App's figures (read side): money over time, by model, customers, growth and
 * operations, for the last 7, 30 or 90 UTC days (today included, the way /stats counts its week and
 * month, so the same period gives the same numbers). Money is summed exactly (domain/money.ts);
 * the margin is the Stars earned by completed orders at Telegram's payout (STARS_PAYOUT_USD) minus
 * what upstream charged, and is null without Stars billing.
 */
import type {
  BroadcastsRepository,
  DashboardRepository,
  OrdersRepository,
  WalletRepository,
} from '../../db/index.js';
import type { DashboardRows } from '../../db/repositories/dashboard.js';
import { moneyToString, starsPayoutUsd, subtractMoney, sumMoneyStrings } from '../../domain/money.js';
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

const REFUND_SIGN: Partial<Record<string, number>> = { refund: 1, refund_undo: -1, telegram_refund: 1 };

export interface DashboardDeps {
  dashboard: DashboardRepository;
  /** Its totals say how many Stars running orders hold. */
  wallet: Pick<WalletRepository, 'totals'>;
  orders: Pick<OrdersRepository, 'countActive'>;
  broadcasts: Pick<BroadcastsRepository, 'counts'>;
  campaigns: Pick<CampaignAdmin, 'list'>;
  /** STARS_PAYOUT_USD with BILLING=stars; undefined without billing. */
  payoutUsdPerStar: string | undefined;
  /** Upstream's balance in USD (rejects when upstream does not answer). */
  upstreamBalance(): Promise<string>;
  now?: () => number;
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

  #margin(starsEarned: number, costs: readonly string[]): string | null {
    const payout = this.#deps.payoutUsdPerStar;
    if (payout === undefined) return null;
    return moneyToString(subtractMoney(starsPayoutUsd(payout, starsEarned), sumMoneyStrings(costs)));
  }

  async money(days: DashboardPeriod): Promise<MoneyReport> {
    const p = this.#period(days);
    const rows = await this.#rows(p);
    const buckets = p.dayLabels.map(() => ({
      starsBought: 0,
      starsEarned: 0,
      refundedStars: 0,
      orders: 0,
      costs: [] as string[],
    }));
    for (const o of rows.orders) {
      const b = buckets[p.dayIndex(o.createdAt)];
      if (!b) continue;
      b.orders++;
      if (o.status === 'completed' && o.costUsd !== null) b.costs.push(o.costUsd);
    }
    for (const e of rows.ledger) {
      const b = buckets[p.dayIndex(e.createdAt)];
      if (!b) continue;
      if (e.kind === 'topup') b.starsBought += e.stars;
      else if (e.kind === 'capture' || e.kind === 'charge') b.starsEarned += e.stars;
      else b.refundedStars += (REFUND_SIGN[e.kind] ?? 0) * e.stars;
    }
    const figures = (b: (typeof buckets)[number]): MoneyFigures => ({
      starsBought: b.starsBought,
      starsEarned: b.starsEarned,
      costUsd: moneyToString(sumMoneyStrings(b.costs)),
      marginUsd: this.#margin(b.starsEarned, b.costs),
      refundedStars: b.refundedStars,
      orders: b.orders,
    });
    const all = buckets.reduce(
      (t, b) => ({
        starsBought: t.starsBought + b.starsBought,
        starsEarned: t.starsEarned + b.starsEarned,
        refundedStars: t.refundedStars + b.refundedStars,
        orders: t.orders + b.orders,
        costs: t.costs.concat(b.costs),
      }),
      { starsBought: 0, starsEarned: 0, refundedStars: 0, orders: 0, costs: [] as string[] },
    );
    return {
      days,
      since: p.dayLabels[0]!,
      billing: this.billing,
      series: buckets.map((b, i) => ({ day: p.dayLabels[i]!, ...figures(b) })),
      totals: figures(all),
    };
  }

  async models(days: DashboardPeriod): Promise<ModelsReport> {
    const p = this.#period(days);
    const rows = await this.#rows(p);
    const byModel = new Map<
      string,
      { orders: number; failed: number; starsEarned: number; costs: string[]; doneMs: number; done: number }
    >();
    const of = (name: string) => {
      let m = byModel.get(name);
      if (!m) {
        m = { orders: 0, failed: 0, starsEarned: 0, costs: [], doneMs: 0, done: 0 };
        byModel.set(name, m);
      }
      return m;
    };
    for (const o of rows.orders) {
      const m = of(o.modelName);
      m.orders++;
      if (o.status === 'failed') m.failed++;
      if (o.status === 'completed') {
        if (o.costUsd !== null) m.costs.push(o.costUsd);
        if (o.finishedAt) {
          m.doneMs += o.finishedAt.getTime() - o.createdAt.getTime();
          m.done++;
        }
      }
    }
    for (const e of rows.ledger) {
      if ((e.kind === 'capture' || e.kind === 'charge') && e.modelName)
        of(e.modelName).starsEarned += e.stars;
    }
    const models: ModelRow[] = [...byModel].map(([modelName, m]) => ({
      modelName,
      orders: m.orders,
      failed: m.failed,
      starsEarned: m.starsEarned,
      costUsd: moneyToString(sumMoneyStrings(m.costs)),
      marginUsd: this.#margin(m.starsEarned, m.costs),
      avgSecondsToResult: m.done ? Math.round(m.doneMs / m.done / 1000) : null,
    }));
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
    };
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
