import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { Config } from '../config.js';
import type { TelegramContext } from '../telegram/context.js';
import { type Locale, SUPPORTED_LOCALES } from '../telegram/i18n.js';

const USER_COMMANDS = ['start', 'generate', 'orders', 'prompts', 'language', 'help', 'cancel'] as const;
/** With BILLING=stars; /paysupport and /terms are what Telegram requires of sellers. */
const WALLET_COMMANDS = ['wallet', 'promo', 'invite', 'paysupport', 'terms'] as const;

/**
 * The commands a chat has, as /help lists them: the customer's (with the wallet's when billing is
 * on) and, for an admin, the admin tools. Each with the key of its description.
 */
export function helpCommands(
  wallet: boolean,
  admin: boolean,
): Array<{ command: string; descriptionKey: string }> {
  const user = wallet ? [...USER_COMMANDS, ...WALLET_COMMANDS] : USER_COMMANDS;
  const tools = admin ? (wallet ? [...ADMIN_COMMANDS, ...ADMIN_WALLET_COMMANDS] : ADMIN_COMMANDS) : [];
  return [
    ...user.map((command) => ({ command, descriptionKey: `command-${command}` })),
    ...tools.map((command) => ({ command, descriptionKey: `admin-command-${command}` })),
  ];
}

/** The lists differ in one thing: the Stars wallet's commands are there with BILLING=stars. */
export interface CommandLists {
  defaultLocale: Locale;
  wallet: boolean;
  /** The bot's texts (descriptions are `command-*` messages). */
  i18n: I18n<TelegramContext>;
}

export function commandLists(
  config: Pick<Config, 'defaultLocale' | 'billing'>,
  i18n: I18n<TelegramContext>,
): CommandLists {
  return { defaultLocale: config.defaultLocale, wallet: config.billing.mode === 'stars', i18n };
}

function commandsFor(i18n: I18n<TelegramContext>, locale: Locale, wallet: boolean): BotCommand[] {
  const names = wallet ? [...USER_COMMANDS, ...WALLET_COMMANDS] : USER_COMMANDS;
  return names.map((command) => ({ command, description: i18n.t(locale, `command-${command}`) }));
}

/** Registers the command list in every language we speak, and the default for everyone else. */
export async function registerCommands(api: Api, lists: CommandLists): Promise<void> {
  const { i18n } = lists;
  for (const locale of SUPPORTED_LOCALES) {
    await api.setMyCommands(commandsFor(i18n, locale, lists.wallet), { language_code: locale });
  }
  await api.setMyCommands(commandsFor(i18n, lists.defaultLocale, lists.wallet));
}

const ADMIN_COMMANDS = [
  'balance',
  'stats',
  'broadcast',
  'user',
  'audit',
  'campaign_new',
  'campaigns',
  'dashboard',
] as const;
const ADMIN_WALLET_COMMANDS = ['refund', 'grant', 'promo_new', 'promo_batch', 'promos', 'promo_off'] as const;

/** The user list plus the admin tools, for the admins' own chats. */
function adminCommandsFor(i18n: I18n<TelegramContext>, locale: Locale, wallet: boolean): BotCommand[] {
  const names = wallet ? [...ADMIN_COMMANDS, ...ADMIN_WALLET_COMMANDS] : ADMIN_COMMANDS;
  return [
    ...commandsFor(i18n, locale, wallet),
    ...names.map((command) => ({
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
export async function ensureAdminCommands(api: Api, lists: CommandLists, adminId: number): Promise<boolean> {
  if (registeredAdminChats.has(adminId)) return false;
  const { failed } = await registerAdminCommands(api, lists, [adminId]);
  return failed.length === 0;
}

export async function registerAdminCommands(
  api: Api,
  lists: CommandLists,
  adminIds: readonly number[],
): Promise<{ failed: Array<{ adminId: number; error: unknown }> }> {
  const { defaultLocale, wallet, i18n } = lists;
  const failed: Array<{ adminId: number; error: unknown }> = [];
  for (const adminId of adminIds) {
    const scope = { type: 'chat' as const, chat_id: adminId };
    try {
      for (const locale of SUPPORTED_LOCALES) {
        await api.setMyCommands(adminCommandsFor(i18n, locale, wallet), { scope, language_code: locale });
      }
      await api.setMyCommands(adminCommandsFor(i18n, defaultLocale, wallet), { scope });
      registeredAdminChats.add(adminId);
    } catch (error) {
      failed.push({ adminId, error });
    }
  }
  return { failed };
}
