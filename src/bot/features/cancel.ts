import { chatWork } from '../../telegram/chat-work.js';
import { chatLane } from '../../telegram/inbox-lane.js';
import { mainMenuButton } from '../../telegram/keyboards/main-menu.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { BROADCAST_CONVERSATION } from './broadcast.js';

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
  const active = Object.keys(ctx.conversation.active());
  await ctx.conversation.exitAll();
  // Composing a broadcast orders nothing: it is discarded, as its own ✖️ Discard button says.
  const said = active.includes(BROADCAST_CONVERSATION)
    ? 'broadcast-discarded'
    : active.length > 0 || stopped > 0
      ? 'cancel-done'
      : 'cancel-nothing';
  await ctx.reply(ctx.t(said), { reply_markup: mainMenuButton(ctx) });
});
