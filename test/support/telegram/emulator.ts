/**
 * A strict Telegram Bot API emulator over real HTTP, for end-to-end tests of the unmodified bot.
 *
 *   const emu = await startTelegramEmulator();
 *   const bot = new Bot(emu.token, { client: { apiRoot: emu.apiRoot } }); // or the bot process, env-configured
 *   const user = emu.createUser({ first_name: 'Ann' });
 *   await user.sendCommand('start');
 *   await user.pressButton(/Generate/);
 *   await user.waitForMessage(/Done/);
 *   expect(emu.problems).toEqual([]);
 */
import { randomBytes } from 'node:crypto';
import type { Update, UserFromGetMe } from 'grammy/types';
import type { Core } from './core.js';
import { Dispatcher, type InjectedError, type RecordedCall } from './dispatcher.js';
import { FileStore } from './files/file-store.js';
import { type OutageMode, startHttpServer } from './http/server.js';
import { apiMessage } from './message-view.js';
import { type ScriptedUser, ScriptedUserImpl } from './scripted-user.js';
import { BotSettings } from './state/bot-settings.js';
import { CallbackQueries } from './state/callbacks.js';
import { ChatStore, EventClock } from './state/chats.js';
import { FloodControl, type FloodLimits, type FloodStats } from './state/flood.js';
import { InlineQueries } from './state/inline-queries.js';
import { Payments, type StarTransactionRecord } from './state/payments.js';
import { StarSubscriptions } from './state/star-subscriptions.js';
import { UpdateQueue } from './state/updates.js';
import { type WebhookDelivery, WebhookPusher, type WebhookPushOptions } from './webhook-pusher.js';

export type { InjectedError, RecordedCall, UploadDescriptor } from './dispatcher.js';
export type { BotMessage, CallbackAnswer, PaymentOutcome, ScriptedUser } from './scripted-user.js';
export type { FloodLimits, FloodStats } from './state/flood.js';
export type { StarTransactionRecord } from './state/payments.js';

export interface EmulatorOptions {
  /**
   * Default '123456:TEST-<random>', one per emulator: a bot process of another test still running
   * against a port this emulator now reuses gets 401 Unauthorized and is not recorded.
   */
  token?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** What getMe returns. */
  botUser?: { id: number; username: string; first_name: string };
  /** Default 20 MB: getFile on a bigger file -> 400 'Bad Request: file is too big'. */
  getFileLimitBytes?: number;
  /** Local Bot API server: no getFile limit, file_path is an absolute path under `dir`, file:// inputs allowed. */
  localMode?: { dir: string };
  /** Default 50 MB (2000 MB in local mode) per uploaded file; bigger -> 413. */
  uploadLimitBytes?: number;
  /** Photos the bot sends must be real PNG/JPEG/GIF/WebP (else 'IMAGE_PROCESS_FAILED'). Default false. */
  strictImages?: boolean;
  /** How long a pre_checkout_query waits for answerPreCheckoutQuery; default 10 000 (Telegram's 10 s). */
  preCheckoutTimeoutMs?: number;
  /** A subscription period createInvoiceLink accepts besides 2592000 (Telegram's test environment). */
  subscriptionTestPeriodSeconds?: number;
  /** How long an inline query waits for answerInlineQuery before its id is too old (default 10 s). */
  inlineQueryTimeoutMs?: number;
  /**
   * Deliver updates by webhook once the bot sets one, to these replicas (see webhook-pusher.ts);
   * without it, a webhook is only recorded and getUpdates is refused while it is set.
   */
  webhook?: WebhookPushOptions;
  /**
   * Enforce Telegram's flood limits (state/flood.ts): `true` for Telegram's ~30 messages/s per bot
   * and 1/s per chat. Off by default: most tests are about other things.
   */
  floodLimits?: FloodLimits | true;
}

