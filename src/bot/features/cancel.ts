import { chatWork } from '../../telegram/chat-work.js';
import { chatLane } from '../../telegram/inbox-lane.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

/** Installed before every conversation so /cancel always gets through, whatever flow is active. */
export const cancelFeature = new Composer<BotContext>();

cancelFeature.chatType('private').command('cancel', async (ctx) => {
  // While the chat waits for long upstream work, /cancel is not queued behind it (see sequentialKey):
  // stop that work; the form it belongs to ends by itself when the work returns aborted.
  // Work running on another replica (the chat's update in hand there) is asked to stop through the
  // inbox; that replica sees it when it next renews its claim (a few seconds).
  const elsewhere =
    (await ctx.deps.live?.inbox.requestCancel(chatLane(ctx.chat.id), ctx.update.update_id)) ?? 0;
  const stopped = chatWork.abort(ctx.chat.id) + elsewhere;
  const active = Object.keys(ctx.conversation.active()).length > 0;
  await ctx.conversation.exitAll();
  await ctx.reply(ctx.t(active || stopped > 0 ? 'cancel-done' : 'cancel-nothing'), {
    reply_markup: mainMenuButton(ctx),
  });
});
