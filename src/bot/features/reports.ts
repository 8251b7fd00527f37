/**
 * Reports of results posted in groups and on guest cards (issue 42):
 * - ⚠️ Report under a result in a group or on a guest card: anyone who sees it files one (once per
 *   result); each new report goes to every admin of the bot, in their language, with the
 *   description, its owner, the model and the group, and three buttons: 🗑 Remove (deletes the post
 *   where the bot can; a guest card, which no bot may delete, is hidden instead), ⛔️ Ban the owner,
 *   ✔️ Dismiss. The first admin's choice resolves it (audited); the others are told. What a press
 *   does is ReportsService.act, and Remove is telegram/reported-post.ts: the control room's buttons
 *   (server/miniapp/reports-routes.ts) do the same.
 * - /reports for admins: the open reports again, each with its buttons.
 */
import { InlineKeyboard } from 'grammy';
import type { ContentReportRecord, OrderRecord } from '../../db/records.js';
import { onGuestCard, type ReportAction, type ReportOutcome } from '../../services/reports.js';
import { reportData } from '../../telegram/callback-data/reports.js';
import { type Texts, textsForUser } from '../../telegram/i18n.js';
import { removeReportedPost } from '../../telegram/reported-post.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const reportsFeature = new Composer<BotContext>();
const groups = reportsFeature.chatType(['group', 'supergroup']);
/** Presses on a guest card (an inline message: no chat). */
const guestCards = reportsFeature.filter((ctx) => ctx.callbackQuery?.inline_message_id !== undefined);
const admins = reportsFeature.chatType('private').filter(isAdmin);

/** Open reports /reports shows at once. */
const SHOWN_REPORTS = 10;

/** What admins read of a report: where, whose, which model, what was asked (read once, any language). */
async function reportFacts(
  ctx: BotContext,
  report: ContentReportRecord,
  order: OrderRecord | undefined,
): Promise<Record<string, string | number>> {
  const owner = await ctx.deps.accounts.find(report.ownerId);
  const group = onGuestCard(report) ? undefined : await ctx.deps.groups.find(report.chatId);
  return {
    id: report.id,
    chat: group?.title ?? String(report.chatId),
    owner: owner?.firstName ?? '',
    ownerId: String(report.ownerId),
    model: order?.modelName ?? '',
    prompt: order?.request.prompt ?? '',
  };
}

/** The report as `texts` reads it: a guest card is named as such, a group by its title. */
function adminText(texts: Texts, report: ContentReportRecord, facts: Record<string, string | number>) {
  return texts.t(
    'report-admin',
    onGuestCard(report) ? { ...facts, chat: texts.t('report-guest-card') } : facts,
  );
}

async function reportText(
  ctx: BotContext,
  texts: Texts,
  report: ContentReportRecord,
  order: OrderRecord | undefined,
): Promise<string> {
  return adminText(texts, report, await reportFacts(ctx, report, order));
}

function reportButtons(texts: Texts, id: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(texts.t('report-button-remove'), reportData.resolve.pack({ a: 'rm', n: id }))
    .text(texts.t('report-button-ban'), reportData.resolve.pack({ a: 'ban', n: id }))
    .row()
    .text(texts.t('report-button-dismiss'), reportData.resolve.pack({ a: 'ok', n: id }));
}

/** Every admin gets the report; one who never opened the bot (or blocked it) is skipped. */
async function tellAdmins(ctx: BotContext, report: ContentReportRecord, order: OrderRecord): Promise<void> {
  const facts = await reportFacts(ctx, report, order);
  for (const adminId of ctx.deps.config.adminIds) {
    const admin = await ctx.deps.accounts.find(adminId);
    const texts = textsForUser(ctx.deps.i18n, admin, ctx.deps.config.defaultLocale);
    const text = adminText(texts, report, facts);
    await ctx.api
      .sendMessage(adminId, text, { reply_markup: reportButtons(texts, report.id) })
      .catch((err: unknown) =>
        ctx.logger.warn({ err, adminId, reportId: report.id }, 'could not tell an admin'),
      );
  }
}

