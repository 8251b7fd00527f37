/**
 * /invite (BILLING=stars): the customer's personal referral link, what the program pays, how many
 * joined through the link, how many of them paid and the Stars earned, with a way back to the menu.
 * Without billing the command falls through to the catch-all.
 */
import { InlineKeyboard } from 'grammy';
import { menuData } from '../../telegram/callback-data/menu.js';
import { stars } from '../../telegram/texts/money.js';
import { referralLink } from '../../telegram/texts/start-links.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

export const inviteFeature = new Composer<BotContext>();
const customers = inviteFeature
  .chatType('private')
  .filter((ctx) => ctx.deps.referrals.offered && ctx.deps.config.billing.mode === 'stars');

customers.command('invite', async (ctx) => {
  const billing = ctx.deps.config.billing;
  if (billing.mode !== 'stars') return;
  const invite = await ctx.deps.referrals.invite(ctx.from.id);
  if (!invite) return;
  const rules = billing.referral;
  const link = referralLink(ctx.me.username, invite.code);
  const ruleLines = [
    rules.bonusStars > 0 && ctx.t('invite-rule-bonus', { amount: stars(ctx, rules.bonusStars) }),
    rules.percent > 0 && ctx.t('invite-rule-percent', { percent: rules.percent, days: rules.days }),
  ].filter((s): s is string => typeof s === 'string');
  if (ruleLines.length > 0)
    ruleLines.push(ctx.t('invite-rule-cap', { amount: stars(ctx, rules.dailyCapStars) }));
  const lines = [
    ctx.t('invite-title'),
    '',
    ctx.t('invite-link', { link }),
    '',
    ...(ruleLines.length > 0 ? ruleLines : [ctx.t('invite-rules-off')]),
    '',
    // Without rewards, "you've earned ⭐ 0" would still read as a promise: only who came and paid.
    ruleLines.length > 0 || invite.stats.earnedStars > 0
      ? ctx.t('invite-stats', {
          joined: invite.stats.joined,
          paid: invite.stats.paid,
          earned: stars(ctx, invite.stats.earnedStars),
        })
      : ctx.t('invite-stats-no-rewards', { joined: invite.stats.joined, paid: invite.stats.paid }),
    ...(ruleLines.length > 0 ? [ctx.t('invite-rewards-when'), ctx.t('invite-rewards-note')] : []),
  ];
  // Telegram's share sheet, with the link filled in: the way to actually pass it on.
  const keyboard = new InlineKeyboard()
    .url(ctx.t('invite-button-share'), `https://t.me/share/url?url=${encodeURIComponent(link)}`)
    .row()
    .text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
  await ctx.reply(lines.join('\n'), { reply_markup: keyboard, link_preview_options: { is_disabled: true } });
});
