import type { Chat, User } from 'grammy/types';
import { type BotMessage, toBotMessage } from './bot-message.js';
import type { Core } from './core.js';
import { changeBotStatus } from './group-events.js';
import { type GroupMember, GroupMemberImpl, publicBotMessages } from './group-member.js';
import { apiChat } from './message-view.js';
import { type MessageMatch, type WaitOptions, waitForBotMessage } from './message-wait.js';
import type { GroupChatState } from './state/chats.js';
import { EphemeralMessages } from './state/ephemeral.js';
import { isBotMember, isMember } from './state/groups.js';
import { formatTranscript } from './transcript.js';

export type { GroupMember, GroupSend, GuestAsk } from './group-member.js';

/**
 * A group, supergroup, or two users' private chat, as a test drives it; its members act through
 * `as(member)` (group-member.ts), the bot's side of it is group-events.ts.
 */
export interface ScriptedGroup {
  /** The chat id (two users' private chat: an internal id, which no Bot API call resolves). */
  readonly chatId: number;
  readonly type: 'group' | 'supergroup' | 'private';
  readonly title: string;
  /** The Chat object updates carry (two users' chat: as its first user sees it, i.e. the other user). */
  readonly chat: Chat;
  /** This member's view and actions; throws for a user who is not a member. */
  as(member: { id: number }): GroupMember;
  /** A member (default: the creator) adds the bot: my_chat_member (left -> member) and new_chat_members. */
  addBot(by?: { id: number }): number;
  /** A member removes the bot: my_chat_member (-> left). */
  removeBot(by?: { id: number }): number;
  /** A member bans the bot: my_chat_member (-> kicked); sends then answer "bot was kicked". */
  kickBot(by?: { id: number }): number;
  /** The creator promotes the bot: my_chat_member (-> administrator); it may delete any message and hears all. */
  makeBotAdmin(by?: { id: number }): number;
  /** Whether the chat can show ephemeral messages (default true); off, they fail with EPHEMERAL_MESSAGES_UNSUPPORTED. */
  setEphemeralSupport(on: boolean): void;
  /** The bot's live messages every member sees (no ephemeral ones), oldest first. */
  messages(): BotMessage[];
  lastMessage(): BotMessage | undefined;
  /** A bot message every member sees (ephemeral ones never match). */
  waitForMessage(match?: MessageMatch, opts?: WaitOptions): Promise<BotMessage>;
  transcript(): string;
}

export class ScriptedGroupImpl implements ScriptedGroup {
  constructor(
    private readonly core: Core,
    private readonly state: GroupChatState,
  ) {}

  get chatId(): number {
    return this.state.id;
  }

  get type(): 'group' | 'supergroup' | 'private' {
    return this.state.group.type;
  }

  get title(): string {
    return this.state.group.title;
  }

  get chat(): Chat {
    return apiChat(this.state, this.state.group.members.keys().next().value);
  }

  as(member: { id: number }): GroupMember {
    const found = this.state.group.members.get(member.id);
    if (!found) throw new Error(`user ${member.id} is not a member of ${this.describe()}`);
    return new GroupMemberImpl(this.core, this.state, found.user);
  }

  addBot(by?: { id: number }): number {
    return this.setBot('member', by);
  }

  removeBot(by?: { id: number }): number {
    return this.setBot('left', by);
  }

  kickBot(by?: { id: number }): number {
    return this.setBot('kicked', by);
  }

  makeBotAdmin(by?: { id: number }): number {
    if (!isBotMember(this.state.group)) throw new Error(`the bot is not a member of ${this.describe()}`);
    return this.setBot('administrator', by);
  }

  setEphemeralSupport(on: boolean): void {
    this.state.group.ephemeralSupported = on;
  }

  messages(): BotMessage[] {
    return publicBotMessages(this.state).map((m) => toBotMessage(m, this.core.files));
  }

  lastMessage(): BotMessage | undefined {
    return this.messages().at(-1);
  }

  waitForMessage(match?: MessageMatch, opts: WaitOptions = {}): Promise<BotMessage> {
    return waitForBotMessage(
      this.core,
      this.state,
      (m) => !m.ephemeral,
      match,
      opts,
      () => this.transcript(),
    );
  }

  transcript(): string {
    return formatTranscript(this.state);
  }

  private setBot(
    status: 'member' | 'administrator' | 'left' | 'kicked',
    by: { id: number } | undefined,
  ): number {
    const { group } = this.state;
    if (group.type === 'private') throw new Error('the bot is never a member of two users’ private chat');
    const actor = by
      ? group.members.get(by.id)
      : [...group.members.values()].find((m) => m.status === 'creator');
    if (!actor || !isMember(group, actor.user.id)) throw new Error(`no such member of ${this.describe()}`);
    return changeBotStatus(this.core, this.state, actor.user, status);
  }

  private describe(): string {
    return this.state.group.type === 'private' ? 'this private chat' : `"${this.state.group.title}"`;
  }
}

export interface GroupSpec {
  title: string;
  /** Default 'group'. */
  type?: 'group' | 'supergroup';
  /** The members (users created with createUser); the first is the creator unless `creator` says otherwise. */
  members: Array<{ user: User }>;
  creator?: { id: number };
  /** Members who are administrators. */
  admins?: Array<{ id: number }>;
  /** Default true: the creator adds the bot (my_chat_member, new_chat_members). */
  botIsMember?: boolean;
  /**
   * Whether privacy mode applies here (default: the bot's setting, EmulatorOptions.privacyMode, on by
   * default): the bot hears only commands for it, mentions of it, replies to it, service messages.
   */
  privacyMode?: boolean;
}

/** A new group with its members; the bot is added (with its updates) unless `botIsMember: false`. */
export function openGroup(core: Core, id: number, spec: GroupSpec): ScriptedGroup {
  if (spec.members.length === 0) throw new Error('a group needs at least one member');
  const creatorId = spec.creator?.id ?? spec.members[0]!.user.id;
  const admins = new Set((spec.admins ?? []).map((a) => a.id));
  const members = new Map(
    spec.members.map(({ user }) => {
      const status = user.id === creatorId ? 'creator' : admins.has(user.id) ? 'administrator' : 'member';
      return [user.id, { user, status }] as const;
    }),
  );
  if (!members.has(creatorId)) throw new Error('the creator must be one of the members');
  const state = core.chats.createGroup(
    id,
    {
      type: spec.type ?? 'group',
      title: spec.title,
      members,
      bot: 'left',
      privacyMode: spec.privacyMode ?? !core.botUser.can_read_all_group_messages,
      ephemeralSupported: true,
      chatInstance: String(BigInt(-id) * 7919n + 17n),
    },
    new EphemeralMessages(core.now),
  );
  const group = new ScriptedGroupImpl(core, state);
  if (spec.botIsMember ?? true) group.addBot();
  return group;
}

/** Two users' own private chat: the bot is never a member, and is reached there only as a guest. */
export function openUsersChat(core: Core, id: number, a: User, b: User): ScriptedGroup {
  if (a.id === b.id) throw new Error('a private chat needs two different users');
  const state = core.chats.createGroup(
    id,
    {
      type: 'private',
      title: '',
      members: new Map([
        [a.id, { user: a, status: 'member' }],
        [b.id, { user: b, status: 'member' }],
      ]),
      bot: 'left',
      privacyMode: true,
      ephemeralSupported: false,
      chatInstance: String(BigInt(-id) * 7919n + 17n),
    },
    new EphemeralMessages(core.now),
  );
  return new ScriptedGroupImpl(core, state);
}
