/**
 * Builds the bot in two steps: the Bot with its API transformers (createTelegramBot: services and
 * workers get its `api`), then the features (installFeatures: plugins in the order they must run,
 * one Composer per feature, the catch-all). Nothing here talks to the network until started.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { type ApiClientOptions, Bot, type BotConfig, type MiddlewareFn, type Transformer } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import nodeFetch from 'node-fetch';
import type { Store } from '../db/index.js';
import type { Logger } from '../logger.js';
import { botLabel, metrics, telegramErrorCode, updateType } from '../metrics.js';
import { botApiFetch } from '../telegram/bot-api-fetch.js';
import { budgetWaitsOf } from '../telegram/budget-waits.js';
import { ChatFloodGate } from '../telegram/chat-flood-gate.js';
import { chatWork } from '../telegram/chat-work.js';
import {
  type CallThroughBot,
  markConversationCall,
  routeConversationCalls,
} from '../telegram/conversation-calls.js';
import { htmlParseMode } from '../telegram/html-parse-mode.js';
import { CONTROL_COMMANDS, isPayment } from '../telegram/inbox-lane.js';
import { OutboundScheduler } from '../telegram/outbound-scheduler.js';
import { markPosts } from '../telegram/post-marks.js';
import { TelegramLink } from '../telegram/telegram-link.js';
import { Composer } from './composer.js';
import type { BaseContext, BotContext, BotDeps } from './context.js';
import { handleBotError } from './error-handler.js';
import { adminFeature } from './features/admin.js';
import { adminWalletFeature } from './features/admin-wallet.js';
import { afterResultFeature } from './features/after-result.js';
import { auditFeature } from './features/audit.js';
import { botsFeature } from './features/bots.js';
import { createBroadcastFeature } from './features/broadcast.js';
import { campaignsFeature } from './features/campaigns.js';
import { cancelFeature } from './features/cancel.js';
import { contentRulesFeature } from './features/content-rules.js';
import { customerCardFeature } from './features/customer-card.js';
import { dashboardFeature } from './features/dashboard.js';
import { exampleConsentFeature } from './features/example-consent.js';
import { createGenerateFeature } from './features/generate.js';
import { groupOrdersFeature } from './features/group-orders.js';
import { groupsFeature } from './features/groups.js';
import { guestOrdersFeature } from './features/guest-orders.js';
import { helpFeature } from './features/help.js';
import { inviteFeature } from './features/invite.js';
import { languageFeature } from './features/language.js';
import { managedBotsFeature } from './features/managed-bots.js';
import { orderCancelFeature } from './features/order-cancel.js';
import { orderConfirmationFeature } from './features/order-confirmation.js';
import { ordersFeature } from './features/orders.js';
import { paymentsFeature } from './features/payments.js';
import { createPromoFeature } from './features/promo.js';
import { createPromptsFeature } from './features/prompts.js';
import { reportsFeature } from './features/reports.js';
import { shareFeature } from './features/share.js';
import { startFeature } from './features/start.js';
import { subscriptionSignalsFeature } from './features/subscription-signals.js';
import { subscriptionsFeature } from './features/subscriptions.js';
import { unhandledFeature } from './features/unhandled.js';
import { upstreamKeyFeature } from './features/upstream-key.js';
import { walletFeature } from './features/wallet.js';
import { createAccessGuard } from './middlewares/access.js';
import { createCallbackAnswerGuard } from './middlewares/answer-callbacks.js';
import { attachUser } from './middlewares/attach-user.js';
import { escapeTranslationVariables } from './middlewares/escape-translation-variables.js';
import { suspendedGate } from './middlewares/suspended.js';

export interface TelegramBotOptions {
  apiRoot: string;
  logger: Logger;
  /** Skip getMe at start-up (tests and benchmarks). */
  botInfo?: UserFromGetMe;
  /** Overrides of grammY's API client (tests pass a recording `fetch`). */
  client?: ApiClientOptions;
  /** Message posts a second this process allows itself (TELEGRAM_SEND_RATE; default 30; 0: no limit). */
  sendRate?: number;
}

