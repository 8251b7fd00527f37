/**
 * The HTTP routes of the bot process: served on PORT in webhook mode, on METRICS_PORT (when set) in
 * polling mode. Adding a route is one line here.
 */
import { MAIN_BOT_ID } from '../db/index.js';
import { metrics } from '../metrics.js';
import { type MiniAppBot, miniAppApiRoutes } from '../server/miniapp/api.js';
import { contentRulesRoutes } from '../server/miniapp/content-rules-routes.js';
import { dashboardRoutes } from '../server/miniapp/dashboard-routes.js';
import { groupsRoutes } from '../server/miniapp/groups-routes.js';
import { reportsRoutes } from '../server/miniapp/reports-routes.js';
import type { MiniAppRoute } from '../server/miniapp/route.js';
import { settingsRoutes } from '../server/miniapp/settings-routes.js';
import { miniAppStaticRoutes } from '../server/miniapp/static.js';
import { miniAppStringsRoute } from '../server/miniapp/strings.js';
import { healthRoute, metricsRoute, readinessRoute } from '../server/probes.js';
import { type Route, route } from '../server/router.js';
import { WEBHOOK_PATH } from '../server/webhook.js';
import { removeReportedPost } from '../telegram/reported-post.js';
import { languageLabel, SUPPORTED_LOCALES } from '../texts/locales.js';
import { miniAppStringsOf } from '../texts/miniapp-strings.js';
import { exampleEndpoints } from './app-examples.js';
import type { BotFleet } from './bot-fleet.js';
import { webhookIntake } from './bot-intake.js';
import { type BotRuntime, botUsernameOf } from './bot-runtime.js';
import type { Container } from './container.js';
import { customerAppRoutes } from './customer-app.js';
import { perRuntime } from './per-runtime.js';

/** Every installed language in its own name: read per request, as start-up may add one (issue 45). */
const installedLanguages = () => SUPPORTED_LOCALES.map((tag) => ({ tag, name: languageLabel(tag) }));

/** One bot's admin Mini App API endpoints (under /miniapp/api), one line each, on its services. */
function miniAppEndpoints(rt: BotRuntime): MiniAppRoute[] {
  const { admin, liveSettings, catalog, wallet, contentRules, groups, reports, accounts } = rt.services;
  // Remove in the control room takes the post away as the chat's button does, with this bot's Api.
  const reportedPost = {
    api: rt.bot.api,
    i18n: rt.i18n,
    defaultLocale: rt.config.defaultLocale,
    findUser: (id: number) => accounts.find(id),
    logger: rt.logger,
  };
  // The page names the bot (its header): an operator opens many rooms.
  const botName = () => {
    const username = botUsernameOf(rt);
    return username ? `@${username}` : undefined;
  };
  return [
    ...dashboardRoutes(admin.dashboard, { botName }),
    ...settingsRoutes({
      liveSettings,
      catalog,
      pricing: wallet?.pricing ?? null,
      languages: installedLanguages,
    }),
    ...contentRulesRoutes({ contentRules, catalog, languages: installedLanguages }),
    ...groupsRoutes(groups),
    ...exampleEndpoints(rt),
    ...reportsRoutes({
      reports,
      groups,
      accounts,
      removePost: (report, order) => removeReportedPost(reportedPost, report, order),
    }),
  ];
}

/** Each added bot's control room, made once per runtime (a new token is a new runtime). */
function addedBotControlRooms(fleet: BotFleet): (botId: number) => MiniAppBot | undefined {
  const roomOf = perRuntime(
    (rt): MiniAppBot => ({
      botToken: rt.config.botToken,
      adminIds: rt.config.adminIds,
      routes: miniAppEndpoints(rt),
    }),
  );
  return (botId) => {
    const rt = botId === MAIN_BOT_ID ? undefined : fleet.runtimeOf(botId);
    return rt && roomOf(rt);
  };
}

/**
 * The Mini Apps' pages and APIs, when they are on (PUBLIC_URL, and an HTTP port in polling mode):
 * the main bot's control room and each added bot's (the page names it, its initData proves it), and
 * the customers' app of each (customer-app.ts).
 */
function miniAppRoutes(c: Container, fleet: BotFleet): Route[] {
  if (!c.config.miniApp.url) return [];
  return [
    ...miniAppStaticRoutes(),
    miniAppStringsRoute(miniAppStringsOf),
    ...miniAppApiRoutes({
      auth: {
        botToken: c.config.botToken,
        adminIds: c.config.adminIds,
        maxAgeSeconds: c.config.miniApp.authMaxAgeSeconds,
        now: Date.now,
      },
      routes: miniAppEndpoints(c),
      mainBotId: MAIN_BOT_ID,
      addedBot: addedBotControlRooms(fleet),
      logger: c.logger,
    }),
    ...customerAppRoutes(c, fleet),
  ];
}

export function httpRoutes(c: Container, fleet: BotFleet, draining: () => boolean): Route[] {
  const { mode } = c.config;
  return [
    ...miniAppRoutes(c, fleet),
    healthRoute(),
    readinessRoute({ draining, ping: () => c.store.ping() }),
    metricsRoute(metrics.registry),
    ...(mode.kind === 'webhook'
      ? [route('POST', WEBHOOK_PATH, webhookIntake(c, mode.secret)), fleet.webhookRoute()]
      : []),
  ];
}
