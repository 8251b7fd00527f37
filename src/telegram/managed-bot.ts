/**
 * What the main bot suggests for a bot its user creates (Telegram's managed bots, Bot API 9.6):
 * a name from the user's first name and the brand, a username Telegram would accept, and the
 * reply keyboard whose `request_managed_bot` button opens Telegram's own dialog.
 */
import type { I18n } from '@grammyjs/i18n';
import type { ReplyKeyboardMarkup } from 'grammy/types';
import type { TelegramContext } from './context.js';
import type { Locale, Texts } from './i18n.js';

/** Telegram's limit on a bot's name, in characters. */
const NAME_MAX = 64;
/** A bot's username: a letter first, 5 to 32 characters, ending in "bot". */
const BOT_USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,30}bot$/i;
/** The button's request id: one button per message, so any fixed signed 32-bit number. */
export const NEW_BOT_REQUEST_ID = 1;

/** "Ann's AI Studio": the name we suggest in one language (plain text, within Telegram's limit). */
export function suggestedBotName(i18n: I18n<TelegramContext>, locale: Locale, firstName: string): string {
  return [...i18n.t(locale, 'managed-bots-name', { name: firstName }).trim()].slice(0, NAME_MAX).join('');
}

/** "ann_aistudio_bot", from the Latin letters and digits of the name and brand; none if nothing fits. */
export function suggestedBotUsername(firstName: string, brand: string): string | undefined {
  const latin = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
  let base = [latin(firstName), latin(brand)].filter((part) => part.length > 0).join('_');
  if (!/^[a-z]/.test(base)) base = `my_${base}`;
  const username = `${base.slice(0, 28).replace(/_+$/, '')}_bot`;
  return BOT_USERNAME.test(username) ? username : undefined;
}

/** The button that opens Telegram's dialog for a new bot, and 🏠 Main menu to leave. */
export function newBotKeyboard(
  texts: Texts,
  suggestion: { name: string; username: string | undefined },
): ReplyKeyboardMarkup {
  return {
    keyboard: [
      [
        {
          text: texts.t('managed-bots-button'),
          request_managed_bot: {
            request_id: NEW_BOT_REQUEST_ID,
            suggested_name: suggestion.name,
            ...(suggestion.username ? { suggested_username: suggestion.username } : {}),
          },
        },
      ],
      [{ text: texts.t('button-main-menu') }],
    ],
    resize_keyboard: true,
  };
}
