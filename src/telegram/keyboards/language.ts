import { InlineKeyboard } from 'grammy';
import { captionPromptData, languageData } from '../callback-data/language.js';
import type { Locale, Texts } from '../i18n.js';

/** Language names are written in their own language, so anyone can find theirs. */
export const LANGUAGE_LABELS: Record<Locale, string> = { en: '🇬🇧 English', ru: '🇷🇺 Русский' };

export function createLanguageKeyboard(
  current: string,
  captions?: { texts: Texts; prompt: boolean },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const [code, label] of Object.entries(LANGUAGE_LABELS)) {
    keyboard.text(code === current ? `✅ ${label}` : label, languageData.pack({ code }));
  }
  if (captions) {
    // The toggle shows the current state; a tap switches it.
    const { texts, prompt } = captions;
    keyboard
      .row()
      .text(
        texts.t(prompt ? 'caption-prompt-on' : 'caption-prompt-off'),
        captionPromptData.pack({ to: prompt ? 'off' : 'on' }),
      );
  }
  return keyboard;
}
