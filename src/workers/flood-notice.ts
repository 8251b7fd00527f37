/**
 * The notice a flooding chat gets when the update inbox drops its latest plain messages: in the
 * language the customer picked with /language, else their Telegram's, else DEFAULT_LOCALE. The
 * inbox asks for it at most once a minute per chat; a failure to send it is only logged (the drop
 * already happened, and the next flood asks again).
 */
import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { Update } from 'grammy/types';
import type { UsersRepository } from '../db/index.js';
import type { Logger } from '../logger.js';
import type { TelegramContext } from '../telegram/context.js';
import { textsFor } from '../telegram/i18n.js';
import { chatIdOf } from '../telegram/inbox-lane.js';
import { type Locale, spokenLocale } from '../texts/locales.js';

export interface FloodNoticeOptions {
  api: Pick<Api, 'sendMessage'>;
  i18n: I18n<TelegramContext>;
  users: Pick<UsersRepository, 'find'>;
  defaultLocale: Locale;
  logger: Logger;
}

/** UpdateInboxWorker's `onDropped`: tells the update's chat that its latest messages were skipped. */
export function floodNotice(opts: FloodNoticeOptions): (update: Update) => Promise<void> {
  return async (update) => {
    const chatId = chatIdOf(update);
    if (chatId === undefined) return;
    const from = update.message?.from ?? update.edited_message?.from;
    try {
      const user = from && (await opts.users.find(from.id));
      const locale = spokenLocale(
        user?.locale,
        from?.language_code ?? user?.languageCode,
        opts.defaultLocale,
      );
      await opts.api.sendMessage(chatId, textsFor(opts.i18n, locale).t('inbox-flood-notice'));
    } catch (err) {
      opts.logger.warn({ err, chatId }, 'could not tell a flooding chat that its messages were dropped');
    }
  };
}
