/**
 * The customers' Mini App API (issue 43) over real HTTP: the initData is checked with the token of
 * the bot the request names, fresh; any user of that bot passes (no admin needed) and the route is
 * handed that user's id alone; a user the bot refuses is 403; initData of one bot opens no other
 * bot's customers; writes are limited per customer; a route may answer a file.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../../src/server/http-server.js';
import { appProfileRoutes } from '../../../src/server/miniapp/app-profile-routes.js';
import { type CustomerRoute, customerApiRoutes } from '../../../src/server/miniapp/customer-api.js';
import { forge, signInitData } from '../../support/miniapp-init-data.js';

const TOKEN = '7000000010:AAcustomer-api-main';
const SHOP_TOKEN = '7000000011:AAcustomer-api-shop';
const NOW = Date.UTC(2026, 10, 28, 12);
const MAX_AGE = 3600;
const ANN = 501;
const BOB = 502;
const BANNED = 503;

describe("the customers' API", () => {
  let server: Server;
  let base: string;
  const seen: Array<{ userId: number; body: unknown }> = [];

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    const echo: CustomerRoute = {
      method: 'POST',
      path: '/echo/:id',
      write: true,
      handle: async ({ userId, params, body }) => {
        seen.push({ userId, body });
        return { status: 200, json: { userId, id: params['id'], body } };
      },
    };
    const file: CustomerRoute = {
      method: 'GET',
      path: '/file',
      handle: async () => ({
        status: 200,
        file: { contentType: 'image/png', body: Buffer.from('PNG'), fileName: 'result 1.png' },
      }),
    };
    const names: Record<number, string> = { [ANN]: 'Ann', [BOB]: 'Bob' };
    server = createHttpServer({
      logger,
      routes: customerApiRoutes({
        auth: { maxAgeSeconds: MAX_AGE, now: () => NOW },
        mainBotId: 1,
        logger,
        writesPerMinute: 3,
        botOf: (botId) =>
          botId === 1
            ? {
                botToken: TOKEN,
                mayUse: async (userId) => userId !== BANNED,
                routes: [
                  ...appProfileRoutes({
                    firstNameOf: async (id) => names[id],
                    botUsername: () => 'main_bot',
                    wallet: true,
                    sharing: false,
                  }),
                  echo,
                  file,
                ],
              }
            : botId === 2
              ? { botToken: SHOP_TOKEN, mayUse: async () => true, routes: [] }
              : undefined,
      }),
    });
    await listen(server, 0, 'PORT');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  const nowSeconds = Math.floor(NOW / 1000);
  const tma = (userId: number, opts: { token?: string; authDate?: number } = {}) =>
    `tma ${signInitData({
      botToken: opts.token ?? TOKEN,
      user: { id: userId, first_name: 'x' },
      authDate: opts.authDate ?? nowSeconds - 30,
    })}`;
  const api = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(`${base}/miniapp/me${path}`, { ...init, headers });

  it("answers the signed user's own profile, whoever they are: no admin needed", async () => {
    const ann = await api('/profile', { authorization: tma(ANN) });
    expect(ann.status).toBe(200);
    expect(ann.headers.get('cache-control')).toBe('no-store');
    expect(await ann.json()).toEqual({
      firstName: 'Ann',
      botUsername: 'main_bot',
      wallet: true,
      sharing: false,
    });
    expect(await (await api('/profile', { authorization: tma(BOB) })).json()).toMatchObject({
      firstName: 'Bob',
    });
  });

  it('401 without, with forged, stale or another bot’s initData; 403 for a user the bot refuses', async () => {
    const statuses = await Promise.all(
      [
        api('/profile'),
        api('/profile', { authorization: `tma ${forge(tma(ANN).slice(4))}` }),
        api('/profile', { authorization: tma(ANN, { authDate: nowSeconds - MAX_AGE - 60 }) }),
        api('/profile', { authorization: tma(ANN, { token: SHOP_TOKEN }) }),
        // Signed by the main bot, naming the shop bot: refused with the shop bot's token.
        api('/profile', { authorization: tma(ANN), 'x-bot-id': '2' }),
        api('/profile', { authorization: tma(ANN), 'x-bot-id': '9' }),
        api('/profile', { authorization: tma(ANN), 'x-bot-id': 'one' }),
        api('/profile', { authorization: tma(BANNED) }),
      ].map(async (r) => (await r).status),
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 403]);
    // The shop bot's own initData opens the shop bot, which serves nothing at that path.
    expect(
      (await api('/profile', { authorization: tma(ANN, { token: SHOP_TOKEN }), 'x-bot-id': '2' })).status,
    ).toBe(404);
  });

  it('hands a route the signed user alone, whatever the body claims, and limits writes per customer', async () => {
    const post = (userId: number, body: unknown) =>
      api(
        '/echo/7',
        { authorization: tma(userId), 'content-type': 'application/json' },
        { method: 'POST', body: JSON.stringify(body) },
      );
    const first = await post(ANN, { userId: BOB });
    expect(await first.json()).toEqual({ userId: ANN, id: '7', body: { userId: BOB } });
    expect((await post(ANN, {})).status).toBe(200);
    expect((await post(ANN, {})).status).toBe(200);
    expect((await post(ANN, {})).status).toBe(429);
    // Another customer's writes are their own.
    expect((await post(BOB, {})).status).toBe(200);
    expect(seen.map((s) => s.userId)).toEqual([ANN, ANN, ANN, BOB]);
    expect(
      (await api('/echo/7', { authorization: tma(BOB) }, { method: 'POST', body: '{not json' })).status,
    ).toBe(400);
  });

  it('answers a file with its type and a safe name, kept by the customer’s client only', async () => {
    const res = await api('/file', { authorization: tma(ANN) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="result_1.png"');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('PNG');
    expect((await api('/nothing', { authorization: tma(ANN) })).status).toBe(404);
  });
});
