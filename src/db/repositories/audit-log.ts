/** The admins' audit log: append-only, read newest first a page at a time (/audit). */
import { count, desc } from 'drizzle-orm';
import type { AuditAction } from '../audit-actions.js';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first, type Tx, within } from '../engine.js';
import type { AuditEntryRecord } from '../records.js';

/** A new entry: one of the known actions (an entry read back keeps whatever it was written with). */
export type NewAuditEntry = Pick<AuditEntryRecord, 'actorId'> & { action: AuditAction } & Partial<
    Pick<AuditEntryRecord, 'targetUserId' | 'details'>
  >;

export class AuditLogRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {}

  /** `tx`: recorded with the change it describes (commits or rolls back with it). */
  async record(entry: NewAuditEntry, tx?: Tx): Promise<void> {
    const t = this.engine.tables.auditLog;
    await within(this.engine, tx, (db) =>
      db.insert(t).values(
        this.scope.row({
          actorId: entry.actorId,
          action: entry.action,
          targetUserId: entry.targetUserId ?? null,
          details: entry.details ?? {},
          createdAt: new Date(this.now()),
        }),
      ),
    );
  }

  /** Entries newest first, skipping `offset`. */
  async page(offset: number, limit: number): Promise<AuditEntryRecord[]> {
    const t = this.engine.tables.auditLog;
    return this.engine.run((db) =>
      db.select().from(t).where(this.scope.where(t)).orderBy(desc(t.id)).limit(limit).offset(offset),
    );
  }

  async count(): Promise<number> {
    const t = this.engine.tables.auditLog;
    return Number(
      first(await this.engine.run((db) => db.select({ n: count() }).from(t).where(this.scope.where(t))))?.n ??
        0,
    );
  }
}
