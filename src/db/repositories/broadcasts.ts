/**
 * Broadcasts and their recipients. Every recipient's state is a row, moved by compare-and-set
 * (pending -> sending -> sent | blocked | failed, or back to pending after a 429), so a sender that
 * dies at any point resumes where it stopped: rows it left `sending` may have reached Telegram and
 * are settled as `unconfirmed`, never sent again (nobody gets a broadcast twice).
 *
 * Each bot may have one broadcast running or paused at a time: such a row has `active_slot = 1`, and
 * a unique index on (bot_id, active_slot) refuses a second one of that bot even from two replicas at
 * once; another bot's broadcast is no obstacle. Audiences are the store's bot's users, and only its
 * ledger says who paid.
 */
import { asc, count, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { DAY_MS } from '../../domain/utc-day.js';
import { SUPPORTED_LOCALES } from '../../texts/locales.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first } from '../engine.js';
import type {
  BroadcastAudience,
  BroadcastContent,
  BroadcastRecord,
  BroadcastStatus,
  RecipientStatus,
  SupportedLocale,
} from '../records.js';

export interface NewBroadcast {
  createdBy: number;
  adminChatId: number;
  locale: string;
  content: BroadcastContent;
  audience: BroadcastAudience;
}

export type RecipientCounts = Record<RecipientStatus, number>;

/** Rows written per INSERT when the recipients are stored. */
const INSERT_CHUNK = 500;

export class BroadcastsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
    /** The language of users who never chose one and whose Telegram language we do not speak. */
    private readonly defaultLocale: SupportedLocale = 'en',
  ) {}

  get #t() {
    return this.engine.tables;
  }

  /**
   * texts/locales.ts's spokenLocale() in SQL: the chosen locale if we speak it, else the base tag of
   * Telegram's language_code ("ru-RU", "ru_RU" and "ru", not "rue") if we speak it, else the default.
   */
  #spokenLocale(): SQL {
    const { users } = this.#t;
    const supported = sql.join(
      SUPPORTED_LOCALES.map((locale) => sql`${locale}`),
      sql`, `,
    );
    // "ru_RU" -> "ru-ru-": a prefix test on "<locale>-" then matches exactly the base tag.
    const tagged = sql`(replace(lower(${users.languageCode}), '_', '-') || '-')`;
    const byLanguageCode = SUPPORTED_LOCALES.map(
      (locale) => sql`when ${tagged} like ${`${locale}-%`} then ${locale}`,
    );
    return sql`(case when ${users.locale} in (${supported}) then ${users.locale}
      ${sql.join(byLanguageCode, sql` `)} else ${this.defaultLocale} end)`;
  }

  /** This bot's users the audience names who can be written to (not blocked, not banned). */
  #audienceWhere(audience: BroadcastAudience): SQL {
    const { users } = this.#t;
    return this.scope.where(users, eq(users.blocked, false), isNull(users.bannedAt), this.#named(audience));
  }

  #named(audience: BroadcastAudience): SQL | undefined {
    const { users, walletEntries } = this.#t;
    switch (audience.kind) {
      case 'all':
        return undefined;
      case 'language':
        return sql`${this.#spokenLocale()} = ${audience.locale}`;
      case 'active':
        return gte(users.seenAt, new Date(this.now() - audience.days * DAY_MS));
      case 'paying':
        // Paid Stars of their own (in this bot's ledger): a top-up, or a subscription period.
        return sql`exists (select 1 from ${walletEntries} where ${walletEntries.botId} = ${users.botId}
            and ${walletEntries.userId} = ${users.telegramId}
            and ${walletEntries.kind} in ('topup', 'allowance'))`;
      case 'ids':
        return audience.ids.length === 0 ? sql`1 = 0` : inArray(users.telegramId, audience.ids);
    }
  }

  /** How many users a broadcast to `audience` would reach now. */
  async countAudience(audience: BroadcastAudience): Promise<number> {
    const { users } = this.#t;
    const row = first(
      await this.engine.run((db) =>
        db.select({ n: count() }).from(users).where(this.#audienceWhere(audience)),
      ),
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Starts a broadcast: the row and one pending recipient per user of the audience, together.
   * 'busy' if one of this bot's is already running or paused; 'empty' if the audience has nobody.
   */
  async create(input: NewBroadcast): Promise<BroadcastRecord | 'busy' | 'empty'> {
    const { users, broadcasts, broadcastRecipients } = this.#t;
    const now = new Date(this.now());
    try {
      return await this.engine.transaction(async (tx) => {
        const busy = first(
          await tx.db
            .select({ id: broadcasts.id })
            .from(broadcasts)
            .where(this.scope.where(broadcasts, eq(broadcasts.activeSlot, 1))),
        );
        if (busy) return 'busy' as const;
        const ids = await tx.db
          .select({ id: users.telegramId })
          .from(users)
          .where(this.#audienceWhere(input.audience))
          .orderBy(asc(users.telegramId));
        if (ids.length === 0) return 'empty' as const;
        const [row] = await tx.db
          .insert(broadcasts)
          .values(
            this.scope.row({
              ...input,
              status: 'running' as const,
              activeSlot: 1,
              total: ids.length,
              createdAt: now,
              updatedAt: now,
            }),
          )
          .returning();
        const broadcast = row as BroadcastRecord;
        for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
          await tx.db.insert(broadcastRecipients).values(
            ids.slice(i, i + INSERT_CHUNK).map(({ id }) => ({
              botId: this.scope.botId,
              broadcastId: broadcast.id,
              userId: id,
              status: 'pending' as const,
              updatedAt: now,
            })),
          );
        }
        return broadcast;
      });
    } catch (err) {
      // Two admins confirming at the same moment: the unique index lets one through.
      if (isUniqueViolation(err)) return 'busy';
      throw err;
    }
  }

  async find(id: number): Promise<BroadcastRecord | undefined> {
    const { broadcasts } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(broadcasts)
          .where(this.scope.where(broadcasts, eq(broadcasts.id, id))),
      ),
    );
  }

  /** This bot's broadcast running or paused now, if any. */
  async active(): Promise<BroadcastRecord | undefined> {
    const { broadcasts } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(broadcasts)
          .where(this.scope.where(broadcasts, eq(broadcasts.activeSlot, 1))),
      ),
    );
  }

  /** A finished broadcast whose final report was not sent yet (a crash right after it finished). */
  async unreported(): Promise<BroadcastRecord[]> {
    const { broadcasts } = this.#t;
    return this.engine.run((db) =>
      db
        .select()
        .from(broadcasts)
        .where(this.scope.where(broadcasts, isNull(broadcasts.activeSlot), isNull(broadcasts.reportedAt)))
        .orderBy(asc(broadcasts.id)),
    );
  }

  /**
   * Moves a broadcast from one of `from` to `to`; false if it was not in `from` (another admin or
   * replica moved it first). Cancelled and done broadcasts leave the active slot.
   */
  async transition(id: number, from: BroadcastStatus[], to: BroadcastStatus): Promise<boolean> {
    const { broadcasts } = this.#t;
    const now = new Date(this.now());
    const final = to === 'cancelled' || to === 'done';
    const rows = await this.engine.run((db) =>
      db
        .update(broadcasts)
        .set({
          status: to,
          updatedAt: now,
          ...(final ? { activeSlot: null, finishedAt: now } : {}),
        })
        .where(this.scope.where(broadcasts, eq(broadcasts.id, id), inArray(broadcasts.status, from)))
        .returning({ id: broadcasts.id }),
    );
    return changed(rows) === 1;
  }

  async setProgressMessage(id: number, messageId: number): Promise<void> {
    const { broadcasts } = this.#t;
    await this.engine.run((db) =>
      db
        .update(broadcasts)
        .set({ progressMessageId: messageId })
        .where(this.scope.where(broadcasts, eq(broadcasts.id, id))),
    );
  }

  /** Records that the final report went out; false if it had been recorded already. */
  async markReported(id: number): Promise<boolean> {
    const { broadcasts } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(broadcasts)
        .set({ reportedAt: new Date(this.now()) })
        .where(this.scope.where(broadcasts, eq(broadcasts.id, id), isNull(broadcasts.reportedAt)))
        .returning({ id: broadcasts.id }),
    );
    return changed(rows) === 1;
  }

  /** The next pending recipients, in id order. */
  async pending(broadcastId: number, limit: number): Promise<number[]> {
    const { broadcastRecipients: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .select({ userId: r.userId })
        .from(r)
        .where(this.scope.where(r, eq(r.broadcastId, broadcastId), eq(r.status, 'pending')))
        .orderBy(asc(r.userId))
        .limit(limit),
    );
    return rows.map((row) => row.userId);
  }

  /**
   * pending -> sending, just before the message goes out: the attempts so far (this one included),
   * or undefined if the recipient was not pending.
   */
  async startSending(broadcastId: number, userId: number): Promise<number | undefined> {
    const { broadcastRecipients: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(r)
        .set({ status: 'sending', updatedAt: new Date(this.now()), attempts: sql`${r.attempts} + 1` })
        .where(
          this.scope.where(r, eq(r.broadcastId, broadcastId), eq(r.userId, userId), eq(r.status, 'pending')),
        )
        .returning({ attempts: r.attempts }),
    );
    return first(rows)?.attempts;
  }

  /** sending -> the outcome (sent, blocked, failed, unconfirmed, or pending again to retry). */
  async settle(
    broadcastId: number,
    userId: number,
    outcome: RecipientStatus,
    error?: string,
  ): Promise<boolean> {
    const { broadcastRecipients: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(r)
        .set({ status: outcome, error: error ?? null, updatedAt: new Date(this.now()) })
        .where(
          this.scope.where(r, eq(r.broadcastId, broadcastId), eq(r.userId, userId), eq(r.status, 'sending')),
        )
        .returning({ userId: r.userId }),
    );
    return changed(rows) === 1;
  }

  /**
   * A sender taking a broadcast over: rows left `sending` by one that died may have reached
   * Telegram; they become `unconfirmed` and are never sent again. Returns how many.
   */
  async settleInterrupted(broadcastId: number): Promise<number> {
    const { broadcastRecipients: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(r)
        .set({ status: 'unconfirmed', updatedAt: new Date(this.now()) })
        .where(this.scope.where(r, eq(r.broadcastId, broadcastId), eq(r.status, 'sending')))
        .returning({ userId: r.userId }),
    );
    return changed(rows);
  }

  async counts(broadcastId: number): Promise<RecipientCounts> {
    const { broadcastRecipients: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .select({ status: r.status, n: count() })
        .from(r)
        .where(this.scope.where(r, eq(r.broadcastId, broadcastId)))
        .groupBy(r.status),
    );
    const counts: RecipientCounts = {
      pending: 0,
      sending: 0,
      sent: 0,
      blocked: 0,
      failed: 0,
      unconfirmed: 0,
    };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  async recipient(broadcastId: number, userId: number) {
    const { broadcastRecipients: r } = this.#t;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(r)
          .where(this.scope.where(r, eq(r.broadcastId, broadcastId), eq(r.userId, userId))),
      ),
    );
  }
}

/** SQLite's and PostgreSQL's "unique constraint violated", through drizzle's wrapping. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}
