import type { MessageEntity, User } from 'grammy/types';
import { type BotMessage, toBotMessage } from './bot-message.js';
import { describeButtons, findButton, pressOn } from './button-press.js';
import type { Core } from './core.js';
import { type PostedUserMessage, postUserMessage, typedEntities } from './group-events.js';
import {
  DEFAULT_TIMEOUT_MS,
  type MessageMatch,
  type WaitOptions,
  waitForBotMessage,
} from './message-wait.js';
import type { CallbackAnswer } from './state/callbacks.js';
import type { GroupChatState, StoredMessage } from './state/chats.js';
import { isBotMember } from './state/groups.js';
import { formatTranscript } from './transcript.js';

/** What became of a member's message. */
export interface GroupSend {
  /** Its message_id in the chat (0 for an ephemeral message). */
  messageId: number;
  ephemeral_message_id?: number;
  /**
   * The update the bot was sent for it: a `message`, a `guest_message`, or none (privacy mode, the
   * bot not a member, guest mode off). Whether the bot then receives it is up to its allowed_updates.
   */
  update: 'message' | 'guest_message' | undefined;
  updateId: number | undefined;
}

/** A member summoned the bot as a guest (`@bot query`). */
export interface GuestAsk extends GroupSend {
  /** The guest_query_id the bot got; undefined if no guest_message was sent (see `update`). */
  guestQueryId: string | undefined;
  /** The bot's answer (answerGuestQuery) as posted in the chat; rejects after the timeout. */
  answer(opts?: { timeoutMs?: number }): Promise<BotMessage>;
}

/** One member acting in a group (or in two users' private chat), and what that member sees there. */
export interface GroupMember {
  readonly id: number;
  readonly user: User;
  /** Typed text: a leading /command and @mentions get their entities, as Telegram clients give them. */
  sendText(
    text: string,
    opts?: { entities?: MessageEntity[]; replyTo?: BotMessage | number },
  ): Promise<GroupSend>;
  /**
   * `/command@<bot> args` (`bare`: `/command args`). `ephemeral`: sent as an ephemeral message,
   * seen by the bot only, as clients send commands the bot registered with is_ephemeral.
   */
  sendCommand(
    command: string,
    args?: string,
    opts?: { bare?: boolean; ephemeral?: boolean },
  ): Promise<GroupSend>;
  replyTo(message: BotMessage | number, text: string): Promise<GroupSend>;
  /** Types `@<bot> query` in the chat: a guest query if the bot is not a member and guest mode is on. */
  askGuest(query: string, opts?: { replyTo?: BotMessage | number }): Promise<GuestAsk>;
  /**
   * Presses an inline button on a message this member sees (the bot's messages, its inline
   * messages, and ephemeral messages this member received), newest first, or on `message`.
   */
  pressButton(
    label: string | RegExp,
    opts?: { message?: BotMessage; messageId?: number; timeoutMs?: number },
  ): Promise<CallbackAnswer>;
  pressCallbackData(
    data: string,
    message: BotMessage | number,
    opts?: { timeoutMs?: number },
  ): Promise<CallbackAnswer>;
  /** The bot's live messages this member sees, ephemeral ones received included, oldest first. */
  messages(): BotMessage[];
  lastMessage(): BotMessage | undefined;
  waitForMessage(match?: MessageMatch, opts?: WaitOptions): Promise<BotMessage>;
}

export class GroupMemberImpl implements GroupMember {
  constructor(
    private readonly core: Core,
    private readonly state: GroupChatState,
    readonly user: User,
  ) {}

  get id(): number {
    return this.user.id;
  }

  async sendText(
    text: string,
    opts: { entities?: MessageEntity[]; replyTo?: BotMessage | number } = {},
  ): Promise<GroupSend> {
    return this.send(text, opts.entities, opts.replyTo, false);
  }

