import type { UserFromGetMe } from 'grammy/types';
import { badRequest } from '../api-error.js';

/** What the emulator needs to bring a new bot to life: its account and token, served at once. */
export type SpawnBot = (profile: { first_name: string; username: string }) => {
  botUser: UserFromGetMe;
  token: string;
};

/**
 * The bots a manager bot created through `request_managed_bot` buttons (Bot API 9.6): only the
 * manager may read their tokens, and only when @BotFather allowed it to manage bots.
 */
export class ManagedBots {
  readonly #tokens = new Map<number, string>();

  constructor(
    readonly enabled: boolean,
    private readonly world: { spawn: SpawnBot; revoke: (oldToken: string) => string },
  ) {}

  create(profile: { first_name: string; username: string }): UserFromGetMe {
    if (!this.enabled) throw new Error('this bot may not manage bots (@BotFather has not allowed it)');
    const { botUser, token } = this.world.spawn(profile);
    this.#tokens.set(botUser.id, token);
    return botUser;
  }

  /** getManagedBotToken: the token of a bot this bot manages. */
  tokenOf(botId: number): string {
    const token = this.#tokens.get(botId);
    if (token === undefined) throw badRequest('BOT_INVALID');
    return token;
  }

  /** replaceManagedBotToken: a new token; the old one stops working at once. */
  replace(botId: number): string {
    const token = this.world.revoke(this.tokenOf(botId));
    this.#tokens.set(botId, token);
    return token;
  }
}
