/**
 * The groups a bot was added to (issue 42): membership as Telegram reports it (my_chat_member), and
 * what the bot's admins set for each group (turned on or off, a daily cap), plus the day's
 * generations a cap is checked against (the group's orders, read from the orders table).
 */
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first } from '../engine.js';
import type { GroupChatRecord } from '../records.js';

export class GroupChatsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {}

  /** The bot joined or left `chatId` (or its title changed); the admins' settings stay. */
  async seen(chatId: number, title: string, member: boolean): Promise<GroupChatRecord> {
    const t = this.engine.tables.groupChats;
    const at = new Date(this.now());
    const rows = await this.engine.run((db) =>
      db
        .insert(t)
        .values(
          this.scope.row({
            chatId,
            title,
            member,
            enabled: null,
            dailyCap: null,
            createdAt: at,
            updatedAt: at,
          }),
        )
        .onConflictDoUpdate({ target: [t.botId, t.chatId], set: { title, member, updatedAt: at } })
        .returning(),
    );
    return rows[0]!;
  }

  async find(chatId: number): Promise<GroupChatRecord | undefined> {
    const t = this.engine.tables.groupChats;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(t)
          .where(this.scope.where(t, eq(t.chatId, chatId))),
      ),
    );
  }

  /** Every group the bot was ever in, the ones it is in first, then by title. */
  async list(): Promise<GroupChatRecord[]> {
    const t = this.engine.tables.groupChats;
    const rows = await this.engine.run((db) => db.select().from(t).where(this.scope.where(t)));
    return rows.sort((a, b) => Number(b.member) - Number(a.member) || a.title.localeCompare(b.title));
  }

  /** Sets what admins set; false when there is no such group or nothing changed. */
  async set(
    chatId: number,
    change: { enabled?: boolean | null; dailyCap?: number | null },
  ): Promise<boolean> {
    const t = this.engine.tables.groupChats;
    const current = await this.find(chatId);
    if (!current) return false;
    const enabled = change.enabled === undefined ? current.enabled : change.enabled;
    const dailyCap = change.dailyCap === undefined ? current.dailyCap : change.dailyCap;
    if (enabled === current.enabled && dailyCap === current.dailyCap) return false;
    await this.engine.run((db) =>
      db
        .update(t)
        .set({ enabled, dailyCap, updatedAt: new Date(this.now()) })
        .where(this.scope.where(t, eq(t.chatId, chatId))),
    );
    return true;
  }

  /** Orders sent upstream from this group since `since` (what its daily cap counts). */
  async ordersSince(chatId: number, since: Date): Promise<number> {
    const { orders } = this.engine.tables;
    const row = first(
      await this.engine.run((db) =>
        db
          .select({ n: count() })
          .from(orders)
          .where(
            this.scope.where(
              orders,
              and(
                eq(orders.chatId, chatId),
                gte(orders.createdAt, since),
                inArray(orders.stage, ['submitting', 'submitted']),
              ),
            ),
          ),
      ),
    );
    return row?.n ?? 0;
  }
}
