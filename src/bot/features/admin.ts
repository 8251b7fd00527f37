/**
 * Tools for the reseller's admins (ADMIN_IDS), in private chats only:
 * - /balance: the upstream balance, the low-balance threshold, a Refresh button;
 * - /stats: users, orders by outcome, money spent upstream, top models, orders in progress; with
 *   Stars billing the Stars, and revenue, given-away cost and margin by period (the figures of the
 *   control room's money screen, from the same rule: DashboardService.statsMoney).
 * For anyone else these updates fall through to the catch-all, which answers as it does for any
 * unknown command: the tools' existence is not revealed.
 */
import { InlineKeyboard } from 'grammy';
import { formatMoney } from '../../domain/money.js';
import { ResellerError } from '../../reseller/errors.js';
import type { MoneyFigures } from '../../services/admin/dashboard-types.js';
import type { AdminStats, StatsPeriod } from '../../services/admin-stats.js';
import { STATS_PERIODS } from '../../services/admin-stats.js';
import type { BalanceMonitor } from '../../services/balance-monitor.js';
import type { WalletReport } from '../../services/wallet/wallet.js';
import type { Texts } from '../../telegram/i18n.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { stars } from '../../telegram/texts/money.js';
import { commandLists, ensureAdminCommands } from '../commands.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { subscriptionStatsLine } from './subscriptions.js';

/** The Refresh button of /balance. */
const ADMIN_BALANCE_REFRESH = 'adm:balance';

export function isAdmin(ctx: Pick<BaseContext, 'from' | 'deps'>): boolean {
  return ctx.from !== undefined && ctx.deps.config.adminIds.includes(ctx.from.id);
}

/** The /balance text: a fresh reading, or what went wrong (by code only: never an upstream message). */
async function renderBalance(
  texts: Texts,
  monitor: Pick<BalanceMonitor, 'check' | 'thresholdUsd'>,
  sandbox: boolean,
): Promise<string> {
  const threshold = formatMoney(monitor.thresholdUsd, texts.locale);
  const lines: string[] = [];
  try {
    const reading = await monitor.check();
    lines.push(
      texts.t('admin-balance', { balance: formatMoney(reading.balanceUsd, texts.locale), threshold }),
    );
    if (reading.low) lines.push('', texts.t('admin-balance-low'));
    lines.push('', texts.t('admin-checked-at', { time: texts.dateTime(reading.checkedAt) }));
  } catch (err) {
    const code = err instanceof ResellerError ? String(err.code) : 'unexpected_error';
    const error = err instanceof ResellerError && err.httpStatus ? `${code}, HTTP ${err.httpStatus}` : code;
    lines.push(texts.t('admin-balance-error', { error, threshold }));
  }
  if (sandbox) lines.push('', texts.t('sandbox-badge'));
  return lines.join('\n');
}

const PERIOD_KEYS: Record<StatsPeriod, string> = {
  today: 'admin-stats-period-today',
  week: 'admin-stats-period-week',
  month: 'admin-stats-period-month',
};

/** The /stats money lines: today, 7 and 30 days, as the control room's money screen shows them. */
export function renderStatsMoney(
  texts: Texts,
  payoutUsd: string,
  money: Record<StatsPeriod, MoneyFigures>,
): string[] {
  const usd = (amount: string | null) => formatMoney(amount ?? '0', texts.locale);
  const lines = [texts.t('admin-stats-money-title', { payout: usd(payoutUsd) })];
  for (const period of STATS_PERIODS) {
    const m = money[period];
    lines.push(
      texts.t('admin-stats-money-line', {
        period: texts.t(PERIOD_KEYS[period]),
        revenue: usd(m.revenueUsd),
        stars: stars(texts, m.revenueStars),
        cost: usd(m.costUsd),
        given: usd(m.givenAwayUsd),
        margin: usd(m.marginUsd),
      }),
    );
  }
  return lines;
}

function renderStats(
  texts: Texts,
  stats: AdminStats,
  wallet?: WalletReport & { payoutUsd: string; money: Record<StatsPeriod, MoneyFigures> },
  promo?: { redemptions: number; stars: number },
): string {
  const money = (usd: string) => formatMoney(usd, texts.locale);
  const lines = [
    texts.t('admin-stats-title', { time: texts.dateTime(stats.at, stats.at) }),
    // Days are UTC days (domain/utc-day.ts): where TIME_ZONE is not UTC, today starts at e.g. 03:00 UTC+3.
    texts.t('admin-stats-periods', { start: texts.time(stats.since.today) }),
    '',
    texts.t('admin-stats-users', {
      total: stats.users.total,
      today: stats.users.newToday,
      week: stats.users.newWeek,
      active: stats.users.activeWeek,
    }),
    '',
    texts.t('admin-stats-orders-title'),
  ];
  for (const period of STATS_PERIODS) {
    const c = stats.orders[period];
    lines.push(
      texts.t('admin-stats-orders-line', {
        period: texts.t(PERIOD_KEYS[period]),
        total: c.total,
        completed: c.completed,
        failed: c.failed,
        cancelled: c.cancelled,
        active: c.active,
      }),
    );
  }
  lines.push('', texts.t('admin-stats-spent-title'));
  for (const period of STATS_PERIODS) {
    lines.push(
      texts.t('admin-stats-spent-line', {
        period: texts.t(PERIOD_KEYS[period]),
        amount: money(stats.orders[period].spentUsd),
      }),
    );
  }
  lines.push('', texts.t('admin-stats-top-title'));
  if (stats.topModels.length === 0) lines.push(texts.t('admin-stats-top-empty'));
  stats.topModels.forEach((m, i) => {
    lines.push(texts.t('admin-stats-top-line', { n: i + 1, model: m.modelName, orders: m.orders }));
  });
  const { queued, processing } = stats.activeNow;
  lines.push('', texts.t('admin-stats-active', { total: queued + processing, queued, processing }));
  if (wallet) {
    const s = (n: number) => stars(texts, n);
    const { totals } = wallet;
    lines.push(
      '',
      texts.t('admin-stats-stars-title'),
      texts.t('admin-stats-stars', {
        paid: s(totals.paidStars),
        refunded: s(totals.refundedStars),
        earned: s(totals.capturedStars),
        held: s(totals.heldStars),
        granted: s(totals.grantedStars),
        welcome: s(totals.welcomeStars),
      }),
      '',
      ...renderStatsMoney(texts, wallet.payoutUsd, wallet.money),
    );
  }
  if (promo) {
    lines.push(
      texts.t('admin-stats-promo', { amount: stars(texts, promo.stars), redemptions: promo.redemptions }),
    );
  }
  return lines.join('\n');
}

