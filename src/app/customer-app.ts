/**
 * The customers' Mini App (issue 43) for each bot served here: whose initData it takes (the bot's
 * token), who may use it (the bot's own access rule: not banned, on the allowlist if there is one)
 * and its endpoints, one line each, on the bot's services. Made once per runtime.
 */
import { MAIN_BOT_ID } from '../db/index.js';
import { appFileRoutes } from '../server/miniapp/app-file-links.js';
import { appProfileRoutes } from '../server/miniapp/app-profile-routes.js';
import { type CustomerBot, customerApiRoutes } from '../server/miniapp/customer-api.js';
import type { Route } from '../server/router.js';
import { exampleFiles, exampleUploadRoutesOf } from './app-examples.js';
import { galleryEndpoints, galleryFiles } from './app-gallery.js';
import { walletEndpoints } from './app-wallet.js';
import type { BotFleet } from './bot-fleet.js';
import { type BotRuntime, botUsernameOf } from './bot-runtime.js';
import type { Container } from './container.js';
import { customerMayUse } from './customer-access.js';
import { perRuntime } from './per-runtime.js';

function customerBot(rt: BotRuntime): CustomerBot {
  const { accounts, wallet } = rt.services;
  return {
    botToken: rt.config.botToken,
    mayUse: customerMayUse(rt),
    routes: [
      ...appProfileRoutes({
        firstNameOf: async (id) => (await accounts.find(id))?.firstName,
        botUsername: () => botUsernameOf(rt),
        wallet: wallet !== undefined,
        sharing: rt.config.sharing,
      }),
      ...galleryEndpoints(rt),
      ...walletEndpoints(rt),
    ],
  };
}

/**
 * The customers' API under /miniapp/me for the main bot and every added one, and the signed links
 * to their result files (/miniapp/files, outside it: an `<img>` sends no Authorization header).
 */
export function customerAppRoutes(c: Container, fleet: BotFleet): Route[] {
  const runtimeOf = (botId: number) => (botId === MAIN_BOT_ID ? c : fleet.runtimeOf(botId));
  // A customer's result files, and the models' examples (a shown one to anyone, any to admins).
  const filesOf = perRuntime((rt) => ({ ...galleryFiles(rt), openExample: exampleFiles(rt) }));
  const botOf = perRuntime(customerBot);
  const fileRoutes = appFileRoutes({
    logger: c.logger,
    sourceOf: (botId) => {
      const rt = runtimeOf(botId);
      return rt && filesOf(rt);
    },
  });
  const api = customerApiRoutes({
    auth: { maxAgeSeconds: c.config.miniApp.authMaxAgeSeconds, now: Date.now },
    mainBotId: MAIN_BOT_ID,
    logger: c.logger,
    botOf: (botId) => {
      const rt = runtimeOf(botId);
      return rt && botOf(rt);
    },
  });
  // An admin's upload of an example (the control room's ticket is its proof): beside the file links.
  return [...api, ...fileRoutes, ...exampleUploadRoutesOf(runtimeOf, c.logger)];
}
