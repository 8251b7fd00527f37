/**
 * Which of a process's bots have updates waiting that any replica may claim (issue 40): stored, not
 * done, and not leased (or their lease lapsed). One statement for every idle bot of the process
 * (workers/inbox-looks.ts), instead of an idle claiming pass per bot every few seconds.
 */
import { and, between, inArray, isNull, lt, or } from 'drizzle-orm';
import type { ShardRange } from '../../domain/inbox-shard.js';
import type { Engine } from '../engine.js';

export class WaitingBotsRepository {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => number,
  ) {}

  /**
   * The bots among `botIds` with a claimable update now; with `shards`, in those shards only (this
   * replica's share of the lanes, domain/inbox-shard.ts).
   */
  async of(botIds: readonly number[], shards?: ShardRange): Promise<Set<number>> {
    if (botIds.length === 0) return new Set();
    const t = this.engine.tables.updateInbox;
    const now = new Date(this.now());
    const rows = await this.engine.run((db) =>
      db
        .selectDistinct({ botId: t.botId })
        .from(t)
        .where(
          and(
            inArray(t.botId, [...botIds]),
            isNull(t.doneAt),
            or(isNull(t.leaseUntil), lt(t.leaseUntil, now)),
            shards && between(t.shard, shards.from, shards.to),
          ),
        ),
    );
    return new Set(rows.map((r) => r.botId));
  }
}
