import type { I18nFlavor } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import type { UserRecord } from '../db/index.js';
import type { Locale } from '../texts/locales.js';
import type { DateTimeFormatter } from './date-time.js';

/**
 * What the shared Telegram code needs of an update's context: the language of its answers and the
 * sender's stored row. The handlers' context (bot/context.ts) adds their dependencies to it; the
 * i18n instance is typed with this one, so background loops can render texts without knowing the
 * handlers.
 */
export type TelegramContext = Context &
  I18nFlavor &
  /** This update's reader's dates and times: TIME_ZONE, in `locale` (date-time.ts). */
  DateTimeFormatter & {
    /** The language of this update's answers (see i18n.ts for how it is chosen). */
    locale: Locale;
    /** The sender's stored row; undefined for updates without a user (e.g. channel posts). */
    user: UserRecord | undefined;
    /** False when customers see no prices (SHOW_PRICES=false); see Texts. */
    showPrices?: boolean;
  };
