import { randomInt } from 'node:crypto';
import type { MessageEntity, User } from 'grammy/types';
import { type BotMessage, toBotMessage } from './bot-message.js';
import { describeButtons, findButton, pressOn } from './button-press.js';
import type { Core } from './core.js';
import type { FileContent } from './files/file-store.js';
import { fileSize } from './files/file-store.js';
import { imageSize } from './files/image-size.js';
import { photoSizes } from './files/input-file.js';
import { apiMessage } from './message-view.js';
import {
  DEFAULT_TIMEOUT_MS,
  type MessageMatch,
  type WaitOptions,
  waitForBotMessage,
} from './message-wait.js';
import type { CallbackAnswer } from './state/callbacks.js';
import type { MessageMedia, NewMessage, PrivateChatState, StoredMessage } from './state/chats.js';
import type { InlineAnswer } from './state/inline-queries.js';
import type { StoredInvoice } from './state/payments.js';
import type { InvoiceLink } from './state/star-subscriptions.js';
import { formatTranscript } from './transcript.js';

export type { BotMessage, BotMessageMedia } from './bot-message.js';
export type { MessageMatch, WaitOptions } from './message-wait.js';
export type { CallbackAnswer } from './state/callbacks.js';
export type { InlineAnswer, InlineResult } from './state/inline-queries.js';

export type MediaGroupItem =
  | { type: 'photo'; bytes: Buffer; width?: number; height?: number; caption?: string }
  | {
      type: 'video';
      bytes: Buffer;
      duration?: number;
      width?: number;
      height?: number;
      mime_type?: string;
      file_name?: string;
      caption?: string;
    };

export interface ScriptedUser {
  id: number;
  chatId: number;
  languageCode?: string;
  /** The Telegram User object updates carry. */
  user: User;
  /** Plain text, or formatted with `entities` (as Telegram sends what the user formatted). */
  sendText(text: string, opts?: { entities?: MessageEntity[] }): Promise<void>;
  sendCommand(command: string, args?: string): Promise<void>;
  sendPhoto(bytes: Buffer, opts?: { width?: number; height?: number; caption?: string }): Promise<void>;
  sendVideo(
    bytes: Buffer,
    opts: {
      duration: number;
      width: number;
      height: number;
      mime_type?: string;
      file_name?: string;
      caption?: string;
    },
  ): Promise<void>;
  /** `{ size }` or a `{ path, size }` that does not exist fakes a file of that size (zeros, generated on download). */
  sendDocument(
    bytes: Buffer | { path?: string; size: number },
    opts: { file_name: string; mime_type: string; caption?: string },
  ): Promise<void>;
  sendMediaGroup(items: MediaGroupItem[]): Promise<void>;
  pressButton(
    label: string | RegExp,
    opts?: { messageId?: number; timeoutMs?: number },
  ): Promise<CallbackAnswer>;
  pressCallbackData(data: string, messageId: number, opts?: { timeoutMs?: number }): Promise<CallbackAnswer>;
  /** Types `@bot <query>` (an inline_query update) and resolves with the bot's checked answer. */
  inlineQuery(query: string, opts?: { offset?: string; timeoutMs?: number }): Promise<InlineAnswer>;
  messages(): BotMessage[];
  lastMessage(): BotMessage | undefined;
  waitForMessage(match?: MessageMatch, opts?: WaitOptions): Promise<BotMessage>;
  /**
   * Pays an invoice (default: the latest one in the chat) as a user does: the bot gets a
   * pre_checkout_query and has the emulator's deadline to answer; on ok, a successful_payment
   * message follows and the charge is recorded in the bot's Star transactions.
   */
  payInvoice(message?: BotMessage | number): Promise<PaymentOutcome>;
  /**
   * Opens an invoice link (createInvoiceLink) and pays it like payInvoice; a subscription link starts
   * a Star subscription (successful_payment with is_first_recurring and subscription_expiration_date).
   */
  payInvoiceLink(url: string): Promise<PaymentOutcome>;
  transcript(): string;
  /** Blocks the bot: Telegram sends my_chat_member, unless `silently` (the bot finds out on its next send). */
  block(opts?: { silently?: boolean }): void;
  unblock(): void;
}

