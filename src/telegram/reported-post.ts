/**
 * Taking a reported result away (issue 42), said once for the chat's 🗑 Remove
 * (bot/features/reports.ts) and the control room's (server/miniapp/reports-routes.ts): a post in a
 * group is deleted; a guest card, which Telegram lets no bot delete, keeps its place with its picture
 * under a spoiler, a caption in the owner's language saying the admins removed it, and no buttons.
 */
import type { I18n } from '@grammyjs/i18n';
import { type Api, InlineKeyboard } from 'grammy';
import type { ContentReportRecord, OrderRecord, UserRecord } from '../db/records.js';
import type { Logger } from '../logger.js';
import { onGuestCard } from '../services/reports.js';
import type { TelegramContext } from './context.js';
import { type Locale, textsForUser } from './i18n.js';

export interface ReportedPostDeps {
  /** The Api of the bot that posted the result. */
  api: Api;
  i18n: I18n<TelegramContext>;
  defaultLocale: Locale;
  /** The owner's stored row: a hidden card's caption is in their language. */
  findUser(userId: number): Promise<UserRecord | undefined>;
  logger: Logger;
}

/** True once the post is deleted or hidden; false when Telegram refused (logged). */
export function removeReportedPost(
  deps: ReportedPostDeps,
  report: ContentReportRecord,
  order: OrderRecord | undefined,
): Promise<boolean> {
  const attempt = onGuestCard(report)
    ? hideGuestCard(deps, report, order)
    : deps.api.deleteMessage(report.chatId, report.messageId);
  return attempt.then(
    () => true,
    (err: unknown) => {
      deps.logger.info({ err, reportId: report.id }, 'could not remove a reported post');
      return false;
    },
  );
}

async function hideGuestCard(
  deps: ReportedPostDeps,
  report: ContentReportRecord,
  order: OrderRecord | undefined,
): Promise<void> {
  const file = order?.resultFiles?.[0];
  if (!order?.inlineMessageId || !file) throw new Error(`report ${report.id}: no guest card to hide`);
  const owner = await deps.findUser(report.ownerId);
  const texts = textsForUser(deps.i18n, owner, deps.defaultLocale);
  await deps.api.editMessageMediaInline(
    order.inlineMessageId,
    { type: file.kind, media: file.fileId, caption: texts.t('report-hidden-caption'), has_spoiler: true },
    { reply_markup: new InlineKeyboard() },
  );
}
