/**
 * The bot in groups (issue 42), its membership and its switches:
 * - added to a group, it says what it does there: with GROUPS=off it explains and leaves; with
 *   allowlist it waits for an admin of the bot; with on it shows how to ask it;
 * - /group, sent in the group by an admin of the bot (ADMIN_IDS): whether generations are on there,
 *   today's count and the cap; `/group on`, `/group off`, `/group cap <n>`, `/group cap off`, each
 *   audited. Anyone else's /group is ignored: a group is not the place to explain who may.
 */
import type { Context } from 'grammy';
import { MAX_GROUP_CAP } from '../../services/groups.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const groupsFeature = new Composer<BotContext>();
const groups = groupsFeature.chatType(['group', 'supergroup']);

const MEMBER_STATUSES = new Set(['member', 'administrator', 'creator', 'restricted']);

groups.on('my_chat_member', async (ctx) => {
  const member = MEMBER_STATUSES.has(ctx.myChatMember.new_chat_member.status);
  const wasMember = MEMBER_STATUSES.has(ctx.myChatMember.old_chat_member.status);
  await ctx.deps.groups.membership(ctx.chat.id, ctx.chat.title, member);
  if (!member || wasMember) return;
  const bot = ctx.me.username;
  const mode = ctx.deps.groups.mode;
  if (mode === 'off') {
    await ctx.reply(ctx.t('group-joined-off', { bot }));
    await ctx.leaveChat().catch((err: unknown) => ctx.logger.warn({ err }, 'could not leave a group'));
    return;
  }
  const { verdict } = await ctx.deps.groups.status(ctx.chat.id);
  await ctx.reply(ctx.t(verdict.kind === 'open' ? 'group-joined-open' : 'group-joined-closed', { bot }));
});

async function statusText(ctx: BotContext & Context, chatId: number, title: string): Promise<string> {
  const { group, verdict, usedToday } = await ctx.deps.groups.status(chatId);
  const state =
    ctx.deps.groups.mode === 'off'
      ? ctx.t('group-status-off')
      : ctx.t(verdict.kind === 'closed' ? 'group-status-closed' : 'group-status-open');
  const cap = group?.dailyCap ?? null;
  return [
    ctx.t('group-status-title', { title }),
    state,
    ctx.t('group-status-today', { used: usedToday }),
    cap === null ? ctx.t('group-status-no-cap') : ctx.t('group-status-cap', { cap }),
    '',
    ctx.t('group-status-help'),
  ].join('\n');
}

groups.command('group', async (ctx) => {
  if (!isAdmin(ctx)) return;
  const chatId = ctx.chat.id;
  // A group whose joining the bot missed (added before this feature): known from now on.
  if (!(await ctx.deps.groups.find(chatId))) await ctx.deps.groups.membership(chatId, ctx.chat.title, true);
  const [verb = '', value = ''] = ctx.match.trim().toLowerCase().split(/\s+/);
  const admin = ctx.from!.id;
  if (verb === 'on' || verb === 'off') {
    await ctx.deps.groups.setEnabled(admin, chatId, verb === 'on');
    await ctx.reply(ctx.t(verb === 'on' ? 'group-turned-on' : 'group-turned-off'));
    return;
  }
  if (verb === 'cap') {
    const cap = value === 'off' ? null : /^\d{1,5}$/.test(value) ? Number(value) : undefined;
    if (cap === undefined || (cap !== null && (cap < 1 || cap > MAX_GROUP_CAP))) {
      await ctx.reply(ctx.t('group-cap-usage', { max: MAX_GROUP_CAP }));
      return;
    }
    await ctx.deps.groups.setDailyCap(admin, chatId, cap);
    await ctx.reply(cap === null ? ctx.t('group-cap-removed') : ctx.t('group-cap-set', { cap }));
    return;
  }
  await ctx.reply(await statusText(ctx, chatId, ctx.chat.title));
});
