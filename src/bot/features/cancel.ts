import { Composer } from 'grammy';
import type { BotContext } from '../context.js';

/** Installed before every conversation so /cancel always gets through, whatever flow is active. */
export const cancelFeature = new Composer<BotContext>();

cancelFeature.chatType('private').command('cancel', async (ctx) => {
  const active = Object.keys(ctx.conversation.active()).length > 0;
  await ctx.conversation.exitAll();
  await ctx.reply(ctx.t(active ? 'cancel-done' : 'cancel-nothing'));
});
