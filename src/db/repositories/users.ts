import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { withEntry } from '../../lib/scoped-entry.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first } from '../engine.js';
import type { SupportedLocale, UserRecord } from '../records.js';

/**
 * `seen_at` is kept to the minute: an update from a user seen less than this ago, with nothing else
 * changed, reads the row and writes nothing (a write per update was most of an update's cost:
 * bench/update-handling.ts).
 */
const SEEN_PRECISION_MS = 60_000;

/**
 * Senders' rows read by the update inbox with the claim of their updates (one statement for a whole
 * claiming pass instead of one per update: on PostgreSQL that read was three in four of the bot's
 * statements under load, bench/inbox-throughput.ts). Keyed by the update being handled, of its bot
 * (update ids are only unique within a bot, and one process serves many: `senderKey`), and spent by
 * its first `touch`: a later touch of the same update (a conversation's own middleware, after a
 * handler may have changed the row) reads the row again. `null`: the sender had no row yet.
 */
const prefetchedSenders = new Map<string, UserRecord | null>();

function senderKey(botId: number, updateId: number): string {
  return `${botId}:${updateId}`;
}

/**
 * Runs the handling of bot `botId`'s update `updateId` with its sender's row already read (`row`, or
 * null for none), so the handler's `touch` (in a store of that bot) reads nothing. The entry ends
 * with `work`, used or not.
 */
export async function withPrefetchedSender<T>(
  botId: number,
  updateId: number,
  row: UserRecord | null,
  work: () => Promise<T>,
): Promise<T> {
  return withEntry(prefetchedSenders, senderKey(botId, updateId), row, work);
}

/**
 * The prefetched row of `userId` for bot `botId`'s `updateId`, spent by this call; undefined if none
 * applies.
 */
function takePrefetchedSender(
  botId: number,
  updateId: number | undefined,
  userId: number,
): UserRecord | null | undefined {
  if (updateId === undefined) return undefined;
  const key = senderKey(botId, updateId);
  if (!prefetchedSenders.has(key)) return undefined;
  const row = prefetchedSenders.get(key)!;
  prefetchedSenders.delete(key);
  if (row !== null && (row.telegramId !== userId || row.botId !== botId)) return undefined;
  return row;
}

export class UsersRepository {
  readonly #engine: Engine;
  readonly #find;
  /**
   * Runs on every update: prepared once, because building the query each time cost more than
   * the write itself (bench/update-handling.ts).
   */
  readonly #touch;
  readonly #now: () => number;

  constructor(
    engine: Engine,
    readonly scope: BotScope,
    now: () => number = Date.now,
  ) {
    this.#engine = engine;
    this.#now = now;
    const { users } = engine.tables;
    this.#find = engine.db
      .select()
      .from(users)
      // The bot as a value: one statement text for every bot's store.
      .where(scope.where(users, eq(users.telegramId, sql.placeholder('id'))))
      .prepare('users_find');
    this.#touch = engine.db
      .insert(users)
      .values({
        botId: scope.botId,
        telegramId: sql.placeholder('id'),
        firstName: sql.placeholder('firstName'),
        username: sql.placeholder('username'),
        languageCode: sql.placeholder('languageCode'),
        role: sql.placeholder('role'),
        createdUpdateId: sql.placeholder('updateId'),
        createdAt: sql.placeholder('now'),
        seenAt: sql.placeholder('now'),
      })
      .onConflictDoUpdate({
        target: [users.botId, users.telegramId],
        set: {
          firstName: sql`excluded.first_name`,
          username: sql`excluded.username`,
          languageCode: sql`excluded.language_code`,
          role: sql`excluded.role`,
          seenAt: sql`excluded.seen_at`,
          // A user who writes again has evidently unblocked the bot.
          blocked: false,
        },
      })
      .returning()
      .prepare('users_touch');
  }