/** The Bot with its API transformers, before any feature is installed (its `bot.api` is ready). */
export interface TelegramBot {
  bot: Bot<BotContext>;
  /** Conversations build contexts with an Api of their own: this sends its real calls through the bot's. */
  conversationApi: MiddlewareFn<BaseContext>;
  callbackAnswers: ReturnType<typeof createCallbackAnswerGuard>;
  /** Chats waiting out a 429 (the update inbox does not count them against its workers). */
  floodGate: ChatFloodGate;
  /** The send budget (none when TELEGRAM_SEND_RATE=0): told of each chat's updates (`heard`). */
  scheduler: OutboundScheduler | undefined;
  /**
   * For the broadcast sender's Api of its own: its posts take the bot's budget only when no reply
   * waits, and a 429 it meets holds the chat's other posts too.
   */
  broadcastTransformers: Transformer[];
}

export interface FeatureOptions {
  deps: BotDeps;
  /** Where forms in progress are kept, so they survive a restart. */
  store: Pick<Store, 'conversationStorage'>;
}

export type CreateBotOptions = FeatureOptions & Omit<TelegramBotOptions, 'apiRoot' | 'logger'>;

/** Telegram API failures by method and code, for /metrics. */
export const countTelegramErrors: Transformer = async (prev, method, payload, signal) => {
  try {
    const res = await prev(method, payload, signal);
    if (!res.ok) metrics.telegramErrors.inc({ method, code: telegramErrorCode(res.error_code) });
    return res;
  } catch (err) {
    metrics.telegramErrors.inc({ method, code: 'network' });
    throw err;
  }
};

/**
 * Updates of one chat are handled one at a time, in order; different chats run in parallel.
 * Only while the chat's update waits for long upstream work (a relay to POST /upload, a slow
 * POST /orders: see chat-work.ts) do /cancel and /help take a lane of their own, so they are
 * answered at once and /cancel can stop that work; otherwise they keep their place in the order.
 */
export function sequentialKey(ctx: BaseContext): string | undefined {
  // Telegram waits 10 s for a checkout answer: it never queues behind the chat's work. A payment
  // is credited in a lane of its own too (idempotent, and it must not wait for a long upload).
  if (ctx.preCheckoutQuery) return undefined;
  const chatId = ctx.chat?.id;
  if (ctx.message?.successful_payment) return `${chatId}:payment`;
  const key = chatId?.toString() ?? ctx.from?.id.toString();
  const text = ctx.message?.text;
  const control = chatId !== undefined && text !== undefined && CONTROL_COMMANDS.test(text);
  return control && chatWork.isBusy(chatId) ? `${key}:control` : key;
}

/**
 * The posts of an update's context carry its marks (telegram/post-marks.ts): a payment's go before
 * every other post (its slot waits for them), and a post waiting for the send budget marks its
 * handler as waiting (the inbox worker's budget waits for the update).
 */
const markUpdatePosts: MiddlewareFn<BaseContext> = (ctx, next) => {
  const waits = budgetWaitsOf(ctx.update.update_id);
  const urgent = isPayment(ctx);
  if (waits !== undefined || urgent) ctx.api.config.use(markPosts({ urgent, waits }));
  return next();
};

