/**
 * Groups and supergroups as a bot meets them: who is a member, whether the bot is (and may write,
 * read or delete there), and which members' messages reach it under privacy mode. Also two users'
 * own private chat, where the bot is never a member and appears only as a guest (Bot API 10.0).
 */
import type { ChatMember, MessageEntity, User, UserFromGetMe } from 'grammy/types';
import { ApiError } from '../api-error.js';
import type { StoredMessage } from './chats.js';

export type GroupType = 'group' | 'supergroup' | 'private';
export type MemberStatus = 'creator' | 'administrator' | 'member' | 'left' | 'kicked';
export type BotStatus = 'member' | 'administrator' | 'left' | 'kicked';

export interface GroupInfo {
  type: GroupType;
  /** '' for two users' private chat. */
  title: string;
  members: Map<number, { user: User; status: MemberStatus }>;
  bot: BotStatus;
  /**
   * Privacy mode as it applies in this group: Telegram fixes it when the bot joins (a changed
   * setting needs the bot re-added), and an administrator bot receives everything anyway.
   */
  privacyMode: boolean;
  /** Whether the chat can show ephemeral messages (false: sends answer EPHEMERAL_MESSAGES_UNSUPPORTED). */
  ephemeralSupported: boolean;
  /** The callback_query chat_instance of this chat. */
  chatInstance: string;
}

export function isBotMember(group: GroupInfo): boolean {
  return group.bot === 'member' || group.bot === 'administrator';
}

export function isMember(group: GroupInfo, userId: number): boolean {
  const status = group.members.get(userId)?.status;
  return status === 'creator' || status === 'administrator' || status === 'member';
}

/**
 * Writing, editing or deleting needs the bot in the chat: 403 as the Bot API server answers it
 * (a runtime fact, e.g. a bot removed meanwhile, not a bug of the bot's).
 */
export function writeAccessError(group: GroupInfo): ApiError | undefined {
  if (isBotMember(group)) return undefined;
  const kind = group.type === 'supergroup' ? 'supergroup' : 'group';
  const description =
    group.bot === 'kicked'
      ? `Forbidden: bot was kicked from the ${kind} chat`
      : `Forbidden: bot is not a member of the ${kind} chat`;
  return new ApiError(403, description, { problem: false });
}

/** A (private) supergroup is not even readable (getChat, getChatMember) by a bot outside it; a group is. */
export function readAccessError(group: GroupInfo): ApiError | undefined {
  return group.type === 'supergroup' ? writeAccessError(group) : undefined;
}

export function botMember(botUser: UserFromGetMe, status: BotStatus): ChatMember {
  const user: User = {
    id: botUser.id,
    is_bot: true,
    first_name: botUser.first_name,
    username: botUser.username,
  };
  return memberObject(user, status);
}

export function memberObject(user: User, status: MemberStatus): ChatMember {
  switch (status) {
    case 'creator':
      return { status, user, is_anonymous: false };
    case 'administrator':
      return {
        status,
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: true,
        can_manage_video_chats: true,
        can_restrict_members: true,
        can_promote_members: false,
        can_change_info: true,
        can_invite_users: true,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
        can_pin_messages: true,
        can_send_welcome_messages: false,
      };
    case 'kicked':
      return { status, user, until_date: 0 };
    default:
      return { status, user };
  }
}

/**
 * Whether a member's message reaches the bot. Outside the group: never (see guest mode). Privacy
 * mode off, or the bot an administrator: always. Otherwise only commands meant for it (`/cmd` or
 * `/cmd@thisbot`, never `/cmd@otherbot`), messages mentioning @thisbot, replies to its messages,
 * and service messages.
 */
export function botHears(
  group: GroupInfo,
  msg: StoredMessage,
  botUser: UserFromGetMe,
  repliedTo: StoredMessage | undefined,
): boolean {
  if (!isBotMember(group)) return false;
  if (!group.privacyMode || group.bot === 'administrator') return true;
  if (msg.service) return true;
  if (repliedTo?.fromBot) return true;
  const { text, entities } = textOf(msg);
  const me = botUser.username.toLowerCase();
  return entities.some((e) => {
    const part = text.slice(e.offset, e.offset + e.length);
    if (e.type === 'bot_command') {
      const at = part.indexOf('@');
      return at < 0 || part.slice(at + 1).toLowerCase() === me;
    }
    if (e.type === 'mention') return part.toLowerCase() === `@${me}`;
    return e.type === 'text_mention' && e.user.id === botUser.id;
  });
}

/** The message mentions @thisbot (a `mention` entity): how a user summons a guest bot. */
export function mentionsBot(msg: StoredMessage, botUser: UserFromGetMe): boolean {
  const { text, entities } = textOf(msg);
  const me = `@${botUser.username.toLowerCase()}`;
  return entities.some(
    (e) => e.type === 'mention' && text.slice(e.offset, e.offset + e.length).toLowerCase() === me,
  );
}

function textOf(msg: StoredMessage): { text: string; entities: MessageEntity[] } {
  if (msg.text !== undefined) return { text: msg.text, entities: msg.entities ?? [] };
  return { text: msg.caption ?? '', entities: msg.captionEntities ?? [] };
}
