import { buttonFamily, field } from './codec.js';

/** `lang:<code>`: any short word parses; the feature answers a code we do not speak as stale. */
export const languageData = buttonFamily('lang', { code: field.word });

/** `cap:on|off`: the prompt in the caption under results, on /language's screen. */
export const captionPromptData = buttonFamily('cap', { to: field.oneOf(['on', 'off'] as const) });

/**
 * `rmd:on|off:<where>`: the bot's reminders (issue 44) turned on or off, from under a reminder
 * (`msg`) or from /language's screen (`lang`, which is then drawn again).
 */
export const remindersSwitchData = buttonFamily('rmd', {
  to: field.oneOf(['on', 'off'] as const),
  from: field.oneOf(['msg', 'lang'] as const),
});
