import { InlineKeyboard } from 'grammy';
import { languageData } from '../callback-data/language.js';
import type { Locale } from '../i18n.js';

/** Language names are written in their own language, so anyone can find theirs. */
export const LANGUAGE_LABELS: Record<Locale, string> = { en: '🇬🇧 English', ru: '🇷🇺 Русский' };

export function createLanguageKeyboard(current: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const [code, label] of Object.entries(LANGUAGE_LABELS)) {
    keyboard.text(code === current ? `✅ ${label}` : label, languageData.pack({ code }));
  }
  return keyboard;
}
