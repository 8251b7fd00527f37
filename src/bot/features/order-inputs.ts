/**
 * An older order's inputs for a new order: the files upstream has dropped (it keeps uploads for a
 * day) are uploaded again from the Telegram files they came from, as the chat's long work, so
 * /cancel stops it as it stops a customer's upload. Used by ✏️ Change and 🔁 Again under a result
 * and by 🔁 Try again after a failure.
 */
import type { OrderRecord } from '../../db/records.js';
import type { MediaMap } from '../../reseller/schemas.js';
import type { ReuploadOutcome } from '../../services/input-reupload.js';
import { inputsExpired } from '../../services/result-reuse.js';
import { chatWork } from '../../telegram/chat-work.js';
import type { BotContext } from '../context.js';

export async function reuploadInputs(ctx: BotContext, order: OrderRecord): Promise<ReuploadOutcome> {
  const media = order.request.media ?? {};
  const outcome = await chatWork.run(ctx.chat!.id, (signal) => ctx.deps.reupload.reupload(media, { signal }));
  if (!outcome.ok) ctx.logger.info({ orderId: order.id, ...outcome }, 'inputs not uploaded again');
  return outcome;
}

export const stoppedByCancel = (outcome: ReuploadOutcome) =>
  !outcome.ok && outcome.reason === 'relay_failed' && outcome.code === 'aborted';

/**
 * The order's files, usable upstream now: as they are while upstream keeps them, else uploaded again
 * (with a short notice meanwhile). Undefined when they cannot be (the customer sends them again);
 * 'stopped' when /cancel stopped the upload.
 */
export async function currentInputs(
  ctx: BotContext,
  order: OrderRecord,
): Promise<MediaMap | undefined | 'stopped'> {
  const media = order.request.media ?? {};
  if (!inputsExpired(order, Date.now())) return media;
  const waiting = await ctx.reply(ctx.t('after-result-reuploading'));
  const reuploaded = await reuploadInputs(ctx, order);
  await ctx.api.deleteMessage(waiting.chat.id, waiting.message_id).catch(() => undefined);
  if (stoppedByCancel(reuploaded)) return 'stopped';
  return reuploaded.ok ? reuploaded.media : undefined;
}
