import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { type UserRow, users } from '../schema/users.js';

export type SupportedLocale = 'en' | 'ru';

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Records that the user was seen (creating the row on first contact) and returns the row. */
  touch(user: { id: number; firstName: string; username?: string | undefined }, isAdmin: boolean): UserRow {
    const now = new Date();
    return this.db
      .insert(users)
      .values({
        telegramId: user.id,
        firstName: user.firstName,
        username: user.username ?? null,
        role: isAdmin ? 'admin' : 'user',
        createdAt: now,
        seenAt: now,
      })
      .onConflictDoUpdate({
        target: users.telegramId,
        set: {
          firstName: user.firstName,
          username: user.username ?? null,
          role: isAdmin ? 'admin' : 'user',
          seenAt: now,
          // A user who writes again has evidently unblocked the bot.
          blocked: false,
        },
      })
      .returning()
      .get();
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
