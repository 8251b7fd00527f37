import type { BotCommand } from 'grammy/types';
import { badRequest } from '../api-error.js';
import { isRecord } from '../params.js';
import { stableJson } from '../reply-markup.js';

const SCOPES = new Set([
  'default',
  'all_private_chats',
  'all_group_chats',
  'all_chat_administrators',
  'chat',
  'chat_administrators',
  'chat_member',
]);

/** Everything the bot configures about itself: commands per scope/language, webhook, menu button, texts. */
export class BotSettings {
  private readonly commandSets = new Map<string, BotCommand[]>();
  webhook: { url: string; [key: string]: unknown } = { url: '' };
  menuButtons = new Map<string, unknown>();
  texts = new Map<string, string>();

  setCommands(commands: unknown, scope: unknown, languageCode: string | undefined): void {
    if (!Array.isArray(commands)) throw badRequest('field "commands" must be an Array');
    if (commands.length > 100) throw badRequest('too many commands');
    const valid = commands.map((c: unknown) => {
      if (!isRecord(c)) throw badRequest('BOT_COMMAND_INVALID');
      const command = String(c['command'] ?? '');
      const description = String(c['description'] ?? '');
      if (!/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
      if (description.trim().length < 1 || description.length > 256) {
        throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
      }
      const ephemeral = c['is_ephemeral'];
      if (ephemeral !== undefined && typeof ephemeral !== 'boolean') throw badRequest('BOT_COMMAND_INVALID');
      return { command, description, ...(ephemeral ? { is_ephemeral: true } : {}) };
    });
    this.commandSets.set(commandKey(scope, languageCode), valid);
  }

  getCommands(scope: unknown, languageCode: string | undefined): BotCommand[] {
    return this.commandSets.get(commandKey(scope, languageCode)) ?? [];
  }

  /** A command the bot marked is_ephemeral in any scope: clients send it as an ephemeral message. */
  isEphemeralCommand(command: string): boolean {
    return [...this.commandSets.values()].some((set) =>
      set.some((c) => c.command === command && c.is_ephemeral === true),
    );
  }

  deleteCommands(scope: unknown, languageCode: string | undefined): void {
    this.commandSets.delete(commandKey(scope, languageCode));
  }
}

function commandKey(scope: unknown, languageCode: string | undefined): string {
  const s = isRecord(scope) ? scope : { type: 'default' };
  if (typeof s['type'] !== 'string' || !SCOPES.has(s['type']))
    throw badRequest('wrong bot command scope specified');
  const normalized = {
    type: s['type'],
    chat_id: s['chat_id'] === undefined ? undefined : String(s['chat_id']),
    user_id: s['user_id'] === undefined ? undefined : String(s['user_id']),
  };
  if (languageCode && !/^[a-z]{2}$/.test(languageCode)) throw badRequest('invalid language code specified');
  return `${stableJson(normalized)}|${languageCode ?? ''}`;
}
