/**
 * Alert state per kind. Every change is one conditional statement, so two checks racing (a timer
 * and an order that just completed, or two replicas) can never both win the right to send the same alert.
 */
import { eq, isNull, lte, or } from 'drizzle-orm';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first } from '../engine.js';
import type { AdminAlertRecord } from '../records.js';

export class AdminAlertsRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
  ) {}

  async find(kind: string): Promise<AdminAlertRecord | undefined> {
    const { adminAlerts } = this.engine.tables;
    return first(
      await this.engine.run((db) =>
        db
          .select()
          .from(adminAlerts)
          .where(this.scope.where(adminAlerts, eq(adminAlerts.kind, kind))),
      ),
    );
  }

  /**
   * Claims the right to send `kind` now: true (and `last_sent_at` = now) if it was never sent or
   * last sent at or before `now - cooldownMs`; false otherwise.
   */
  async claimSend(kind: string, now: Date, cooldownMs: number): Promise<boolean> {
    const { adminAlerts } = this.engine.tables;
    const cutoff = new Date(now.getTime() - cooldownMs);
    const rows = await this.engine.run((db) =>
      db
        .insert(adminAlerts)
        .values(this.scope.row({ kind, lastSentAt: now, updatedAt: now }))
        .onConflictDoUpdate({
          target: [adminAlerts.botId, adminAlerts.kind],
          set: { lastSentAt: now, updatedAt: now },
          setWhere: or(isNull(adminAlerts.lastSentAt), lte(adminAlerts.lastSentAt, cutoff)),
        })
        .returning({ kind: adminAlerts.kind }),
    );
    return changed(rows) === 1;
  }

  /** The condition began: true for exactly one caller until `deactivate` (also records the send). */
  async activate(kind: string, now: Date): Promise<boolean> {
    const { adminAlerts } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db
        .insert(adminAlerts)
        .values(this.scope.row({ kind, active: true, lastSentAt: now, updatedAt: now }))
        .onConflictDoUpdate({
          target: [adminAlerts.botId, adminAlerts.kind],
          set: { active: true, lastSentAt: now, updatedAt: now },
          setWhere: eq(adminAlerts.active, false),
        })
        .returning({ kind: adminAlerts.kind }),
    );
    return changed(rows) === 1;
  }

  /** The condition ended: true for exactly one caller if it was active. */
  async deactivate(kind: string, now: Date): Promise<boolean> {
    const { adminAlerts } = this.engine.tables;
    const rows = await this.engine.run((db) =>
      db
        .update(adminAlerts)
        .set({ active: false, updatedAt: now })
        .where(this.scope.where(adminAlerts, eq(adminAlerts.kind, kind), eq(adminAlerts.active, true)))
        .returning({ kind: adminAlerts.kind }),
    );
    return changed(rows) === 1;
  }

  async isActive(kind: string): Promise<boolean> {
    return (await this.find(kind))?.active ?? false;
  }
}
