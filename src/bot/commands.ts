import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { BaseContext } from './context.js';
import { createI18n, type Locale, SUPPORTED_LOCALES } from './i18n.js';

const USER_COMMANDS = ['start', 'generate', 'orders', 'prompts', 'language', 'help', 'cancel'] as const;

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

const ADMIN_COMMANDS = ['balance', 'stats'] as const;

/** The user list plus the admin tools, for the admins' own chats. */
export function adminCommandsFor(i18n: I18n<BaseContext>, locale: Locale): BotCommand[] {
  return [
    ...commandsFor(i18n, locale),
    ...ADMIN_COMMANDS.map((command) => ({
      command,
      description: i18n.t(locale, `admin-command-${command}`),
    })),
  ];
}

/**
 * Shows /balance and /stats to admins only: each admin's private chat gets its own list (scope
 * `chat`). Telegram refuses a chat the admin never opened with the bot; that admin is reported in
 * `failed` and the others still get theirs.
 */
/** Admin chats whose command list this process has registered. */
const registeredAdminChats = new Set<number>();

/**
 * Telegram refuses a chat-scoped command list for a chat that never opened the bot, so an admin
 * who writes for the first time after start-up gets theirs now.
 */
export async function ensureAdminCommands(
  api: Api,
  defaultLocale: Locale,
  adminId: number,
): Promise<boolean> {
  if (registeredAdminChats.has(adminId)) return false;
  const { failed } = await registerAdminCommands(api, defaultLocale, [adminId]);
  return failed.length === 0;
}

export async function registerAdminCommands(
  api: Api,
  defaultLocale: Locale,
  adminIds: readonly number[],
): Promise<{ failed: Array<{ adminId: number; error: unknown }> }> {
  const i18n = createI18n(defaultLocale);
  const failed: Array<{ adminId: number; error: unknown }> = [];
  for (const adminId of adminIds) {
    const scope = { type: 'chat' as const, chat_id: adminId };
    try {
      for (const locale of SUPPORTED_LOCALES) {
        await api.setMyCommands(adminCommandsFor(i18n, locale), { scope, language_code: locale });
      }
      await api.setMyCommands(adminCommandsFor(i18n, defaultLocale), { scope });
      registeredAdminChats.add(adminId);
    } catch (error) {
      failed.push({ adminId, error });
    }
  }
  return { failed };
}
