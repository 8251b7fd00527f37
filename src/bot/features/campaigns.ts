/**
 * Campaign links for admins, in private chats (anyone else falls through to the catch-all):
 * - /campaign_new <name>: a campaign and its link `?start=c_<code>` (audited);
 * - /campaigns: each campaign with joins, customers who ordered, payers, Stars bought, upstream cost
 *   and margin (the last two only with Stars billing); a campaign's button (`cmp:<id>`) shows its last
 *   30 days by day.
 */
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../domain/money.js';
import { campaignData } from '../../telegram/callback-data/admin.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { campaignLink } from '../../telegram/texts/start-links.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const campaignsFeature = new Composer<BotContext>();
const admins = campaignsFeature.chatType('private').filter(isAdmin);

const MAX_NAME = 64;
/** A button shows this much of a campaign's name. */
const BUTTON_NAME = 40;

admins.command('campaign_new', async (ctx) => {
  const name = ctx.match.trim().replace(/\s+/g, ' ');
  if (name.length === 0 || [...name].length > MAX_NAME) {
    await ctx.reply(ctx.t('campaign-new-usage'));
    return;
  }
  const campaign = await ctx.deps.admin.campaigns.create(ctx.from.id, name);
  await ctx.reply(ctx.t('campaign-created', { name, link: campaignLink(ctx.me.username, campaign.code) }), {
    link_preview_options: { is_disabled: true },
  });
});

async function campaignList(ctx: BaseContext): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const rows = await ctx.deps.admin.campaigns.list();
  const keyboard = new InlineKeyboard();
  if (rows.length === 0) return { text: ctx.t('campaigns-empty'), keyboard };
  const usd = (amount: string) => formatMoney(amount, ctx.locale);
  const billing = ctx.deps.config.billing.mode === 'stars';
  const lines = [ctx.t('campaigns-title'), ctx.t(billing ? 'campaigns-legend' : 'campaigns-legend-free'), ''];
  for (const row of rows) {
    const vars = {
      name: row.campaign.name,
      joins: row.joins,
      ordered: row.ordered,
      payers: row.payers,
      stars: row.starsBought,
      cost: usd(row.costUsd),
      margin: row.marginUsd === undefined ? '' : usd(row.marginUsd),
    };
    lines.push(ctx.t(billing ? 'campaigns-line' : 'campaigns-line-free', vars));
    keyboard
      .text([...row.campaign.name].slice(0, BUTTON_NAME).join(''), campaignData.pack({ id: row.campaign.id }))
      .row();
  }
  lines.push('', ctx.t('campaigns-tap'));
  return { text: lines.join('\n'), keyboard };
}

async function campaignDays(
  ctx: BaseContext,
  id: number,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const keyboard = new InlineKeyboard().text(ctx.t('campaign-button-back'), campaignData.pack({ id: 0 }));
  const campaign = await ctx.deps.admin.campaigns.find(id);
  if (!campaign) return { text: ctx.t('campaign-unknown'), keyboard };
  const days = (await ctx.deps.admin.campaigns.days(id)).filter(
    (d) => d.joins > 0 || d.orders > 0 || d.starsBought !== 0 || d.costUsd !== '0.00',
  );
  const billing = ctx.deps.config.billing.mode === 'stars';
  const lines = [
    ctx.t('campaign-days-title', { name: campaign.name, link: campaignLink(ctx.me.username, campaign.code) }),
    '',
  ];
  if (days.length === 0) lines.push(ctx.t('campaign-days-empty'));
  for (const d of days.reverse()) {
    lines.push(
      ctx.t(billing ? 'campaign-day-line' : 'campaign-day-line-free', {
        day: d.day,
        joins: d.joins,
        orders: d.orders,
        stars: d.starsBought,
        cost: formatMoney(d.costUsd, ctx.locale),
      }),
    );
  }
  return { text: lines.join('\n'), keyboard };
}

admins.command('campaigns', async (ctx) => {
  const { text, keyboard } = await campaignList(ctx);
  await ctx.reply(text, { reply_markup: keyboard });
});

admins.callbackQuery(campaignData.filter(), async (ctx) => {
  const { id } = campaignData.parse(ctx.callbackQuery.data)!;
  const { text, keyboard } = id === 0 ? await campaignList(ctx) : await campaignDays(ctx, id);
  await ctx.answerCallbackQuery();
  await editIgnoringNotModified(
    ctx.editMessageText(text, { reply_markup: keyboard, link_preview_options: { is_disabled: true } }),
  );
});
