import type { UserFromGetMe } from 'grammy/types';
import type { FileStore } from './files/file-store.js';
import type { Upload } from './http/request-body.js';
import type { Params } from './params.js';
import type { BotSettings } from './state/bot-settings.js';
import type { CallbackQueries } from './state/callbacks.js';
import type { ChatStore, EventClock } from './state/chats.js';
import type { FloodControl } from './state/flood.js';
import type { GuestQueries } from './state/guest-queries.js';
import type { InlineMessages } from './state/inline-messages.js';
import type { InlineQueries, PreparedMessages } from './state/inline-queries.js';
import type { ManagedBots } from './state/managed-bots.js';
import type { Payments } from './state/payments.js';
import type { StarSubscriptions } from './state/star-subscriptions.js';
import type { UpdateQueue } from './state/updates.js';

/** The emulator's shared state, handed to every Bot API method and every scripted user. */
export interface Core {
  token: string;
  botUser: UserFromGetMe;
  getFileLimitBytes: number;
  uploadLimitBytes: number;
  /** Local Bot API server mode: files live on disk here and getFile returns absolute paths. */
  localDir: string | undefined;
  strictImages: boolean;
  clock: EventClock;
  files: FileStore;
  chats: ChatStore;
  updates: UpdateQueue;
  callbacks: CallbackQueries;
  /** Inline queries of scripted users, each answered once within Telegram's time limit. */
  inlineQueries: InlineQueries;
  /** Messages prepared for a user to share from a Mini App (savePreparedInlineMessage). */
  preparedMessages: PreparedMessages;
  /** Guest queries (Bot API 10.0): the bot summoned where it is not a member, answered once in time. */
  guestQueries: GuestQueries;
  /** Messages the bot posted as inline messages (answerGuestQuery), editable by inline_message_id. */
  inlineMessages: InlineMessages;
  /** The clock (ms) of the emulator's deadlines: query time limits, the ephemeral reply window. */
  now: () => number;
  settings: BotSettings;
  payments: Payments;
  /** Invoice links and the Star subscriptions paid through them. */
  subscriptions: StarSubscriptions;
  /** How long a pre_checkout_query waits for the bot's answer (Telegram: 10 s). */
  preCheckoutTimeoutMs: number;
  /** Telegram's flood limits (429 with retry_after), when the emulator enforces them. */
  flood: FloodControl | undefined;
  /** The bots this bot manages (Bot API 9.6), and whether it may create them at all. */
  managedBots: ManagedBots;
  /** setMyProfilePhoto's last photo (a file's unique id), undefined once removed or never set. */
  profilePhoto: string | undefined;
}

interface MethodCall {
  params: Params;
  uploads: Map<string, Upload>;
  /** Aborted when the bot's connection closes (matters for long polling). */
  signal: AbortSignal;
}

export type MethodHandler = (core: Core, call: MethodCall) => unknown;
