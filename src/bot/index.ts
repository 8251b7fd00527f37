/**
 * Builds the bot: plugins in the order they must run, then one Composer per feature, then the
 * catch-all. Nothing here talks to the network until the caller starts it.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { type ApiClientOptions, Bot, type BotConfig, type MiddlewareFn, type Transformer } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Store } from '../db/index.js';
import { metrics, telegramErrorCode, updateType } from '../metrics.js';
import { chatWork } from './chat-work.js';
import type { BaseContext, BotContext, BotDeps } from './context.js';
import { handleBotError } from './error-handler.js';
import { adminFeature } from './features/admin.js';
import { adminWalletFeature } from './features/admin-wallet.js';
import { cancelFeature } from './features/cancel.js';
import { createGenerateFeature } from './features/generate.js';
import { helpFeature } from './features/help.js';
import { languageFeature } from './features/language.js';
import { orderCancelFeature } from './features/order-cancel.js';
import { orderConfirmationFeature } from './features/order-confirmation.js';
import { ordersFeature } from './features/orders.js';
import { paymentsFeature } from './features/payments.js';
import { createPromptsFeature } from './features/prompts.js';
import { startFeature } from './features/start.js';
import { unhandledFeature } from './features/unhandled.js';
import { walletFeature } from './features/wallet.js';
import { htmlParseMode } from './html-parse-mode.js';
import { createI18n, escapeTranslationVariables } from './i18n.js';
import { createAccessGuard } from './middlewares/access.js';
import { createCallbackAnswerGuard } from './middlewares/answer-callbacks.js';
import { attachUser } from './middlewares/attach-user.js';
import { TelegramLink } from './telegram-link.js';

export interface CreateBotOptions {
  deps: BotDeps;
  /** Where forms in progress are kept, so they survive a restart. */
  store: Pick<Store, 'conversationStorage'>;
  /** Skip getMe at start-up (tests and benchmarks). */
  botInfo?: UserFromGetMe;
  /** Called with each update id before it is handled (graceful shutdown confirms up to it). */
  onUpdate?: (updateId: number) => void;
  /** Overrides of grammY's API client (tests pass a recording `fetch`). */
  client?: ApiClientOptions;
}

/** Telegram API failures by method and code, for /metrics. */
const countTelegramErrors: Transformer = async (prev, method, payload, signal) => {
  try {
    const res = await prev(method, payload, signal);
    if (!res.ok) metrics.telegramErrors.inc({ method, code: telegramErrorCode(res.error_code) });
    return res;
  } catch (err) {
    metrics.telegramErrors.inc({ method, code: 'network' });
    throw err;
  }
};

/** Commands answered beside the chat's sequence: they must never wait for a hanging upload or order. */
const CONTROL_COMMANDS = /^\/(cancel|help)(@\w+)?(\s|$)/;

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

export function createBot(token: string, opts: CreateBotOptions): Bot<BotContext> {
  const { deps } = opts;
  const config: BotConfig<BotContext> = { client: { apiRoot: deps.config.telegram.apiRoot, ...opts.client } };
  if (opts.botInfo) config.botInfo = opts.botInfo;
  const bot = new Bot<BotContext>(token, config);

  // Network failures and 5xx belong to the TelegramLink below (seconds apart, logged); auto-retry
  // would back them off up to an hour, silently, so it only honours 429s.
  const retry = autoRetry({
    maxRetryAttempts: 5,
    maxDelaySeconds: 60,
    rethrowHttpErrors: true,
    rethrowInternalServerErrors: true,
  });
  // The first installed runs innermost: every failed attempt is counted, then network failures and
  // 5xx are retried on a short leash (telegram-link.ts), then auto-retry honours 429s.
  const link = new TelegramLink({ logger: deps.logger });
  bot.api.config.use(countTelegramErrors);
  bot.api.config.use(link.transformer);
  bot.api.config.use(retry);
  bot.api.config.use(htmlParseMode);
  const callbackAnswers = createCallbackAnswerGuard();
  bot.api.config.use(callbackAnswers.transformer);

  const i18n = createI18n(deps.config.defaultLocale, deps.config.branding);
  // What every context needs, outside and inside conversations (which build their own contexts).
  const contextPlugins = [attachUser(deps), i18n.middleware(), escapeTranslationVariables];

  bot.use(async (ctx, next) => {
    const type = updateType(ctx.update);
    const end = metrics.updateDuration.startTimer({ type });
    try {
      await next();
    } finally {
      end();
      metrics.updates.inc({ type });
    }
  });
  if (opts.onUpdate) {
    const onUpdate = opts.onUpdate;
    bot.use((ctx, next) => {
      onUpdate(ctx.update.update_id);
      return next();
    });
  }
  bot.use(sequentialize(sequentialKey));
  bot.use(callbackAnswers.middleware);
  bot.use(...contextPlugins);
  // Before the access guard and the conversations: a checkout is answered (also "no" to a banned
  // user) and a payment credited whatever else the chat is doing.
  bot.errorBoundary(handleBotError).use(paymentsFeature);
  // Refused users (allowlist, bans) get their answer here and reach nothing below.
  bot.use(createAccessGuard(deps.config));

  const protectedBot = bot.errorBoundary(handleBotError);
  protectedBot.use(
    conversations<BotContext, BaseContext>({
      storage: { type: 'key', version: 1, adapter: opts.store.conversationStorage() },
    }),
  );
  // /cancel must come before any conversation, so it reaches the user even mid-flow.
  protectedBot.use(cancelFeature);
  // Conversations build contexts with an Api of their own, without the bot's transformers.
  const conversationPlugins: MiddlewareFn<BaseContext>[] = [
    (ctx, next) => {
      ctx.api.config.use(countTelegramErrors);
      ctx.api.config.use(link.transformer);
      ctx.api.config.use(retry);
      ctx.api.config.use(htmlParseMode);
      return next();
    },
    callbackAnswers.recordInsideConversation,
    ...contextPlugins,
  ];
  protectedBot.use(createGenerateFeature(conversationPlugins));
  protectedBot.use(orderConfirmationFeature);
  protectedBot.use(orderCancelFeature);
  protectedBot.use(ordersFeature);
  protectedBot.use(createPromptsFeature(conversationPlugins));
  protectedBot.use(adminFeature);
  protectedBot.use(adminWalletFeature);
  protectedBot.use(walletFeature);
  protectedBot.use(startFeature);
  protectedBot.use(languageFeature);
  protectedBot.use(helpFeature);
  protectedBot.use(unhandledFeature);

  bot.catch(handleBotError);
  return bot;
}
