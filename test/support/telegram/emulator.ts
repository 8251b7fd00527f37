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
 *
 * Groups, ephemeral messages and guest mode (scripted-group.ts):
 *
 *   const group = emu.createGroup({ title: 'Friends', members: [ann, bob] }); // privacy mode on
 *   await group.as(ann).sendCommand('generate', 'a red fox');  // `/generate@test_bot a red fox`
 *   await group.as(ann).waitForMessage(/only for you/);         // Ann's view includes her ephemeral ones
 *   const ask = await emu.privateChatBetween(ann, bob).as(ann).askGuest('a red fox'); // guest mode on
 *   await ask.answer();                                          // the bot's answerGuestQuery, as posted
 */
import { randomBytes } from 'node:crypto';
import type { Update, User, UserFromGetMe } from 'grammy/types';
import type { Core } from './core.js';
import { Dispatcher, type InjectedError, type RecordedCall } from './dispatcher.js';
import { FileStore } from './files/file-store.js';
import { type OutageMode, startHttpServer } from './http/server.js';
import { createManagedBot, type ManagedBotCreation } from './managed-bot-flow.js';
import { apiMessage } from './message-view.js';
import { type GroupSpec, openGroup, openUsersChat, type ScriptedGroup } from './scripted-group.js';
import { type ScriptedUser, ScriptedUserImpl } from './scripted-user.js';
import { BotSettings } from './state/bot-settings.js';
import { CallbackQueries } from './state/callbacks.js';
import { ChatStore, EventClock } from './state/chats.js';
import { FloodControl, type FloodLimits, type FloodStats } from './state/flood.js';
import { GuestQueries } from './state/guest-queries.js';
import { InlineMessages } from './state/inline-messages.js';
import { InlineQueries, type PreparedMessage, PreparedMessages } from './state/inline-queries.js';
import { ManagedBots } from './state/managed-bots.js';
import { Payments, type StarTransactionRecord } from './state/payments.js';
import { StarSubscriptions } from './state/star-subscriptions.js';
import { UpdateQueue } from './state/updates.js';
import { formatTranscript } from './transcript.js';
import { type WebhookDelivery, WebhookPusher, type WebhookPushOptions } from './webhook-pusher.js';

export type { InjectedError, RecordedCall, UploadDescriptor } from './dispatcher.js';
export type { ManagedBotCreation } from './managed-bot-flow.js';
export type { GroupMember, GroupSend, GroupSpec, GuestAsk, ScriptedGroup } from './scripted-group.js';
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
  /** @BotFather allowed the main bot to create managed bots (getMe's can_manage_bots). Default false. */
  canManageBots?: boolean;
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
  /** How long a guest query waits for answerGuestQuery before its id is too old (default 10 s). */
  guestQueryTimeoutMs?: number;
  /** Guest mode switched on in @BotFather (getMe's supports_guest_queries, Bot API 10.0). Default false. */
  guestMode?: boolean;
  /**
   * @BotFather's /setprivacy: getMe's can_read_all_group_messages is its opposite, and groups made
   * later take it unless createGroup says otherwise. Default true (Telegram's default).
   */
  privacyMode?: boolean;
  /**
   * The clock (ms) of the emulator's deadlines: inline and guest queries' time limits and the 15 s
   * window for replies to ephemeral messages. Default Date.now; a test passes a fake one to expire
   * a query without waiting.
   */
  now?: () => number;
  /**
   * Deliver updates by webhook once the bot sets one, to these replicas (see webhook-pusher.ts);
   * without it, a webhook is only recorded and getUpdates is refused while it is set.
   */
  webhook?: WebhookPushOptions;
  /**
   * Enforce Telegram's flood limits (state/flood.ts): `true` for Telegram's ~30 messages/s per bot,
   * 1/s per chat and 20/min per group. Off by default: most tests are about other things.
   */
  floodLimits?: FloodLimits | true;
}