export type PaymentOutcome =
  | { ok: true; chargeId: string; updateId: number; totalAmount: number }
  | { ok: false; reason: 'declined' | 'timeout'; errorMessage?: string };

const COMMAND = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]+)?/;

/** A person in a private chat with the bot: produces updates, observes the bot's messages. */
export class ScriptedUserImpl implements ScriptedUser {
  readonly id: number;
  readonly chatId: number;
  readonly languageCode?: string;

  constructor(
    private readonly core: Core,
    private readonly chat: PrivateChatState,
  ) {
    this.id = chat.user.id;
    this.chatId = chat.id;
    if (chat.user.language_code) this.languageCode = chat.user.language_code;
  }

  get user(): User {
    return this.chat.user;
  }

  async sendText(text: string, opts: { entities?: MessageEntity[] } = {}): Promise<void> {
    const command = COMMAND.exec(text);
    const entities: MessageEntity[] = command
      ? [{ type: 'bot_command', offset: 0, length: command[0].length }]
      : (opts.entities ?? []);
    this.deliver({ text, entities });
  }

  sendCommand(command: string, args?: string): Promise<void> {
    const name = command.startsWith('/') ? command : `/${command}`;
    return this.sendText(args ? `${name} ${args}` : name);
  }

  async sendPhoto(
    bytes: Buffer,
    opts: { width?: number; height?: number; caption?: string } = {},
  ): Promise<void> {
    this.deliver({ caption: opts.caption, media: await this.photo(bytes, opts) });
  }

  async sendVideo(
    bytes: Buffer,
    opts: {
      duration: number;
      width: number;
      height: number;
      mime_type?: string;
      file_name?: string;
      caption?: string;
    },
  ): Promise<void> {
    this.deliver({ caption: opts.caption, media: await this.video(bytes, opts) });
  }

  async sendDocument(
    bytes: Buffer | { path?: string; size: number },
    opts: { file_name: string; mime_type: string; caption?: string },
  ): Promise<void> {
    let content: FileContent = { type: 'zeros' };
    let size = Buffer.isBuffer(bytes) ? bytes.length : bytes.size;
    if (Buffer.isBuffer(bytes)) content = { type: 'buffer', data: bytes };
    else if (bytes.path) {
      // An existing file is served as is (its real size wins); a missing one is faked with zeros.
      const real = await fileSize(bytes.path);
      if (real !== undefined) {
        content = { type: 'disk', path: bytes.path };
        size = real;
      }
    }
    const file = await this.core.files.add(content, {
      kind: 'document',
      size,
      fileName: opts.file_name,
      mimeType: opts.mime_type,
    });
    this.deliver({ caption: opts.caption, media: { type: 'document', file } });
  }

  async sendMediaGroup(items: MediaGroupItem[]): Promise<void> {
    const mediaGroupId = String(randomInt(10 ** 12, 10 ** 13));
    const prepared = [];
    for (const item of items) {
      const media =
        item.type === 'photo'
          ? await this.photo(item.bytes, item)
          : await this.video(item.bytes, { duration: 0, width: 0, height: 0, ...item });
      prepared.push({ caption: item.caption, media });
    }
    for (const item of prepared) this.deliver({ ...item, mediaGroupId });
  }