groups.callbackQuery(reportData.file.filter(), async (ctx) => {
  const { id } = reportData.file.unpack(ctx.callbackQuery.data);
  const messageId = ctx.callbackQuery.message?.message_id;
  const outcome = messageId
    ? await ctx.deps.reports.file(id, ctx.chat.id, messageId, ctx.from.id)
    : ({ kind: 'not_found' } as const);
  await answerReport(ctx, outcome);
});

/** The caller's reply to a report: filed, filed before, or a button that names nothing. */
async function answerReport(ctx: BotContext, outcome: ReportOutcome): Promise<void> {
  if (outcome.kind === 'not_found') {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  if (outcome.kind === 'again') {
    await ctx.answerCallbackQuery({ text: ctx.t('report-again') });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('report-thanks') });
  await tellAdmins(ctx, outcome.report, outcome.order);
}

guestCards.callbackQuery(reportData.file.filter(), async (ctx) => {
  const { id } = reportData.file.unpack(ctx.callbackQuery.data);
  const order = await ctx.deps.ordering.find(id);
  // Only from the card the result is on: a copied button names no post.
  const outcome =
    order && order.inlineMessageId === ctx.callbackQuery.inline_message_id
      ? await ctx.deps.reports.file(id, order.chatId, 0, ctx.from.id)
      : ({ kind: 'not_found' } as const);
  await answerReport(ctx, outcome);
});

/** What each resolving button does. */
const ACTIONS: Record<'rm' | 'ban' | 'ok', ReportAction> = { rm: 'remove', ban: 'ban', ok: 'dismiss' };

admins.callbackQuery(reportData.resolve.filter(), async (ctx) => {
  const { a, n } = reportData.resolve.unpack(ctx.callbackQuery.data);
  const outcome = await ctx.deps.reports.act(ctx.from.id, n, ACTIONS[a], (report, order) =>
    removeReportedPost(
      {
        api: ctx.api,
        i18n: ctx.deps.i18n,
        defaultLocale: ctx.deps.config.defaultLocale,
        findUser: (id) => ctx.deps.accounts.find(id),
        logger: ctx.logger,
      },
      report,
      order,
    ),
  );
  if (outcome.kind === 'not_found') {
    await ctx.answerCallbackQuery({ text: ctx.t('error-stale-button') });
    return;
  }
  if (outcome.kind === 'remove_failed' || outcome.kind === 'owner_is_admin') {
    const refusal =
      outcome.kind === 'remove_failed' ? 'report-remove-failed' : 'admin-user-admin-not-bannable';
    await ctx.answerCallbackQuery({ text: ctx.t(refusal), show_alert: true });
    return;
  }
  const { report, order } = outcome;
  await ctx.answerCallbackQuery({
    text: ctx.t(outcome.kind === 'resolved' ? 'report-done' : 'report-already'),
  });
  const text = await reportText(ctx, ctx, report, order);
  const status = ctx.t(
    report.status === 'removed' && onGuestCard(report)
      ? 'report-status-hidden'
      : `report-status-${report.status}`,
  );
  await editIgnoringNotModified(
    ctx.editMessageText(`${text}\n\n${status}`, { reply_markup: new InlineKeyboard() }),
  );
});

admins.command('reports', async (ctx) => {
  const open = await ctx.deps.reports.listOpen(SHOWN_REPORTS);
  if (open.length === 0) {
    await ctx.reply(ctx.t('reports-none'));
    return;
  }
  for (const report of open) {
    const order = (await ctx.deps.reports.find(report.id))?.order;
    await ctx.reply(await reportText(ctx, ctx, report, order), {
      reply_markup: reportButtons(ctx, report.id),
    });
  }
});
