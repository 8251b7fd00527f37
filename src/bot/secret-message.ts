/**
 * A command that carries a secret (a bot token, an upstream API key): its message is deleted from
 * the chat at once, whatever the outcome, and once handled the stored update keeps only its id (the
 * inbox keeps handled updates a day to recognise a resend). `work` hears whether the deletion worked.
 */
import type { BaseContext } from './context.js';

export async function withSecretMessage(
  ctx: BaseContext,
  work: (deleted: boolean) => Promise<void>,
): Promise<void> {
  try {
    const deleted = await ctx.deleteMessage().then(
      () => true,
      () => false,
    );
    await work(deleted);
  } finally {
    // A crash before this: handled again, then forgotten.
    await ctx.deps.live?.inbox.forgetPayload(ctx.update.update_id);
  }
}
