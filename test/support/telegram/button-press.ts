import type { CallbackQuery, User } from 'grammy/types';
import type { Core } from './core.js';
import { apiMessage } from './message-view.js';
import { DEFAULT_TIMEOUT_MS } from './message-wait.js';
import { isInlineKeyboard } from './reply-markup.js';
import type { CallbackAnswer } from './state/callbacks.js';
import type { ChatState, StoredMessage } from './state/chats.js';

/** The newest of these messages with an inline button labelled so, and that button. */
export function findButton(
  messages: StoredMessage[],
  label: string | RegExp,
): { msg: StoredMessage; text: string; data: string | undefined } | undefined {
  const matches = (text: string) => (typeof label === 'string' ? text === label : label.test(text));
  for (const msg of [...messages].reverse()) {
    if (!isInlineKeyboard(msg.replyMarkup)) continue;
    const button = msg.replyMarkup.inline_keyboard.flat().find((b) => matches(b.text));
    if (!button) continue;
    const data = 'callback_data' in button ? button.callback_data : undefined;
    return { msg, text: button.text, data };
  }
  return undefined;
}

/** The buttons of these messages, for a failure message. */
export function describeButtons(messages: StoredMessage[]): string {
  const lines = messages
    .filter((m) => isInlineKeyboard(m.replyMarkup))
    .map((m) => {
      const rows = isInlineKeyboard(m.replyMarkup) ? m.replyMarkup.inline_keyboard : [];
      const where = m.ephemeral ? `ephemeral #e${m.ephemeral.id}` : `#${m.messageId}`;
      return `${where}: ${rows
        .flat()
        .map((b) => `[${b.text}]`)
        .join(' ')}`;
    });
  return lines.length ? `Buttons: ${lines.join('; ')}` : 'No message in this chat has inline buttons.';
}

/**
 * A user presses a button: the bot gets a callback_query (with the message, or for an inline
 * message its inline_message_id and no message) and the press resolves with the bot's answer.
 */
export async function pressOn(
  core: Core,
  chat: ChatState,
  msg: StoredMessage,
  press: { by: User; data: string; label: string | undefined; timeoutMs?: number | undefined },
  transcript: () => string,
): Promise<CallbackAnswer> {
  const { by, data, label } = press;
  const timeoutMs = press.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const query = core.callbacks.create(chat.id, by.id, msg.messageId, data);
  core.chats.record(chat, {
    type: 'pressed',
    messageId: msg.messageId,
    data,
    queryId: query.id,
    label,
    ...(chat.kind === 'group'
      ? { by, ephemeralId: msg.ephemeral?.id, inlineMessageId: msg.inlineMessageId }
      : {}),
  });
  const chatInstance = chat.kind === 'group' ? chat.group.chatInstance : String(chat.id * 31);
  const callback: CallbackQuery = msg.inlineMessageId
    ? { id: query.id, from: by, inline_message_id: msg.inlineMessageId, chat_instance: chatInstance, data }
    : { id: query.id, from: by, message: apiMessage(core, chat, msg), chat_instance: chatInstance, data };
  core.updates.push({ callback_query: callback });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const what = label ? `button ${JSON.stringify(label)}` : `callback data ${JSON.stringify(data)}`;
      const on = msg.ephemeral ? `ephemeral message #e${msg.ephemeral.id}` : `message #${msg.messageId}`;
      reject(
        new Error(
          `The bot did not answer the callback query for ${what} on ${on} within ${timeoutMs} ms.\n${transcript()}`,
        ),
      );
    }, timeoutMs);
  });
  try {
    return await Promise.race([query.answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
