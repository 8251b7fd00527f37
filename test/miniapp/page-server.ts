/**
 * The Mini App as the browser tests open it: the built page and its API served by the bot's own
 * HTTP routes over given figures and settings, and initData signed the way Telegram signs it.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { createHttpServer, listen } from '../../src/server/http-server.js';
import { miniAppApiRoutes } from '../../src/server/miniapp/api.js';
import { dashboardRoutes } from '../../src/server/miniapp/dashboard-routes.js';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { miniAppStaticRoutes } from '../../src/server/miniapp/static.js';
import { miniAppStringsRoute } from '../../src/server/miniapp/strings.js';
import type { DashboardService } from '../../src/services/admin/dashboard.js';
import { miniAppStringsOf } from '../../src/texts/miniapp-strings.js';
import { clientInitData } from '../support/miniapp-init-data.js';
import { NOW } from './seed.js';

export const TOKEN = '7000000002:AAbrowser-test-token';
export const ADMIN = 777001;
/**
 * An added bot (id 2, @shop_bot) whose control room the same server serves, ADMIN its admin too,
 * and the operator (the main bot's admin) in any case.
 */
export const SHOP_BOT_ID = 2;
export const SHOP_TOKEN = '7000000003:AAbrowser-test-added-bot';

export function initDataFor(languageCode: string, botToken = TOKEN): string {
  return clientInitData({
    botToken,
    user: { id: ADMIN, first_name: 'Ada', language_code: languageCode },
    authDate: Math.floor(NOW / 1000) - 60,
  });
}

/** Serves the page on a free port; `base` is its origin. */
export async function servePage(
  dashboard: DashboardService,
  settingsRoutes: MiniAppRoute[],
  /** The page texts of a language the bundle lacks (by default: the installed languages'). */
  stringsOf: (tag: string) => Record<string, string> | undefined = miniAppStringsOf,
): Promise<{ base: string; close: () => Promise<void> }> {
  const logger = pino({ level: 'silent' });
  const server: Server = createHttpServer({
    logger,
    routes: [
      ...miniAppStaticRoutes(),
      miniAppStringsRoute(stringsOf),
      ...miniAppApiRoutes({
        auth: { botToken: TOKEN, adminIds: [ADMIN], maxAgeSeconds: 3600, now: () => NOW },
        routes: [...dashboardRoutes(dashboard), ...settingsRoutes],
        addedBot: (botId) =>
          botId === SHOP_BOT_ID
            ? {
                botToken: SHOP_TOKEN,
                adminIds: [ADMIN],
                routes: [...dashboardRoutes(dashboard, { botName: () => '@shop_bot' }), ...settingsRoutes],
              }
            : undefined,
        logger,
      }),
    ],
  });
  await listen(server, 0, 'PORT');
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
