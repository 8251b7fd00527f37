import { buttonFamily, field } from './codec.js';

/** `lang:<code>`: any short word parses; the feature answers a code we do not speak as stale. */
export const languageData = buttonFamily('lang', { code: field.word });
