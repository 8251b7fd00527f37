/**
 * The operator's bots, for the main bot's admins (ADMIN_IDS) in private chats; every other bot
 * and user falls through to the catch-all:
 * - /bot_add <token>: Telegram checks the token, it is sealed and stored, and the bot answers its
 *   customers at once; the message with the token is deleted from the chat;
 * - /bots: every bot with its status, customers, and the last 7 days' revenue and upstream cost,
 *   and (Mini App on) a Web App button per added bot opening its control room as the operator
 *   (the main bot's page with `?bot=<id>`; the API takes the main bot's initData for its admins);
 *   at most OPERATOR_ROOM_BUTTONS of them, `/bots <bot>` shows one bot with its button;
 * - /bot_off <bot> and /bot_on <bot> (its number or @username): suspend and resume one;
 * - /bot_cap <bot> <usd|off>: its daily upstream spend cap (services/bot-spend-cap.ts).
 */
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../domain/money.js';
import { miniAppUrlOf } from '../../lib/mini-app-url.js';
import { type BotOverview, isMainBot } from '../../services/bot-registry.js';
import { botName } from '../../telegram/texts/bot-name.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const botsFeature = new Composer<BotContext>();
const operators = botsFeature
  .chatType('private')
  .filter((ctx) => isAdmin(ctx) && (ctx.deps.thisBot?.main ?? true));

operators.command('bot_add', async (ctx) => {
  const token = ctx.match.trim();
  if (token.length === 0) {
    await ctx.reply(ctx.t('bots-add-usage'));
    return;
  }
  // The token was typed into this chat: it does not stay there, whatever the outcome.
  const deleted = await ctx.deleteMessage().then(
    () => true,
    () => false,
  );
  const outcome = await ctx.deps.bots.add(token, ctx.from.id);
  const lines: string[] = [];
  switch (outcome.kind) {
    case 'added':
    case 'updated':
      lines.push(
        ctx.t(outcome.kind === 'added' ? 'bots-added' : 'bots-updated', {
          name: botName(outcome.bot),
          id: outcome.bot.id,
        }),
      );
      break;
    default:
      lines.push(ctx.t(`bots-add-${outcome.kind.replace('_', '-')}`));
  }
  if (deleted) lines.push('', ctx.t('bots-token-deleted'));
  await ctx.reply(lines.join('\n'), { link_preview_options: { is_disabled: true } });
});

function overviewLine(ctx: BaseContext, { bot, figures }: BotOverview): string {
  const vars = {
    id: bot.id,
    name: botName(bot),
    status: ctx.t(isMainBot(bot) ? 'bots-status-main' : `bots-status-${bot.status}`),
  };
  const line = figures
    ? ctx.t('bots-line', {
        ...vars,
        customers: figures.customers,
        stars: `${figures.revenueStars}`,
        cost: formatMoney(figures.costUsd, ctx.locale),
      })
    : ctx.t('bots-line-unknown', vars);
  if (bot.dailyCapUsd === null) return line;
  const cap = formatMoney(bot.dailyCapUsd, ctx.locale);
  const capLine = figures
    ? ctx.t('bot-cap-line', { cap, spent: formatMoney(figures.spentTodayUsd, ctx.locale) })
    : ctx.t('bot-cap-line-unknown', { cap });
  return `${line}\n    ${capLine}`;
}

/**
 * Control-room buttons a /bots answer carries at most: Telegram takes up to 100 buttons, but a list
 * that long is no help; past it, `/bots <bot>` answers with that one bot and its button.
 */
const OPERATOR_ROOM_BUTTONS = 20;

/**
 * A Web App button per added bot (two a row) opening its control room from the main bot, so the
 * page is signed with the main bot's token: the operator's admins see every bot. None when the
 * Mini App is off (no https page to open).
 */
function operatorRoomsKeyboard(ctx: BaseContext, rows: readonly BotOverview[]): InlineKeyboard | undefined {
  const added = rows.filter(({ bot }) => !isMainBot(bot)).slice(0, OPERATOR_ROOM_BUTTONS);
  const keyboard = new InlineKeyboard();
  for (const [i, { bot }] of added.entries()) {
    const url = miniAppUrlOf(ctx.deps.config.miniApp.url, bot.id);
    if (!url) return undefined;
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.webApp(ctx.t('opsroom-button', { name: botName(bot) }), url);
  }
  return added.length > 0 ? keyboard : undefined;
}

operators.command('bots', async (ctx) => {
  // `/bots <bot>`: that one bot (its number or @username), with its control room's button.
  const ref = ctx.match.trim();
  const one = ref.length === 0 ? undefined : await ctx.deps.bots.find(ref);
  if (ref.length > 0 && !one) {
    await ctx.reply(ctx.t('bots-unknown', { ref }));
    return;
  }
  const all = await ctx.deps.bots.overview();
  const bots = one ? all.filter(({ bot }) => bot.id === one.id) : all;
  const billing = ctx.deps.config.billing.mode === 'stars';
  const lines = [ctx.t('bots-title'), ctx.t(billing ? 'bots-legend' : 'bots-legend-free'), ''];
  for (const row of bots) lines.push(overviewLine(ctx, row));
  lines.push('', ctx.t('bots-help'), ctx.t('bot-cap-help'));
  const keyboard = operatorRoomsKeyboard(ctx, bots);
  const added = bots.filter(({ bot }) => !isMainBot(bot)).length;
  if (keyboard) {
    lines.push('', ctx.t('opsroom-hint'));
    if (added > OPERATOR_ROOM_BUTTONS) lines.push(ctx.t('opsroom-more', { shown: OPERATOR_ROOM_BUTTONS }));
  }
  await ctx.reply(lines.join('\n'), {
    link_preview_options: { is_disabled: true },
    ...(keyboard && { reply_markup: keyboard }),
  });
});

for (const [command, suspend] of [
  ['bot_off', true],
  ['bot_on', false],
] as const) {
  operators.command(command, async (ctx) => {
    const ref = ctx.match.trim();
    if (ref.length === 0) {
      await ctx.reply(ctx.t(suspend ? 'bots-off-usage' : 'bots-on-usage'));
      return;
    }
    const change = await ctx.deps.bots.setSuspended(ref, suspend);
    if ('bot' in change) {
      const key = `bots-${suspend ? 'off' : 'on'}-${change.kind}`;
      await ctx.reply(ctx.t(key, { name: botName(change.bot) }));
    } else {
      await ctx.reply(ctx.t(change.kind === 'main' ? 'bots-main-stays' : 'bots-unknown', { ref }));
    }
  });
}

operators.command('bot_cap', async (ctx) => {
  const [ref, amount, ...rest] = ctx.match.trim().split(/\s+/);
  if (!ref || !amount || rest.length > 0) {
    await ctx.reply(ctx.t('bot-cap-usage'));
    return;
  }
  const change = await ctx.deps.bots.setDailyCap(ref, amount);
  switch (change.kind) {
    case 'set':
      await ctx.reply(
        ctx.t('bot-cap-set', {
          name: botName(change.bot),
          cap: formatMoney(change.bot.dailyCapUsd!, ctx.locale),
          id: change.bot.id,
        }),
      );
      return;
    case 'lifted':
      await ctx.reply(ctx.t('bot-cap-lifted', { name: botName(change.bot) }));
      return;
    case 'malformed':
      await ctx.reply(ctx.t('bot-cap-usage'));
      return;
    case 'unknown':
      await ctx.reply(ctx.t('bots-unknown', { ref }));
      return;
  }
});