/** /stats with Stars billing: what the referral program brought and granted. */
async function referralLine(texts: Texts, referrals: BaseContext['deps']['referrals']): Promise<string> {
  const totals = await referrals.totals();
  return texts.t('admin-stats-referrals', {
    customers: totals.referredCustomers,
    topups: totals.referredTopups,
    bought: stars(texts, totals.referredTopupStars),
    rewards: stars(texts, totals.rewardStars),
  });
}

function refreshKeyboard(ctx: BaseContext): InlineKeyboard {
  return new InlineKeyboard().text(ctx.t('admin-button-refresh'), ADMIN_BALANCE_REFRESH);
}

const balanceText = (ctx: BaseContext) =>
  renderBalance(
    { locale: ctx.locale, t: (key, vars) => ctx.t(key, vars), dateTime: ctx.dateTime, time: ctx.time },
    ctx.deps.admin.balance,
    ctx.deps.sandbox,
  );

export const adminFeature = new Composer<BotContext>();

adminFeature.chatType('private').use(async (ctx, next) => {
  if (isAdmin(ctx)) {
    await ensureAdminCommands(
      ctx.api,
      commandLists(ctx.deps.config, ctx.deps.i18n, { operator: ctx.deps.thisBot?.main ?? true }),
      ctx.from.id,
    ).catch((err: unknown) => ctx.logger.warn({ err }, 'could not register the admin commands'));
  }
  return next();
});
const admins = adminFeature.chatType('private').filter(isAdmin);

admins.command('balance', async (ctx) => {
  await ctx.reply(await balanceText(ctx), { reply_markup: refreshKeyboard(ctx) });
});

admins.callbackQuery(ADMIN_BALANCE_REFRESH, async (ctx) => {
  // Answered before asking upstream: during an outage the check takes longer (timeout, retries)
  // than Telegram takes an answer. The outcome shows in the message (its time, or the error).
  await ctx.answerCallbackQuery();
  const text = await balanceText(ctx);
  await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: refreshKeyboard(ctx) }));
});

/** /stats: what the reminders did over the control room's 30 days (issue 44). */
async function reminderStatsLine(ctx: BotContext): Promise<string> {
  const figures = await ctx.deps.admin.dashboard.reminderFigures();
  const sum = (pick: (f: (typeof figures)[number]) => number) => figures.reduce((n, f) => n + pick(f), 0);
  return ctx.t('admin-stats-reminders', { sent: sum((f) => f.sent), acted: sum((f) => f.acted) });
}

/** /stats: descriptions the content rules refused over 30 days, and the bans they led to (issue 42). */
async function contentStatsLine(ctx: BotContext): Promise<string | undefined> {
  const { blocked, bans } = await ctx.deps.contentRules.figures(30);
  const { reports, open } = await ctx.deps.reports.figures(30);
  const lines = [
    ...(blocked > 0 ? [ctx.t('admin-stats-content', { blocked, bans })] : []),
    ...(reports > 0 ? [ctx.t('admin-stats-reports', { reports, open })] : []),
  ];
  return lines.length > 0 ? lines.join('\n') : undefined;
}

admins.command('stats', async (ctx) => {
  const texts: Texts = {
    locale: ctx.locale,
    t: (key, vars) => ctx.t(key, vars),
    dateTime: ctx.dateTime,
    time: ctx.time,
  };
  const report = await ctx.deps.wallet?.report();
  const wallet = report && {
    ...report,
    payoutUsd: ctx.deps.config.billing.mode === 'stars' ? ctx.deps.config.billing.payoutUsdPerStar : '0',
    money: await ctx.deps.admin.dashboard.statsMoney(),
  };
  const [stats, promo] = [await ctx.deps.admin.stats.collect(), await ctx.deps.promo?.totals()];
  const text = renderStats(texts, stats, wallet, promo);
  const subscriptions =
    ctx.deps.subscriptions && (await subscriptionStatsLine(texts, ctx.deps.subscriptions));
  const full = ctx.deps.wallet ? `${text}\n${await referralLine(texts, ctx.deps.referrals)}` : text;
  const reminders = ctx.deps.reminders.anyOn() ? await reminderStatsLine(ctx) : undefined;
  const content = await contentStatsLine(ctx);
  await ctx.reply([full, subscriptions, reminders, content].filter(Boolean).join('\n'));
});