export interface TelegramEmulator {
  /** 'http://127.0.0.1:PORT', for grammY's `client.apiRoot`. */
  apiRoot: string;
  token: string;
  createUser(opts?: {
    id?: number;
    first_name?: string;
    username?: string;
    language_code?: string;
  }): ScriptedUser;
  /** Every Bot API call, in completion order. */
  calls: RecordedCall[];
  callsTo(method: string): RecordedCall[];
  /** The next `times` (default 1) calls of `method` fail this way; 429 carries parameters.retry_after. */
  injectError(method: string, error: InjectedError, times?: number): void;
  /** Commands stored by setMyCommands for exactly this scope (default {type:'default'}) and language. */
  commands(scope?: object, languageCode?: string): Array<{ command: string; description: string }>;
  unansweredCallbackQueries(): Array<{ id: string; data: string; fromId: number }>;
  /** Pre-checkout queries still waiting for the bot's answer (expired ones are not listed). */
  unansweredPreCheckoutQueries(): Array<{ id: string; userId: number }>;
  /** The bot's Stars transactions, as getStarTransactions reports them. */
  starTransactions(): StarTransactionRecord[];
  /** The update with this id, as it was delivered. */
  update(updateId: number): Update | undefined;
  /** Delivers an update once more with the same update_id (Telegram's resend of an unconfirmed update). */
  redeliver(updateId: number): void;
  /** Strictness violations, each also answered to the bot as Telegram's error. Expect it to stay []. */
  problems: string[];
  /** Current value of the global event counter (messages, edits, presses, calls). */
  seq(): number;
  /** Every webhook POST made (with `webhook`): which update, to which replica, and its answer. */
  webhookDeliveries(): WebhookDelivery[];
  /** Queue a raw update (anything the scripted users do not cover). */
  pushUpdate(update: Omit<Update, 'update_id'>): number;
  /** A bot's long poll is waiting at the server right now (tests wait for it instead of sleeping). */
  hasWaitingPoll(): boolean;
  /**
   * Telegram unreachable until switched off (users' updates still queue): every connection dropped
   * (default), or every request answered by a proxy's 502 page ('bad-gateway').
   */
  setOutage(on: boolean, mode?: OutageMode): void;
  /** What the flood limits did (with `floodLimits`): 429s given and 429s the bot did not wait out. */
  floodStats(): FloodStats;
  /** Called with every call the emulator is about to run (past auth and limits); undefined to stop. */
  observeCalls(observer: ((method: string, params: Record<string, unknown>) => void) | undefined): void;
  /** Creates many users at once (no updates): chats the bot can write to once its database knows them. */
  createUsers(count: number, opts?: { firstId?: number; language_code?: string }): ScriptedUser[];
  /** The bot as getMe describes it (its username names it in links and captions). */
  readonly botUser: UserFromGetMe;
  /**
   * Telegram charges the user's latest Star subscription for its next period (its period's end
   * moves one period on): a successful_payment with is_recurring; refused if the bot cancelled it or
   * a renewal failed before.
   */
  renewSubscription(userId: number): { chargeId: string; updateId: number; expiresAt: number };
  /** The next charge of the user's subscription fails: no payment, the subscription just ends. */
  failRenewal(userId: number): void;
  /** Transcripts of every chat. */
  transcript(): string;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

export async function startTelegramEmulator(opts: EmulatorOptions = {}): Promise<TelegramEmulator> {
  const token = opts.token ?? `123456:TEST-${randomBytes(6).toString('hex')}`;
  const clock = new EventClock();
  const core: Core = {
    token,
    botUser: botUserFrom(token, opts.botUser),
    getFileLimitBytes: opts.getFileLimitBytes ?? 20 * MB,
    uploadLimitBytes: opts.uploadLimitBytes ?? (opts.localMode ? 2000 * MB : 50 * MB),
    localDir: opts.localMode?.dir,
    strictImages: opts.strictImages ?? false,
    clock,
    files: new FileStore(opts.localMode?.dir),
    chats: new ChatStore(clock),
    updates: new UpdateQueue(),
    callbacks: new CallbackQueries(),
    inlineQueries: new InlineQueries(opts.inlineQueryTimeoutMs ?? 10_000),
    settings: new BotSettings(),
    payments: new Payments(),
    subscriptions: new StarSubscriptions(opts.subscriptionTestPeriodSeconds),
    preCheckoutTimeoutMs: opts.preCheckoutTimeoutMs ?? 10_000,
    flood: opts.floodLimits ? new FloodControl(opts.floodLimits === true ? {} : opts.floodLimits) : undefined,
  };
  const dispatcher = new Dispatcher(core);
  const server = await startHttpServer(opts.port ?? 0, {
    api: (t, method, req, url, signal) => dispatcher.api(t, method, req, url, signal),
    file: (t, filePath, res) => dispatcher.file(t, filePath, res),
  });
  let nextUserId = 1_000_001;
  const pusher = opts.webhook && new WebhookPusher(core.updates, core.settings, opts.webhook);
  const createUser: TelegramEmulator['createUser'] = (u = {}) => {
    const id = u.id ?? nextUserId++;
    const chat = core.chats.create({
      id,
      is_bot: false,
      first_name: u.first_name ?? `User ${id}`,
      ...(u.username ? { username: u.username } : {}),
      ...(u.language_code ? { language_code: u.language_code } : {}),
    });
    return new ScriptedUserImpl(core, chat);
  };

  return {
    apiRoot: `http://127.0.0.1:${server.port}`,
    token,
    botUser: core.botUser,
    calls: dispatcher.calls,
    problems: dispatcher.problems,
    createUser,
    createUsers: (count, o = {}) =>
      Array.from({ length: count }, (_, i) =>
        createUser({
          ...(o.firstId !== undefined ? { id: o.firstId + i } : {}),
          ...(o.language_code ? { language_code: o.language_code } : {}),
        }),
      ),
    callsTo: (method) => dispatcher.calls.filter((c) => c.method.toLowerCase() === method.toLowerCase()),
    injectError: (method, error, times = 1) => dispatcher.inject(method, error, times),
    commands: (scope, languageCode) => core.settings.getCommands(scope, languageCode),
    unansweredCallbackQueries: () => core.callbacks.unanswered(),
    unansweredPreCheckoutQueries: () => core.payments.unanswered(),
    starTransactions: () => [...core.payments.transactions],
    update: (updateId) => core.updates.get(updateId),
    redeliver: (updateId) => core.updates.redeliver(updateId),
    seq: () => clock.current(),
    pushUpdate: (update) => core.updates.push(update),
    webhookDeliveries: () => [...(pusher?.deliveries ?? [])],
    setOutage: (on, mode) => server.setOutage(on, mode),
    hasWaitingPoll: () => core.updates.hasWaitingPoller(),
    floodStats: () => core.flood?.stats ?? { limited: 0, ignored: 0, ignoredDetails: [] },
    renewSubscription: (userId) => {
      const sub = core.subscriptions.of(userId);
      const chat = core.chats.get(userId);
      if (!sub || !chat) throw new Error(`user ${userId} has no Star subscription`);
      if (sub.canceledByBot || sub.ended) throw new Error(`the subscription of ${userId} does not renew`);
      const chargeId = core.payments.charge(sub.user, sub.amount, sub.period);
      sub.charges.push(chargeId);
      sub.expiresAt += sub.period;
      const successfulPayment = {
        currency: 'XTR',
        total_amount: sub.amount,
        invoice_payload: sub.payload,
        subscription_expiration_date: sub.expiresAt,
        is_recurring: true,
        telegram_payment_charge_id: chargeId,
        provider_payment_charge_id: '',
      };
      const msg = core.chats.addMessage(chat, { fromBot: false, successfulPayment });
      const updateId = core.updates.push({ message: apiMessage(core, chat, msg) });
      return { chargeId, updateId, expiresAt: sub.expiresAt };
    },
    failRenewal: (userId) => {
      const sub = core.subscriptions.of(userId);
      if (!sub) throw new Error(`user ${userId} has no Star subscription`);
      sub.ended = true;
    },
    observeCalls: (observer) => {
      dispatcher.observer = observer;
    },
    transcript: () =>
      core.chats
        .all()
        .map((chat) => new ScriptedUserImpl(core, chat).transcript())
        .join('\n'),
    async close() {
      await pusher?.close();
      core.updates.close();
      await server.close();
    },
  };
}

function botUserFrom(token: string, given: EmulatorOptions['botUser']): UserFromGetMe {
  const id = given?.id ?? (Number(token.split(':')[0]) || 123456);
  return {
    id,
    is_bot: true,
    first_name: given?.first_name ?? 'Test Bot',
    username: given?.username ?? 'test_bot',
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
  } as UserFromGetMe;
}
