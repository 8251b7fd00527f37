/**
 * Sends the running broadcast, once in the cluster (a singleton job).
 *
 * - Pace: one message every 1000 / BROADCAST_RATE ms, never a burst to catch up after a stall, so
 *   no second ever carries more than the rate. Each recipient gets one message, so one chat never
 *   gets more than one per second from us; a retry waits for Telegram's retry_after first.
 * - A 429 pauses every send for its retry_after (the limit is the bot's as much as the chat's), and
 *   the recipient is sent again afterwards.
 * - Every recipient's state is a row: `sending` is stored before the request goes out, the outcome
 *   after. A sender taking the broadcast over (after a crash, on another replica) settles rows left
 *   `sending` as `unconfirmed`: they may have been delivered, so they are never sent again.
 * - Pause and Cancel are status changes in the database (any replica, any admin); the sender reads
 *   the status at least every `statusCheckMs` and stops starting new sends.
 * - Progress goes to a reporter (the admin's progress message); the final report goes out once per
 *   broadcast, after it is done or cancelled, also when the sender that finished it died first.
 */
import type { BroadcastRecord, BroadcastsRepository } from '../../db/index.js';
import { realTimers, type Timers } from '../../lib/timers.js';
import type { Logger } from '../../logger.js';
import { metrics } from '../../metrics.js';
import { estimateProgress, type ProgressSnapshot } from '../../services/broadcast-progress.js';
import type { BroadcastTransport } from '../../telegram/broadcast-transport.js';

export interface BroadcastReporter {
  /** The progress message: called when something changed, at most every `progressEveryMs`. */
  progress(broadcast: BroadcastRecord, snapshot: ProgressSnapshot): Promise<void>;
  /** The final report (done or cancelled); called once per broadcast. */
  finished(broadcast: BroadcastRecord, snapshot: ProgressSnapshot): Promise<void>;
}

export interface BroadcastSenderOptions {
  broadcasts: Pick<
    BroadcastsRepository,
    | 'active'
    | 'find'
    | 'unreported'
    | 'transition'
    | 'pending'
    | 'startSending'
    | 'settle'
    | 'settleInterrupted'
    | 'counts'
    | 'markReported'
  >;
  /** Marks a user who blocked the bot (left out of every later audience). */
  markBlocked(userId: number): Promise<void>;
  transport: BroadcastTransport;
  reporter: BroadcastReporter;
  /** Messages per second (BROADCAST_RATE). */
  rate: number;
  logger: Logger;
  timers?: Timers;
  now?: () => number;
  /** Requests in flight at once (Telegram answers in ~100 ms; the rate needs a few at a time). */
  maxInFlight?: number;
  /** Progress message edits at most this often (default 3 s). */
  progressEveryMs?: number;
  /** How often the status (pause, cancel) is read back while sending (default 500 ms). */
  statusCheckMs?: number;
  /** How long the sender sleeps with nothing to send before it looks again (default 2 s). */
  idleMs?: number;
  /** Sends of one recipient that found Telegram unreachable before it counts as failed. */
  maxAttempts?: number;
}

/**
 * After a 5xx or an unreachable Telegram every send waits, 5 s at first and twice as long after each
 * further failure in a row, up to a minute: an outage stalls the broadcast instead of using up its
 * recipients' attempts.
 */
const UNREACHABLE_PAUSE_MS = 5_000;
const UNREACHABLE_PAUSE_MAX_MS = 60_000;
/** A margin on Telegram's retry_after: our clock and theirs are not the same clock. */
const RETRY_AFTER_MARGIN_MS = 250;
/** The rate shown is measured over this window. */
const RATE_WINDOW_MS = 10_000;

export class BroadcastSender {
  readonly #o: BroadcastSenderOptions;
  readonly #timers: Timers;
  readonly #now: () => number;
  readonly #intervalMs: number;
  readonly #maxInFlight: number;
  readonly #progressEveryMs: number;
  readonly #statusCheckMs: number;
  readonly #idleMs: number;
  readonly #maxAttempts: number;
  readonly #log: Logger;
  readonly #inFlight = new Set<Promise<void>>();
  /** Completion times of recent sends, for the rate shown. */
  readonly #recent: number[] = [];
  #running = false;
  #loop: Promise<void> | undefined;
  #wakeUp: (() => void) | undefined;
  #nextSlot = 0;
  #pauseUntil = 0;
  /** The broadcast whose interrupted rows were settled by this sender. */
  #taken: number | undefined;
  #lastProgressAt = Number.NEGATIVE_INFINITY;
  #lastProgressKey = '';
  #unreachableInARow = 0;
  /** The status this sender last acted on, so a hold is logged once. */
  #seenStatus = '';

