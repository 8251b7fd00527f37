/**
 * Alert state per kind. Every change is one conditional statement, so two checks racing (a timer
 * and an order that just completed) can never both win the right to send the same alert.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { type AdminAlertRow, adminAlerts } from '../schema/admin-alerts.js';

export class AdminAlertsRepository {
  constructor(private readonly db: Db) {}

  find(kind: string): AdminAlertRow | undefined {
    return this.db.select().from(adminAlerts).where(eq(adminAlerts.kind, kind)).get();
  }

  /**
   * Claims the right to send `kind` now: true (and `last_sent_at` = now) if it was never sent or
   * last sent at or before `now - cooldownMs`; false otherwise.
   */
  claimSend(kind: string, now: Date, cooldownMs: number): boolean {
    const cutoff = now.getTime() - cooldownMs;
    return (
      this.db
        .insert(adminAlerts)
        .values({ kind, lastSentAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: adminAlerts.kind,
          set: { lastSentAt: now, updatedAt: now },
          setWhere: sql`${adminAlerts.lastSentAt} is null or ${adminAlerts.lastSentAt} <= ${cutoff}`,
        })
        .run().changes === 1
    );
  }

  /** The condition began: true for exactly one caller until `deactivate` (also records the send). */
  activate(kind: string, now: Date): boolean {
    return (
      this.db
        .insert(adminAlerts)
        .values({ kind, active: true, lastSentAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: adminAlerts.kind,
          set: { active: true, lastSentAt: now, updatedAt: now },
          setWhere: sql`${adminAlerts.active} = 0`,
        })
        .run().changes === 1
    );
  }

  /** The condition ended: true for exactly one caller if it was active. */
  deactivate(kind: string, now: Date): boolean {
    return (
      this.db
        .update(adminAlerts)
        .set({ active: false, updatedAt: now })
        .where(and(eq(adminAlerts.kind, kind), eq(adminAlerts.active, true)))
        .run().changes === 1
    );
  }

  isActive(kind: string): boolean {
    return this.find(kind)?.active ?? false;
  }
}
