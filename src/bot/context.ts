import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18n } from '@grammyjs/i18n';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Services } from '../services/index.js';
import type { OrderTracker } from '../services/order-tracker.js';
import type { TelegramContext } from '../telegram/context.js';
import type { StatusFlags } from '../telegram/order-status.js';

/**
 * What handlers ask of the order notifier (workers/order-notifier.ts implements it; the composition
 * root injects it): the bot never imports a worker.
 */
export interface OrderStatusMessages {
  /** Redraws the status message of an active order. */
  refresh(orderId: string, chatId: number): void;
  /** Notes a cancel request (or its refusal) on the status message. */
  noteCancel(orderId: string, chatId: number, fact: 'requested' | 'not_cancellable'): void;
  /** What the status message currently says beyond the order's row. */
  flagsFor(orderId: string): StatusFlags;
}

/** What handlers ask of the loops that run beside them (main.ts wires them). */
export interface LiveParts {
  /** Polls submitted orders and delivers their outcomes (one replica each, under a claim). */
  tracker: Pick<OrderTracker, 'track' | 'pollNow' | 'deliverNow'>;
  /** Status messages of tracked orders. */
  statusMessages: OrderStatusMessages;
  /**
   * The update inbox: /cancel asks the replica handling the chat's update to stop its long work;
   * an update that carried a secret keeps only its id once handled.
   */
  inbox: {
    requestCancel(lane: string, updateId: number): Promise<number>;
    forgetPayload(updateId: number): Promise<void>;
  };
}

/**
 * Everything the bot's features need from the outside, injected by main.ts (or a test): settings,
 * texts and the service facades (docs/architecture.md, "An update's way"); never a repository or
 * the upstream client.
 */
export interface BotDeps
  extends Pick<
    Services,
    | 'catalog'
    | 'ordering'
    | 'relay'
    | 'reupload'
    | 'admin'
    | 'promptLibrary'
    | 'wallet'
    | 'limits'
    | 'accounts'
    | 'referrals'
    | 'promo'
    | 'subscriptions'
    | 'bots'
    | 'upstreamKey'
    | 'contentRules'
    | 'groups'
    | 'reports'
    | 'modelExamples'
    | 'reminders'
  > {
  config: Config;
  logger: Logger;
  /** The one set of texts (ours, the brand's overrides, the support line), built once in main.ts. */
  i18n: I18n<TelegramContext>;
  /** True when the upstream is the in-process simulator: nothing costs money. */
  sandbox: boolean;
  /**
   * The running process's loops (main.ts); absent in handler tests, where nothing is tracked and
   * everything runs in one process.
   */
  live?: LiveParts;
  /** Which bot of the process this is (absent in handler tests: the main bot, never suspended). */
  thisBot?: ThisBot;
}

/** The bot an update came to (app/bot-runtime.ts). */
export interface ThisBot {
  id: number;
  /** The operator's own bot (BOT_TOKEN): the one whose admins add and suspend the others. */
  main: boolean;
  /** The texts a bot added here starts with (BOT_TEMPLATE's brand): /newbot suggests its name in them. */
  addedBotTexts?: I18n<TelegramContext>;
  /** Suspended by the operator: customers get one sentence, no orders (bot/middlewares/suspended.ts). */
  suspended(): boolean;
}

interface ExtraContext {
  deps: BotDeps;
  /** Child logger bound to this update. */
  logger: Logger;
}

/** Context inside middleware and conversation steps. */
export type BaseContext = TelegramContext & ExtraContext;
/** Context of the outer middleware tree (adds `ctx.conversation`). */
export type BotContext = ConversationFlavor<BaseContext>;
