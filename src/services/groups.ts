/**
 * Groups the bot takes orders in (issue 42). GROUPS says where: `off` (none: the bot leaves a group
 * it is added to), `allowlist` (a group works once an admin of the bot turns it on there with
 * /group) or `on` (every group, unless an admin turned it off). An admin may also cap a group's
 * generations per UTC day. Every change is audited.
 */
import type { AuditLogRepository, GroupChatRecord, GroupChatsRepository } from '../db/index.js';
import { utcDay } from '../domain/utc-day.js';
import type { Logger } from '../logger.js';

export type GroupsMode = 'off' | 'allowlist' | 'on';

/** The highest daily cap of a group (/group cap and the control room alike). */
export const MAX_GROUP_CAP = 10_000;

/** Whether a group takes orders now, and why not. */
export type GroupVerdict =
  | { kind: 'open' }
  /** GROUPS=off. */
  | { kind: 'off' }
  /** Not turned on (allowlist), turned off by an admin, or the bot is not a member. */
  | { kind: 'closed' }
  /** Today's generations reached the group's cap; it opens again at `resetsAt`. */
  | { kind: 'capped'; cap: number; resetsAt: number };

export interface GroupStatus {
  group: GroupChatRecord | undefined;
  verdict: GroupVerdict;
  usedToday: number;
}

export class GroupsService {
  readonly #repo: GroupChatsRepository;
  readonly #audit: AuditLogRepository;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly mode: GroupsMode;

  constructor(deps: {
    repo: GroupChatsRepository;
    audit: AuditLogRepository;
    mode: GroupsMode;
    logger: Logger;
    now?: () => number;
  }) {
    this.#repo = deps.repo;
    this.#audit = deps.audit;
    this.mode = deps.mode;
    this.#logger = deps.logger.child({ component: 'groups' });
    this.#now = deps.now ?? Date.now;
  }

  /** The bot was added to a group, removed from it, or the group was renamed. */
  membership(chatId: number, title: string, member: boolean): Promise<GroupChatRecord> {
    this.#logger.info({ chatId, member }, 'group membership changed');
    return this.#repo.seen(chatId, title, member);
  }

  /** The group as stored (its title, its switches), without today's count: undefined if never seen. */
  find(chatId: number): Promise<GroupChatRecord | undefined> {
    return this.#repo.find(chatId);
  }

  async status(chatId: number): Promise<GroupStatus> {
    return this.#statusOf(chatId, await this.#repo.find(chatId));
  }

  async verdict(chatId: number): Promise<GroupVerdict> {
    return (await this.status(chatId)).verdict;
  }

  /** Every group the bot was ever in (those it is in first), each with its status now. */
  async overview(): Promise<GroupStatus[]> {
    const statuses: GroupStatus[] = [];
    for (const group of await this.#repo.list()) statuses.push(await this.#statusOf(group.chatId, group));
    return statuses;
  }

  async #statusOf(chatId: number, group: GroupChatRecord | undefined): Promise<GroupStatus> {
    const day = utcDay(this.#now());
    const usedToday = group ? await this.#repo.ordersSince(chatId, new Date(day.start)) : 0;
    return { group, verdict: this.#verdict(group, usedToday, day.end), usedToday };
  }

  /**
   * Turns a group on or off, or (null) back to what GROUPS says; false when nothing changed (or the
   * group was never seen).
   */
  async setEnabled(adminId: number, chatId: number, enabled: boolean | null): Promise<boolean> {
    if (!(await this.#repo.set(chatId, { enabled }))) return false;
    await this.#audit.record({
      actorId: adminId,
      action: enabled === null ? 'group_default' : enabled ? 'group_enabled' : 'group_disabled',
      details: { chat: chatId },
    });
    return true;
  }

  /** Caps a group's generations per UTC day (null: no cap); false when nothing changed. */
  async setDailyCap(adminId: number, chatId: number, cap: number | null): Promise<boolean> {
    if (!(await this.#repo.set(chatId, { dailyCap: cap }))) return false;
    await this.#audit.record({
      actorId: adminId,
      action: 'group_cap_set',
      details: { chat: chatId, cap: cap ?? 0 },
    });
    return true;
  }

  #verdict(group: GroupChatRecord | undefined, usedToday: number, dayEnd: number): GroupVerdict {
    if (this.mode === 'off') return { kind: 'off' };
    if (!group?.member || group.enabled === false) return { kind: 'closed' };
    if (this.mode === 'allowlist' && group.enabled !== true) return { kind: 'closed' };
    if (group.dailyCap !== null && usedToday >= group.dailyCap)
      return { kind: 'capped', cap: group.dailyCap, resetsAt: dayEnd };
    return { kind: 'open' };
  }
}
