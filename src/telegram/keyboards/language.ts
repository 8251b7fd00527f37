import { InlineKeyboard } from 'grammy';
import { captionPromptData, languageData, remindersSwitchData } from '../callback-data/language.js';
import { languageLabel, SUPPORTED_LOCALES, type Texts } from '../i18n.js';

/**
 * A button for every installed language, named in its own words, two to a row (`current` ticked);
 * each carries `dataOf(locale)`. /language and the broadcast's audience both list them so.
 */
export function languageButtons(dataOf: (locale: string) => string, current?: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  SUPPORTED_LOCALES.forEach((locale, i) => {
    if (i > 0 && i % 2 === 0) keyboard.row();
    const label = languageLabel(locale);
    keyboard.text(locale === current ? `✅ ${label}` : label, dataOf(locale));
  });
  return keyboard;
}

export function createLanguageKeyboard(
  current: string,
  captions?: { texts: Texts; prompt: boolean; reminders?: boolean },
): InlineKeyboard {
  const keyboard = languageButtons((code) => languageData.pack({ code }), current);
  if (captions) {
    // The toggle shows the current state; a tap switches it.
    const { texts, prompt } = captions;
    keyboard
      .row()
      .text(
        texts.t(prompt ? 'caption-prompt-on' : 'caption-prompt-off'),
        captionPromptData.pack({ to: prompt ? 'off' : 'on' }),
      );
    // The bot's reminders (issue 44), where the bot offers any: the same kind of switch.
    if (captions.reminders !== undefined) {
      const on = captions.reminders;
      keyboard
        .row()
        .text(
          texts.t(on ? 'reminders-on' : 'reminders-off'),
          remindersSwitchData.pack({ to: on ? 'off' : 'on', from: 'lang' }),
        );
    }
  }
  return keyboard;
}
