/**
 * The customers' app's Models and Wallet endpoints (issue 43) served over real HTTP on an in-process
 * bot's own services (its store on either engine, the simulator's catalog, Stars billing or not):
 * the endpoints as the app layer builds them (app/app-wallet.ts), behind the customers' API with its
 * initData check. The bot's Api is the harness's recording one: its createInvoiceLink calls are
 * what the chat would have made. Shared by the route tests and the browser tests.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { modelsAndWalletRoutes } from '../../../src/app/app-wallet.js';
import { loadConfig } from '../../../src/config.js';
import { createHttpServer, listen } from '../../../src/server/http-server.js';
import { appProfileRoutes } from '../../../src/server/miniapp/app-profile-routes.js';
import { customerApiRoutes } from '../../../src/server/miniapp/customer-api.js';
import { miniAppStaticRoutes } from '../../../src/server/miniapp/static.js';
import { createI18n } from '../../../src/telegram/i18n.js';
import type { EngineName } from '../../support/databases.js';
import { createTestDatabase } from '../../support/databases.js';
import { createInProcessBot, type InProcessBot, TEST_BOT_INFO } from '../../support/in-process-bot.js';
import { STARS_ENV, startBotSimulator } from '../../support/in-process-helpers.js';
import { clientInitData } from '../../support/miniapp-init-data.js';

/** The in-process bot's token (in-process-bot.ts): the initData the app sends is signed with it. */
export const APP_BOT_TOKEN = '123:TEST';

/** Stars billing with packs, one plan and the referral program (rewards on). */
export const APP_STARS_ENV: Readonly<Record<string, string>> = {
  ...STARS_ENV,
  TOPUP_PACKS_STARS: '50,100,250',
  SUBSCRIPTION_PLANS: 'pro:450:600',
  REFERRAL_BONUS_STARS: '20',
  REFERRAL_PERCENT: '10',
  MARKUP_PERCENT: '30',
  MIN_PRICE_STARS: '3',
};

export interface AppHarness {
  bot: InProcessBot;
  base: string;
  /** `Authorization` for `userId`, signed by the bot, fresh. */
  auth(userId: number, languageCode?: string): string;
  /** The signed initData itself (the browser tests put it in the page's URL). */
  initData(userId: number, languageCode?: string): string;
  get(path: string, userId: number): Promise<{ status: number; json: unknown }>;
  post(path: string, userId: number, body: unknown): Promise<{ status: number; json: unknown }>;
  close(): Promise<void>;
}

export async function startAppHarness(opts: {
  engine: EngineName;
  env?: Record<string, string>;
  /** Serve the built page too (browser tests). */
  page?: boolean;
}): Promise<AppHarness> {
  const { sim, upstream } = await startBotSimulator();
  const env = { ...(opts.env ?? APP_STARS_ENV), RESELLER_API_URL: upstream.baseUrl };
  const bot = await createInProcessBot({
    env,
    upstream,
    database: await createTestDatabase(opts.engine),
  });
  await bot.services.liveSettings.load();
  // The same config and texts createInProcessBot gave its bot.
  const config = loadConfig({ BOT_TOKEN: APP_BOT_TOKEN, TELEGRAM_SEND_RATE: '0', ...env });
  const i18n = createI18n(config.defaultLocale, config.branding, config.billing.mode, config.timeZone);
  const logger = pino({ level: 'silent' });
  const routes = [
    ...appProfileRoutes({
      firstNameOf: async (id) => (await bot.services.accounts.find(id))?.firstName,
      botUsername: () => TEST_BOT_INFO.username,
      wallet: bot.services.wallet !== null,
      sharing: false,
    }),
    ...modelsAndWalletRoutes({
      config,
      services: bot.services,
      i18n,
      api: bot.bot.api,
      botUsername: () => TEST_BOT_INFO.username,
    }),
  ];
  const server: Server = createHttpServer({
    logger,
    routes: [
      ...(opts.page ? miniAppStaticRoutes() : []),
      ...customerApiRoutes({
        auth: { maxAgeSeconds: 3600, now: Date.now },
        mainBotId: 1,
        logger,
        writesPerMinute: 1000,
        botOf: (botId) =>
          botId === 1 ? { botToken: APP_BOT_TOKEN, mayUse: async () => true, routes } : undefined,
      }),
    ],
  });
  await listen(server, 0, 'PORT');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const initData = (userId: number, languageCode = 'en') =>
    clientInitData({
      botToken: APP_BOT_TOKEN,
      user: { id: userId, first_name: 'Ann', language_code: languageCode },
      authDate: Math.floor(Date.now() / 1000) - 30,
    });
  const auth = (userId: number, languageCode?: string) => `tma ${initData(userId, languageCode)}`;
  const answer = async (res: Response) => {
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : undefined };
  };
  return {
    bot,
    base,
    auth,
    initData,
    get: async (path, userId) =>
      answer(await fetch(`${base}/miniapp/me${path}`, { headers: { authorization: auth(userId) } })),
    post: async (path, userId, body) =>
      answer(
        await fetch(`${base}/miniapp/me${path}`, {
          method: 'POST',
          headers: { authorization: auth(userId), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    async close() {
      await new Promise((r) => server.close(r));
      await bot.close();
      await sim.close();
    },
  };
}
