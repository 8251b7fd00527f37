/**
 * Handles the updates of the inbox (db/repositories/update-inbox.ts) on this replica: claims lane
 * heads, up to `maxInFlight` at once, hands each to the bot and marks it done. Updates arrive
 * through `accept` (the webhook, or getUpdates in polling mode: one path for both), which stores
 * them and wakes the worker; updates stored by other replicas are found by a short idle poll.
 *
 * - Leases are renewed while an update runs (a 200 MB relay may take minutes); a replica that dies
 *   loses its claims when they lapse, and another replica handles those updates again.
 * - An update claimed `maxAttempts` times without being done (it keeps killing its process) is
 *   given up, logged, so it cannot block its chat for ever.
 * - A /cancel handled elsewhere marks the chat's update in hand; the renewal sees it and stops
 *   that update's long work here (`onCancelRequested`).
 * - `drain`: stop claiming, let what is in hand finish for a grace period, hand the rest back.
 *
 * Among replicas (inbox-partition.ts), a worker claims only its replica's shards of the bot's
 * lanes and wakes the replica whose shards the updates it stores are in; payments are never split.
 *
 * At the speed of the store: updates arriving together (a getUpdates batch, webhook requests while
 * a commit is in flight) are stored in one transaction (InboxWriter), and completions are recorded
 * in the same transaction as the next claim (`settle`), which takes the heads of many lanes at once.
 * Payments (a checkout question, a successful payment) are claimed by slots of their own.
 *
 * An update whose handler only waits for Telegram (its reply waits its turn in the bot's send budget,
 * telegram/budget-waits.ts, or its chat's 429 window, `isWaiting`) does not hold a slot meanwhile,
 * up to `maxWaitingForTelegram` such updates: under a flood of busy chats the budget sends about 30
 * posts a second, so the slots would all hold flooders' replies and a newcomer's update would not
 * even be claimed until one of them was sent. The bound keeps memory bounded: at most
 * `maxInFlight + maxWaitingForTelegram` chat updates and `maxPaymentsInFlight` payments in hand.
 *
 * Bots in one process share its slots and its event loop (slot-share.ts): while another bot is
 * busy, this one holds only its share of the slots and starts its handlers one per turn.
 */
