/**
 * The Mini App's HTTP side on a real server: initData checked on every API call (forged, stale,
 * malformed, foreign: 401/403 with an empty body), the figures and their CSVs for an admin, writes
 * rate-limited per admin, and the page served with its Content-Security-Policy.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../src/server/http-server.js';
import { miniAppApiRoutes } from '../../src/server/miniapp/api.js';
import { dashboardRoutes } from '../../src/server/miniapp/dashboard-routes.js';
import { checkInitData } from '../../src/server/miniapp/init-data.js';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { MINIAPP_CSP, miniAppStaticRoutes } from '../../src/server/miniapp/static.js';
import type {
  CustomersReport,
  DashboardMe,
  ModelsReport,
  MoneyReport,
  OperationsReport,
} from '../../src/services/admin/dashboard-types.js';
import type { TestDatabase } from '../support/databases.js';
import { forge, signInitData } from '../support/miniapp-init-data.js';
import { NOW, seededDashboard } from './seed.js';

const TOKEN = '7000000001:AAtest-token-for-the-mini-app';
/** An added bot (id 2 in the registry) with an admin of its own. */
const SHOP_TOKEN = '7000000002:AAtest-token-of-the-added-bot';
const SHOP_ADMIN = 4343;
const ADMIN = 4242;
/** Another of the main bot's admins (the operator's), who has not written yet. */
const OPERATOR = 4444;
const CUSTOMER = 5151;
const MAX_AGE = 3600;
const nowSeconds = Math.floor(NOW / 1000);

/**
 * A vector whose hash was computed apart from this code (Python's hmac, from Telegram's description):
 * neither the library nor our signer can drift unnoticed.
 */
const VECTOR = {
  token: '7000000001:AAvector',
  initData:
    'auth_date=1741773600&query_id=AAHdF6IQAAAAAN0XohDhrOrc&user=%7B%22id%22%3A4242%2C%22first_name%22%3A%22Ada%22%7D&hash=9a2e327994951197deaff5f23d752441a5de76a6cdab1696094f65c70b619a60',
};

describe('initData check', () => {
  const check = { botToken: TOKEN, adminIds: [ADMIN], maxAgeSeconds: MAX_AGE, now: () => NOW };
  const signed = (userId: number, authDate = nowSeconds) =>
    signInitData({ botToken: TOKEN, user: { id: userId, first_name: 'Ada', language_code: 'ru' }, authDate });

  it('accepts an admin whose initData Telegram signed within MINIAPP_AUTH_MAX_AGE', () => {
    expect(checkInitData(signed(ADMIN), check)).toEqual({ kind: 'admin', userId: ADMIN, languageCode: 'ru' });
    expect(checkInitData(signed(ADMIN, nowSeconds - MAX_AGE), check).kind).toBe('admin');
  });

  it('refuses forged, stale, future, unsigned and malformed initData, and tells a customer apart', () => {
    expect(checkInitData(forge(signed(ADMIN)), check)).toEqual({ kind: 'invalid' });
    expect(checkInitData(signed(ADMIN, nowSeconds - MAX_AGE - 1), check)).toEqual({ kind: 'invalid' });
    expect(checkInitData(signed(ADMIN, nowSeconds + 3600), check)).toEqual({ kind: 'invalid' });
    // Signed with another bot's token.
    const other = signInitData({
      botToken: '1:other',
      user: { id: ADMIN, first_name: 'A' },
      authDate: nowSeconds,
    });
    expect(checkInitData(other, check)).toEqual({ kind: 'invalid' });
    expect(checkInitData('', check)).toEqual({ kind: 'invalid' });
    expect(checkInitData('user=%7B%7D&hash=zz', check)).toEqual({ kind: 'invalid' });
    // A user who changed the id after signing: the hash no longer matches.
    const changed = new URLSearchParams(signed(CUSTOMER));
    changed.set('user', JSON.stringify({ id: ADMIN, first_name: 'Ada' }));
    expect(checkInitData(changed.toString(), check)).toEqual({ kind: 'invalid' });
    expect(checkInitData(signed(CUSTOMER), check)).toEqual({ kind: 'not_admin' });
  });

  it('agrees with a test vector computed apart from this code', () => {
    const signed = signInitData({
      botToken: VECTOR.token,
      user: { id: 4242, first_name: 'Ada' },
      authDate: 1741773600,
    });
    expect(signed).toBe(VECTOR.initData);
    const at = { botToken: VECTOR.token, adminIds: [4242], maxAgeSeconds: 60, now: () => 1741773600_000 };
    expect(checkInitData(VECTOR.initData, at).kind).toBe('admin');
    expect(checkInitData(VECTOR.initData, { ...at, botToken: `${VECTOR.token}x` }).kind).toBe('invalid');
  });
});

