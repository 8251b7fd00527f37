/**
 * The Mini App's read endpoints (GET /miniapp/api/...): who is looking (/me), the figures
 * (/money, /models, /customers, /growth, /operations; `?days=7|30|90`, default 30) and a CSV of
 * each table (/csv/:table). The figures come from services/admin/dashboard.ts. /me also names the
 * bot whose room it is (`botName`), so the page says which bot an operator is looking at.
 */
import { type CsvCell, toCsv } from '../../lib/csv.js';
import type { DashboardService } from '../../services/admin/dashboard.js';
import {
  CSV_TABLES,
  type CsvTable,
  DASHBOARD_PERIODS,
  type DashboardMe,
  type DashboardPeriod,
} from '../../services/admin/dashboard-types.js';
import type { MiniAppRoute } from './route.js';

function periodOf(query: URLSearchParams): DashboardPeriod | undefined {
  const raw = query.get('days') ?? '30';
  return DASHBOARD_PERIODS.find((d) => String(d) === raw);
}

const get = (path: string, handle: MiniAppRoute['handle']): MiniAppRoute => ({ method: 'GET', path, handle });

async function csvOf(
  dashboard: DashboardService,
  table: CsvTable,
  days: DashboardPeriod,
): Promise<{ header: string[]; rows: CsvCell[][] }> {
  switch (table) {
    case 'money': {
      const r = await dashboard.money(days);
      return {
        header: [
          'day',
          'orders',
          'stars_bought',
          'stars_earned',
          'revenue_stars',
          'subscription_stars',
          'revenue_usd',
          'cost_usd',
          'given_away_usd',
          'margin_usd',
          'refunded_stars',
        ],
        rows: r.series.map((d) => [
          d.day,
          d.orders,
          d.starsBought,
          d.starsEarned,
          d.revenueStars,
          d.subscriptionStars,
          d.revenueUsd,
          d.costUsd,
          d.givenAwayUsd,
          d.marginUsd,
          d.refundedStars,
        ]),
      };
    }
    case 'models': {
      const r = await dashboard.models(days);
      return {
        header: [
          'model',
          'orders',
          'failed',
          'stars_earned',
          'cost_usd',
          'given_away_usd',
          'margin_usd',
          'avg_seconds_to_result',
        ],
        rows: r.models.map((m) => [
          m.modelName,
          m.orders,
          m.failed,
          m.starsEarned,
          m.costUsd,
          m.givenAwayUsd,
          m.marginUsd,
          m.avgSecondsToResult,
        ]),
      };
    }
    case 'customers': {
      const r = await dashboard.customers(days);
      return {
        header: ['day', 'new', 'active', 'paying'],
        rows: r.series.map((d) => [d.day, d.new, d.active, d.paying]),
      };
    }
    case 'top-customers': {
      const r = await dashboard.customers(days);
      return {
        header: ['user_id', 'name', 'username', 'stars_spent', 'orders'],
        rows: r.top.map((c) => [c.userId, c.name, c.username, c.starsSpent, c.orders]),
      };
    }
    case 'campaigns': {
      const r = await dashboard.growth();
      return {
        header: [
          'id',
          'name',
          'code',
          'joins',
          'ordered',
          'payers',
          'stars_bought',
          'cost_usd',
          'margin_usd',
        ],
        rows: r.campaigns.map((c) => [
          c.id,
          c.name,
          c.code,
          c.joins,
          c.ordered,
          c.payers,
          c.starsBought,
          c.costUsd,
          c.marginUsd,
        ]),
      };
    }
    case 'promo-codes': {
      const r = await dashboard.growth();
      return {
        header: ['code', 'stars', 'uses', 'used', 'expires_at', 'disabled'],
        rows: r.promoCodes.map((c) => [c.code, c.stars, c.uses, c.used, c.expiresAt, c.disabled]),
      };
    }
    case 'reminders': {
      const r = await dashboard.growth();
      return {
        header: ['rule', 'sent', 'acted_within_48h'],
        rows: r.reminders.map((x) => [x.rule, x.sent, x.acted]),
      };
    }
    case 'broadcasts': {
      const r = await dashboard.operations();
      return {
        header: ['id', 'status', 'created_at', 'total', 'sent', 'failed', 'pending'],
        rows: r.broadcasts.map((b) => [b.id, b.status, b.createdAt, b.total, b.sent, b.failed, b.pending]),
      };
    }
  }
}

export function dashboardRoutes(
  dashboard: DashboardService,
  opts: { botName?: () => string | undefined } = {},
): MiniAppRoute[] {
  const withPeriod =
    (read: (days: DashboardPeriod) => Promise<unknown>): MiniAppRoute['handle'] =>
    async ({ query }) => {
      const days = periodOf(query);
      if (!days)
        return { status: 422, json: { errors: [{ field: 'days', message: 'must be 7, 30 or 90' }] } };
      return { status: 200, json: await read(days) };
    };
  return [
    get('/me', async ({ adminId }) => {
      const bot = opts.botName?.();
      return {
        status: 200,
        json: { adminId, billing: dashboard.billing, ...(bot && { bot }) } satisfies DashboardMe,
      };
    }),
    get(
      '/money',
      withPeriod((days) => dashboard.money(days)),
    ),
    get(
      '/models',
      withPeriod((days) => dashboard.models(days)),
    ),
    get(
      '/customers',
      withPeriod((days) => dashboard.customers(days)),
    ),
    get('/growth', async () => ({ status: 200, json: await dashboard.growth() })),
    get('/operations', async () => ({ status: 200, json: await dashboard.operations() })),
    get('/csv/:table', async ({ params, query }) => {
      const table = CSV_TABLES.find((t) => t === params['table']);
      const days = periodOf(query);
      if (!table || !days) return { status: 404 };
      const { header, rows } = await csvOf(dashboard, table, days);
      return { status: 200, csv: { filename: `${table}-${days}d.csv`, text: toCsv(header, rows) } };
    }),
  ];
}
