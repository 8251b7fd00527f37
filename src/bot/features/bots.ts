/**
 * The operator's bots, for the main bot's admins (ADMIN_IDS) in private chats; every other bot
 * and user falls through to the catch-all:
 * - /bot_add <token>: Telegram checks the token, it is sealed and stored, and the bot answers its
 *   customers at once; the message with the token is deleted from the chat;
 * - /bots: every bot with its status, customers, and the last 7 days' revenue and upstream cost,
 *   BOTS_PAGE_SIZE a page with Previous / Next buttons, and (Mini App on) a Web App button per
 *   added bot of the page opening its control room as the operator (the main bot's page with
 *   `?bot=<id>`; the API takes the main bot's initData for its admins); `/bots <bot>` shows that
 *   one bot with its button;
 * - /bot_off <bot> and /bot_on <bot> (its number or @username): suspend and resume one;
 * - /bot_cap <bot> <usd|off>: its daily upstream spend cap (services/bot-spend-cap.ts).
 */
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../domain/money.js';
import { miniAppUrlOf } from '../../lib/mini-app-url.js';
import { type BotOverview, isMainBot } from '../../services/bot-registry.js';
import { botsPageData } from '../../telegram/callback-data/admin.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { botName } from '../../telegram/texts/bot-name.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { withSecretMessage } from '../secret-message.js';
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
  // The token was typed into this chat: it does not stay there, nor in the stored update.
  await withSecretMessage(ctx, (deleted) => addBot(ctx, token, deleted));
});

async function addBot(
  ctx: BaseContext & { from: { id: number } },
  token: string,
  deleted: boolean,
): Promise<void> {
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
}

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

/** Bots a /bots page lists: the message stays far below Telegram's 4,096 characters. */
export const BOTS_PAGE_SIZE = 10;

/**
 * The page's control-room buttons, a Web App button per added bot (two a row) opening its room from
 * the main bot, so the page is signed with the main bot's token: the operator's admins see every
 * bot. None when the Mini App is off (no https page to open).
 */
function addRoomButtons(ctx: BaseContext, keyboard: InlineKeyboard, rows: readonly BotOverview[]): boolean {
  const added = rows.filter(({ bot }) => !isMainBot(bot));
  for (const [i, { bot }] of added.entries()) {
    const url = miniAppUrlOf(ctx.deps.config.miniApp.url, bot.id);
    if (!url) return false;
    if (i > 0 && i % 2 === 0) keyboard.row();
    keyboard.webApp(ctx.t('opsroom-button', { name: botName(bot) }), url);
  }
  return added.length > 0;
}

/** A /bots answer: these bots' lines, their control rooms, and (`pages`) the way to the others. */
function botsAnswer(
  ctx: BaseContext,
  rows: readonly BotOverview[],
  pages?: { page: number; total: number },
): { text: string; keyboard: InlineKeyboard } {
  const billing = ctx.deps.config.billing.mode === 'stars';
  const lines = [ctx.t('bots-title'), ctx.t(billing ? 'bots-legend' : 'bots-legend-free'), ''];
  if (pages && pages.total > BOTS_PAGE_SIZE) {
    const from = pages.page * BOTS_PAGE_SIZE + 1;
    lines.splice(2, 0, ctx.t('bots-page', { from, to: from + rows.length - 1, total: pages.total }));
  }
  for (const row of rows) lines.push(overviewLine(ctx, row));
  lines.push('', ctx.t('bots-help'), ctx.t('bot-cap-help'));
  const keyboard = new InlineKeyboard();
  if (addRoomButtons(ctx, keyboard, rows)) lines.push('', ctx.t('opsroom-hint'));
  if (pages && pages.total > BOTS_PAGE_SIZE) {
    keyboard.row();
    if (pages.page > 0)
      keyboard.text(ctx.t('bots-button-previous'), botsPageData.pack({ page: pages.page - 1 }));
    if ((pages.page + 1) * BOTS_PAGE_SIZE < pages.total)
      keyboard.text(ctx.t('bots-button-next'), botsPageData.pack({ page: pages.page + 1 }));
  }
  return { text: lines.join('\n'), keyboard };
}

/** The reply options of a /bots answer: no link previews, its buttons when it has any. */
const answerOptions = (keyboard: InlineKeyboard) => ({
  link_preview_options: { is_disabled: true },
  ...(keyboard.inline_keyboard.some((row) => row.length > 0) && { reply_markup: keyboard }),
});

operators.command('bots', async (ctx) => {
  // `/bots <bot>`: that one bot (its number or @username), with its control room's button.
  const ref = ctx.match.trim();
  if (ref.length > 0) {
    const one = await ctx.deps.bots.find(ref);
    if (!one) {
      await ctx.reply(ctx.t('bots-unknown', { ref }));
      return;
    }
    const { text, keyboard } = botsAnswer(ctx, [await ctx.deps.bots.overviewOf(one)]);
    await ctx.reply(text, answerOptions(keyboard));
    return;
  }
  const { rows, total, page } = await ctx.deps.bots.overviewPage(0, BOTS_PAGE_SIZE);
  const { text, keyboard } = botsAnswer(ctx, rows, { page, total });
  await ctx.reply(text, answerOptions(keyboard));
});

operators.callbackQuery(botsPageData.filter(), async (ctx) => {
  const { page: wanted } = botsPageData.unpack(ctx.callbackQuery.data);
  const { rows, total, page } = await ctx.deps.bots.overviewPage(wanted, BOTS_PAGE_SIZE);
  const { text, keyboard } = botsAnswer(ctx, rows, { page, total });
  await ctx.answerCallbackQuery();
  await editIgnoringNotModified(ctx.editMessageText(text, answerOptions(keyboard)));
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