  async sendCommand(
    command: string,
    args?: string,
    opts: { bare?: boolean; ephemeral?: boolean } = {},
  ): Promise<GroupSend> {
    const name = command.replace(/^\//, '');
    if (opts.ephemeral && !this.core.settings.isEphemeralCommand(name))
      throw new Error(
        `/${name} is not a command the bot registered with is_ephemeral: clients send it publicly`,
      );
    if (opts.ephemeral && !isBotMember(this.state.group))
      throw new Error('an ephemeral command goes to a bot in the group, and the bot is not a member');
    const head = opts.bare ? `/${name}` : `/${name}@${this.core.botUser.username}`;
    return this.send(args ? `${head} ${args}` : head, undefined, undefined, opts.ephemeral ?? false);
  }

  replyTo(message: BotMessage | number, text: string): Promise<GroupSend> {
    return this.sendText(text, { replyTo: message });
  }

  async askGuest(query: string, opts: { replyTo?: BotMessage | number } = {}): Promise<GuestAsk> {
    const text = query ? `@${this.core.botUser.username} ${query}` : `@${this.core.botUser.username}`;
    const posted = this.post(text, undefined, opts.replyTo, false);
    const pending = posted.guestQuery;
    return {
      ...this.outcome(posted),
      guestQueryId: pending?.id,
      answer: ({ timeoutMs = DEFAULT_TIMEOUT_MS } = {}) => {
        if (!pending)
          return Promise.reject(
            new Error(`No guest query was sent for ${JSON.stringify(text)}\n${this.transcript()}`),
          );
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(
                  `The bot did not answer the guest query ${JSON.stringify(text)}\n${this.transcript()}`,
                ),
              ),
            timeoutMs,
          );
        });
        return Promise.race([pending.answer.then((m) => toBotMessage(m, this.core.files)), late]).finally(
          () => clearTimeout(timer),
        );
      },
    };
  }

  async pressButton(
    label: string | RegExp,
    opts: { message?: BotMessage; messageId?: number; timeoutMs?: number } = {},
  ): Promise<CallbackAnswer> {
    const seen = this.visibleMessages();
    const candidates = seen.filter(
      (m) =>
        (opts.message === undefined || sameMessage(m, opts.message)) &&
        (opts.messageId === undefined || (m.messageId === opts.messageId && !m.ephemeral)),
    );
    const found = findButton(candidates, label);
    if (!found) {
      throw new Error(
        `No inline button matching ${String(label)} that ${this.user.first_name} sees. ${describeButtons(seen)}\n${this.transcript()}`,
      );
    }
    if (found.data === undefined) {
      throw new Error(`Button ${JSON.stringify(found.text)} has no callback_data (it is not pressable here)`);
    }
    return this.press(found.msg, found.data, found.text, opts.timeoutMs);
  }

  pressCallbackData(
    data: string,
    message: BotMessage | number,
    opts: { timeoutMs?: number } = {},
  ): Promise<CallbackAnswer> {
    const msg =
      typeof message === 'number'
        ? this.visibleMessages().find((m) => m.messageId === message && !m.ephemeral)
        : this.visibleMessages().find((m) => sameMessage(m, message));
    if (!msg) {
      const which = typeof message === 'number' ? `#${message}` : describeRef(message);
      return Promise.reject(
        new Error(`${this.user.first_name} sees no message ${which}\n${this.transcript()}`),
      );
    }
    return this.press(msg, data, undefined, opts.timeoutMs);
  }

  messages(): BotMessage[] {
    return this.visibleMessages().map((m) => toBotMessage(m, this.core.files));
  }

  lastMessage(): BotMessage | undefined {
    return this.messages().at(-1);
  }

  waitForMessage(match?: MessageMatch, opts: WaitOptions = {}): Promise<BotMessage> {
    return waitForBotMessage(
      this.core,
      this.state,
      (m) => this.sees(m),
      match,
      opts,
      () => this.transcript(),
    );
  }

  private transcript(): string {
    return formatTranscript(this.state);
  }

  private sees(m: StoredMessage): boolean {
    return !m.ephemeral || m.ephemeral.receiver?.id === this.user.id;
  }

  /** The bot's live messages this member sees; an ephemeral one shown in place of a message hides it. */
  private visibleMessages(): StoredMessage[] {
    const own = this.state.ephemeral.all().filter((m) => m.fromBot && !m.deleted && this.sees(m));
    const replaced = new Set(own.map((m) => m.ephemeral?.replaces).filter((id) => id !== undefined));
    return [...publicBotMessages(this.state).filter((m) => !replaced.has(m.messageId)), ...own].sort(
      (a, b) => a.sentAt - b.sentAt,
    );
  }

  private press(msg: StoredMessage, data: string, label: string | undefined, timeoutMs?: number) {
    return pressOn(this.core, this.state, msg, { by: this.user, data, label, timeoutMs }, () =>
      this.transcript(),
    );
  }

  private async send(
    text: string,
    entities: MessageEntity[] | undefined,
    replyTo: BotMessage | number | undefined,
    ephemeral: boolean,
  ): Promise<GroupSend> {
    return this.outcome(this.post(text, entities, replyTo, ephemeral));
  }

  private post(
    text: string,
    entities: MessageEntity[] | undefined,
    replyTo: BotMessage | number | undefined,
    ephemeral: boolean,
  ): PostedUserMessage {
    const replyId = typeof replyTo === 'number' ? replyTo : replyTo?.message_id;
    if (replyId === 0) throw new Error('replying to an ephemeral message is not supported by the emulator');
    if (replyId !== undefined) {
      const target = this.state.messages.get(replyId);
      if (!target || target.deleted)
        throw new Error(`no message #${replyId} to reply to\n${this.transcript()}`);
    }
    const fields = { text, entities: entities ?? typedEntities(text), replyTo: replyId };
    return postUserMessage(this.core, this.state, this.user, fields, { ephemeral });
  }

  private outcome(posted: PostedUserMessage): GroupSend {
    return {
      messageId: posted.msg.messageId,
      ...(posted.msg.ephemeral ? { ephemeral_message_id: posted.msg.ephemeral.id } : {}),
      update: posted.update,
      updateId: posted.updateId,
    };
  }
}

/** The bot's live messages every member of the chat sees (no ephemeral ones). */
export function publicBotMessages(state: GroupChatState): StoredMessage[] {
  return [...state.messages.values()].filter((m) => m.fromBot && !m.deleted);
}

/** The stored message a test's BotMessage is: by ephemeral id, inline message id, or message id. */
function sameMessage(m: StoredMessage, ref: BotMessage): boolean {
  if (ref.ephemeral_message_id !== undefined) return m.ephemeral?.id === ref.ephemeral_message_id;
  if (ref.inline_message_id !== undefined) return m.inlineMessageId === ref.inline_message_id;
  return !m.ephemeral && m.messageId === ref.message_id;
}

function describeRef(ref: BotMessage): string {
  if (ref.ephemeral_message_id !== undefined) return `ephemeral #e${ref.ephemeral_message_id}`;
  if (ref.inline_message_id !== undefined) return `inline ${ref.inline_message_id}`;
  return `#${ref.message_id}`;
}
