/**
 * The bots a deployment serves beyond BOT_TOKEN (issue 40): their tokens kept sealed with the
 * operator's BOT_TOKENS_SECRET, so a stolen database or backup gives no bot away. At start-up every
 * sealed token must open: a missing or changed secret stops the start with what to do, instead of
 * bots that silently stop answering.
 *
 * The operator's admins add bots by token (`add`), list them with their figures (`overview`) and
 * suspend or resume them (`setSuspended`). A bot created through the main bot (Telegram's managed
 * bots, Bot API 9.6) is stored the same way (`addManaged`), its creator as its admin, and gets the
 * template's profile. Serving is the process's business (app/bot-fleet.ts),
 * told through the hooks: a bot added or changed here is served or updated at once.
 */
import type { BotRecord, BotStatus, BotsRepository } from '../db/index.js';
import { MAIN_BOT_ID } from '../db/index.js';
import { compareMoney, moneyToString, parseMoney, ZERO_MONEY } from '../domain/money.js';
import { SecretBox, WrongSecretError } from '../lib/secret-box.js';

/** Refused start: stored bots cannot be served with the secret given. */
export class BotTokensLockedError extends Error {
  override readonly name = 'BotTokensLockedError';
}

/** Telegram refused the token (getMe answered 401 or 404). */
export class RefusedTokenError extends Error {
  override readonly name = 'RefusedTokenError';
}

/** Who a token belongs to, as getMe tells it. */
export interface TokenOwner {
  id: number;
  username: string;
}

/** What a bot did over the last days, for the operator's list. */
export interface BotFigures {
  customers: number;
  revenueStars: number;
  costUsd: string;
  /** What its orders confirmed today (UTC) cost upstream: what its daily cap counts. */
  spentTodayUsd: string;
}

export interface BotOverview {
  bot: BotRecord;
  /** Undefined when its figures could not be read (they are shown as unknown, the list still comes). */
  figures: BotFigures | undefined;
}

/** Why a token was not stored: not a token, refused by Telegram, the main bot's own, or no secret to seal it. */
export type TokenRefusal = { kind: 'malformed' | 'refused' | 'main' | 'no_secret' };

export type AddBotOutcome = { kind: 'added' | 'updated'; bot: BotRecord } | TokenRefusal;

export type CapChange =
  | { kind: 'set' | 'lifted'; bot: BotRecord }
  | { kind: 'unknown' }
  /** Not an amount: a positive USD amount ("5", "0.50", "$2,5") or "off". */
  | { kind: 'malformed' };

/** A managed bot: stored and served (`added`), or known already (its token taken, nothing else). */
export type AddManagedOutcome = { kind: 'added' | 'known'; bot: BotRecord } | TokenRefusal;

export type StatusChange = { kind: 'changed' | 'unchanged'; bot: BotRecord } | { kind: 'unknown' | 'main' };

export interface FleetHooks {
  /** getMe with this token; throws RefusedTokenError when Telegram refuses it. */
  identify(token: string): Promise<TokenOwner>;
  /** Serves the bot now (a bot already served takes its new token). */
  serve(bot: BotRecord, token: string): Promise<void>;
  /** The bot's status changed: it answers accordingly from now on. */
  statusChanged(bot: BotRecord): Promise<void>;
  /**
   * Gives a bot just created its profile from the template (descriptions in each language, and
   * the suggested name in each language if its creator kept it); failures are logged, not thrown.
   */
  setUpProfile(botId: number, creator: { firstName: string }): Promise<void>;
  /** The bot's customers, and its revenue and upstream cost of the last 7 days (today included). */
  figures(botId: number): Promise<BotFigures>;
}

/** A token's shape: the bot's id, a colon and a secret part (35 characters at Telegram; room either way). */
const TOKEN_SHAPE = /^\d{1,20}:[A-Za-z0-9_-]{10,100}$/;

export class BotRegistry {
  readonly #box: SecretBox | null;
  #hooks: FleetHooks | undefined;

  constructor(
    private readonly bots: BotsRepository,
    tokensSecret: string | null,
  ) {
    this.#box = tokensSecret === null ? null : new SecretBox(tokensSecret);
  }

  /** The process that serves the bots (app/bot-fleet.ts), bound once it exists. */
  bindFleet(hooks: FleetHooks): void {
    this.#hooks = hooks;
  }

