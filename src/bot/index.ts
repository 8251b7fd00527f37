/**
 * Builds the bot: plugins in the order they must run, then one Composer per feature, then the
 * catch-all. Nothing here talks to the network until the caller starts it.
 */
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { type ApiClientOptions, Bot, type BotConfig } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Db } from '../db/client.js';
import { createConversationStateStorage } from '../db/repositories/conversation-states.js';
import type { BaseContext, BotContext, BotDeps } from './context.js';
import { handleBotError } from './error-handler.js';
import { cancelFeature } from './features/cancel.js';
import { helpFeature } from './features/help.js';
import { languageFeature } from './features/language.js';
import { startFeature } from './features/start.js';
import { unhandledFeature } from './features/unhandled.js';
import { htmlParseMode } from './html-parse-mode.js';
import { createI18n, escapeTranslationVariables } from './i18n.js';
import { answerCallbacksOnce } from './middlewares/answer-callbacks.js';
import { attachUser } from './middlewares/attach-user.js';

export interface CreateBotOptions {
  deps: BotDeps;
  db: Db;
  /** Skip getMe at start-up (tests and benchmarks). */
  botInfo?: UserFromGetMe;
  /** Overrides of grammY's API client (tests pass a recording `fetch`). */
  client?: ApiClientOptions;
}

/** Updates of one chat are handled one at a time, in order; different chats run in parallel. */
export function sequentialKey(ctx: BaseContext): string | undefined {
  return ctx.chat?.id.toString() ?? ctx.from?.id.toString();
}

export function createBot(token: string, opts: CreateBotOptions): Bot<BotContext> {
  const { deps } = opts;
  const config: BotConfig<BotContext> = { client: { apiRoot: deps.config.telegram.apiRoot, ...opts.client } };
  if (opts.botInfo) config.botInfo = opts.botInfo;
  const bot = new Bot<BotContext>(token, config);

  bot.api.config.use(autoRetry({ maxRetryAttempts: 5, maxDelaySeconds: 60 }));
  bot.api.config.use(htmlParseMode);

  const i18n = createI18n(deps.config.defaultLocale);

  bot.use(sequentialize(sequentialKey));
  bot.use(attachUser(deps));
  bot.use(answerCallbacksOnce);
  bot.use(i18n);
  bot.use(escapeTranslationVariables);

  const protectedBot = bot.errorBoundary(handleBotError);
  protectedBot.use(
    conversations<BotContext, BaseContext>({
      storage: { type: 'key', version: 1, adapter: createConversationStateStorage(opts.db) },
    }),
  );
  // /cancel must come before any conversation, so it reaches the user even mid-flow.
  protectedBot.use(cancelFeature);
  protectedBot.use(startFeature);
  protectedBot.use(languageFeature);
  protectedBot.use(helpFeature);
  protectedBot.use(unhandledFeature);

  bot.catch(handleBotError);
  return bot;
}
