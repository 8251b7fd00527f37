/**
 * Broadcasts as an admin runs them: start one for an audience, pause, resume or cancel it, each
 * with its audit entry. The one door for the bot (/broadcast), the sender's reports and a future
 * HTTP API; the sending itself is the broadcast sender's loop, once in the cluster.
 */
import type {
  AuditLogRepository,
  BroadcastAudience,
  BroadcastContent,
  BroadcastRecord,
  BroadcastsRepository,
  RecipientCounts,
} from '../../db/index.js';
import type { Logger } from '../../logger.js';
import { estimateProgress, type ProgressSnapshot } from '../broadcast-progress.js';

export type { RecipientCounts };

/** Who starts a broadcast and where its progress is shown. */
export interface BroadcastAuthor {
  adminId: number;
  chatId: number;
  locale: string;
}

export type StartOutcome =
  | { kind: 'started'; broadcast: BroadcastRecord; progress: ProgressSnapshot }
  /** Nobody in this audience. */
  | { kind: 'empty' }
  /** Another broadcast runs or is paused: only one at a time. */
  | { kind: 'busy'; active: BroadcastRecord; counts: RecipientCounts };

export type BroadcastChange = 'pause' | 'resume' | 'cancel';

const CHANGES: Record<
  BroadcastChange,
  {
    from: BroadcastRecord['status'][];
    to: BroadcastRecord['status'];
    audited: 'broadcast_paused' | 'broadcast_resumed' | 'broadcast_cancelled';
  }
> = {
  pause: { from: ['running'], to: 'paused', audited: 'broadcast_paused' },
  resume: { from: ['paused'], to: 'running', audited: 'broadcast_resumed' },
  cancel: { from: ['running', 'paused'], to: 'cancelled', audited: 'broadcast_cancelled' },
};

export class BroadcastAdmin {
  readonly #broadcasts: BroadcastsRepository;
  readonly #audit: AuditLogRepository;
  readonly #logger: Logger;
  readonly #rate: number;
  #onChange: () => void = () => {};

  constructor(deps: {
    broadcasts: BroadcastsRepository;
    audit: AuditLogRepository;
    logger: Logger;
    /** BROADCAST_RATE: the pace the first estimate assumes. */
    rate: number;
  }) {
    this.#broadcasts = deps.broadcasts;
    this.#audit = deps.audit;
    this.#logger = deps.logger;
    this.#rate = deps.rate;
  }

  /** Called after a broadcast started or changed here (the composition root wakes the sender). */
  onChange(listener: () => void): void {
    this.#onChange = listener;
  }

  countAudience(audience: BroadcastAudience): Promise<number> {
    return this.#broadcasts.countAudience(audience);
  }

  find(id: number): Promise<BroadcastRecord | undefined> {
    return this.#broadcasts.find(id);
  }

  /** The broadcast that runs or is paused, with its counts; undefined when a new one may start. */
  async busy(): Promise<{ active: BroadcastRecord; counts: RecipientCounts } | undefined> {
    const active = await this.#broadcasts.active();
    if (!active) return undefined;
    return { active, counts: await this.#broadcasts.counts(active.id) };
  }

  /** Where it stands now, with the time left at the configured pace. */
  async progress(broadcast: BroadcastRecord): Promise<ProgressSnapshot> {
    return estimateProgress(await this.#broadcasts.counts(broadcast.id), this.#rate);
  }

  /** Starts it for `audience`, audited; only one broadcast runs or is paused at a time. */
  async start(
    author: BroadcastAuthor,
    content: BroadcastContent,
    audience: BroadcastAudience,
  ): Promise<StartOutcome> {
    for (;;) {
      const created = await this.#broadcasts.create({
        createdBy: author.adminId,
        adminChatId: author.chatId,
        locale: author.locale,
        content,
        audience,
      });
      if (created === 'empty') return { kind: 'empty' };
      if (created === 'busy') {
        // Busy, unless that broadcast ended in between: then try again.
        const busy = await this.busy();
        if (busy) return { kind: 'busy', ...busy };
        continue;
      }
      this.#logger.info(
        { broadcastId: created.id, total: created.total, audience: audience.kind },
        'broadcast started',
      );
      await this.#audit.record({
        actorId: author.adminId,
        action: 'broadcast_started',
        details: { id: created.id, count: created.total, audience: audience.kind },
      });
      const nothingYet = {
        pending: created.total,
        sending: 0,
        sent: 0,
        blocked: 0,
        failed: 0,
        unconfirmed: 0,
      };
      return { kind: 'started', broadcast: created, progress: estimateProgress(nothingYet, this.#rate) };
    }
  }

  /** Remembers the message that shows its progress (the sender edits it), then wakes the sender. */
  async showProgressIn(id: number, messageId: number): Promise<void> {
    await this.#broadcasts.setProgressMessage(id, messageId);
    this.#onChange();
  }

  /** Pauses, resumes or cancels it, audited; false when it is not in a state that allows it. */
  async change(id: number, change: BroadcastChange, adminId: number): Promise<boolean> {
    const { from, to, audited } = CHANGES[change];
    if (!(await this.#broadcasts.transition(id, from, to))) return false;
    this.#logger.info({ broadcastId: id, status: to, adminId }, 'broadcast status changed');
    await this.#audit.record({ actorId: adminId, action: audited, details: { id } });
    this.#onChange();
    return true;
  }
}
