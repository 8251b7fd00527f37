/**
 * An added bot's own upstream API key (issue 40), for that bot's admins in private chats (the main
 * bot's key is RESELLER_API_KEY; its admins fall through to the catch-all):
 * - /upstream_key: which account the bot orders with, and how to change it;
 * - /upstream_key <key>: the message with the key is deleted at once, whatever the outcome, and
 *   the stored update keeps only its id once handled; the upstream checks the key, it is stored
 *   sealed, and the bot's orders, catalog and /balance use that account within seconds
 *   (services/upstream-key.ts);
 * - /upstream_key off: back to the deployment's shared key.
 * Neither changes while the bot has orders in flight: they belong to the account that took them.
 */
import type { UpstreamKeyOutcome } from '../../services/upstream-key.js';
import { Composer } from '../composer.js';
import type { BaseContext, BotContext } from '../context.js';
import { withSecretMessage } from '../secret-message.js';
import { isAdmin } from './admin.js';

export const upstreamKeyFeature = new Composer<BotContext>();
const botAdmins = upstreamKeyFeature
  .chatType('private')
  .filter((ctx) => isAdmin(ctx) && ctx.deps.thisBot !== undefined && !ctx.deps.thisBot.main);

/** The reply for an outcome: never the key, which the service does not return anyway. */
function outcomeText(ctx: BaseContext, outcome: UpstreamKeyOutcome): string {
  switch (outcome.kind) {
    case 'in_flight':
      return ctx.t('upstream-key-in-flight', { orders: outcome.orders });
    default:
      return ctx.t(`upstream-key-${outcome.kind.replace(/_/g, '-')}`);
  }
}

botAdmins.command('upstream_key', async (ctx) => {
  const typed = ctx.match.trim();
  const keys = ctx.deps.upstreamKey;
  if (typed.length === 0) {
    const current = await keys.current();
    await ctx.reply(`${ctx.t(`upstream-key-current-${current}`)}\n\n${ctx.t('upstream-key-usage')}`);
    return;
  }
  if (typed.toLowerCase() === 'off') {
    await ctx.reply(outcomeText(ctx, await keys.clear()));
    return;
  }
  // The key was typed into this chat: it does not stay there, nor in the stored update.
  await withSecretMessage(ctx, async (deleted) => {
    const lines = [outcomeText(ctx, await keys.set(typed))];
    if (deleted) lines.push('', ctx.t('upstream-key-deleted'));
    await ctx.reply(lines.join('\n'));
  });
});