/** The bot and its API as every caller needs it: services and workers get `bot.api` from here. */
export function createTelegramBot(token: string, opts: TelegramBotOptions): TelegramBot {
  // A conversation's calls reach the network through this fetch, which sends them through the bot's
  // own Api (conversation-calls.ts): its transformers then see each real call once, and no replay.
  // Every other call goes on to undici's request (bot-api-fetch.ts; uploads: grammY's own default,
  // node-fetch). Node's built-in fetch cost the bot 60% more CPU per update (bench/inbox-throughput.ts).
  const baseFetch = opts.client?.fetch ?? botApiFetch(nodeFetch as typeof fetch);
  const callThroughBot: CallThroughBot = (method, payload, signal) =>
    (bot.api.raw as unknown as Record<string, (p: unknown, s?: AbortSignal) => Promise<unknown>>)[method]!(
      payload,
      signal,
    );
  const config: BotConfig<BotContext> = {
    client: {
      apiRoot: opts.apiRoot,
      ...opts.client,
      fetch: routeConversationCalls(baseFetch, callThroughBot) as ApiClientOptions['fetch'],
    },
  };
  if (opts.botInfo) config.botInfo = opts.botInfo;
  const bot = new Bot<BotContext>(token, config);

  // Network failures and 5xx belong to the TelegramLink below (seconds apart, logged); auto-retry
  // would back them off up to an hour, silently, so it only honours 429s.
  // Under a flood every chat's replies share Telegram's ~30 messages a second: five refusals in a
  // row happen to an ordinary reply then, and giving up would leave the customer without an answer.
  // Each attempt waits the retry_after Telegram asked for, so more attempts cost no extra load.
  const retry = autoRetry({
    maxRetryAttempts: 20,
    maxDelaySeconds: 60,
    rethrowHttpErrors: true,
    rethrowInternalServerErrors: true,
  });
  // The first installed runs innermost: every failed attempt is counted, then network failures and
  // 5xx are retried on a short leash (telegram-link.ts), then auto-retry honours 429s.
  const link = new TelegramLink({ logger: opts.logger });
  // Between the two, every attempt of auto-retry's (so a retry is scheduled and gated again):
  // - the flood gate, innermost, learns of a chat's 429 before the scheduler lets that chat's next
  //   post go (chat-flood-gate.ts);
  // - the outbound scheduler (telegram/outbound-scheduler.ts) keeps the bot's posts within Telegram's
  //   ~30 a second, newcomers first, and passes over chats the gate holds back; outside the gate, so
  //   a post waiting out its chat's window holds none of the budget.
  const floodGate = new ChatFloodGate();
  // A rate of 0 turns the budget off: only for a Bot API stand-in that does not limit (benchmarks).
  const scheduler =
    opts.sendRate === 0
      ? undefined
      : new OutboundScheduler({
          ...(opts.sendRate !== undefined && { perSecond: opts.sendRate }),
          chatReadyAt: (chat) => floodGate.readyAt(chat),
        });
  const transformers = [
    countTelegramErrors,
    link.transformer,
    floodGate.transformer,
    ...(scheduler ? [scheduler.transformer] : []),
    retry,
    htmlParseMode,
  ];
  for (const t of transformers) bot.api.config.use(t);
  const callbackAnswers = createCallbackAnswerGuard();
  bot.api.config.use(callbackAnswers.transformer);
  const conversationApi: MiddlewareFn<BaseContext> = (ctx, next) => {
    ctx.api.config.use(markConversationCall);
    return markUpdatePosts(ctx, next);
  };
  const broadcastTransformers = [
    countTelegramErrors,
    floodGate.transformer,
    ...(scheduler ? [scheduler.background] : []),
  ];
  return { bot, conversationApi, callbackAnswers, floodGate, scheduler, broadcastTransformers };
}

/** Builds the whole bot in one step (tests and benchmarks): createTelegramBot, then installFeatures. */
export function createBot(token: string, opts: CreateBotOptions): Bot<BotContext> {
  const telegram = createTelegramBot(token, {
    ...opts,
    apiRoot: opts.deps.config.telegram.apiRoot,
    logger: opts.deps.logger,
    sendRate: opts.sendRate ?? opts.deps.config.telegram.sendRate,
  });
  return installFeatures(telegram, opts);
}

