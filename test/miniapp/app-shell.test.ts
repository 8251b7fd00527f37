/**
 * The customers' app's frame (issue 43) in headless Chromium at 390 px: opened by Telegram with a
 * customer's signed initData it greets them with its three tabs in their language (en, ru); opened
 * with another bot's initData, or outside Telegram, it says to open it from the bot; a customer the
 * bot refuses is told so. The screens behind the tabs have their own tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer, listen } from '../../src/server/http-server.js';
import { appProfileRoutes } from '../../src/server/miniapp/app-profile-routes.js';
import { customerApiRoutes } from '../../src/server/miniapp/customer-api.js';
import { miniAppStaticRoutes } from '../../src/server/miniapp/static.js';
import { DARK_THEME, haveChromium, miniAppLaunchUrl } from '../support/chromium.js';
import { clientInitData } from '../support/miniapp-init-data.js';
import { chromiumForFile } from './built-page.js';

const TOKEN = '7000000020:AAapp-shell';
const NOW = Date.now();
const ANN = 601;
const BANNED = 602;

const browser = chromiumForFile('.tmp/screens');

describe.skipIf(!haveChromium)("the customers' app frame", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    server = createHttpServer({
      logger,
      routes: [
        ...miniAppStaticRoutes(),
        ...customerApiRoutes({
          auth: { maxAgeSeconds: 3600, now: () => NOW },
          mainBotId: 1,
          logger,
          botOf: (botId) =>
            botId === 1
              ? {
                  botToken: TOKEN,
                  mayUse: async (userId) => userId !== BANNED,
                  routes: appProfileRoutes({
                    firstNameOf: async () => 'Ann',
                    botUsername: () => 'shop_bot',
                    wallet: true,
                    sharing: true,
                  }),
                }
              : undefined,
        }),
      ],
    });
    await listen(server, 0, 'PORT');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });

  const initData = (userId: number, languageCode: string, token = TOKEN) =>
    clientInitData({
      botToken: token,
      user: { id: userId, first_name: 'Ann', language_code: languageCode },
      authDate: Math.floor(NOW / 1000) - 60,
    });

  async function open(url: string) {
    const page = await browser()!.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(url);
    return page;
  }

  it.each([
    ['en', ['Results', 'Models', 'Wallet']],
    ['ru', ['Результаты', 'Модели', 'Кошелёк']],
  ])('greets a customer in %s with its three tabs', async (lang, tabs) => {
    const page = await open(
      miniAppLaunchUrl(base, initData(ANN, lang), '', { page: 'app.html', theme: DARK_THEME }),
    );
    await page.locator('.tabs').waitFor();
    expect(await page.locator('.tabs button').allInnerTexts()).toEqual(tabs);
    expect(await page.locator('.tabs button[aria-current="page"]').innerText()).toBe(tabs[0]);
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    // Telegram's dark theme is the page's.
    expect(await page.evaluate('getComputedStyle(document.documentElement).backgroundColor')).toBe(
      'rgb(24, 24, 24)',
    );
    await page.close();
  });

  it("sends anyone else to the bot: another bot's initData, none at all, a refused customer", async () => {
    const other = await open(
      miniAppLaunchUrl(base, initData(ANN, 'en', '7000000021:AAother'), '', { page: 'app.html' }),
    );
    await other.locator('[data-gate="open-from-bot"]').waitFor();
    await other.close();
    const outside = await open(`${base}/miniapp/app.html`);
    await outside.locator('[data-gate="open-from-bot"]').waitFor();
    await outside.close();
    const refused = await open(miniAppLaunchUrl(base, initData(BANNED, 'en'), '', { page: 'app.html' }));
    expect(await refused.locator('[data-gate="forbidden"]').innerText()).toContain(
      "This bot isn't available to you.",
    );
    await refused.close();
  });
});
