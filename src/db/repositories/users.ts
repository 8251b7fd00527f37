import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { type UserRow, users } from '../schema/users.js';

export type SupportedLocale = 'en' | 'ru';

export class UsersRepository {
  /**
   * Runs on every update: prepared once, because building the query each time cost more than
   * the write itself (bench/update-handling.ts).
   */
  readonly #touch;

  constructor(private readonly db: Db) {
    this.#touch = db
      .insert(users)
      .values({
        telegramId: sql.placeholder('id'),
        firstName: sql.placeholder('firstName'),
        username: sql.placeholder('username'),
        role: sql.placeholder('role'),
        createdAt: sql.placeholder('now'),
        seenAt: sql.placeholder('now'),
      })
      .onConflictDoUpdate({
        target: users.telegramId,
        set: {
          firstName: sql`excluded.first_name`,
          username: sql`excluded.username`,
          role: sql`excluded.role`,
          seenAt: sql`excluded.seen_at`,
          // A user who writes again has evidently unblocked the bot.
          blocked: false,
        },
      })
      .returning()
      .prepare();
  }

  /** Records that the user was seen (creating the row on first contact) and returns the row. */
  touch(user: { id: number; firstName: string; username?: string | undefined }, isAdmin: boolean): UserRow {
    return this.#touch.get({
      id: user.id,
      firstName: user.firstName,
      username: user.username ?? null,
      role: isAdmin ? 'admin' : 'user',
      now: new Date(),
    }) as UserRow;
  }

  find(telegramId: number): UserRow | undefined {
    return this.db.select().from(users).where(eq(users.telegramId, telegramId)).get();
  }

  setLocale(telegramId: number, locale: SupportedLocale): void {
    this.db.update(users).set({ locale }).where(eq(users.telegramId, telegramId)).run();
  }

  markBlocked(telegramId: number): void {
    this.db.update(users).set({ blocked: true }).where(eq(users.telegramId, telegramId)).run();
  }

  count(): number {
    return this.db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0;
  }
}
