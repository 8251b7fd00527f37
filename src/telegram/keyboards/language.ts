import { InlineKeyboard } from 'grammy';
import { captionPromptData, languageData } from '../callback-data/language.js';
import { languageLabel, SUPPORTED_LOCALES, type Texts } from '../i18n.js';

export function createLanguageKeyboard(
  current: string,
  captions?: { texts: Texts; prompt: boolean },
): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  // Every installed language, named in its own words, two to a row.
  SUPPORTED_LOCALES.forEach((code, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    const label = languageLabel(code);
    keyboard.text(code === current ? `✅ ${label}` : label, languageData.pack({ code }));
  });
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
