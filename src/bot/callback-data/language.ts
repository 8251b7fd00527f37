import { createCallbackData } from 'callback-data';

/** The language picker: `lang:<code>`. */
export const languageData = createCallbackData('lang', { code: String });
