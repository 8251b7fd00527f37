/**
 * The update types the bot asks Telegram for (getUpdates and setWebhook `allowed_updates`), for
 * the main bot and every added one. Without the list Telegram keeps the last one it was given, or
 * its own default: naming them means a type the bot handles is never left out (managed_bot,
 * Bot API 9.6; subscription, 10.2, which Telegram does not send unless asked) and nothing it
 * ignores is delivered.
 */
import type { Update } from 'grammy/types';

type UpdateType = Exclude<keyof Update, 'update_id'>;

const ALWAYS = [
  'message',
  'edited_message',
  'callback_query',
  'inline_query',
  'chosen_inline_result',
  'pre_checkout_query',
  'my_chat_member',
  'managed_bot',
  // Bot API 10.2: renewal turned off or on in Telegram, or a renewal's payment failed (issue 44).
  'subscription',
] as const satisfies ReadonlyArray<UpdateType>;

/**
 * The list for one bot: guest messages (Bot API 10.0) only where GUEST_MODE is on, so a bot whose
 * reseller left it off is never summoned into a chat it would not answer.
 */
export function allowedUpdates(config: { guestMode: boolean }): UpdateType[] {
  return config.guestMode ? [...ALWAYS, 'guest_message'] : [...ALWAYS];
}