import type { Update } from 'grammy/types';
import type { InboxUpdateRecord, UpdateInboxRepository, UserRecord } from '../db/index.js';
import { withPrefetchedConversation } from '../db/repositories/conversation-states.js';
import type { Arrival, ClaimedUpdate, StoreOutcome } from '../db/repositories/update-inbox.js';
import { withPrefetchedSender } from '../db/repositories/users.js';
import { storableJson } from '../db/storable-json.js';
import { isPaymentLane } from '../domain/inbox-lane.js';
import { laneShard, type ShardRange } from '../domain/inbox-shard.js';
import { realTimers, sleepOn, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';
import { BudgetWaits, handleWithBudgetWaits } from '../telegram/budget-waits.js';
import { CONTROL_COMMANDS, inboxLane, senderIdOf } from '../telegram/inbox-lane.js';
import type { InboxLookSlot } from './inbox-looks.js';
import type { PartitionSlot } from './inbox-partition.js';
import { InboxWriter } from './inbox-writer.js';
import type { SlotShare } from './slot-share.js';

/** Payment lanes (see telegram/inbox-lane.ts): handled by slots of their own. */

/**
 * A chat's plain messages (no command, no payment, no button): what a flooding chat sends, and what
 * may be dropped once its lane's backlog is full.
 */
export function isDroppable(update: Update): boolean {
  const message = update.message ?? update.edited_message;
  if (!message || message.successful_payment) return false;
  const text = message.text ?? message.caption ?? '';
  return !text.startsWith('/') && !CONTROL_COMMANDS.test(text);
}

export interface UpdateInboxWorkerOptions {
  /** One bot's inbox (its `scope`: the bot whose updates these are). */
  inbox: Pick<
    UpdateInboxRepository,
    'scope' | 'store' | 'skip' | 'settle' | 'renew' | 'finishMany' | 'release'
  >;
  handle(update: Update): Promise<void>;
  /**
   * Reads the rows of the users who sent the updates a pass claimed, in one statement, so each
   * handler's own read of its sender's row costs nothing (users.ts `withPrefetchedSender`).
   */
  readSenders?(userIds: number[]): Promise<UserRecord[]>;
  /** Called before an update is handled again (its first handler died): it may have half-happened. */
  onRetry?(update: Update): void;
  /** Another replica handled /cancel for the chat of this update, which runs here. */
  onCancelRequested?(update: Update): void;
  /** This process among the replicas (REPLICA_ID); stable across restarts, unique among live ones. */
  owner: string;
  logger: Logger;
  /** Updates handled at once (different lanes); default 64 (INBOX_CONCURRENCY). */
  maxInFlight?: number;
  /** Payment updates handled at once, beside `maxInFlight`; default 16. */
  maxPaymentsInFlight?: number;
  /**
   * The update in hand only waits for Telegram's per-chat window (a 429): it does not count against
   * `maxInFlight` meanwhile (telegram/chat-flood-gate.ts).
   */
  isWaiting?(update: Update): boolean;
  /**
   * Chat updates in hand only waiting for Telegram (`isWaiting`, or a post waiting for the send
   * budget) that hold no slot, beyond `maxInFlight`; default 4 x maxInFlight.
   */
  maxWaitingForTelegram?: number;
  /** An update was stored or dropped: its chat wrote to the bot (the send budget's fairness). */
  onHeard?(update: Update): void;
  /** A chat's plain messages waiting beyond this many are dropped (one notice); default 20. */
  maxBacklog?: number;
  /** Updates were dropped from this update's chat (a flood): tell the user, at most once a minute. */
  onDropped?(update: Update): void;
  now?: () => number;
  /** How long a claim holds without renewal; default 30 s. Renewed every third of it. */
  leaseMs?: number;
  /** How often to look for updates other replicas stored, and for lapsed claims; default 250 ms. */
  idlePollMs?: number;
  /**
   * While looks find nothing and nothing arrives, each look waits twice as long, up to this
   * (default: `idlePollMs`, no backoff). An idle bot of many in one process then costs little; the
   * first update stored or claimed brings the looks back to `idlePollMs`.
   */
  idlePollMaxMs?: number;
  /**
   * The process's one idle look for all its bots (inbox-looks.ts): quiet through its longest wait,
   * the worker parks there and is woken when the bot has updates to claim, instead of looking itself.
   */
  looks?: InboxLookSlot;
  /**
   * This replica's share of the bot's lanes (inbox-partition.ts): it claims only its shards, wakes
   * the replica whose shards the updates it stores are in, and is woken by the others likewise.
   */
  partition?: PartitionSlot;
  /**
   * The slots of every bot's worker in this process (slot-share.ts): while other bots have updates
   * in hand, this one uses only its share of `maxInFlight`.
   */
  share?: SlotShare;
  /** The bot's label on the inbox's metrics (metrics.ts `botLabel`); the main bot's by default. */
  metricsBot?: string;
  /** Claims of one update before it is given up; default 5. */
  maxAttempts?: number;
  timers?: Timers;
}

export class UpdateInboxWorker {
  readonly #opts: UpdateInboxWorkerOptions;
  readonly #log: Logger;
  readonly #timers: Timers;
  readonly #maxInFlight: number;
  readonly #leaseMs: number;
  readonly #idlePollMs: number;
  readonly #idlePollMaxMs: number;
  /** The wait before the next idle look (grows while nothing happens). */
  #idleDelayMs: number;
  /** Quiet for long: the process's one look (`looks`) wakes it, no idle timer of its own. */
  #parked = false;
  /** Counts updates stored and claimed: unchanged between two looks means nothing happened. */
  #activity = 0;
  #activityAtLastLook = 0;
  readonly #maxAttempts: number;
  readonly #maxPayments: number;
  readonly #maxWaiting: number;
  /** Slots freed before a completion alone triggers a claiming pass (half of them). */
  readonly #claimBatch: number;
  readonly #writer: InboxWriter;
  readonly #now: () => number;
  readonly #inHand = new Map<number, ClaimedUpdate>();
  /** The posts of each update in hand waiting for the send budget. */
  readonly #budgetWaits = new Map<number, BudgetWaits>();
  /**
   * A payment may wait to be claimed: one was stored here, one finished here (freeing a payment
   * slot), or the idle look (payments stored by other replicas). Claiming payments costs a pass over
   * the pending updates of its own, so the passes of a busy worker skip it otherwise.
   */
  #paymentsMayWait = true;
  /**
   * Chat lanes that got updates since the last pass, with the newest one's id (stored here, or
   * named by another replica's wake; not those a pass took already), and whether anything else may
   * wait (a wake that named no lanes, an idle look, a pass that filled its room, an update done
   * whose lane had more behind it). A completion alone passes again only then: three replicas each
   * handling a third of the updates made a pass for nearly every update, most finding nothing.
   */
  #arrived = new Map<string, number>();
  #chatsMayWait = true;
  /** Updates in hand whose lane has a later update waiting: once done, the lane's next is due. */
  readonly #followed = new Set<number>();
  /** Chat lane -> its update in hand here (not a control update: that one runs beside it). */
  readonly #laneInHand = new Map<string, number>();
  /** Handled, not yet recorded as done: the next claiming pass records them (one transaction). */
  #done: number[] = [];
  /** Chat lane -> when its user was last told that messages were dropped. */
  readonly #dropNotices = new Map<string, number>();
  readonly #tasks = new Set<Promise<void>>();
  /** Updates in hand whose work was already told to stop (the flag stays set in the store). */
  readonly #cancelled = new Set<number>();
  #running = false;
  #pumping: Promise<void> | undefined;
  #pumpAgain = false;
  #pumpSoonPending = false;
  #idleTimer: unknown;
  #renewTimer: unknown;
  #renewing: Promise<void> | undefined;
  /** The last handler start queued one per turn of the event loop (see `#nextTurn`). */
  #turns: Promise<void> = Promise.resolve();

  constructor(opts: UpdateInboxWorkerOptions) {
    this.#opts = opts;
    this.#log = opts.logger.child({ component: 'update-inbox' });
    this.#timers = opts.timers ?? realTimers;
    this.#maxInFlight = opts.maxInFlight ?? 64;
    this.#leaseMs = opts.leaseMs ?? 30_000;
    this.#idlePollMs = opts.idlePollMs ?? 250;
    this.#idlePollMaxMs = Math.max(this.#idlePollMs, opts.idlePollMaxMs ?? this.#idlePollMs);
    this.#idleDelayMs = this.#idlePollMs;
    this.#maxAttempts = opts.maxAttempts ?? 5;
    this.#maxPayments = opts.maxPaymentsInFlight ?? 16;
    this.#maxWaiting = opts.maxWaitingForTelegram ?? 4 * this.#maxInFlight;
    this.#claimBatch = Math.max(1, Math.floor(this.#maxInFlight / 2));
    this.#now = opts.now ?? Date.now;
    this.#writer = new InboxWriter({
      inbox: opts.inbox,
      logger: this.#log,
      timers: this.#timers,
      maxBacklog: opts.maxBacklog ?? 20,
      ...(opts.partition && { wake: opts.partition.wakeFor }),
    });
  }

  /**
   * Stores an update (a resend of one already stored is recognised and dropped). Resolves once it is
   * stored, or recorded as one the store cannot keep ('unstorable', logged and counted): only then
   * may Telegram be told it arrived. Rejects if the store cannot take anything (it is down).
   */
  async accept(update: Update): Promise<StoreOutcome | 'unstorable'> {
    const { lane, control } = inboxLane(update);
    const outcome = await this.#writer.write({
      updateId: update.update_id,
      lane,
      control,
      // What jsonb refuses (U+0000, lone surrogates) is cleaned out; the handler sees this copy.
      payload: storableJson(update),
      droppable: !control && !isPaymentLane(lane) && isDroppable(update),
    });
    metrics.inboxUpdates.inc({ bot: this.#opts.metricsBot ?? '1', outcome });
    if (outcome === 'stored' || outcome === 'dropped') this.#opts.onHeard?.(update);
    if (outcome === 'stored' && isPaymentLane(lane)) this.#paymentsMayWait = true;
    if (outcome === 'stored') {
      this.#stirred();
      // Another replica's shard: that replica is woken to claim it (repository `store`). A payment
      // is never split: this replica claims it at once, whoever's shard it is in.
      if (isPaymentLane(lane) || this.#isMine(lane)) {
        this.#arrival({ lane, updateId: update.update_id, control });
        this.#pump();
      }
    } else if (outcome === 'duplicate')
      this.#log.debug({ updateId: update.update_id }, 'update already in the inbox: dropped');
    else if (outcome === 'dropped') this.#noticeDrop(lane, update);
    return outcome;
  }

  /** Whether this replica claims the updates of `lane` (its shard is in this replica's range). */
  #isMine(lane: string): boolean {
    const range = this.#opts.partition?.range();
    if (!range) return true;
    const shard = laneShard(lane);
    return shard >= range.from && shard <= range.to;
  }

  #noticeDrop(lane: string, update: Update): void {
    const now = this.#now();
    const last = this.#dropNotices.get(lane);
    if (last !== undefined && now - last < 60_000) return;
    if (this.#dropNotices.size > 10_000) this.#dropNotices.clear();
    this.#dropNotices.set(lane, now);
    this.#log.warn(
      { lane, updateId: update.update_id },
      'chat floods the bot: its plain messages are dropped',
    );
    this.#opts.onDropped?.(update);
  }

  /** Takes back claims a previous life of this process left (same owner), then starts claiming. */
  async start(): Promise<void> {
    const left = await this.#opts.inbox.release(this.#opts.owner);
    if (left > 0) this.#log.warn({ updates: left }, 'claims left by a previous run were handed back');
    this.#running = true;
    // Another replica stored updates of this replica's shards, or the shards moved here.
    this.#opts.partition?.join((arrivals) => {
      // Named arrivals are chat updates (a payment wakes nobody: its storer claims it). A wake
      // naming none (the shards moved, a replica joined or left) may mean anything waits. A
      // payments claim reads every shard: one per wake made a flood's every update cost one.
      if (arrivals) for (const arrival of arrivals) this.#arrival(arrival);
      else {
        this.#chatsMayWait = true;
        this.#paymentsMayWait = true;
      }
      this.#stirred();
      this.#pump();
    });
    this.#tickIdle();
    this.#tickRenew();
    this.#pump();
  }

  /** Updates this replica is handling now. */
  get inFlight(): number {
    return this.#inHand.size;
  }

  /**
   * Stops claiming, waits up to `graceMs` for the updates in hand, then hands back the claims of
   * those still running so another replica takes them at once.
   */
  async drain(graceMs: number): Promise<void> {
    this.#running = false;
    this.#timers.clear(this.#idleTimer);
    this.#unpark();
    this.#opts.partition?.leave();
    await this.#pumping;
    const finished = Promise.allSettled([...this.#tasks]).then(() => true);
    const inTime = await Promise.race([finished, sleepOn(this.#timers, graceMs).then(() => false)]);
    this.#timers.clear(this.#renewTimer);
    await this.#pumping;
    await this.#recordDone();
    if (inTime) return;
    const ids = [...this.#inHand.keys()];
    this.#log.warn({ updates: ids.length }, 'drain: updates still running are handed back');
    await this.#opts.inbox.release(this.#opts.owner, ids).catch((err: unknown) => {
      this.#log.error({ err }, 'drain: could not hand claims back (they lapse with their lease)');
    });
  }

  /**
   * Resolves once nothing is being claimed, renewed or handled (tests). `handlers: false` leaves out
   * the updates being handled (a test holding one open).
   */
  async whenIdle({ handlers = true } = {}): Promise<void> {
    while (
      this.#pumping ||
      this.#renewing ||
      (handlers && this.#tasks.size > 0) ||
      this.#writer.busy ||
      this.#pumpSoonPending
    ) {
      if (this.#pumpSoonPending) await new Promise((resolve) => setImmediate(resolve));
      await this.#writer.idle();
      await this.#pumping;
      await this.#renewing;
      if (handlers) await Promise.allSettled([...this.#tasks]);
    }
  }

  /** Something arrived or was claimed: idle looks go back to their short wait at once. */
  #stirred(): void {
    this.#activity++;
    if (this.#parked && this.#running) {
      this.#unpark();
      this.#idleDelayMs = this.#idlePollMs;
      this.#tickIdle();
      return;
    }
    if (this.#idleDelayMs === this.#idlePollMs || !this.#running) return;
    this.#idleDelayMs = this.#idlePollMs;
    this.#timers.clear(this.#idleTimer);
    this.#tickIdle();
  }

  #tickIdle(): void {
    if (!this.#running) return;
    this.#idleTimer = this.#timers.set(() => {
      this.#paymentsMayWait = true;
      this.#chatsMayWait = true;
      this.#pump();
      const quiet = this.#activity === this.#activityAtLastLook && this.#inHand.size === 0;
      this.#activityAtLastLook = this.#activity;
      const waitedLongest = this.#idleDelayMs >= this.#idlePollMaxMs;
      this.#idleDelayMs = quiet ? Math.min(this.#idleDelayMs * 2, this.#idlePollMaxMs) : this.#idlePollMs;
      // Quiet through its longest wait: the process's one look wakes it from now on.
      if (quiet && waitedLongest && this.#opts.looks) this.#park(this.#opts.looks);
      else this.#tickIdle();
    }, this.#idleDelayMs);
  }

  #park(looks: InboxLookSlot): void {
    this.#parked = true;
    looks.join(() => {
      this.#paymentsMayWait = true;
      this.#chatsMayWait = true;
      this.#stirred();
      this.#pump();
    });
  }

  /** Back from the process's look: its own idle looks start again, at their short wait. */
  #unpark(): void {
    if (!this.#parked) return;
    this.#parked = false;
    this.#opts.looks?.leave();
  }

  #tickRenew(): void {
    this.#renewTimer = this.#timers.set(
      () => {
        this.#renewing = this.#renew().finally(() => {
          this.#renewing = undefined;
          if (this.#running || this.#inHand.size > 0) this.#tickRenew();
        });
      },
      Math.max(1, Math.floor(this.#leaseMs / 3)),
    );
  }

  async #renew(): Promise<void> {
    const ids = [...this.#inHand.keys()];
    try {
      const cancelled = await this.#opts.inbox.renew(this.#opts.owner, ids, this.#leaseMs);
      for (const id of cancelled) {
        const row = this.#inHand.get(id);
        if (!row || this.#cancelled.has(id)) continue;
        this.#cancelled.add(id);
        this.#opts.onCancelRequested?.(row.payload);
      }
    } catch (err) {
      this.#log.warn({ err }, 'could not renew the claims in hand');
    }
  }

  /** Records the handled updates as done, outside a claiming pass (drain). */
  async #recordDone(): Promise<void> {
    const done = this.#done.splice(0);
    await this.#opts.inbox.finishMany(done).catch((err: unknown) => {
      // Not marked done: their claims lapse and they are handled again (at least once).
      this.#log.error({ err, updates: done.length }, 'could not mark updates done');
    });
  }

  /**
   * Free slots of each kind: payments have their own; a chat only waiting for Telegram takes none,
   * up to `maxWaitingForTelegram` of them (those beyond take slots).
   */
  #room(): { payments: number; chats: number; slots: number } {
    let payments = 0;
    let working = 0;
    let waiting = 0;
    for (const row of this.#inHand.values()) {
      if (isPaymentLane(row.lane)) payments++;
      else if (this.#waitsForTelegram(row)) waiting++;
      else working++;
    }
    const overflow = Math.max(0, waiting - this.#maxWaiting);
    const share = this.#opts.share;
    share?.report(this, working);
    const slots = share ? share.limit(this, this.#maxInFlight) : this.#maxInFlight;
    return { payments: this.#maxPayments - payments, chats: slots - working - overflow, slots };
  }

  #waitsForTelegram(row: InboxUpdateRecord): boolean {
    return (
      this.#budgetWaits.get(row.updateId)?.waiting === true || this.#opts.isWaiting?.(row.payload) === true
    );
  }

  /**
   * After a completion: the pass waits for the rest of this turn of the event loop, so the answers
   * that arrived together are recorded by one transaction (on SQLite a commit blocks the process
   * for its fsync, so passes never overlap completions by themselves).
   */
  #pumpSoon(): void {
    if (this.#pumpSoonPending) return;
    this.#pumpSoonPending = true;
    setImmediate(() => {
      this.#pumpSoonPending = false;
      if (this.#worthAPass(this.#room())) this.#pump();
    });
  }

  /**
   * Busy: a pass costs about the same for 1 slot as for 32 (it reads every waiting update once), so
   * it waits until half the slots are free or half a batch is done; the idle look records the rest
   * meanwhile.
   */
  #worthAPass(room: { chats: number; slots: number }): boolean {
    // Half the slots it may use now (its share, while other bots compete for the process).
    const batch = Math.min(this.#claimBatch, Math.max(1, Math.floor(room.slots / 2)));
    const few = (n: number) => n < batch;
    return this.#paymentsMayWait || (this.#chatsWanted() && !few(room.chats)) || !few(this.#done.length);
  }

  /** A chat update may be claimable: something arrived, or may wait (see `#chatsMayWait`). */
  #chatsWanted(): boolean {
    return this.#chatsMayWait || this.#arrived.size > 0;
  }

  /**
   * An update was stored for this replica (a pass that raced its news may have taken it already).
   * If its lane has an update in hand here, it cannot be claimed before that one is done: no pass
   * for it, the completion passes (a flooded bot's intake made a pass per update stored, each a scan
   * of every waiting update, finding nothing). A control update (/cancel) is claimable meanwhile.
   */
  #arrival({ lane, updateId, control }: Arrival): void {
    if (this.#inHand.has(updateId)) return;
    const busy = control ? undefined : this.#laneInHand.get(lane);
    if (busy !== undefined && busy < updateId) {
      this.#followed.add(busy);
      return;
    }
    this.#arrived.set(lane, Math.max(updateId, this.#arrived.get(lane) ?? 0));
  }

  /** One claiming pass at a time; a wake-up during a pass makes it look once more. */
  #pump(): void {
    if (!this.#running) return;
    if (this.#pumping) {
      this.#pumpAgain = true;
      return;
    }
    this.#pumping = (async () => {
      let again = false;
      do {
        this.#pumpAgain = false;
        const room = this.#room();
        // Looking once more right after a pass: handlers that finish within microseconds (SQLite
        // answers at once) would otherwise keep the loop claiming one or two heads a pass, each
        // pass a scan of every waiting update (x5 the CPU per update in bench/handler-cost.ts).
        if (again && !this.#worthAPass(room)) break;
        again = true;
        if (!this.#paymentsMayWait) room.payments = 0;
        this.#paymentsMayWait = false;
        if (!this.#chatsWanted()) room.chats = 0;
        const arrived = this.#arrived;
        this.#arrived = new Map();
        this.#chatsMayWait = false;
        const done = this.#done.splice(0);
        if (done.length === 0 && room.payments <= 0 && room.chats <= 0) break;
        try {
          const rows = await this.#opts.inbox.settle({
            done,
            owner: this.#opts.owner,
            leaseMs: this.#leaseMs,
            claim: { payments: Math.max(0, room.payments), chats: Math.max(0, room.chats) },
            ...this.#shards(),
          });
          if (rows.length > 0) {
            this.#stirred();
            this.#opts.share?.claimed(this);
          }
          const senders = await this.#readSenders(rows);
          for (const row of rows) this.#run(row, senders?.get(row.updateId));
          const payments = rows.filter((r) => isPaymentLane(r.lane)).length;
          // A kind whose every slot it asked for was filled: more of it may wait.
          const paymentsFilled = room.payments > 0 && payments === room.payments;
          const chatsFilled = room.chats > 0 && rows.length - payments === room.chats;
          if (paymentsFilled) this.#paymentsMayWait = true;
          if (chatsFilled) this.#chatsMayWait = true;
          // A lane that got an update and is in hand here has its next due once that one is done.
          this.#followUp(arrived, rows);
          if (paymentsFilled || chatsFilled) this.#pumpAgain = true;
        } catch (err) {
          this.#paymentsMayWait = true;
          this.#chatsMayWait = true;
          this.#done.unshift(...done);
          this.#log.error({ err }, 'could not claim updates (the next look is in a moment)');
          break;
        }
      } while (this.#pumpAgain && this.#running);
    })().finally(() => {
      this.#pumping = undefined;
    });
  }

  /** Marks the updates in hand whose lanes got a later update (`arrived`) that this pass could not claim. */
  #followUp(arrived: ReadonlyMap<string, number>, claimed: ClaimedUpdate[]): void {
    if (arrived.size === 0) return;
    const taken = new Set(claimed.map((row) => row.lane));
    for (const row of this.#inHand.values()) {
      const newest = arrived.get(row.lane);
      if (newest !== undefined && newest > row.updateId && !taken.has(row.lane))
        this.#followed.add(row.updateId);
    }
  }

  /** This replica's shards of the bot's lanes, if it shares them with other replicas. */
  #shards(): { shards?: ShardRange } {
    const range = this.#opts.partition?.range();
    return range ? { shards: range } : {};
  }

  /**
   * Each claimed update's sender's row, by update id (null: the sender has no row yet); an update
   * without a sender has no entry, and nothing is read when the rows could not be.
   */
  async #readSenders(rows: ClaimedUpdate[]): Promise<Map<number, UserRecord | null> | undefined> {
    const read = this.#opts.readSenders;
    if (!read) return undefined;
    const senderOf = new Map<number, number>();
    for (const row of rows) {
      const id = senderIdOf(row.payload);
      if (id !== undefined) senderOf.set(row.updateId, id);
    }
    if (senderOf.size === 0) return undefined;
    try {
      const users = new Map((await read([...new Set(senderOf.values())])).map((u) => [u.telegramId, u]));
      return new Map([...senderOf].map(([updateId, id]) => [updateId, users.get(id) ?? null]));
    } catch (err) {
      // Each handler reads its sender's row itself, as without the prefetch.
      this.#log.warn({ err }, "could not read the claimed updates' senders");
      return undefined;
    }
  }

  /** `sender`: its sender's row as the pass read it (null: none yet); undefined if not read. */
  #run(row: ClaimedUpdate, sender: UserRecord | null | undefined): void {
    this.#inHand.set(row.updateId, row);
    if (!isPaymentLane(row.lane) && !row.control) this.#laneInHand.set(row.lane, row.updateId);
    if (row.more) this.#followed.add(row.updateId);
    // Its reply waiting for the send budget frees its slot: another update may be claimed.
    const waits = new BudgetWaits(() => {
      if (waits.waiting) this.#pumpSoon();
    });
    this.#budgetWaits.set(row.updateId, waits);
    let handled = false;
    const start = () => handleWithBudgetWaits(row.updateId, waits, () => this.#handle(row, sender));
    // While another bot of this process is busy, one handler per turn of the event loop, so the
    // other bots' I/O (a customer's answer) runs between a flooded bot's handlers. A payment starts
    // at once: Telegram waits 10 s for a checkout's answer.
    const inTurn = !isPaymentLane(row.lane) && this.#opts.share?.contended(this) === true;
    const task: Promise<void> = (inTurn ? this.#nextTurn().then(start) : start())
      .then(() => {
        handled = true;
      })
      .finally(() => {
        // In one step, so a claiming pass never sees it both done and in hand (one slot short).
        // Recorded by the next claiming pass, with the claims it makes (see `settle`).
        if (handled) this.#done.push(row.updateId);
        // Its slot is free: a payment waiting for one may be claimed now.
        if (isPaymentLane(row.lane)) this.#paymentsMayWait = true;
        // Its lane's next update may be claimed now.
        if (this.#followed.delete(row.updateId)) this.#chatsMayWait = true;
        this.#inHand.delete(row.updateId);
        if (this.#laneInHand.get(row.lane) === row.updateId) this.#laneInHand.delete(row.lane);
        this.#budgetWaits.delete(row.updateId);
        this.#cancelled.delete(row.updateId);
        this.#tasks.delete(task);
        this.#pumpSoon();
      });
    this.#tasks.add(task);
  }

  /** Resolves in the turn of the event loop after the one the previous start queued here took. */
  #nextTurn(): Promise<void> {
    this.#turns = this.#turns.then(() => new Promise((resolve) => setImmediate(resolve)));
    return this.#turns;
  }

  async #handle(row: ClaimedUpdate, sender: UserRecord | null | undefined): Promise<void> {
    if (row.attempts > this.#maxAttempts) {
      this.#log.error(
        { updateId: row.updateId, attempts: row.attempts - 1 },
        'update given up: its handling never finished (the process died each time)',
      );
    } else {
      try {
        if (row.attempts > 1) this.#opts.onRetry?.(row.payload);
        // The claim read the chat's conversation state: the handler's read of it costs nothing.
        const handle = () => this.#opts.handle(row.payload);
        const { botId } = this.#opts.inbox.scope;
        await withPrefetchedConversation(botId, row.conversation, () =>
          sender === undefined ? handle() : withPrefetchedSender(botId, row.updateId, sender, handle),
        );
      } catch (err) {
        // The bot's own error boundary answers the user; what reaches here is logged and done with.
        this.#log.error({ err, updateId: row.updateId }, 'update handling failed');
      }
    }
  }
}
