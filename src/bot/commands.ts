import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { BaseContext } from './context.js';
import { createI18n, type Locale, SUPPORTED_LOCALES } from './i18n.js';

const USER_COMMANDS = ['start', 'generate', 'orders', 'language', 'help', 'cancel'] as const;

export function commandsFor(i18n: I18n<BaseContext>, locale: Locale): BotCommand[] {
  return USER_COMMANDS.map((command) => ({ command, description: i18n.t(locale, `command-${command}`) }));
}

/** Registers the command list in every language we speak, and the default for everyone else. */
export async function registerCommands(api: Api, defaultLocale: Locale): Promise<void> {
  const i18n = createI18n(defaultLocale);
  for (const locale of SUPPORTED_LOCALES) {
    await api.setMyCommands(commandsFor(i18n, locale), { language_code: locale });
  }
  await api.setMyCommands(commandsFor(i18n, defaultLocale));
}
