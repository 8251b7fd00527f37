import type { I18n } from '@grammyjs/i18n';
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { Config, ManagedBotsPolicy } from '../config.js';
import { rewardsOn } from '../domain/referral.js';
import type { TelegramContext } from '../telegram/context.js';
import { type Locale, languageCodeOf, SUPPORTED_LOCALES } from '../telegram/i18n.js';

const USER_COMMANDS = ['start', 'generate', 'orders', 'prompts', 'language', 'help', 'cancel'] as const;
/** With BILLING=stars; /paysupport and /terms are what Telegram requires of sellers. */
const WALLET_COMMANDS = ['wallet', 'promo', 'invite', 'paysupport', 'terms'] as const;
/** With SUBSCRIPTION_PLANS (Stars billing only). */
const SUBSCRIPTION_COMMANDS = ['subscribe', 'subscription'] as const;

/**
 * What the customer may use: the basics, the wallet's with billing, the plans' when offered, and
 * /newbot in the main bot with MANAGED_BOTS=everyone.
 */
function customerCommands(wallet: boolean, subscriptions: boolean, newBot = false): readonly string[] {
  const basics = newBot ? [...USER_COMMANDS, 'newbot'] : USER_COMMANDS;
  if (!wallet) return basics;
  return subscriptions
    ? [...basics, ...WALLET_COMMANDS, ...SUBSCRIPTION_COMMANDS]
    : [...basics, ...WALLET_COMMANDS];
}

/** The main bot's admin tools: /bots, and /newbot when only the admins may create bots. */
function operatorCommands(newBot: ManagedBotsPolicy): readonly string[] {
  return newBot === 'admins' ? [...OPERATOR_COMMANDS, 'newbot'] : OPERATOR_COMMANDS;
}

/** A customer command's description: /invite without rewards is just the link, not "earn Stars". */
function descriptionKey(command: string, inviteRewards: boolean): string {
  return command === 'invite' && !inviteRewards ? 'command-invite-no-rewards' : `command-${command}`;
}

/**
 * The commands a chat has, as /help lists them: the customer's (with the wallet's when billing is
 * on) and, for an admin, the admin tools. Each with the key of its description.
 */
export function helpCommands(
  wallet: boolean,
  admin: boolean,
  subscriptions = false,
  inviteRewards = true,
  operator = false,
  newBot: ManagedBotsPolicy = 'off',
): Array<{ command: string; descriptionKey: string }> {
  const user = customerCommands(wallet, subscriptions, operator && newBot === 'everyone');
  const tools = admin
    ? [
        ...ADMIN_COMMANDS,
        ...(wallet ? ADMIN_WALLET_COMMANDS : []),
        ...(operator ? operatorCommands(newBot) : ADDED_BOT_COMMANDS),
      ]
    : [];
  return [
    ...user.map((command) => ({ command, descriptionKey: descriptionKey(command, inviteRewards) })),
    ...tools.map((command) => ({ command, descriptionKey: `admin-command-${command}` })),
  ];
}

/** The lists differ in the Stars wallet's commands (BILLING=stars) and the plans' (SUBSCRIPTION_PLANS). */
export interface CommandLists {
  defaultLocale: Locale;
  wallet: boolean;
  subscriptions: boolean;
  /** The referral program pays something (else /invite is described as just the link). */
  inviteRewards: boolean;
  /** The bot's texts (descriptions are `command-*` messages). */
  i18n: I18n<TelegramContext>;
  /** The operator's main bot: its admins also get /bots (adding and pausing the others). */
  operator: boolean;
  /** Who may create bots with /newbot (MANAGED_BOTS; always 'off' outside the main bot). */
  newBot: ManagedBotsPolicy;
}

