/**
 * The registry of bots this deployment serves (issue: many bots, one deployment). The main bot is
 * row 1 and always exists; added and managed bots are rows with their token sealed by the caller
 * (the store never sees a token in the clear, so it cannot log one). An added bot may also keep
 * its own upstream API key, sealed the same way.
 */
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { MAIN_BOT_ID } from '../bot-scope.js';
import { changed, type Engine, first, type Tx, within } from '../engine.js';
import type { BotRecord, BotStatus } from '../records.js';

export interface NewBot {
  telegramId: number;
  username: string;
  tokenSealed: string;
  createdBy: number;
  managed: boolean;
}

export class BotsRepository {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every bot, the main one first. */
  list(): Promise<BotRecord[]> {
    const { bots } = this.engine.tables;
    return this.engine.run((db) => db.select().from(bots).orderBy(asc(bots.id)));
  }

  async byId(id: number, tx?: Tx): Promise<BotRecord | undefined> {
    const { bots } = this.engine.tables;
    return first(await within(this.engine, tx, (db) => db.select().from(bots).where(eq(bots.id, id))));
  }

  async byTelegramId(telegramId: number): Promise<BotRecord | undefined> {
    const { bots } = this.engine.tables;
    return first(
      await this.engine.run((db) => db.select().from(bots).where(eq(bots.telegramId, telegramId))),
    );
  }

  /**
   * Registers a bot once: adding a bot Telegram already knows under another row returns that row
   * (`added: false`) with its token replaced, so a re-added or re-created bot is the same bot with
   * the same customers, never a second copy of them.
   */
  async add(bot: NewBot): Promise<{ bot: BotRecord; added: boolean }> {
    const { bots } = this.engine.tables;
    // Insert-or-nothing first: two adds racing on one Telegram id make one row on either engine.
    const [inserted] = await this.engine.run((db) =>
      db
        .insert(bots)
        .values({ ...bot, status: 'active', createdAt: new Date(this.now()) })
        .onConflictDoNothing({ target: bots.telegramId })
        .returning(),
    );
    if (inserted) return { bot: inserted, added: true };
    const [updated] = await this.engine.run((db) =>
      db
        .update(bots)
        .set({ tokenSealed: bot.tokenSealed, username: bot.username })
        .where(eq(bots.telegramId, bot.telegramId))
        .returning(),
    );
    if (!updated) throw new Error('the bot row vanished while it was re-added');
    return { bot: updated, added: false };
  }

  /** The main bot's identity, read from getMe at start-up (its token stays in the environment). */
  async recordMainIdentity(telegramId: number, username: string): Promise<void> {
    const { bots } = this.engine.tables;
    await this.engine.run((db) =>
      db.update(bots).set({ telegramId, username }).where(eq(bots.id, MAIN_BOT_ID)),
    );
  }

  /** True if the bot exists and now has this status. */
  async setStatus(id: number, status: BotStatus): Promise<boolean> {
    const { bots } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db.update(bots).set({ status }).where(eq(bots.id, id)).returning({ id: bots.id }),
    );
    return changed(rows) === 1;
  }

  /** Sets or (null) lifts the bot's daily upstream spend cap, exact USD. */
  async setDailyCap(id: number, usd: string | null): Promise<boolean> {
    const { bots } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db.update(bots).set({ dailyCapUsd: usd }).where(eq(bots.id, id)).returning({ id: bots.id }),
    );
    return changed(rows) === 1;
  }

  /**
   * Gives an added bot its own upstream API key, sealed by the caller as its token is (the main
   * bot's key is RESELLER_API_KEY: never stored). True if the bot exists and is not the main one.
   */
  async setUpstreamKey(id: number, sealed: string): Promise<boolean> {
    const { bots } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db
        .update(bots)
        .set({ upstreamKeySealed: sealed })
        .where(and(eq(bots.id, id), ne(bots.id, MAIN_BOT_ID)))
        .returning({ id: bots.id }),
    );
    return changed(rows) === 1;
  }

  /** The bot goes back to the deployment's shared key. True if the bot exists. */
  async clearUpstreamKey(id: number): Promise<boolean> {
    const { bots } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db.update(bots).set({ upstreamKeySealed: null }).where(eq(bots.id, id)).returning({ id: bots.id }),
    );
    return changed(rows) === 1;
  }

  /** The bot's own upstream key, still sealed; null when it uses the shared one (or does not exist). */
  async sealedUpstreamKey(id: number): Promise<string | null> {
    const { bots } = this.engine.tables;
    const row = first(
      await this.engine.run((db) =>
        db.select({ sealed: bots.upstreamKeySealed }).from(bots).where(eq(bots.id, id)),
      ),
    );
    return row?.sealed ?? null;
  }

  /** The bots that keep a sealed token (all but the main bot): the deployment needs their secret to start. */
  withSealedToken(): Promise<Array<BotRecord & { tokenSealed: string }>> {
    const { bots } = this.engine.tables;
    return this.engine.run(
      (db) =>
        db.select().from(bots).where(isNotNull(bots.tokenSealed)).orderBy(asc(bots.id)) as Promise<
          Array<BotRecord & { tokenSealed: string }>
        >,
    );
  }
}