  async pressButton(
    label: string | RegExp,
    opts: { messageId?: number; timeoutMs?: number } = {},
  ): Promise<CallbackAnswer> {
    const candidates = this.liveBotMessages().filter(
      (m) => opts.messageId === undefined || m.messageId === opts.messageId,
    );
    const found = findButton(candidates, label);
    if (found) {
      if (found.data === undefined) {
        throw new Error(
          `Button ${JSON.stringify(found.text)} on message #${found.msg.messageId} has no callback_data (it is not pressable here)`,
        );
      }
      return this.press(found.msg, found.data, found.text, opts.timeoutMs);
    }
    const where = opts.messageId === undefined ? `chat ${this.chatId}` : `message #${opts.messageId}`;
    throw new Error(
      `No inline button matching ${String(label)} in ${where}. ${describeButtons(this.liveBotMessages())}\n${this.transcript()}`,
    );
  }

  pressCallbackData(
    data: string,
    messageId: number,
    opts: { timeoutMs?: number } = {},
  ): Promise<CallbackAnswer> {
    const msg = this.chat.messages.get(messageId);
    if (!msg || msg.deleted)
      return Promise.reject(new Error(`Message #${messageId} does not exist in chat ${this.chatId}`));
    return this.press(msg, data, undefined, opts.timeoutMs);
  }

