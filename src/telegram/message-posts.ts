/**
 * Which Bot API calls post a message into a chat: what Telegram's flood limits count (about 30 a
 * second per bot, one a second per chat). Edits, answers, chat actions and reads are not posts.
 */

/** Methods that post a message into a chat. */
export const SENDING_METHODS: ReadonlySet<string> = new Set([
  'sendMessage',
  'sendPhoto',
  'sendVideo',
  'sendAnimation',
  'sendAudio',
  'sendDocument',
  'sendVoice',
  'sendVideoNote',
  'sendSticker',
  'sendMediaGroup',
  'sendLocation',
  'sendContact',
  'sendPoll',
  'sendDice',
  'sendInvoice',
  'copyMessage',
  'copyMessages',
  'forwardMessage',
  'forwardMessages',
]);

/** The chat a message post goes to, as a map key; undefined for any other call. */
export function postedChat(method: string, payload: unknown): string | undefined {
  if (!SENDING_METHODS.has(method)) return undefined;
  const chatId = (payload as { chat_id?: unknown } | undefined)?.chat_id;
  return typeof chatId === 'number' || typeof chatId === 'string' ? String(chatId) : undefined;
}
