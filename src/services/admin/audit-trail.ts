/** What admins did (/audit), newest first, a page at a time, with the acting admins' names. */
import type { AuditEntryRecord, AuditLogRepository, UsersRepository } from '../../db/index.js';

export interface AuditPage {
  /** The page shown (the requested one, kept within the pages there are). */
  page: number;
  pages: number;
  entries: AuditEntryRecord[];
  /** First names of the admins on this page, by id (absent when unknown). */
  names: Map<number, string>;
}

export class AuditTrail {
  readonly #audit: AuditLogRepository;
  readonly #users: Pick<UsersRepository, 'find'>;

  constructor(audit: AuditLogRepository, users: Pick<UsersRepository, 'find'>) {
    this.#audit = audit;
    this.#users = users;
  }

  /** Page `requested` (0 is the newest) of `size` entries; undefined when nothing was audited yet. */
  async page(requested: number, size: number): Promise<AuditPage | undefined> {
    const total = await this.#audit.count();
    if (total === 0) return undefined;
    const pages = Math.ceil(total / size);
    const page = Math.min(Math.max(0, requested), pages - 1);
    const entries = await this.#audit.page(page * size, size);
    const names = new Map<number, string>();
    for (const id of new Set(entries.map((e) => e.actorId))) {
      const user = await this.#users.find(id);
      if (user?.firstName) names.set(id, user.firstName);
    }
    return { page, pages, entries, names };
  }
}
