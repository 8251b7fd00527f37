/**
 * /dashboard for admins, in private chats (anyone else falls through to the catch-all): a button
 * that opens the control room, the admin Mini App, at PUBLIC_URL/miniapp/ (Telegram opens only
 * https pages; an added bot's is `?bot=<id>` on it, app/bot-fleet.ts); it also makes the Mini App
 * this chat's menu button. Without PUBLIC_URL (or, when polling, without an HTTP port) the Mini App
 * is off and the answer says what to set.
 */
import { InlineKeyboard } from 'grammy';
import { setAdminMenuButtons } from '../../telegram/menu-button.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const dashboardFeature = new Composer<BotContext>();
const admins = dashboardFeature.chatType('private').filter(isAdmin);

admins.command('dashboard', async (ctx) => {
  const { url, off } = ctx.deps.config.miniApp;
  if (!url) {
    await ctx.reply(
      ctx.t(off === 'no_http_port' ? 'dashboard-off-no-http-port' : 'dashboard-off-no-public-url'),
    );
    return;
  }
  await ctx.reply(ctx.t('dashboard-open'), {
    reply_markup: new InlineKeyboard().webApp(ctx.t('dashboard-button'), url),
  });
  // An admin who had not opened the bot at start-up gets the menu button now (best effort).
  const { failed } = await setAdminMenuButtons(ctx.api, {
    url,
    text: ctx.t('dashboard-menu-button'),
    adminIds: [ctx.from.id],
  });
  for (const { error } of failed) ctx.logger.warn({ err: error }, 'could not set the admin menu button');
});
