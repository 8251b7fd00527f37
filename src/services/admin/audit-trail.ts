/** What admins did (/audit), newest first, a slice at a time, with the acting admins' names. */
import type { AuditEntryRecord, AuditLogRepository, UsersRepository } from '../../db/index.js';

export interface AuditSlice {
  /** The position (0 is the newest) of the first entry in `entries`. */
  start: number;
  total: number;
  entries: AuditEntryRecord[];
  /** First names of the admins in this slice, by id (absent when unknown). */
  names: Map<number, string>;
}

export class AuditTrail {
  readonly #audit: AuditLogRepository;
  readonly #users: Pick<UsersRepository, 'find'>;

  constructor(audit: AuditLogRepository, users: Pick<UsersRepository, 'find'>) {
    this.#audit = audit;
    this.#users = users;
  }

  /**
   * Up to `size` entries from position `start` (0 is the newest; kept within the entries there
   * are); undefined when nothing was audited yet. Pages are keyed by position, not by number, so a
   * page cut short (by Telegram's message length) is continued from where it stopped.
   */
  async slice(start: number, size: number): Promise<AuditSlice | undefined> {
    const total = await this.#audit.count();
    if (total === 0) return undefined;
    const from = Math.min(Math.max(0, start), total - 1);
    const entries = await this.#audit.page(from, size);
    const names = new Map<number, string>();
    for (const id of new Set(entries.map((e) => e.actorId))) {
      const user = await this.#users.find(id);
      if (user?.firstName) names.set(id, user.firstName);
    }
    return { start: from, total, entries, names };
  }
}