/** One bot as the emulator serves it: its token, its users' chats, its calls and its settings. */
export interface EmulatedBot {
  /** The token the bot authenticates with; a replaced managed bot's token changes. */
  readonly token: string;
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
  /** Every webhook POST made (with `webhook`): which update, to which replica, and its answer. */
  webhookDeliveries(): WebhookDelivery[];
  /** Queue a raw update (anything the scripted users do not cover). */
  pushUpdate(update: Omit<Update, 'update_id'>): number;
  /** A bot's long poll is waiting at the server right now (tests wait for it instead of sleeping). */
  hasWaitingPoll(): boolean;
  /** What the flood limits did (with `floodLimits`): 429s given and 429s the bot did not wait out. */
  floodStats(): FloodStats;
  /** Called with every call the emulator is about to run (past auth and limits); undefined to stop. */
  observeCalls(observer: ((method: string, params: Record<string, unknown>) => void) | undefined): void;
  /**
   * A group (negative id) or supergroup (-100…) of these users; by default the bot is added at once
   * (my_chat_member and new_chat_members) and has privacy mode on.
   */
  createGroup(spec: GroupSpec): ScriptedGroup;
  /** Two users' own private chat, where the bot is never a member and can only be summoned as a guest. */
  privateChatBetween(a: { user: User }, b: { user: User }): ScriptedGroup;
  /** @BotFather's guest mode switch (getMe's supports_guest_queries). */
  setGuestMode(on: boolean): void;
  /** Guest queries still waiting for answerGuestQuery (answered and expired ones are not listed). */
  unansweredGuestQueries(): Array<{ id: string; chatId: number; callerId: number }>;
  /** The messages the bot prepared for users to share from a Mini App (savePreparedInlineMessage). */
  preparedMessages(): PreparedMessage[];
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
  /**
   * The next charge of the user's subscription fails: no payment, no further renewals, and the
   * `subscription` update (state `failed`, Bot API 10.2); its update id.
   */
  failRenewal(userId: number): number;
  /**
   * The user turns renewal off (`canceled`) or on again (`active`) in Telegram's own settings: the
   * `subscription` update; its update id. Turned off this way, only the user can turn it on again.
   */
  setRenewalInTelegram(userId: number, on: boolean): number;
  /** What setMyName / setMyDescription / setMyShortDescription stored for this language ('' if none). */
  profileText(field: 'name' | 'description' | 'short_description', languageCode?: string): string;
  /** The profile photo setMyProfilePhoto set (its upload's size in bytes), undefined if none. */
  profilePhoto(): string | undefined;
  /** The menu button for a chat (or the default one), as setChatMenuButton stored it. */
  menuButton(chatId?: number): unknown;
  /**
   * The user presses this bot's `request_managed_bot` button and creates a bot (Bot API 9.6): it is
   * served at once, and this bot gets `managed_bot_created` in the chat and the `managed_bot` update.
   */
  createManagedBot(userId: number, choice?: { name?: string; username?: string }): ManagedBotCreation;
  /** Transcripts of every chat. */
  transcript(): string;
}

/**
 * The emulated Telegram: the main bot (the fields of EmulatedBot) and any other bot it serves on
 * the same address, each with its own token, chats, updates, calls and flood budget.
 */
export interface TelegramEmulator extends EmulatedBot {
  /** 'http://127.0.0.1:PORT', for grammY's `client.apiRoot`. */
  apiRoot: string;
  /** Strictness violations of every bot, each also answered to the bot as Telegram's error. Expect []. */
  problems: string[];
  /** Current value of the global event counter (messages, edits, presses, calls). */
  seq(): number;
  /**
   * Telegram unreachable until switched off (users' updates still queue): every connection dropped
   * (default), or every request answered by a proxy's 502 page ('bad-gateway').
   */
  setOutage(on: boolean, mode?: OutageMode): void;
  /** A bot made in @BotFather: served at once under its own token. */
  addBot(opts?: { username?: string; first_name?: string; canManageBots?: boolean }): EmulatedBot;
  /** Every bot served, the main one first (managed bots included). */
  bots(): EmulatedBot[];
  /** The bot with this username or id. */
  bot(usernameOrId: string | number): EmulatedBot;
  close(): Promise<void>;
}

const MB = 1024 * 1024;

