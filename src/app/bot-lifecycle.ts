/**
 * Starting and stopping one bot's runtime (bot-runtime.ts), the same for the main bot and every
 * added one: getMe, the command menus, the live settings and catalog, the order pipeline's loops
 * and the inbox worker; stopping drains them in the reverse order. How updates come in (webhook or
 * polling) and the singleton jobs are the caller's.
 */
import { GrammyError } from 'grammy';
import { commandLists, registerAdminCommands, registerCommands } from '../bot/commands.js';
import { MAIN_BOT_ID } from '../db/index.js';
import { customerAppUrlOf } from '../lib/mini-app-url.js';
import { metrics } from '../metrics.js';
import { setAdminMenuButtons, setCustomerMenuButton } from '../telegram/menu-button.js';
import type { BotRuntime } from './bot-runtime.js';

/** getMe; a token Telegram refuses is said plainly instead of as a failed API call. */
async function initOrExplain(rt: BotRuntime): Promise<void> {
  try {
    await rt.bot.init();
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 401) {
      throw new Error(
        rt.botId === MAIN_BOT_ID
          ? 'BOT_TOKEN was rejected by Telegram (401 Unauthorized): it is mistyped, or it was revoked. Copy it again from @BotFather (/mybots, your bot, API Token).'
          : `the token of added bot #${rt.botId} was rejected by Telegram (401 Unauthorized): it was revoked. Add the bot again with its new token (/bot_add).`,
      );
    }
    throw error;
  }
}

/** Command menus for everyone and, per admin, the admin commands (an admin who never opened the bot is skipped). */
async function registerCommandMenus(rt: BotRuntime): Promise<void> {
  const { api } = rt.bot;
  const lists = commandLists(rt.config, rt.i18n, { operator: rt.botId === MAIN_BOT_ID });
  await registerCommands(api, lists);
  const admin = await registerAdminCommands(api, lists, rt.config.adminIds);
  for (const { adminId, error } of admin.failed) {
    rt.logger.warn(
      { adminId, err: error },
      'could not register the admin commands (has the admin opened the bot?)',
    );
  }
  await registerAdminMenuButtons(rt);
}

/**
 * When the Mini Apps are on: the customers' app as every chat's menu button, then the control room
 * as each admin's chat's own (a chat's button wins over the default).
 */
async function registerAdminMenuButtons(rt: BotRuntime): Promise<void> {
  const { url } = rt.config.miniApp;
  const appUrl = customerAppUrlOf(url);
  if (!url || !appUrl) return;
  await setCustomerMenuButton(rt.bot.api, {
    url: appUrl,
    text: rt.i18n.t(rt.config.defaultLocale, 'customer-app-menu-button'),
  }).catch((err: unknown) => rt.logger.warn({ err }, "could not set the customers' menu button"));
  const text = rt.i18n.t(rt.config.defaultLocale, 'dashboard-menu-button');
  const { failed } = await setAdminMenuButtons(rt.bot.api, { url, text, adminIds: rt.config.adminIds });
  for (const { adminId, error } of failed) {
    rt.logger.warn(
      { adminId, err: error },
      'could not set the admin menu button (has the admin opened the bot?)',
    );
  }
}

/** Everything of the bot that runs, up to (not including) taking updates in. */
export async function startBot(rt: BotRuntime): Promise<void> {
  // Telegram unreachable at start-up: getMe (and every call below) keeps retrying every few
  // seconds with a warning in the log (telegram/telegram-link.ts), rather than exiting into a
  // restart loop.
  await initOrExplain(rt);
  await registerCommandMenus(rt);
  // The admins' live settings before any price is shown; then a version check every 2 s.
  await rt.services.liveSettings.load();
  rt.services.liveSettings.start();
  rt.services.catalog.start();
  await rt.services.ordering.resumeFinalHooks();
  rt.notifier.start();
  await rt.tracker.start();
  await rt.inboxWorker.start();
  // Its gauges on /metrics, labelled with its id.
  metrics.observe(
    {
      activeOrders: () => rt.services.orders.countActive(),
      catalog: () => rt.services.catalog.stats(),
      inboxPending: () => rt.store.inbox.countPending(),
    },
    rt.botId,
  );
}

/**
 * Drains the bot once no update comes in any more: the updates in hand finish (or are handed back
 * after `graceMs`), downloads in flight end, order polling stops, alerts and notices raised go
 * out. The store stays open (it is shared); the caller closes it last.
 */
export async function stopBot(rt: BotRuntime, graceMs: number): Promise<void> {
  await rt.inboxWorker.drain(graceMs);
  await stopLoops(rt);
}

/** stopBot's second half, once the bot's updates are drained. */
export async function stopLoops(rt: BotRuntime): Promise<void> {
  metrics.forget(rt.botId);
  // Downloads in flight end, so the tracker is not held by a slow result host (those orders are
  // delivered after the restart); then order polling stops.
  rt.notifier.abortInFlight();
  await rt.tracker.stop();
  await rt.services.admin.alerts.whenIdle();
  await rt.services.referrals.whenIdle();
  await rt.notifier.stop();
  await rt.pollClient.close();
  rt.services.catalog.stop();
  await rt.services.liveSettings.stop();
}
