/**
 * Who may use the bot. ADMIN_IDS always pass; BANNED_USER_IDS and users an admin banned from their
 * card (/user) never do; with ACCESS_MODE=allowlist
 * only ALLOWED_USER_IDS do. Installed right after the context plugins, so a refused user reaches no
 * feature, no conversation and no upstream call, and is answered in their own language.
 *
 * A stranger to a private bot is told so every time they write (as any message gets an answer); a
 * banned user hears it at most once per UTC day (remembered in memory: a restart may repeat it).
 * Updates that carry no user, and refused users' updates other than messages and button presses in
 * private chats, are dropped silently.
 */
import type { MiddlewareFn } from 'grammy';
import type { Config } from '../../config.js';
import { utcDay } from '../../domain/utc-day.js';
import { htmlToPlainText } from '../../lib/html.js';
import type { BaseContext } from '../context.js';

export type AccessVerdict = 'allowed' | 'private' | 'banned';

/**
 * The rule alone, without Telegram: ADMIN_IDS first, then BANNED_USER_IDS or a ban an admin set on
 * the user's row (`bannedAt`, from /user), then the allowlist.
 */
export function accessVerdict(
  config: Pick<Config, 'adminIds' | 'access'>,
  userId: number,
  bannedAt: Date | null = null,
): AccessVerdict {
  if (config.adminIds.includes(userId)) return 'allowed';
  if (bannedAt !== null || config.access.bannedUserIds.includes(userId)) return 'banned';
  if (config.access.mode === 'allowlist' && !config.access.allowedUserIds.includes(userId)) return 'private';
  return 'allowed';
}

/** Bounds the memory of who was told today. */
const MAX_REMEMBERED = 10_000;

export function createAccessGuard(
  config: Pick<Config, 'adminIds' | 'access'>,
  opts: { now?: () => number } = {},
): MiddlewareFn<BaseContext> {
  const now = opts.now ?? Date.now;
  /** Banned user id -> the start of the UTC day they were last told. */
  const toldOn = new Map<number, number>();
  const mayTellBanned = (userId: number): boolean => {
    const day = utcDay(now()).start;
    if (toldOn.get(userId) === day) return false;
    toldOn.delete(userId);
    toldOn.set(userId, day);
    if (toldOn.size > MAX_REMEMBERED) toldOn.delete(toldOn.keys().next().value!);
    return true;
  };

  return async (ctx, next) => {
    const from = ctx.from;
    if (!from) return next();
    const verdict = accessVerdict(config, from.id, ctx.user?.bannedAt ?? null);
    if (verdict === 'allowed') return next();
    ctx.logger.debug({ userId: from.id, verdict }, 'update from a user without access');
    if (ctx.chat?.type !== 'private' || !(ctx.message || ctx.callbackQuery)) return;
    if (verdict === 'banned' && !mayTellBanned(from.id)) return;
    const text = ctx.t(verdict === 'banned' ? 'access-banned' : 'access-private');
    if (ctx.callbackQuery)
      await ctx.answerCallbackQuery({ text: htmlToPlainText(text, 200), show_alert: true });
    else await ctx.reply(text);
  };
}
