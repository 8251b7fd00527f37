/**
 * /audit for admins: what admins did (broadcasts, bans, grants, refunds), newest first, a page at a
 * time with Newer / Older buttons. For anyone else it falls through to the catch-all.
 */
import { InlineKeyboard } from 'grammy';
import type { AuditEntryRecord } from '../../db/records.js';
import { auditPageData } from '../../telegram/callback-data/admin.js';
import { formatDateTime } from '../../telegram/order-status.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { withHtml } from '../../telegram/texts/html-slots.js';
import { settingsAuditText } from '../../telegram/texts/settings-audit.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { isAdmin } from './admin.js';

const PAGE_SIZE = 10;

/** Actions with a text of their own (`admin-audit-<action with dashes>`); others show their name. */
const KNOWN_ACTIONS = new Set([
  'broadcast_started',
  'broadcast_paused',
  'broadcast_resumed',
  'broadcast_cancelled',
  'user_banned',
  'user_unbanned',
  'stars_granted',
  'payment_refunded',
  'subscription_refunded',
  'promo_created',
  'promo_batch_created',
  'promo_disabled',
  'campaign_created',
]);

function actionText(ctx: BaseContext, entry: AuditEntryRecord): string {
  const settings = settingsAuditText(ctx, entry);
  if (settings !== undefined) return settings;
  if (!KNOWN_ACTIONS.has(entry.action)) return ctx.t('admin-audit-other', { action: entry.action });
  const vars: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(entry.details)) {
    if (typeof value === 'string' || typeof value === 'number') vars[key] = value;
  }
  if (entry.targetUserId !== null) vars['target'] = String(entry.targetUserId);
  return ctx.t(`admin-audit-${entry.action.replaceAll('_', '-')}`, vars);
}

async function auditPage(
  ctx: BaseContext,
  requested: number,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const keyboard = new InlineKeyboard();
  const found = await ctx.deps.admin.audit.page(requested, PAGE_SIZE);
  if (!found) return { text: ctx.t('admin-audit-empty'), keyboard };
  const { page, pages, entries, names } = found;
  const now = new Date();
  const lines = [ctx.t('admin-audit-title', { page: page + 1, pages }), ''];
  for (const entry of entries) {
    // The action's text is HTML already (its variables escaped): not escaped a second time.
    lines.push(
      withHtml(
        ctx,
        'admin-audit-line',
        {
          time: formatDateTime(ctx.locale, entry.createdAt, now),
          actor: String(entry.actorId),
          actorName: names.has(entry.actorId) ? ` ${names.get(entry.actorId)}` : '',
        },
        { action: actionText(ctx, entry) },
      ),
    );
  }
  if (page > 0) keyboard.text(ctx.t('admin-audit-button-newer'), auditPageData.pack({ page: page - 1 }));
  if (page < pages - 1)
    keyboard.text(ctx.t('admin-audit-button-older'), auditPageData.pack({ page: page + 1 }));
  return { text: lines.join('\n'), keyboard };
}

export const auditFeature = new Composer<BotContext>();
const admins = auditFeature.chatType('private').filter(isAdmin);

admins.command('audit', async (ctx) => {
  const { text, keyboard } = await auditPage(ctx, 0);
  await ctx.reply(text, { reply_markup: keyboard });
});

admins.callbackQuery(auditPageData.filter(), async (ctx) => {
  const { page } = auditPageData.parse(ctx.callbackQuery.data)!;
  const { text, keyboard } = await auditPage(ctx, page);
  await ctx.answerCallbackQuery();
  await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
});
