import type { ConversationFlavor } from '@grammyjs/conversations';
import type { I18nFlavor } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import type { Config } from '../config.js';
import type { UsersRepository } from '../db/repositories/users.js';
import type { UserRow } from '../db/schema/users.js';
import type { Logger } from '../logger.js';

/** Everything the bot's features need from the outside, injected by main.ts (or a test). */
export interface BotDeps {
  config: Config;
  logger: Logger;
  users: UsersRepository;
  /** True when the upstream is the in-process simulator: nothing costs money. */
  sandbox: boolean;
}

export interface ExtraContext {
  deps: BotDeps;
  /** Child logger bound to this update. */
  logger: Logger;
  /** The sender's stored row; undefined for updates without a user (e.g. channel posts). */
  user: UserRow | undefined;
}

/** Context inside middleware and conversation steps. */
export type BaseContext = Context & I18nFlavor & ExtraContext;
/** Context of the outer middleware tree (adds `ctx.conversation`). */
export type BotContext = ConversationFlavor<BaseContext>;