  async inlineQuery(
    query: string,
    opts: { offset?: string; timeoutMs?: number } = {},
  ): Promise<InlineAnswer> {
    const pending = this.core.inlineQueries.create(this.id, query);
    this.core.updates.push({
      inline_query: {
        id: pending.id,
        from: this.chat.user,
        query,
        offset: opts.offset ?? '',
        chat_type: 'sender',
      },
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`The bot did not answer the inline query ${JSON.stringify(query)}`)),
        opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([pending.answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async payInvoice(message?: BotMessage | number): Promise<PaymentOutcome> {
    const id = typeof message === 'number' ? message : message?.message_id;
    const stored =
      id === undefined
        ? this.liveBotMessages()
            .filter((m) => m.invoice)
            .at(-1)
        : this.chat.messages.get(id);
    const invoice = stored?.invoice;
    if (!stored || stored.deleted || !invoice)
      throw new Error(`No invoice to pay in chat ${this.chatId}\n${this.transcript()}`);
    return this.#pay(invoice, undefined);
  }

  async payInvoiceLink(url: string): Promise<PaymentOutcome> {
    const link = this.core.subscriptions.link(url);
    if (!link) throw new Error(`No invoice link ${url}`);
    return this.#pay(link.invoice, link.subscriptionPeriod === undefined ? undefined : link);
  }

  async #pay(invoice: StoredInvoice, subscription: InvoiceLink | undefined): Promise<PaymentOutcome> {
    const checkout = this.core.payments.createCheckout(this.id);
    this.core.updates.push({
      pre_checkout_query: {
        id: checkout.id,
        from: this.user,
        currency: invoice.currency,
        total_amount: invoice.total_amount,
        invoice_payload: invoice.payload,
      },
    });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.core.preCheckoutTimeoutMs);
    });
    const answer = await Promise.race([checkout.answer, deadline]);
    clearTimeout(timer);
    if (answer === 'timeout') {
      this.core.payments.expire(checkout.id);
      return { ok: false, reason: 'timeout' };
    }
    if (!answer.ok)
      return {
        ok: false,
        reason: 'declined',
        ...(answer.errorMessage && { errorMessage: answer.errorMessage }),
      };
    const chargeId = this.core.payments.charge(
      this.user,
      invoice.total_amount,
      subscription?.subscriptionPeriod,
    );
    const now = Math.floor(Date.now() / 1000);
    const started = subscription && this.core.subscriptions.start(this.user, subscription, chargeId, now);
    const successfulPayment = {
      currency: invoice.currency,
      total_amount: invoice.total_amount,
      invoice_payload: invoice.payload,
      ...(started && {
        subscription_expiration_date: started.expiresAt,
        is_recurring: true,
        is_first_recurring: true,
      }),
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: '',
    };
    const msg = this.core.chats.addMessage(this.chat, { fromBot: false, successfulPayment });
    const updateId = this.core.updates.push({ message: apiMessage(this.core, this.chat, msg) });
    return { ok: true, chargeId, updateId, totalAmount: invoice.total_amount };
  }

  messages(): BotMessage[] {
    return [...this.chat.messages.values()]
      .filter((m) => m.fromBot)
      .map((m) => toBotMessage(m, this.core.files));
  }

  lastMessage(): BotMessage | undefined {
    const last = this.liveBotMessages().at(-1);
    return last && toBotMessage(last, this.core.files);
  }

  waitForMessage(match?: MessageMatch, opts: WaitOptions = {}): Promise<BotMessage> {
    return waitForBotMessage(
      this.core,
      this.chat,
      () => true,
      match,
      opts,
      () => this.transcript(),
    );
  }

  transcript(): string {
    return formatTranscript(this.chat);
  }

  block(opts: { silently?: boolean } = {}): void {
    if (opts.silently) {
      // The bot learns only when it next writes (403), as after a my_chat_member it never got.
      this.chat.blocked = true;
      this.core.chats.record(this.chat, { type: 'blocked' });
      return;
    }
    this.setBlocked(true);
  }

  unblock(): void {
    this.setBlocked(false);
  }

  /** Telegram tells the bot through my_chat_member, which bots use to mark users inactive. */
  private setBlocked(blocked: boolean): void {
    if (this.chat.blocked === blocked) return;
    this.chat.blocked = blocked;
    this.core.chats.record(this.chat, { type: blocked ? 'blocked' : 'unblocked' });
    const bot = {
      id: this.core.botUser.id,
      is_bot: true,
      first_name: this.core.botUser.first_name,
      username: this.core.botUser.username,
    };
    const date = Math.floor(Date.now() / 1000);
    this.core.updates.push({
      my_chat_member: {
        chat: { id: this.chatId, type: 'private', first_name: this.user.first_name },
        from: this.user,
        date,
        old_chat_member: blocked
          ? { status: 'member', user: bot }
          : { status: 'kicked', user: bot, until_date: 0 },
        new_chat_member: blocked
          ? { status: 'kicked', user: bot, until_date: 0 }
          : { status: 'member', user: bot },
      },
    });
  }

  private deliver(fields: Omit<NewMessage, 'fromBot'>): void {
    const msg = this.core.chats.addMessage(this.chat, { fromBot: false, ...fields });
    this.core.updates.push({ message: apiMessage(this.core, this.chat, msg) });
  }

  private async photo(bytes: Buffer, opts: { width?: number; height?: number }): Promise<MessageMedia> {
    const sniffed = imageSize(bytes);
    const file = await this.core.files.add(
      { type: 'buffer', data: bytes },
      {
        kind: 'photo',
        size: bytes.length,
        width: opts.width ?? sniffed?.width ?? 1280,
        height: opts.height ?? sniffed?.height ?? 960,
      },
    );
    return { type: 'photo', file, sizes: photoSizes(this.core, file) };
  }

  private async video(
    bytes: Buffer,
    opts: { duration: number; width: number; height: number; mime_type?: string; file_name?: string },
  ): Promise<MessageMedia> {
    const file = await this.core.files.add(
      { type: 'buffer', data: bytes },
      {
        kind: 'video',
        size: bytes.length,
        duration: opts.duration,
        width: opts.width,
        height: opts.height,
        mimeType: opts.mime_type ?? 'video/mp4',
        fileName: opts.file_name,
      },
    );
    return { type: 'video', file };
  }

  private press(
    msg: StoredMessage,
    data: string,
    label: string | undefined,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<CallbackAnswer> {
    return pressOn(this.core, this.chat, msg, { by: this.user, data, label, timeoutMs }, () =>
      this.transcript(),
    );
  }

  private liveBotMessages(): StoredMessage[] {
    return [...this.chat.messages.values()].filter((m) => m.fromBot && !m.deleted);
  }
}
