import { buttonFamily, field } from './codec.js';

/** `lang:<code>`: any short word parses; the feature answers a code we do not speak as stale. */
export const languageData = buttonFamily('lang', { code: field.word });

/** `cap:on|off`: the prompt in the caption under results, on /language's screen. */
export const captionPromptData = buttonFamily('cap', { to: field.oneOf(['on', 'off'] as const) });
