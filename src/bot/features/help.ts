import { menuData } from '../../telegram/callback-data/menu.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { commandLists, helpCommands } from '../commands.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const helpFeature = new Composer<BotContext>();
const privateChats = helpFeature.chatType('private');

/** How the customer pays, as /help tells it: in Stars, nothing (with prices shown), or nothing at all. */
function billingMode(ctx: BotContext): 'stars' | 'prices' | 'free' {
  const { config } = ctx.deps;
  if (config.billing.mode === 'stars') return 'stars';
  return config.branding.showPrices === false ? 'free' : 'prices';
}

/**
 * /help follows what this chat really has: the wallet's paragraph only with Stars billing, and
 * every command of the chat's list (the admin tools for admins).
 */
function helpText(ctx: BotContext): string {
  const billing = billingMode(ctx);
  const subscriptions = ctx.deps.subscriptions !== null;
  // The same lists the command menus are registered from: who gets /bots and /newbot is decided there.
  const { inviteRewards, operator, newBot } = commandLists(ctx.deps.config, ctx.deps.i18n, {
    operator: ctx.deps.thisBot?.main ?? true,
  });
  const commands = helpCommands(
    billing === 'stars',
    isAdmin(ctx),
    subscriptions,
    inviteRewards,
    operator,
    newBot,
  ).map(({ command, descriptionKey }) =>
    ctx.t('help-command', { command, description: ctx.t(descriptionKey) }),
  );
  // The paragraphs are our own texts, already HTML: passed as they are, not escaped again.
  return ctx.deps.i18n.t(ctx.locale, 'help-text', {
    billing,
    wallet: billing === 'stars' ? `\n\n${ctx.t('help-wallet')}` : '',
    commands: commands.join('\n'),
  });
}

privateChats.command('help', (ctx) => ctx.reply(helpText(ctx), { reply_markup: mainMenuButton(ctx) }));

privateChats.callbackQuery(menuData.filter({ item: 'help' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(helpText(ctx), { reply_markup: mainMenuButton(ctx) });
});
