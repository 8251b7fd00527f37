/**
 * answerGuestQuery (Bot API 10.0): the bot's one answer to a guest_message, posted in the chat
 * where it was summoned (a chat it need not be a member of) as an inline message from the bot,
 * with guest_bot_caller_user / guest_bot_caller_chat. The result is an InlineQueryResult checked
 * like answerInlineQuery's: an article (InputTextMessageContent) or a cached photo or video.
 * Returns SentGuestMessage; the message is edited later by its inline_message_id.
 */
import { badRequest } from '../api-error.js';
import type { MethodHandler } from '../core.js';
import { optJson, optString } from '../params.js';
import { checkResult, resultMessage } from './inline.js';

export const answerGuestQuery: MethodHandler = (core, { params }) => {
  const id = optString(params, 'guest_query_id') ?? '';
  const raw = optJson(params, 'result', "can't parse inline query result JSON object");
  if (raw === undefined) throw badRequest("result isn't specified");
  const result = checkResult(core, raw, new Set(), { article: true });
  const query = core.guestQueries.claim(id);
  const chat = core.chats.get(query.chatId);
  if (!chat) throw new Error(`guest query ${id} of an unknown chat`);
  const inlineMessageId = core.inlineMessages.reserve();
  const msg = core.chats.addMessage(chat, {
    ...resultMessage(core, result),
    fromBot: true,
    guestCaller: query.caller,
    inlineMessageId,
  });
  core.inlineMessages.place(inlineMessageId, chat.id, msg.messageId);
  core.guestQueries.posted(id, msg);
  return { inline_message_id: inlineMessageId };
};
