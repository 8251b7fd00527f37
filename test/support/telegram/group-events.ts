/**
 * What Telegram tells the bot when something happens in a group: a member's message (if privacy
 * mode lets it through), a guest query (the bot mentioned where it is not a member, guest mode
 * on), and the bot's own membership changing (my_chat_member, plus the service message of it
 * being added).
 */
import type { ChatMember, MessageEntity, User } from 'grammy/types';
import type { Core } from './core.js';
import { apiChat, apiMessage, botAsUser } from './message-view.js';
import type { GroupChatState, NewMessage, StoredMessage } from './state/chats.js';
import { type BotStatus, botHears, botMember, isBotMember, mentionsBot } from './state/groups.js';

export interface PostedUserMessage {
  msg: StoredMessage;
  /** The update the bot was sent for it, if any. */
  update: 'message' | 'guest_message' | undefined;
  updateId: number | undefined;
  guestQuery: { id: string; answer: Promise<StoredMessage> } | undefined;
}

const COMMAND = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]+)?/;
const MENTION = /(?<![\w@])@[A-Za-z][A-Za-z0-9_]{3,31}(?![\w@])/g;

/** The entities a Telegram client gives typed text: a leading bot command, and @username mentions. */
export function typedEntities(text: string): MessageEntity[] {
  const command = COMMAND.exec(text);
  const entities: MessageEntity[] = command
    ? [{ type: 'bot_command', offset: 0, length: command[0].length }]
    : [];
  for (const m of text.matchAll(MENTION)) {
    if (command && m.index < command[0].length) continue;
    entities.push({ type: 'mention', offset: m.index, length: m[0].length });
  }
  return entities;
}

/** A member's message (an ephemeral one reaches the bot only: a command the bot marked is_ephemeral). */
export function postUserMessage(
  core: Core,
  chat: GroupChatState,
  from: User,
  fields: Omit<NewMessage, 'fromBot' | 'from'>,
  opts: { ephemeral?: boolean } = {},
): PostedUserMessage {
  const msg = opts.ephemeral
    ? core.chats.addEphemeral(chat, { ...fields, fromBot: false, from, ephemeral: {} })
    : core.chats.addMessage(chat, { ...fields, fromBot: false, from });
  const replied = msg.replyTo === undefined ? undefined : chat.messages.get(msg.replyTo);
  if (botHears(chat.group, msg, core.botUser, replied)) {
    const updateId = core.updates.push({ message: apiMessage(core, chat, msg) });
    return { msg, update: 'message', updateId, guestQuery: undefined };
  }
  // Guest mode (Bot API 10.0): the bot mentioned in a chat it is not a member of.
  if (
    !isBotMember(chat.group) &&
    core.botUser.supports_guest_queries === true &&
    mentionsBot(msg, core.botUser)
  ) {
    const guestQuery = core.guestQueries.create(chat.id, from, msg.messageId);
    const updateId = core.updates.push({
      guest_message: { ...apiMessage(core, chat, msg), guest_query_id: guestQuery.id },
    });
    return { msg, update: 'guest_message', updateId, guestQuery };
  }
  return { msg, update: undefined, updateId: undefined, guestQuery: undefined };
}

/**
 * The bot's status in the group changes: my_chat_member (from the member who did it). Added back,
 * the bot also gets the service message `new_chat_members` of itself; removed, the
 * `left_chat_member` message stays in the group, unseen by the bot.
 */
export function changeBotStatus(core: Core, chat: GroupChatState, by: User, status: BotStatus): number {
  const { group } = chat;
  const old = group.bot;
  if (old === status) throw new Error(`the bot is ${status} of ${group.title} already`);
  const wasIn = isBotMember(group);
  group.bot = status;
  core.chats.record(chat, {
    type: 'membership',
    note: `${by.first_name} made the bot ${status} (was ${old})`,
  });
  const updateId = core.updates.push({
    my_chat_member: {
      chat: apiChat(chat),
      from: by,
      date: Math.floor(Date.now() / 1000),
      old_chat_member: botMember(core.botUser, old) as ChatMember,
      new_chat_member: botMember(core.botUser, status) as ChatMember,
    },
  });
  if (!wasIn && isBotMember(group)) {
    postUserMessage(core, chat, by, { service: { new_chat_members: [botAsUser(core)] } });
  } else if (wasIn && !isBotMember(group)) {
    core.chats.addMessage(chat, { fromBot: false, from: by, service: { left_chat_member: botAsUser(core) } });
  }
  return updateId;
}