export async function startTelegramEmulator(opts: EmulatorOptions = {}): Promise<TelegramEmulator> {
  const clock = new EventClock();
  const problems: string[] = [];
  const byToken = new Map<string, Station>();
  const stations: Station[] = [];
  let nextBotId = 7_000_001;
  let nextUserId = 1_000_001;
  // Basic groups -4000000001…, supergroups -1002000000001…, two users' chats an internal -9…
  let nextChat = 1;
  const chatIds = {
    group: () => -(4_000_000_000 + nextChat++),
    supergroup: () => -(1_002_000_000_000 + nextChat++),
    users: () => -(9_000_000_000_000 + nextChat++),
  };
  const now = opts.now ?? Date.now;

  const newToken = (botId: number) => `${botId}:TEST-${randomBytes(6).toString('hex')}`;
  // replaceManagedBotToken: the old token stops working at once.
  const revoke = (oldToken: string): string => {
    const station = byToken.get(oldToken);
    if (!station) throw new Error('no bot has this token');
    const token = newToken(station.core.botUser.id);
    byToken.delete(oldToken);
    station.core.token = token;
    byToken.set(token, station);
    return token;
  };
  const open = (token: string, botUser: UserFromGetMe, canManageBots: boolean, label: string): Station => {
    const core: Core = {
      token,
      botUser,
      getFileLimitBytes: opts.getFileLimitBytes ?? 20 * MB,
      uploadLimitBytes: opts.uploadLimitBytes ?? (opts.localMode ? 2000 * MB : 50 * MB),
      localDir: opts.localMode?.dir,
      strictImages: opts.strictImages ?? false,
      clock,
      files: new FileStore(opts.localMode?.dir),
      chats: new ChatStore(clock),
      updates: new UpdateQueue(),
      callbacks: new CallbackQueries(),
      inlineQueries: new InlineQueries(opts.inlineQueryTimeoutMs ?? 10_000, now),
      preparedMessages: new PreparedMessages(now),
      guestQueries: new GuestQueries(opts.guestQueryTimeoutMs ?? 10_000, now),
      inlineMessages: new InlineMessages(),
      now,
      settings: new BotSettings(),
      payments: new Payments(),
      subscriptions: new StarSubscriptions(opts.subscriptionTestPeriodSeconds),
      preCheckoutTimeoutMs: opts.preCheckoutTimeoutMs ?? 10_000,
      flood: opts.floodLimits
        ? new FloodControl(opts.floodLimits === true ? {} : opts.floodLimits)
        : undefined,
      managedBots: new ManagedBots(canManageBots, {
        spawn: (profile) => {
          const spawned = spawn(profile, false);
          return { botUser: spawned.core.botUser, token: spawned.core.token };
        },
        revoke,
      }),
      profilePhoto: undefined,
    };
    const dispatcher = new Dispatcher(core, problems, label);
    const pusher = opts.webhook && new WebhookPusher(core.updates, core.settings, opts.webhook);
    const station: Station = { core, dispatcher, pusher, view: undefined as unknown as EmulatedBot };
    station.view = botView(station, () => nextUserId++, chatIds);
    byToken.set(token, station);
    stations.push(station);
    return station;
  };
  const spawn = (profile: { first_name: string; username: string }, canManageBots: boolean): Station => {
    if (stations.some((s) => s.core.botUser.username.toLowerCase() === profile.username.toLowerCase()))
      throw new Error(`a bot @${profile.username} exists already`);
    const id = nextBotId++;
    const botUser = botUserFrom(String(id), { id, ...profile }, canManageBots);
    return open(newToken(id), botUser, canManageBots, `@${profile.username}: `);
  };

  const mainToken = opts.token ?? `123456:TEST-${randomBytes(6).toString('hex')}`;
  const main = open(
    mainToken,
    botUserFrom(mainToken, opts.botUser, opts.canManageBots ?? false, {
      guestMode: opts.guestMode ?? false,
      privacyMode: opts.privacyMode ?? true,
    }),
    opts.canManageBots ?? false,
    '',
  );
  const server = await startHttpServer(opts.port ?? 0, {
    api: (t, method, req, url, signal) => {
      const station = byToken.get(t);
      if (station) return station.dispatcher.api(t, method, req, url, signal);
      // A bot unknown here (a revoked token, or a test's process outliving its own emulator on a
      // reused port): refused, and neither a call nor a problem of any bot served here.
      req.resume();
      return Promise.resolve({
        status: 401,
        body: { ok: false, error_code: 401, description: 'Unauthorized' },
      });
    },
    file: (t, filePath, res) => (byToken.get(t) ?? main).dispatcher.file(t, filePath, res),
  });

  return {
    ...main.view,
    apiRoot: `http://127.0.0.1:${server.port}`,
    problems,
    seq: () => clock.current(),
    setOutage: (on, mode) => server.setOutage(on, mode),
    addBot: (o = {}) => {
      const username = o.username ?? `added_${nextBotId}_bot`;
      return spawn({ username, first_name: o.first_name ?? username }, o.canManageBots ?? false).view;
    },
    bots: () => stations.map((s) => s.view),
    bot: (which) => {
      const found = stations.find((s) =>
        typeof which === 'number'
          ? s.core.botUser.id === which
          : s.core.botUser.username === which.replace(/^@/, ''),
      );
      if (!found) throw new Error(`the emulator serves no bot ${String(which)}`);
      return found.view;
    },
    async close() {
      for (const station of stations) {
        await station.pusher?.close();
        station.core.updates.close();
      }
      await server.close();
    },
  };
}