  /**
   * Records that the user was seen (creating the row on first contact) and returns the row.
   * `updateId`: the update being handled; a row it creates remembers it (first-touch attribution).
   */
  async touch(
    user: {
      id: number;
      firstName: string;
      username?: string | undefined;
      languageCode?: string | undefined;
      updateId?: number | undefined;
    },
    isAdmin: boolean,
  ): Promise<UserRecord> {
    const now = this.#now();
    const role = isAdmin ? 'admin' : 'user';
    const prefetched = takePrefetchedSender(this.scope.botId, user.updateId, user.id);
    const known = prefetched === undefined ? await this.find(user.id) : (prefetched ?? undefined);
    if (
      known &&
      !known.blocked &&
      known.firstName === user.firstName &&
      known.username === (user.username ?? null) &&
      known.languageCode === (user.languageCode ?? null) &&
      known.role === role &&
      now - known.seenAt.getTime() < SEEN_PRECISION_MS
    ) {
      return known;
    }
    const write = () =>
      this.#touch.execute({
        id: user.id,
        firstName: user.firstName,
        username: user.username ?? null,
        languageCode: user.languageCode ?? null,
        role,
        updateId: user.updateId ?? null,
        now: new Date(now),
      });
    // SQLite: a commit of its own is an fsync that blocks the whole process (7 ms; 200 newcomers
    // held every other chat for 1.4 s in bench/inbox-throughput.ts). The row is only what Telegram
    // sends again with the next update, and any later commit makes it durable too (one WAL), so
    // this commit does not wait for the disk. PostgreSQL: one round trip, as before.
    const rows =
      this.#engine.dialect === 'sqlite'
        ? await this.#engine.transaction(write, { lazyCommit: true })
        : await this.#engine.run(write);
    return first(rows) as UserRecord;
  }

  /** Prepared: touch() reads it on every update. */
  async find(telegramId: number): Promise<UserRecord | undefined> {
    return first(await this.#engine.run(() => this.#find.execute({ id: telegramId }))) as
      | UserRecord
      | undefined;
  }

  /** The rows of these users (those that have one), in one statement. */
  async findMany(telegramIds: number[]): Promise<UserRecord[]> {
    if (telegramIds.length === 0) return [];
    const { users } = this.#engine.tables;
    return (await this.#engine.run((db) =>
      db
        .select()
        .from(users)
        .where(this.scope.where(users, inArray(users.telegramId, telegramIds))),
    )) as UserRecord[];
  }

  async setLocale(telegramId: number, locale: SupportedLocale): Promise<void> {
    const { users } = this.#engine.tables;
    await this.#engine.run((db) => db.update(users).set({ locale }).where(this.#user(telegramId)));
  }

  /** Their first update from the private chat (kept once set). */
  async markStarted(telegramId: number): Promise<void> {
    const { users } = this.#engine.tables;
    await this.#engine.run((db) =>
      db
        .update(users)
        .set({ startedAt: new Date(this.#now()) })
        .where(and(this.#user(telegramId), isNull(users.startedAt))),
    );
  }

  /** The bot's reminders off (true) or on again (issue 44). */
  async setRemindersOff(telegramId: number, off: boolean): Promise<void> {
    const { users } = this.#engine.tables;
    await this.#engine.run((db) => db.update(users).set({ remindersOff: off }).where(this.#user(telegramId)));
  }

  async setPromptInCaption(telegramId: number, on: boolean): Promise<void> {
    const { users } = this.#engine.tables;
    await this.#engine.run((db) =>
      db.update(users).set({ promptInCaption: on }).where(this.#user(telegramId)),
    );
  }

  async markBlocked(telegramId: number): Promise<void> {
    const { users } = this.#engine.tables;
    await this.#engine.run((db) => db.update(users).set({ blocked: true }).where(this.#user(telegramId)));
  }

  /** By @username (case-insensitive, as Telegram treats them); the most recently seen if several. */
  async findByUsername(username: string): Promise<UserRecord | undefined> {
    const { users } = this.#engine.tables;
    const rows = await this.#engine.run((db) =>
      db
        .select()
        .from(users)
        .where(this.scope.where(users, sql`lower(${users.username}) = ${username.toLowerCase()}`))
        .orderBy(desc(users.seenAt))
        .limit(1),
    );
    return first(rows);
  }

  /**
   * Bans (from now) or unbans a user; false if there is no such user or it already was so (a double
   * tap, another admin), so the caller records only a real change.
   */
  async setBanned(telegramId: number, banned: boolean): Promise<boolean> {
    const { users } = this.#engine.tables;
    const rows = await this.#engine.run((db) =>
      db
        .update(users)
        .set({ bannedAt: banned ? new Date(this.#now()) : null })
        .where(
          this.scope.where(
            users,
            eq(users.telegramId, telegramId),
            banned ? isNull(users.bannedAt) : isNotNull(users.bannedAt),
          ),
        )
        .returning({ id: users.telegramId }),
    );
    return changed(rows) === 1;
  }

  /** This bot's row of `telegramId`. */
  #user(telegramId: number) {
    const { users } = this.#engine.tables;
    return this.scope.where(users, eq(users.telegramId, telegramId));
  }

  async count(): Promise<number> {
    const { users } = this.#engine.tables;
    const rows = await this.#engine.run((db) =>
      db.select({ n: count() }).from(users).where(this.scope.where(users)),
    );
    return first(rows)?.n ?? 0;
  }
}