  constructor(opts: BroadcastSenderOptions) {
    this.#o = opts;
    this.#timers = opts.timers ?? realTimers;
    this.#now = opts.now ?? Date.now;
    this.#intervalMs = 1000 / opts.rate;
    this.#maxInFlight = opts.maxInFlight ?? 8;
    this.#progressEveryMs = opts.progressEveryMs ?? 3_000;
    this.#statusCheckMs = opts.statusCheckMs ?? 500;
    this.#idleMs = opts.idleMs ?? 2_000;
    this.#maxAttempts = opts.maxAttempts ?? 5;
    this.#log = opts.logger.child({ component: 'broadcast-sender' });
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#taken = undefined;
    this.#loop = this.#run().catch((err: unknown) => {
      this.#log.error({ err }, 'broadcast sender stopped on an error');
    });
  }

  /** Stops starting sends; resolves once the ones in flight are settled. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#wakeUp?.();
    await this.#loop;
    await Promise.all(this.#inFlight);
  }

  /** A broadcast was created or resumed here: look now rather than after the idle wait. */
  wake(): void {
    this.#wakeUp?.();
  }

  async #run(): Promise<void> {
    while (this.#running) {
      try {
        await this.#pass();
      } catch (err) {
        this.#log.warn({ err }, 'broadcast pass failed; trying again');
        await this.#sleep(this.#idleMs);
      }
    }
  }

  /** One look at the database: report what finished, then send the active broadcast (if running). */
  async #pass(): Promise<void> {
    for (const finished of await this.#o.broadcasts.unreported()) await this.#report(finished);
    const broadcast = await this.#o.broadcasts.active();
    if (!broadcast) return this.#sleep(this.#idleMs);
    if (this.#taken !== broadcast.id) {
      const interrupted = await this.#o.broadcasts.settleInterrupted(broadcast.id);
      if (interrupted > 0) {
        this.#log.warn(
          { broadcastId: broadcast.id, interrupted },
          'recipients left mid-send by an earlier sender: counted as unconfirmed, not sent again',
        );
      }
      this.#taken = broadcast.id;
      this.#lastProgressKey = '';
    }
    const seen = `${broadcast.id}:${broadcast.status}`;
    const statusChanged = seen !== this.#seenStatus;
    this.#seenStatus = seen;
    if (broadcast.status !== 'running') {
      if (statusChanged) {
        this.#log.info(
          { broadcastId: broadcast.id, status: broadcast.status },
          'broadcast on hold: nothing is sent',
        );
      }
      await this.#maybeProgress(broadcast);
      return this.#sleep(this.#idleMs);
    }
    await this.#sendBatch(broadcast);
  }

  async #sendBatch(broadcast: BroadcastRecord): Promise<void> {
    const { broadcasts } = this.#o;
    // About two seconds of work: the status is read back in between anyway.
    const batch = await broadcasts.pending(broadcast.id, Math.max(10, Math.ceil(this.#o.rate * 2)));
    if (batch.length === 0) {
      await Promise.all(this.#inFlight);
      const counts = await broadcasts.counts(broadcast.id);
      if (counts.pending === 0 && counts.sending === 0) {
        if (await broadcasts.transition(broadcast.id, ['running'], 'done')) {
          this.#log.info({ broadcastId: broadcast.id, ...counts }, 'broadcast done');
        }
      }
      return;
    }
    let checkedAt = this.#now();
    for (const userId of batch) {
      if (!this.#running) return;
      await this.#pace();
      if (!this.#running) return;
      if (this.#now() - checkedAt >= this.#statusCheckMs) {
        checkedAt = this.#now();
        const current = await broadcasts.find(broadcast.id);
        if (current?.status !== 'running') return;
      }
      while (this.#inFlight.size >= this.#maxInFlight) await Promise.race(this.#inFlight);
      const attempts = await broadcasts.startSending(broadcast.id, userId);
      if (!attempts) continue;
      const send = this.#sendOne(broadcast, userId, attempts).finally(() => this.#inFlight.delete(send));
      this.#inFlight.add(send);
      await this.#maybeProgress(broadcast);
    }
  }

  /** Waits for the next slot at the rate (and for any 429 pause); a late slot is not made up. */
  async #pace(): Promise<void> {
    for (;;) {
      const due = Math.max(this.#nextSlot, this.#pauseUntil);
      const now = this.#now();
      if (due <= now) break;
      await this.#sleep(due - now);
      if (!this.#running) return;
    }
    this.#nextSlot = Math.max(this.#nextSlot, this.#now()) + this.#intervalMs;
  }

  async #sendOne(broadcast: BroadcastRecord, userId: number, attempts: number): Promise<void> {
    const { broadcasts } = this.#o;
    const outcome = await this.#o.transport.send(userId, broadcast.content);
    metrics.broadcastSends.inc({ outcome: outcome.kind });
    const log = this.#log.child({ broadcastId: broadcast.id, userId });
    switch (outcome.kind) {
      case 'sent':
        this.#unreachableInARow = 0;
        this.#recent.push(this.#now());
        await broadcasts.settle(broadcast.id, userId, 'sent');
        return;
      case 'blocked':
        await broadcasts.settle(broadcast.id, userId, 'blocked', outcome.description);
        await this.#o.markBlocked(userId);
        return;
      case 'retry_after':
        log.info({ retryAfter: outcome.seconds }, 'Telegram asked to slow down: every send waits');
        this.#pauseUntil = Math.max(
          this.#pauseUntil,
          this.#now() + outcome.seconds * 1000 + RETRY_AFTER_MARGIN_MS,
        );
        await broadcasts.settle(broadcast.id, userId, 'pending', '429');
        return;
      case 'unreachable': {
        const pauseMs = Math.min(
          UNREACHABLE_PAUSE_MS * 2 ** this.#unreachableInARow,
          UNREACHABLE_PAUSE_MAX_MS,
        );
        this.#unreachableInARow++;
        log.warn({ reason: outcome.description, pauseMs }, 'Telegram unreachable: every send waits');
        this.#pauseUntil = Math.max(this.#pauseUntil, this.#now() + pauseMs);
        if (attempts >= this.#maxAttempts) {
          await broadcasts.settle(broadcast.id, userId, 'failed', outcome.description);
        } else {
          await broadcasts.settle(broadcast.id, userId, 'pending', outcome.description);
        }
        return;
      }
      case 'failed':
        log.info({ reason: outcome.description }, 'broadcast message refused for this chat');
        await broadcasts.settle(broadcast.id, userId, 'failed', outcome.description);
        return;
      case 'unknown':
        log.warn({ reason: outcome.description }, 'no answer from Telegram: maybe delivered, not sent again');
        await broadcasts.settle(broadcast.id, userId, 'unconfirmed', outcome.description);
        return;
    }
  }

  async #snapshot(broadcast: BroadcastRecord): Promise<ProgressSnapshot> {
    const counts = await this.#o.broadcasts.counts(broadcast.id);
    const now = this.#now();
    while (this.#recent.length > 0 && this.#recent[0]! < now - RATE_WINDOW_MS) this.#recent.shift();
    const first = this.#recent[0];
    const span = first === undefined ? 0 : Math.max(1000, now - first);
    const rate = first === undefined ? 0 : (this.#recent.length * 1000) / span;
    return estimateProgress(counts, rate > 0 ? rate : this.#o.rate);
  }

  /** Edits the progress at most every progressEveryMs, and only when it shows something new. */
  async #maybeProgress(broadcast: BroadcastRecord): Promise<void> {
    if (this.#now() - this.#lastProgressAt < this.#progressEveryMs) return;
    const current = (await this.#o.broadcasts.find(broadcast.id)) ?? broadcast;
    const snapshot = await this.#snapshot(current);
    const key = `${current.status}:${JSON.stringify(snapshot.counts)}`;
    if (key === this.#lastProgressKey) return;
    this.#lastProgressAt = this.#now();
    this.#lastProgressKey = key;
    try {
      await this.#o.reporter.progress(current, snapshot);
    } catch (err) {
      this.#log.warn({ err, broadcastId: broadcast.id }, 'could not update the broadcast progress');
    }
  }

  async #report(broadcast: BroadcastRecord): Promise<void> {
    await Promise.all(this.#inFlight);
    // Rows a crash left `sending` in a cancelled broadcast: settled so the report adds up.
    await this.#o.broadcasts.settleInterrupted(broadcast.id);
    const snapshot = await this.#snapshot(broadcast);
    // Claimed before it is sent: a crash in between loses a report rather than sending two.
    if (!(await this.#o.broadcasts.markReported(broadcast.id))) return;
    // Read again: the progress message may have been recorded since (bot/features/broadcast.ts).
    const current = (await this.#o.broadcasts.find(broadcast.id)) ?? broadcast;
    try {
      await this.#o.reporter.finished(current, snapshot);
    } catch (err) {
      this.#log.warn({ err, broadcastId: broadcast.id }, 'could not send the broadcast report');
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = this.#timers.set(() => {
        this.#wakeUp = undefined;
        resolve();
      }, ms);
      this.#wakeUp = () => {
        this.#timers.clear(handle);
        this.#wakeUp = undefined;
        resolve();
      };
    });
  }
}
