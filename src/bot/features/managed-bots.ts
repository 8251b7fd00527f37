/**
 * /newbot in the main bot (Telegram's managed bots, Bot API 9.6): whoever MANAGED_BOTS allows (by
 * default the main bot's admins) gets a reply keyboard whose button opens Telegram's own dialog
 * for a new bot, with a name and username suggested. Once the bot is created, Telegram sends the
 * `managed_bot` update: its token is read (getManagedBotToken), the bot is stored and served with
 * its creator as its admin and the template's profile (BotRegistry.addManaged), and the creator is
 * told it is live. The same update again (or a replaced token) keeps the one row it has.
 */
import type { ManagedBotsPolicy } from '../../config.js';
import { newBotKeyboard, suggestedBotName, suggestedBotUsername } from '../../telegram/managed-bot.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { isAdmin } from './admin.js';
import { replyWithMainMenu } from './start.js';

export const managedBotsFeature = new Composer<BotContext>();
const mainBot = managedBotsFeature.filter((ctx) => ctx.deps.thisBot?.main ?? true);

/** Why this user may not create a bot here, or undefined when they may. */
function refusal(ctx: BaseContext): 'managed-bots-off' | 'managed-bots-admins-only' | undefined {
  const policy: ManagedBotsPolicy = ctx.deps.config.bots.managed;
  if (policy === 'off') return 'managed-bots-off';
  if (policy === 'admins' && !isAdmin(ctx)) return 'managed-bots-admins-only';
  return undefined;
}

const privateChats = mainBot.chatType('private');

privateChats.command('newbot', async (ctx) => {
  const refused = refusal(ctx);
  if (refused) {
    await ctx.reply(ctx.t(refused));
    return;
  }
  if (ctx.deps.config.bots.tokensSecret === null) {
    await ctx.reply(ctx.t('managed-bots-no-secret'));
    return;
  }
  if (!ctx.me.can_manage_bots) {
    await ctx.reply(ctx.t('managed-bots-no-permission'));
    return;
  }
  // In the new bot's own brand (BOT_TEMPLATE's, else this bot's).
  const texts = ctx.deps.thisBot?.addedBotTexts ?? ctx.deps.i18n;
  const name = suggestedBotName(texts, ctx.locale, ctx.from.first_name);
  const username = suggestedBotUsername(ctx.from.first_name, texts.t(ctx.locale, 'brand-name'));
  await ctx.reply(ctx.t('managed-bots-intro'), { reply_markup: newBotKeyboard(ctx, { name, username }) });
});

/** 🏠 Main menu under the /newbot keyboard: the keyboard goes, the menu comes. */
privateChats.filter(
  (ctx) => ctx.message?.text === ctx.t('button-main-menu'),
  async (ctx) => {
    await ctx.reply(ctx.t('managed-bots-cancelled'), { reply_markup: { remove_keyboard: true } });
    await replyWithMainMenu(ctx);
  },
);

/** The chat's note that the bot was created: the `managed_bot` update does the work. */
mainBot.on('message:managed_bot_created', async () => {});

mainBot.on('managed_bot', async (ctx) => {
  const { user, bot } = ctx.update.managed_bot;
  const refused = refusal(ctx);
  if (refused) {
    ctx.logger.warn({ bot: bot.id, creator: user.id }, 'a managed bot was created by a user not allowed to');
    await ctx.api.sendMessage(user.id, ctx.t(refused));
    return;
  }
  const token = await ctx.api.getManagedBotToken(bot.id);
  const outcome = await ctx.deps.bots.addManaged(token, { id: user.id, firstName: user.first_name });
  const username = bot.username ?? String(bot.id);
  switch (outcome.kind) {
    case 'added':
      await ctx.api.sendMessage(
        user.id,
        ctx.t('managed-bots-live', { username, link: `https://t.me/${username}` }),
        { reply_markup: { remove_keyboard: true }, link_preview_options: { is_disabled: true } },
      );
      return;
    case 'known':
      ctx.logger.info({ bot: outcome.bot.id }, 'a managed bot already stored: served with the token given');
      return;
    case 'no_secret':
      await ctx.api.sendMessage(user.id, ctx.t('managed-bots-no-secret'));
      return;
    default:
      ctx.logger.error({ bot: bot.id, outcome: outcome.kind }, 'a managed bot could not be added');
      await ctx.api.sendMessage(user.id, ctx.t('managed-bots-failed', { username }));
  }
});
