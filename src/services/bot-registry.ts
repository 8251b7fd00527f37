/**
 * The bots a deployment serves beyond BOT_TOKEN (issue 40): their tokens kept sealed with the
 * operator's BOT_TOKENS_SECRET, so a stolen database or backup gives no bot away. At start-up every
 * sealed token must open: a missing or changed secret stops the start with what to do, instead of
 * bots that silently stop answering.
 */
import type { BotRecord, BotsRepository } from '../db/index.js';
import { SecretBox, WrongSecretError } from '../lib/secret-box.js';

/** Refused start: stored bots cannot be served with the secret given. */
export class BotTokensLockedError extends Error {
  override readonly name = 'BotTokensLockedError';
}

export class BotRegistry {
  readonly #box: SecretBox | null;

  constructor(
    private readonly bots: BotsRepository,
    tokensSecret: string | null,
  ) {
    this.#box = tokensSecret === null ? null : new SecretBox(tokensSecret);
  }

  /** Every stored token opens with BOT_TOKENS_SECRET, or the start stops naming the first bot that doesn't. */
  async checkSealedTokens(): Promise<void> {
    const sealed = await this.bots.withSealedToken();
    const first = sealed[0];
    if (!first) return;
    if (!this.#box) {
      throw new BotTokensLockedError(
        `${sealed.length} added bot(s), ${name(first)} first, keep their tokens sealed, and BOT_TOKENS_SECRET is not set: set it to the secret they were added with.`,
      );
    }
    for (const bot of sealed) {
      try {
        this.#box.open(bot.tokenSealed);
      } catch (error) {
        if (!(error instanceof WrongSecretError)) throw error;
        throw new BotTokensLockedError(
          `BOT_TOKENS_SECRET does not open the stored token of ${name(bot)}: it is not the secret the bot was added with. Set the original secret again.`,
        );
      }
    }
  }

  /** The main bot's identity as getMe told it, so lists and links can name it. */
  recordMain(me: { id: number; username: string }): Promise<void> {
    return this.bots.recordMainIdentity(me.id, me.username);
  }
}

function name(bot: BotRecord): string {
  return bot.username ? `@${bot.username}` : `bot #${bot.id}`;
}
