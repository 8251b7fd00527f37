/**
 * The customer's own account as every update sees it: their stored row, refreshed from what
 * Telegram tells of them, and the language they picked. The bot's door to the users table.
 */
import type { UserRecord, UsersRepository } from '../db/index.js';
import type { SupportedLocale } from '../db/records.js';

export class Accounts {
  readonly #users: Pick<
    UsersRepository,
    'touch' | 'find' | 'setLocale' | 'markBlocked' | 'markStarted' | 'setPromptInCaption' | 'setRemindersOff'
  >;
  readonly #adminIds: ReadonlySet<number>;

  constructor(
    users: Pick<
      UsersRepository,
      | 'touch'
      | 'find'
      | 'setLocale'
      | 'markBlocked'
      | 'markStarted'
      | 'setPromptInCaption'
      | 'setRemindersOff'
    >,
    adminIds: readonly number[],
  ) {
    this.#users = users;
    this.#adminIds = new Set(adminIds);
  }

  /** The sender's row, created or refreshed (name, username, Telegram's language; admin by ADMIN_IDS). */
  seen(from: {
    id: number;
    firstName: string;
    username?: string | undefined;
    languageCode?: string | undefined;
    /** The update being handled: a row it creates remembers it (first-touch attribution). */
    updateId?: number | undefined;
  }): Promise<UserRecord> {
    return this.#users.touch(from, this.#adminIds.has(from.id));
  }

  /** Their stored row (a name to show others, in a group). */
  find(userId: number): Promise<UserRecord | undefined> {
    return this.#users.find(userId);
  }

  /** Their first update from the private chat: from now on the bot can write to them there. */
  markStarted(userId: number): Promise<void> {
    return this.#users.markStarted(userId);
  }

  setLocale(userId: number, locale: SupportedLocale): Promise<void> {
    return this.#users.setLocale(userId, locale);
  }

  /** The bot's reminders off or on again (issue 44). */
  setRemindersOff(userId: number, off: boolean): Promise<void> {
    return this.#users.setRemindersOff(userId, off);
  }

  /** Whether the caption under their results also shows the prompt. */
  setPromptInCaption(userId: number, on: boolean): Promise<void> {
    return this.#users.setPromptInCaption(userId, on);
  }

  /** Telegram answered 403: they blocked the bot (cleared when they write again). */
  blockedTheBot(userId: number): Promise<void> {
    return this.#users.markBlocked(userId);
  }
}