  get #fleet(): FleetHooks {
    if (!this.#hooks) throw new Error('no fleet bound to the bot registry');
    return this.#hooks;
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

  /** The added bots to serve (active or suspended), each with its token opened. */
  async served(): Promise<Array<{ bot: BotRecord; token: string }>> {
    if (!this.#box) return [];
    const box = this.#box;
    return (await this.bots.withSealedToken()).map((bot) => ({ bot, token: box.open(bot.tokenSealed) }));
  }

  /**
   * The bot's own upstream key, opened (null: it uses the shared one). Throws WrongSecretError if
   * BOT_TOKENS_SECRET does not open it, as a token would.
   */
  upstreamKeyOf(bot: Pick<BotRecord, 'upstreamKeySealed'>): string | null {
    if (bot.upstreamKeySealed === null) return null;
    if (!this.#box) throw new WrongSecretError();
    return this.#box.open(bot.upstreamKeySealed);
  }

  /**
   * Adds a bot by its token: Telegram confirms it (getMe), the token is sealed and stored, and the
   * bot is served at once. A bot added again (a new token after /revoke) keeps its row and customers.
   */
  async add(token: string, addedBy: number): Promise<AddBotOutcome> {
    const stored = await this.#store(token, addedBy, false);
    if (!('bot' in stored)) return stored;
    return { kind: stored.added ? 'added' : 'updated', bot: stored.bot };
  }

  /**
   * Stores and serves a bot its creator made through the main bot (its token from
   * getManagedBotToken): the creator is its admin, and a new bot gets the template's profile. A
   * bot already stored (Telegram told us again, or its token was replaced) keeps its one row and
   * is served with the token given.
   */
  async addManaged(token: string, creator: { id: number; firstName: string }): Promise<AddManagedOutcome> {
    const stored = await this.#store(token, creator.id, true);
    if (!('bot' in stored)) return stored;
    if (!stored.added) return { kind: 'known', bot: stored.bot };
    await this.#fleet.setUpProfile(stored.bot.id, { firstName: creator.firstName });
    return { kind: 'added', bot: stored.bot };
  }

  async #store(
    token: string,
    createdBy: number,
    managed: boolean,
  ): Promise<{ bot: BotRecord; added: boolean } | TokenRefusal> {
    const trimmed = token.trim();
    if (!TOKEN_SHAPE.test(trimmed)) return { kind: 'malformed' };
    if (!this.#box) return { kind: 'no_secret' };
    let owner: TokenOwner;
    try {
      owner = await this.#fleet.identify(trimmed);
    } catch (error) {
      if (error instanceof RefusedTokenError) return { kind: 'refused' };
      throw error;
    }
    const main = await this.bots.byId(MAIN_BOT_ID);
    if (main?.telegramId === owner.id) return { kind: 'main' };
    const stored = await this.bots.add({
      telegramId: owner.id,
      username: owner.username,
      tokenSealed: this.#box.seal(trimmed),
      createdBy,
      managed,
    });
    await this.#fleet.serve(stored.bot, trimmed);
    return stored;
  }

  /** Every bot, the main one first, with customers, revenue and upstream cost of the last 7 days. */
  async overview(): Promise<BotOverview[]> {
    return this.#withFigures(await this.bots.list());
  }

  /**
   * One page of the overview: bots `page * size` on (the last page when past it), their figures
   * only, and how many bots there are.
   */
  async overviewPage(
    page: number,
    size: number,
  ): Promise<{ rows: BotOverview[]; total: number; page: number }> {
    const bots = await this.bots.list();
    const last = Math.max(0, Math.ceil(bots.length / size) - 1);
    const shown = Math.min(Math.max(0, page), last);
    const rows = await this.#withFigures(bots.slice(shown * size, (shown + 1) * size));
    return { rows, total: bots.length, page: shown };
  }

  /** The overview of one bot (`/bots <bot>`): its figures only. */
  async overviewOf(bot: BotRecord): Promise<BotOverview> {
    const [row] = await this.#withFigures([bot]);
    return row!;
  }

  /** These bots with their figures (undefined where they cannot be read now). */
  #withFigures(bots: readonly BotRecord[]): Promise<BotOverview[]> {
    return Promise.all(
      bots.map(async (bot) => ({ bot, figures: await this.#fleet.figures(bot.id).catch(() => undefined) })),
    );
  }

  /** The bot named by its id or @username. */
  async find(ref: string): Promise<BotRecord | undefined> {
    const text = ref.trim();
    const all = await this.bots.list();
    if (/^\d{1,9}$/.test(text)) return all.find((b) => b.id === Number(text));
    const username = text.replace(/^@/, '').toLowerCase();
    return all.find((b) => b.username?.toLowerCase() === username);
  }

  /**
   * Sets the bot's daily upstream spend cap (`amount`: USD, exact) or lifts it ("off"). The bot's
   * runtime reads the cap at every confirmation, so it holds at once on every replica.
   */
  async setDailyCap(ref: string, amount: string): Promise<CapChange> {
    const cap = parseCapAmount(amount);
    if (cap === undefined) return { kind: 'malformed' };
    const bot = await this.find(ref);
    if (!bot) return { kind: 'unknown' };
    await this.bots.setDailyCap(bot.id, cap);
    return { kind: cap === null ? 'lifted' : 'set', bot: { ...bot, dailyCapUsd: cap } };
  }

  /** Suspends or resumes an added bot (the main bot is the operator's own: never suspended). */
  async setSuspended(ref: string, suspended: boolean): Promise<StatusChange> {
    const bot = await this.find(ref);
    if (!bot) return { kind: 'unknown' };
    if (bot.id === MAIN_BOT_ID) return { kind: 'main' };
    const status: BotStatus = suspended ? 'suspended' : 'active';
    if (bot.status === status) return { kind: 'unchanged', bot };
    await this.bots.setStatus(bot.id, status);
    const changed = { ...bot, status };
    await this.#fleet.statusChanged(changed);
    return { kind: 'changed', bot: changed };
  }
}

/** A daily cap as typed: "off" (null), or a positive USD amount, "5", "0.05", "$2.50", "2,5" (canonical string). */
export function parseCapAmount(text: string): string | null | undefined {
  const typed = text.trim().toLowerCase();
  if (typed === 'off') return null;
  const digits = typed.replace(/^\$\s*/, '').replace(',', '.');
  // Up to 6 decimals: what an exact amount holds (domain/money); no exponents, signs or spaces.
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(digits)) return undefined;
  const cap = parseMoney(digits);
  if (compareMoney(cap, ZERO_MONEY) <= 0) return undefined;
  return moneyToString(cap);
}

/** The operator's own bot (BOT_TOKEN), which is never suspended and adds the others. */
export function isMainBot(bot: Pick<BotRecord, 'id'>): boolean {
  return bot.id === MAIN_BOT_ID;
}

function name(bot: BotRecord): string {
  return bot.username ? `@${bot.username}` : `bot #${bot.id}`;
}
