/**
 * Content rules (issue 42) and the descriptions they refused. The rules are one document per bot,
 * versioned as live_settings are: a write names the version it read, so of two admins saving at
 * once exactly one lands. A refusal is booked with its strike count and, when that count reaches
 * the limit, the customer's ban, in one transaction serialised per customer: two refusals at once
 * on two replicas count as two strikes, and ban once.
 */
import { count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  type ContentRules,
  type ContentRulesSnapshot,
  DEFAULT_CONTENT_RULES,
} from '../../domain/content-rules.js';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first, type Tx } from '../engine.js';
import type { ContentBlockRecord, ContentPlace } from '../records.js';
import type { AfterWrite, SettingsWrite } from './live-settings.js';

export interface NewContentBlock {
  userId: number;
  chatId: number;
  place: ContentPlace;
  line: string;
  description: string;
}

export interface BlockBooking {
  /** Refusals of this customer within the window, this one included. */
  strikes: number;
  /** This refusal banned the customer (it was the limit's, and they were not banned already). */
  banned: boolean;
}

export class ContentRulesRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {}

  async read(): Promise<ContentRulesSnapshot> {
    const t = this.engine.tables.contentRules;
    const row = first(await this.engine.run((db) => db.select().from(t).where(this.scope.where(t))));
    return row ? { version: row.version, rules: row.rules } : { version: 0, rules: DEFAULT_CONTENT_RULES };
  }

  /** Replaces the rules if the version is still `expected` (0: never written). */
  write(
    expected: number,
    rules: ContentRules,
    afterWrite?: AfterWrite<ContentRules>,
  ): Promise<SettingsWrite<ContentRules>> {
    const t = this.engine.tables.contentRules;
    return this.engine.transaction(async (tx) => {
      const current = first(await tx.db.select().from(t).where(this.scope.where(t)));
      const version = current?.version ?? 0;
      if (version !== expected) return { kind: 'conflict', version };
      const updatedAt = new Date(this.now());
      const written =
        expected === 0
          ? await tx.db
              .insert(t)
              .values(this.scope.row({ version: 1, rules, updatedAt }))
              .onConflictDoNothing({ target: [t.botId] })
              .returning({ version: t.version })
          : await tx.db
              .update(t)
              .set({ version: expected + 1, rules, updatedAt })
              .where(this.scope.where(t, eq(t.version, expected)))
              .returning({ version: t.version });
      const landed = first(written);
      if (!landed) return { kind: 'conflict', version: expected + 1 };
      const before = current?.rules ?? DEFAULT_CONTENT_RULES;
      await afterWrite?.(tx, before, rules);
      return { kind: 'written', version: landed.version, before, after: rules };
    });
  }

  /**
   * Books a refused description; with `ban.limit` > 0 and that many refusals within `ban.windowMs`,
   * bans the customer too (unless `ban.never`: an admin) and runs `onBan` in the same transaction.
   */
  book(
    block: NewContentBlock,
    ban: { limit: number; windowMs: number; never: boolean },
    onBan?: (tx: Tx, strikes: number) => Promise<void>,
  ): Promise<BlockBooking> {
    const { contentBlocks, users } = this.engine.tables;
    return this.engine.transaction(async (tx) => {
      await tx.lock(`content-strikes:${this.scope.botId}:${block.userId}`);
      const createdAt = new Date(this.now());
      const inserted = first(
        await tx.db
          .insert(contentBlocks)
          .values(this.scope.row({ ...block, banned: false, createdAt }))
          .returning({ id: contentBlocks.id }),
      );
      const since = new Date(createdAt.getTime() - ban.windowMs);
      const strikes =
        first(
          await tx.db
            .select({ n: count() })
            .from(contentBlocks)
            .where(
              this.scope.where(
                contentBlocks,
                eq(contentBlocks.userId, block.userId),
                gte(contentBlocks.createdAt, since),
              ),
            ),
        )?.n ?? 0;
      if (ban.never || ban.limit === 0 || strikes < ban.limit || !inserted) return { strikes, banned: false };
      const bannedRows = await tx.db
        .update(users)
        .set({ bannedAt: createdAt })
        .where(this.scope.where(users, eq(users.telegramId, block.userId), isNull(users.bannedAt)))
        .returning({ id: users.telegramId });
      if (bannedRows.length === 0) return { strikes, banned: false };
      await tx.db
        .update(contentBlocks)
        .set({ banned: true })
        .where(this.scope.where(contentBlocks, eq(contentBlocks.id, inserted.id)));
      await onBan?.(tx, strikes);
      return { strikes, banned: true };
    });
  }

  /** The latest refusals, newest first (the control room's list). */
  recent(limit: number): Promise<ContentBlockRecord[]> {
    const t = this.engine.tables.contentBlocks;
    return this.engine.run((db) =>
      db.select().from(t).where(this.scope.where(t)).orderBy(desc(t.createdAt), desc(t.id)).limit(limit),
    );
  }

  /** Refusals since `since`, and how many of them banned their customer. */
  async countSince(since: Date): Promise<{ blocked: number; bans: number }> {
    const t = this.engine.tables.contentBlocks;
    const row = first(
      await this.engine.run((db) =>
        db
          .select({
            blocked: count(),
            bans: sql<number>`coalesce(sum(case when ${t.banned} then 1 else 0 end), 0)`.mapWith(Number),
          })
          .from(t)
          .where(this.scope.where(t, gte(t.createdAt, since))),
      ),
    );
    return { blocked: row?.blocked ?? 0, bans: row?.bans ?? 0 };
  }
}