describe('Mini App API and page', () => {
  let database: TestDatabase;
  let server: Server;
  let base: string;
  const writes: number[] = [];
  /** Who wrote in the added bot's room. */
  const shopWrites: number[] = [];

  beforeAll(async () => {
    const seeded = await seededDashboard('sqlite');
    database = seeded.database;
    const dashboard = seeded.dashboard;
    const echo: MiniAppRoute = {
      method: 'PUT',
      path: '/echo/:id',
      write: true,
      handle: async ({ adminId, params, body }) => {
        writes.push(adminId);
        return { status: 200, json: { adminId, id: params['id'], body } };
      },
    };
    const page = await mkdtemp(join(tmpdir(), 'miniapp-page-'));
    await writeFile(join(page, 'index.html'), '<!doctype html><title>Control room</title>');
    const logger = pino({ level: 'silent' });
    server = createHttpServer({
      logger,
      routes: [
        ...miniAppStaticRoutes({ dir: page }),
        ...miniAppApiRoutes({
          auth: { botToken: TOKEN, adminIds: [ADMIN, OPERATOR], maxAgeSeconds: MAX_AGE, now: () => NOW },
          routes: [...dashboardRoutes(dashboard), echo],
          mainBotId: 1,
          addedBot: (botId) =>
            botId === 2
              ? {
                  botToken: SHOP_TOKEN,
                  adminIds: [SHOP_ADMIN],
                  routes: [
                    {
                      method: 'GET',
                      path: '/me',
                      handle: async ({ adminId }) => ({ status: 200, json: { shop: true, adminId } }),
                    },
                    {
                      method: 'PUT',
                      path: '/shop-echo',
                      write: true,
                      handle: async ({ adminId, body }) => {
                        shopWrites.push(adminId);
                        return { status: 200, json: { shop: true, adminId, body } };
                      },
                    },
                  ],
                }
              : undefined,
          logger,
          writesPerMinute: 3,
        }),
      ],
    });
    await listen(server, 0, 'PORT');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await database.drop();
  });

  const tma = (userId: number, authDate = nowSeconds) =>
    `tma ${signInitData({ botToken: TOKEN, user: { id: userId, first_name: 'A' }, authDate })}`;
  const api = (path: string, authorization?: string, init: RequestInit = {}) =>
    fetch(`${base}/miniapp/api${path}`, { ...init, headers: { ...(authorization && { authorization }) } });

  it('answers 401 without, with forged or with stale initData, 403 for a customer, and nothing more', async () => {
    const answers = await Promise.all([
      api('/money'),
      api('/money', `tma ${forge(tma(ADMIN).slice(4))}`),
      api('/money', tma(ADMIN, nowSeconds - MAX_AGE - 60)),
      api('/money', tma(ADMIN).replace('tma ', 'Bearer ')),
      api('/money', tma(CUSTOMER)),
      api('/settings/global', tma(CUSTOMER), { method: 'PUT', body: '{}' }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 403, 403]);
    for (const r of answers) expect(await r.text()).toBe('');
  });

  it('serves the figures to an admin as JSON, money as exact strings and integers', async () => {
    const res = await api('/money?days=7', tma(ADMIN));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const money = (await res.json()) as MoneyReport;
    expect(money.totals).toEqual({
      orders: 13,
      starsBought: 350,
      starsEarned: 200,
      revenueStars: 200,
      subscriptionStars: 0,
      revenueUsd: '2.60',
      costUsd: '2.234567',
      givenAwayUsd: '0.00',
      marginUsd: '0.365433',
      refundedStars: 50,
    });
    const json = async <T>(path: string) => (await (await api(path, tma(ADMIN))).json()) as T;
    expect((await json<DashboardMe>('/me')).adminId).toBe(ADMIN);
    expect((await json<ModelsReport>('/models?days=90')).models).toHaveLength(2);
    expect((await json<CustomersReport>('/customers?days=30')).top[0]?.userId).toBe(11);
    expect((await json<OperationsReport>('/operations')).upstreamBalanceUsd).toBe('12.50');
    expect((await api('/growth', tma(ADMIN))).status).toBe(200);
    expect((await api('/money?days=12', tma(ADMIN))).status).toBe(422);
    expect((await api('/nothing', tma(ADMIN))).status).toBe(404);
  });

  it('exports each table as CSV, with text that a spreadsheet would run defused', async () => {
    const res = await api('/csv/top-customers?days=7', tma(ADMIN));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="top-customers-7d.csv"');
    expect(await res.text()).toBe(
      "user_id,name,username,stars_spent,orders\r\n12,Boris,user12,120,3\r\n13,'=cmd(),user13,80,10\r\n",
    );
    const money = await (await api('/csv/money?days=7', tma(ADMIN))).text();
    expect(money.split('\r\n')[0]).toBe(
      'day,orders,stars_bought,stars_earned,revenue_stars,subscription_stars,revenue_usd,cost_usd,given_away_usd,margin_usd,refunded_stars',
    );
    expect(money).toContain('2025-03-12,10,100,80,80,0,1.04,1.00,0.00,0.04,0');
    for (const table of ['models', 'customers', 'campaigns', 'promo-codes', 'broadcasts']) {
      expect((await api(`/csv/${table}`, tma(ADMIN))).status).toBe(200);
    }
    expect((await api('/csv/secrets', tma(ADMIN))).status).toBe(404);
  });

  it('rate-limits writes per admin and hands the route the admin id, params and body', async () => {
    const put = () => api('/echo/7', tma(ADMIN), { method: 'PUT', body: '{"a":1}' });
    const first = await put();
    expect(await first.json()).toEqual({ adminId: ADMIN, id: '7', body: { a: 1 } });
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(200);
    expect((await put()).status).toBe(429);
    expect(writes).toEqual([ADMIN, ADMIN, ADMIN]);
    // Reads are not writes: still answered.
    expect((await api('/me', tma(ADMIN))).status).toBe(200);
    // Refused before its body is even read.
    expect((await api('/echo/7', tma(ADMIN), { method: 'PUT', body: '{' })).status).toBe(429);
  });

  it("serves an added bot's control room to its admins only, with initData signed by its token", async () => {
    const signed = (token: string, userId: number) =>
      `tma ${signInitData({ botToken: token, user: { id: userId, first_name: 'A' }, authDate: nowSeconds })}`;
    const as = (bot: string | undefined, authorization: string) =>
      fetch(`${base}/miniapp/api/me`, { headers: { authorization, ...(bot && { 'x-bot-id': bot }) } });
    const shop = await as('2', signed(SHOP_TOKEN, SHOP_ADMIN));
    expect(shop.status).toBe(200);
    expect(await shop.json()).toEqual({ shop: true, adminId: SHOP_ADMIN });
    // The main bot's control room, named or not, is the main bot's.
    for (const bot of [undefined, '1']) {
      const main = await as(bot, signed(TOKEN, ADMIN));
      expect(((await main.json()) as DashboardMe).adminId).toBe(ADMIN);
    }
    const refused = await Promise.all([
      // The added bot's admin, even if also signed by the main bot's token, naming it.
      as('2', signed(TOKEN, SHOP_ADMIN)),
      // The added bot's initData naming the main bot, or naming none.
      as('1', signed(SHOP_TOKEN, SHOP_ADMIN)),
      as(undefined, signed(SHOP_TOKEN, SHOP_ADMIN)),
      // A bot not served here, and ids that are no id.
      as('3', signed(SHOP_TOKEN, SHOP_ADMIN)),
      as('0', signed(TOKEN, ADMIN)),
      as('2x', signed(SHOP_TOKEN, SHOP_ADMIN)),
      // Someone who is no admin of the added bot.
      as('2', signed(SHOP_TOKEN, ADMIN)),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 403]);
    for (const r of refused) expect(await r.text()).toBe('');
  });

  it("lets the operator (the main bot's admin, with the main bot's initData) into an added bot's room", async () => {
    const signed = (token: string, userId: number) =>
      `tma ${signInitData({ botToken: token, user: { id: userId, first_name: 'A' }, authDate: nowSeconds })}`;
    const call = (bot: string | undefined, authorization: string, init: RequestInit = {}, path = '/me') =>
      fetch(`${base}/miniapp/api${path}`, {
        ...init,
        headers: { authorization, ...(bot && { 'x-bot-id': bot }) },
      });
    // Reads the added bot's endpoints (not the main bot's), as itself.
    const shop = await call('2', signed(TOKEN, ADMIN));
    expect(shop.status).toBe(200);
    expect(await shop.json()).toEqual({ shop: true, adminId: ADMIN });
    expect((await call('2', signed(TOKEN, ADMIN), {}, '/money')).status).toBe(404);
    // Writes there under its own id (what the bot's audit log records), rate-limited per admin as
    // everywhere: ADMIN spent its 3 writes in the main room above.
    const put = (userId: number) =>
      call('2', signed(TOKEN, userId), { method: 'PUT', body: '{"b":2}' }, '/shop-echo');
    const written = await put(OPERATOR);
    expect(await written.json()).toEqual({ shop: true, adminId: OPERATOR, body: { b: 2 } });
    expect((await put(ADMIN)).status).toBe(429);
    expect(shopWrites).toEqual([OPERATOR]);

    const refused = await Promise.all([
      // Someone signed by the main bot who is not its admin: refused as before (the added bot's verdict).
      call('2', signed(TOKEN, CUSTOMER)),
      call('2', signed(TOKEN, SHOP_ADMIN)),
      // Forged or stale initData of the main bot's admin.
      call('2', `tma ${forge(signed(TOKEN, ADMIN).slice(4))}`),
      call(
        '2',
        `tma ${signInitData({ botToken: TOKEN, user: { id: ADMIN, first_name: 'A' }, authDate: nowSeconds - MAX_AGE - 60 })}`,
      ),
      // A bot not served here stays closed to the operator too.
      call('3', signed(TOKEN, ADMIN)),
      // The added bot's admin opens no other room with the added bot's initData.
      call('1', signed(SHOP_TOKEN, SHOP_ADMIN)),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    for (const r of refused) expect(await r.text()).toBe('');
  });

  it('serves the page from this origin only, with a strict Content-Security-Policy', async () => {
    const res = await fetch(`${base}/miniapp/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Control room');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toBe(MINIAPP_CSP);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|telegram\.org\/js/);
    expect((await fetch(`${base}/miniapp`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/miniapp/',
    );
    // An added bot's control room keeps its `?bot=` through the redirect.
    expect((await fetch(`${base}/miniapp?bot=2`, { redirect: 'manual' })).headers.get('location')).toBe(
      '/miniapp/?bot=2',
    );
    expect((await fetch(`${base}/miniapp/?bot=2`)).status).toBe(200);
    expect((await fetch(`${base}/miniapp/assets/none.js`)).status).toBe(404);
    expect((await fetch(`${base}/miniapp/..%2f..%2fpackage.json`)).status).toBe(404);
  });

  it('answers 400 to a malformed percent-encoding under /miniapp/, not 500 (issue 38)', async () => {
    for (const path of ['/miniapp/%E0%A4%A', '/miniapp/assets/%', '/miniapp/%zz.js']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-security-policy'), path).toBe(MINIAPP_CSP);
    }
    // The page is still served afterwards.
    expect((await fetch(`${base}/miniapp/`)).status).toBe(200);
  });
});
