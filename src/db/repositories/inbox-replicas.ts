/**
 * The replicas sharing the update inbox (issue 41): each renews its row while it lives (`beat`),
 * and the live ones split the inbox's shards between them (domain/inbox-shard.ts). A replica that
 * dies stops renewing, and the others leave it out once its lease lapses.
 *
 * SQLite serves one process (its singleton holds always succeed): it is always alone, with no
 * statement at all.
 */
import { gt, lt, sql } from 'drizzle-orm';
import type { Engine } from '../engine.js';
import { INBOX_CHANNEL } from './update-inbox.js';

/** The NOTIFY payload on INBOX_CHANNEL that tells every replica to look at who lives now. */
export const MEMBERS_CHANGED = 'members';

/** A replica not heard of for this long is forgotten. */
const FORGOTTEN_AFTER_MS = 24 * 60 * 60_000;

export class InboxReplicasRepository {
  constructor(
    private readonly engine: Engine,
    private readonly now: () => number,
  ) {}

  /** Whether other processes may share this database (only then are there replicas to count). */
  get shared(): boolean {
    return this.engine.dialect === 'postgres';
  }

  /**
   * `owner` lives until now + leaseMs; returns the replicas alive now (itself among them), in one
   * statement, which also forgets replicas gone for a day (a host name that never comes back).
   */
  async beat(owner: string, leaseMs: number): Promise<string[]> {
    if (!this.shared) return [owner];
    const t = this.engine.tables.inboxReplicas;
    const now = new Date(this.now());
    const until = new Date(now.getTime() + leaseMs);
    const rows = await this.engine.run((db) => {
      // A CTE's insert or delete always runs, but its statement's select does not see it: the
      // renewed row is added below.
      const renewed = db.$with('renewed').as(
        db
          .insert(t)
          .values({ owner, leaseUntil: until })
          .onConflictDoUpdate({ target: t.owner, set: { leaseUntil: until } })
          .returning({ owner: t.owner }),
      );
      const forgotten = db.$with('forgotten').as(
        db
          .delete(t)
          .where(lt(t.leaseUntil, new Date(now.getTime() - FORGOTTEN_AFTER_MS)))
          .returning({ owner: t.owner }),
      );
      return db.with(renewed, forgotten).select({ owner: t.owner }).from(t).where(gt(t.leaseUntil, now));
    });
    return [...new Set([owner, ...rows.map((r) => r.owner)])];
  }

  /** Tells every replica to look at who lives now (one joined). */
  async announce(): Promise<void> {
    if (!this.shared) return;
    await this.engine.run((db) => db.execute(sql`select pg_notify(${INBOX_CHANNEL}, ${MEMBERS_CHANGED})`));
  }

  /** `owner` leaves (drains) and tells the others, who take its shards at once. */
  async leave(owner: string): Promise<void> {
    if (!this.shared) return;
    await this.engine.run((db) =>
      db.execute(sql`with gone as (delete from inbox_replicas where owner = ${owner} returning owner)
        select pg_notify(${INBOX_CHANNEL}, ${MEMBERS_CHANGED}) from gone`),
    );
  }
}
