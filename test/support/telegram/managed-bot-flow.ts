import type { KeyboardButtonRequestManagedBot, UserFromGetMe } from 'grammy/types';
import type { Core } from './core.js';
import { apiMessage } from './message-view.js';
import { isRecord } from './params.js';
import { isInlineKeyboard } from './reply-markup.js';

export interface ManagedBotCreation {
  bot: UserFromGetMe;
  /** The `managed_bot` update the manager receives (the service message comes as its own update). */
  updateId: number;
}

/**
 * A user presses the manager bot's `request_managed_bot` keyboard button and creates the bot in
 * Telegram's own dialog (Bot API 9.6): the new bot is served at once, and the manager receives the
 * service message `managed_bot_created` in that chat and the `managed_bot` update.
 */
export function createManagedBot(
  core: Core,
  userId: number,
  choice: { name?: string; username?: string } = {},
): ManagedBotCreation {
  const chat = core.chats.privateChat(userId);
  if (!chat) throw new Error(`user ${userId} has no chat with @${core.botUser.username}`);
  const request = lastManagedBotRequest(core, userId);
  if (!request) throw new Error(`no request_managed_bot button is shown in chat ${userId}`);
  const username =
    choice.username ??
    request.suggested_username ??
    `${chat.user.first_name.replace(/\W/g, '')}_${userId}_bot`;
  const name = choice.name ?? request.suggested_name ?? username;
  const bot = core.managedBots.create({ first_name: name, username });
  const botUser = { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username };
  const msg = core.chats.addMessage(chat, {
    fromBot: false,
    service: { managed_bot_created: { bot: botUser } },
  });
  core.updates.push({ message: apiMessage(core, chat, msg) });
  const updateId = core.updates.push({ managed_bot: { user: chat.user, bot: botUser } });
  return { bot, updateId };
}

/** The newest live reply keyboard of the bot in this chat that asks for a managed bot. */
function lastManagedBotRequest(core: Core, userId: number): KeyboardButtonRequestManagedBot | undefined {
  const messages = [...(core.chats.privateChat(userId)?.messages.values() ?? [])].filter(
    (m) => m.fromBot && !m.deleted,
  );
  for (const m of messages.reverse()) {
    const markup = m.replyMarkup;
    if (!markup || isInlineKeyboard(markup) || !('keyboard' in markup)) continue;
    for (const button of markup.keyboard.flat()) {
      if (isRecord(button) && isRecord(button['request_managed_bot']))
        return button['request_managed_bot'] as unknown as KeyboardButtonRequestManagedBot;
    }
  }
  return undefined;
}