export function commandLists(
  config: Pick<Config, 'defaultLocale' | 'billing'> & { bots?: Pick<Config['bots'], 'managed'> },
  i18n: I18n<TelegramContext>,
  { operator = true }: { operator?: boolean } = {},
): CommandLists {
  const { billing } = config;
  return {
    operator,
    newBot: operator ? (config.bots?.managed ?? 'off') : 'off',
    defaultLocale: config.defaultLocale,
    wallet: billing.mode === 'stars',
    subscriptions: billing.mode === 'stars' && (billing.subscriptions?.plans.length ?? 0) > 0,
    inviteRewards: billing.mode === 'stars' && rewardsOn(billing.referral),
    i18n,
  };
}

function commandsFor(i18n: I18n<TelegramContext>, locale: Locale, lists: CommandLists): BotCommand[] {
  return customerCommands(lists.wallet, lists.subscriptions, lists.newBot === 'everyone').map((command) => ({
    command,
    description: i18n.t(locale, descriptionKey(command, lists.inviteRewards)),
  }));
}

/** Registers the command list in every language we speak, and the default for everyone else. */
export async function registerCommands(api: Api, lists: CommandLists): Promise<void> {
  const { i18n } = lists;
  for (const locale of SUPPORTED_LOCALES) {
    await api.setMyCommands(commandsFor(i18n, locale, lists), { language_code: languageCodeOf(locale) });
  }
  await api.setMyCommands(commandsFor(i18n, lists.defaultLocale, lists));
}

const ADMIN_COMMANDS = [
  'balance',
  'stats',
  'broadcast',
  'user',
  'audit',
  'rules',
  'reports',
  'campaign_new',
  'campaigns',
  'dashboard',
] as const;
/** The main bot's admins' only: the bots of the deployment (bot/features/bots.ts). */
const OPERATOR_COMMANDS = ['bots'] as const;
/** An added bot's admins' only: its own upstream API key (bot/features/upstream-key.ts). */
const ADDED_BOT_COMMANDS = ['upstream_key'] as const;
const ADMIN_WALLET_COMMANDS = ['refund', 'grant', 'promo_new', 'promo_batch', 'promos', 'promo_off'] as const;

/** The user list plus the admin tools, for the admins' own chats. */
function adminCommandsFor(i18n: I18n<TelegramContext>, locale: Locale, lists: CommandLists): BotCommand[] {
  const names: string[] = [
    ...ADMIN_COMMANDS,
    ...(lists.wallet ? ADMIN_WALLET_COMMANDS : []),
    ...(lists.operator ? operatorCommands(lists.newBot) : ADDED_BOT_COMMANDS),
  ];
  return [
    ...commandsFor(i18n, locale, lists),
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
/** Admin chats whose command list this process has registered, per bot (by token: an update's Api is new). */
const registeredAdminChats = new Map<string, Set<number>>();

function registeredIn(api: Api): Set<number> {
  const chats = registeredAdminChats.get(api.token) ?? new Set<number>();
  registeredAdminChats.set(api.token, chats);
  return chats;
}

/**
 * Telegram refuses a chat-scoped command list for a chat that never opened the bot, so an admin
 * who writes for the first time after start-up gets theirs now.
 */
export async function ensureAdminCommands(api: Api, lists: CommandLists, adminId: number): Promise<boolean> {
  if (registeredIn(api).has(adminId)) return false;
  const { failed } = await registerAdminCommands(api, lists, [adminId]);
  return failed.length === 0;
}

export async function registerAdminCommands(
  api: Api,
  lists: CommandLists,
  adminIds: readonly number[],
): Promise<{ failed: Array<{ adminId: number; error: unknown }> }> {
  const { defaultLocale, i18n } = lists;
  const failed: Array<{ adminId: number; error: unknown }> = [];
  for (const adminId of adminIds) {
    const scope = { type: 'chat' as const, chat_id: adminId };
    try {
      for (const locale of SUPPORTED_LOCALES) {
        await api.setMyCommands(adminCommandsFor(i18n, locale, lists), {
          scope,
          language_code: languageCodeOf(locale),
        });
      }
      await api.setMyCommands(adminCommandsFor(i18n, defaultLocale, lists), { scope });
      registeredIn(api).add(adminId);
    } catch (error) {
      failed.push({ adminId, error });
    }
  }
  return { failed };
}
