import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18n, I18nFlavor } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import type { Config } from '../config.js';
import type { UpdateInboxRepository, UserRecord } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { Services } from '../services/container.js';
import type { OrderTracker } from '../services/order-tracker.js';
import type { BroadcastSender } from '../workers/broadcast/sender.js';
import type { OrderNotifier } from '../workers/order-notifier.js';
import type { Locale } from './i18n.js';

/** Everything the bot's features need from the outside, injected by main.ts (or a test). */
export interface BotDeps extends Services {
  config: Config;
  logger: Logger;
  /** The one set of texts (ours, the brand's overrides, the support line), built once in main.ts. */
  i18n: I18n<BaseContext>;
  /** True when the upstream is the in-process simulator: nothing costs money. */
  sandbox: boolean;
  /** Polls submitted orders (main.ts); absent in handler tests, where nothing is tracked. */
  tracker?: Pick<OrderTracker, 'track' | 'pollNow'>;
  /** Status messages and delivery of tracked orders (main.ts); absent in handler tests. */
  orderNotifier?: OrderNotifier;
  /**
   * The update inbox (main.ts): /cancel asks the replica handling the chat's update to stop its
   * long work. Absent in handler tests, where everything runs in one process.
   */
  inbox?: Pick<UpdateInboxRepository, 'requestCancel'>;
  /**
   * The broadcast sender (main.ts): woken when a broadcast starts or resumes here. It runs on one
   * replica only; the others see the change when it next looks (within seconds).
   */
  broadcastSender?: Pick<BroadcastSender, 'wake'>;
}

interface ExtraContext {
  deps: BotDeps;
  /** Child logger bound to this update. */
  logger: Logger;
  /** The language of this update's answers (see i18n.ts for how it is chosen). */
  locale: Locale;
  /** The sender's stored row; undefined for updates without a user (e.g. channel posts). */
  user: UserRecord | undefined;
  /** False when customers see no prices (SHOW_PRICES=false); see Texts. */
  showPrices?: boolean;
}

/** Context inside middleware and conversation steps. */
export type BaseContext = Context & I18nFlavor & ExtraContext;
/** Context of the outer middleware tree (adds `ctx.conversation`). */
export type BotContext = ConversationFlavor<BaseContext>;