interface Station {
  core: Core;
  dispatcher: Dispatcher;
  pusher: WebhookPusher | undefined;
  view: EmulatedBot;
}

/** The per-bot half of the emulator's interface, over one station's state. */
function botView(
  station: Station,
  nextUserId: () => number,
  chatIds: Record<'group' | 'supergroup' | 'users', () => number>,
): EmulatedBot {
  const { core, dispatcher } = station;
  const createUser: EmulatedBot['createUser'] = (u = {}) => {
    const id = u.id ?? nextUserId();
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
    get token() {
      return core.token;
    },
    botUser: core.botUser,
    calls: dispatcher.calls,
    createUser,
    createGroup: (spec) => openGroup(core, chatIds[spec.type ?? 'group'](), spec),
    privateChatBetween: (a, b) => openUsersChat(core, chatIds.users(), a.user, b.user),
    setGuestMode: (on) => {
      core.botUser.supports_guest_queries = on;
    },
    preparedMessages: () => core.preparedMessages.all(),
    unansweredGuestQueries: () =>
      core.guestQueries.unanswered().map((q) => ({ id: q.id, chatId: q.chatId, callerId: q.caller.id })),
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
    profileText: (field, languageCode) => core.settings.texts.get(`${field}|${languageCode ?? ''}`) ?? '',
    profilePhoto: () => core.profilePhoto,
    menuButton: (chatId) =>
      core.settings.menuButtons.get(String(chatId ?? 'default')) ?? core.settings.menuButtons.get('default'),
    unansweredCallbackQueries: () => core.callbacks.unanswered(),
    unansweredPreCheckoutQueries: () => core.payments.unanswered(),
    starTransactions: () => [...core.payments.transactions],
    update: (updateId) => core.updates.get(updateId),
    redeliver: (updateId) => core.updates.redeliver(updateId),
    pushUpdate: (update) => core.updates.push(update),
    webhookDeliveries: () => [...(station.pusher?.deliveries ?? [])],
    hasWaitingPoll: () => core.updates.hasWaitingPoller(),
    floodStats: () => core.flood?.stats ?? { limited: 0, ignored: 0, ignoredDetails: [] },
    renewSubscription: (userId) => {
      const sub = core.subscriptions.of(userId);
      const chat = core.chats.privateChat(userId);
      if (!sub || !chat) throw new Error(`user ${userId} has no Star subscription`);
      if (sub.canceledByBot || sub.canceledByUser || sub.ended)
        throw new Error(`the subscription of ${userId} does not renew`);
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
      return core.updates.push({
        subscription: { user: sub.user, invoice_payload: sub.payload, state: 'failed' },
      });
    },
    setRenewalInTelegram: (userId, on) => {
      const sub = core.subscriptions.of(userId);
      if (!sub || sub.ended) throw new Error(`user ${userId} has no live Star subscription`);
      sub.canceledByUser = !on;
      if (on) sub.canceledByBot = false;
      return core.updates.push({
        subscription: { user: sub.user, invoice_payload: sub.payload, state: on ? 'active' : 'canceled' },
      });
    },
    createManagedBot: (userId, choice) => createManagedBot(core, userId, choice),
    observeCalls: (observer) => {
      dispatcher.observer = observer;
    },
    transcript: () =>
      core.chats
        .all()
        .map((chat) => formatTranscript(chat))
        .join('\n'),
  };
}

function botUserFrom(
  token: string,
  given: EmulatorOptions['botUser'],
  canManageBots: boolean,
  modes: { guestMode: boolean; privacyMode: boolean } = { guestMode: false, privacyMode: true },
): UserFromGetMe {
  const id = given?.id ?? (Number(token.split(':')[0]) || 123456);
  return {
    id,
    is_bot: true,
    first_name: given?.first_name ?? 'Test Bot',
    username: given?.username ?? 'test_bot',
    can_join_groups: true,
    can_read_all_group_messages: !modes.privacyMode,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    can_manage_bots: canManageBots,
    supports_guest_queries: modes.guestMode,
  } as UserFromGetMe;
}
