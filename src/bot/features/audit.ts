/**
 * /audit for admins: what admins did (broadcasts, bans, grants, refunds), newest first, a page at a
 * time with Newer / Older buttons. For anyone else it falls through to the catch-all.
 */
import { InlineKeyboard } from 'grammy';
import { AUDIT_ACTIONS } from '../../db/audit-actions.js';
import type { AuditEntryRecord } from '../../db/records.js';
import { SETTINGS_AUDIT_ACTIONS } from '../../services/live-settings.js';
import { auditPageData } from '../../telegram/callback-data/admin.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { withHtml } from '../../telegram/texts/html-slots.js';
import { settingsAuditText } from '../../telegram/texts/settings-audit.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { isAdmin } from './admin.js';

const PAGE_SIZE = 10;

/**
 * Actions worded by `admin-audit-<action with dashes>`: every one the log records but the settings
 * changes, which settingsAuditText words with what changed. An older entry of an action since
 * retired shows its name.
 */
export const KNOWN_ACTIONS: ReadonlySet<string> = new Set(
  AUDIT_ACTIONS.filter((action) => !(Object.values(SETTINGS_AUDIT_ACTIONS) as string[]).includes(action)),
);

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

/**
 * A page's text stays under this many characters: Telegram refuses a message over 4,096, and the
 * title and the HTML tags (not counted by Telegram, but by us) leave the rest as a margin.
 */
export const AUDIT_PAGE_CHARS = 3_800;

function auditLine(ctx: BaseContext, entry: AuditEntryRecord, names: Map<number, string>, now: Date) {
  // The action's text is HTML already (its variables escaped): not escaped a second time.
  return withHtml(
    ctx,
    'admin-audit-line',
    {
      time: ctx.dateTime(entry.createdAt, now),
      actor: String(entry.actorId),
      actorName: names.has(entry.actorId) ? ` ${names.get(entry.actorId)}` : '',
    },
    { action: actionText(ctx, entry) },
  );
}

/**
 * The page from position `at` on (older entries), or with `newer` the one ending just before `at`:
 * up to PAGE_SIZE entries, fewer when they would not fit AUDIT_PAGE_CHARS. Its buttons continue
 * exactly where it stops, so no entry is skipped or shown twice.
 */
async function auditPage(
  ctx: BaseContext,
  at: number,
  newer = false,
): Promise<{ text: string; keyboard: InlineKeyboard }> {
  const keyboard = new InlineKeyboard();
  const from = newer ? Math.max(0, at - PAGE_SIZE) : at;
  const found = await ctx.deps.admin.audit.slice(from, newer ? at - from : PAGE_SIZE);
  if (!found) return { text: ctx.t('admin-audit-empty'), keyboard };
  const { total, names } = found;
  const now = new Date();
  let lines = found.entries.map((entry) => auditLine(ctx, entry, names, now));
  let start = found.start;
  const title = (count: number) => ctx.t('admin-audit-title', { from: start + 1, to: start + count, total });
  const fits = () => title(lines.length).length + 2 + lines.join('\n').length <= AUDIT_PAGE_CHARS;
  // Going older, the oldest lines give way; going newer, the newest (the page ends at `at`).
  while (lines.length > 1 && !fits()) {
    if (newer) {
      lines = lines.slice(1);
      start += 1;
    } else lines = lines.slice(0, -1);
  }
  const end = start + lines.length;
  if (start > 0)
    keyboard.text(ctx.t('admin-audit-button-newer'), auditPageData.pack({ at: start, newer: 'newer' }));
  if (end < total)
    keyboard.text(ctx.t('admin-audit-button-older'), auditPageData.pack({ at: end, newer: undefined }));
  return { text: [title(lines.length), '', ...lines].join('\n'), keyboard };
}

export const auditFeature = new Composer<BotContext>();
const admins = auditFeature.chatType('private').filter(isAdmin);

admins.command('audit', async (ctx) => {
  const { text, keyboard } = await auditPage(ctx, 0);
  await ctx.reply(text, { reply_markup: keyboard });
});

admins.callbackQuery(auditPageData.filter(), async (ctx) => {
  const { at, newer } = auditPageData.unpack(ctx.callbackQuery.data);
  const { text, keyboard } = await auditPage(ctx, at, newer !== undefined);
  await ctx.answerCallbackQuery();
  await editIgnoringNotModified(ctx.editMessageText(text, { reply_markup: keyboard }));
});