/** Plugins in the order they must run, then one Composer per feature, then the catch-all. */
export function installFeatures(telegram: TelegramBot, opts: FeatureOptions): Bot<BotContext> {
  const { callbackAnswers } = telegram;
  // Everything goes into one of our Composers (composer.ts), built once: grammY's Bot would chain
  // each `use` through two async frames per update. Named `bot`, as it stands for the bot below.
  const bot = new Composer<BotContext>();
  telegram.bot.use(bot);
  const { deps } = opts;
  // What every context needs, outside and inside conversations (which build their own contexts).
  const contextPlugins = [attachUser(deps), deps.i18n.middleware(), escapeTranslationVariables];

  bot.use(markUpdatePosts);
  // Counted per bot of the process (its registry id; the main bot's is 1).
  const botId = botLabel(deps.thisBot?.id ?? 1);
  bot.use(async (ctx, next) => {
    const type = updateType(ctx.update);
    const end = metrics.updateDuration.startTimer({ bot: botId, type });
    try {
      await next();
    } finally {
      end();
      metrics.updates.inc({ bot: botId, type });
    }
  });
  bot.use(sequentialize(sequentialKey));
  bot.use(callbackAnswers.middleware);
  bot.use(...contextPlugins);
  // A suspended bot answers with one sentence and takes nothing (a payment already made passes).
  bot.errorBoundary(handleBotError).use(suspendedGate);
  // Before the access guard and the conversations: a checkout is answered (also "no" to a banned
  // user) and a payment credited whatever else the chat is doing.
  bot.errorBoundary(handleBotError).use(paymentsFeature);
  bot.errorBoundary(handleBotError).use(subscriptionSignalsFeature);
  // Refused users (allowlist, bans) get their answer here and reach nothing below.
  bot.use(createAccessGuard(deps.config));

  // Our Composer (composer.ts): grammY's chains each `use` through two async frames per update.
  const protectedBot = new Composer<BotContext>();
  bot.errorBoundary(handleBotError, protectedBot);
  protectedBot.use(
    conversations<BotContext, BaseContext>({
      storage: { type: 'key', version: 1, adapter: opts.store.conversationStorage() },
    }),
  );
  // /cancel must come before any conversation, so it reaches the user even mid-flow.
  protectedBot.use(cancelFeature);
  // Conversations build contexts with an Api of their own: conversationApi sends its real calls
  // through bot.api (the bot's transformers, the callback-answer guard included).
  const conversationPlugins: MiddlewareFn<BaseContext>[] = [telegram.conversationApi, ...contextPlugins];
  protectedBot.use(createGenerateFeature(conversationPlugins));
  protectedBot.use(orderConfirmationFeature);
  protectedBot.use(orderCancelFeature);
  protectedBot.use(ordersFeature);
  protectedBot.use(afterResultFeature);
  protectedBot.use(shareFeature);
  protectedBot.use(createPromptsFeature(conversationPlugins));
  protectedBot.use(createPromoFeature(conversationPlugins));
  protectedBot.use(adminFeature);
  protectedBot.use(createBroadcastFeature(conversationPlugins));
  protectedBot.use(customerCardFeature);
  protectedBot.use(auditFeature);
  protectedBot.use(adminWalletFeature);
  protectedBot.use(walletFeature);
  protectedBot.use(subscriptionsFeature);
  protectedBot.use(inviteFeature);
  protectedBot.use(campaignsFeature);
  protectedBot.use(contentRulesFeature);
  protectedBot.use(groupsFeature);
  protectedBot.use(groupOrdersFeature);
  protectedBot.use(guestOrdersFeature);
  protectedBot.use(reportsFeature);
  protectedBot.use(exampleConsentFeature);
  protectedBot.use(dashboardFeature);
  protectedBot.use(botsFeature);
  protectedBot.use(managedBotsFeature);
  protectedBot.use(upstreamKeyFeature);
  protectedBot.use(startFeature);
  protectedBot.use(languageFeature);
  protectedBot.use(helpFeature);
  protectedBot.use(unhandledFeature);

  telegram.bot.catch(handleBotError);
  return telegram.bot;
}
