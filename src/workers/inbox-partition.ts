/**
 * This process's share of the update inbox among the replicas (issue 41). Every replica claiming
 * every lane made each claiming pass read every waiting update, and replicas skipping each other's
 * locked heads made more passes that claimed less: three replicas spent twice the CPU per update of
 * one. So the live replicas split the lanes' shards (domain/inbox-shard.ts) and each claims its own:
 *
 * - each replica renews its row in `inbox_replicas` every quarter of `leaseMs` and reads who else
 *   lives; one that stops renewing (dead) is left out once its row lapses, so its shards move to
 *   the others within `leaseMs` (its claims lapse with their own lease meanwhile);
 * - an update stored here for another replica's shard wakes that replica through PostgreSQL (a
 *   NOTIFY sent at the commit, repositories/update-inbox.ts), so it waits for no idle look;
 * - a replica that drains leaves at once and tells the others, who take its shards.
 *
 * The split decides who looks, never what is correct: a lane's updates are still claimed one at a
 * time and in order by the lane rule, so replicas that briefly disagree only overlap as before.
 * Alone (SQLite, or one replica) a process claims every shard.
 */
import type { InboxReplicasRepository } from '../db/index.js';
import { MEMBERS_CHANGED } from '../db/repositories/inbox-replicas.js';
import { type Arrival, INBOX_CHANNEL, inboxWake } from '../db/repositories/update-inbox.js';
import { type ShardRange, ShardSplit } from '../domain/inbox-shard.js';
import { Periodic } from '../lib/periodic.js';
import { KeyedMembers, type LookSlot } from '../lib/shared-look.js';
import type { Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

export interface InboxPartitionDeps {
  replicas: Pick<InboxReplicasRepository, 'beat' | 'leave' | 'announce' | 'shared'>;
  /** This process among the replicas (REPLICA_ID). */
  owner: string;
  /** A replica not heard of for this long is dead: its shards go to the others. */
  leaseMs: number;
  /** PostgreSQL's LISTEN (engine.ts `listen`); absent: nobody else to hear from. */
  listen?: (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;
  logger: Logger;
  timers?: Timers;
}

/** Wakes a bot's worker: the updates stored for it (undefined: not named, anything may wait). */
export type Waker = (arrivals?: readonly Arrival[]) => void;

/**
 * One bot's worker's view of the partition: which shards to claim, whom to wake for the others,
 * and its place (it joins with how to wake it when another replica stored it updates).
 */
export interface PartitionSlot extends LookSlot<Waker> {
  range(): ShardRange | undefined;
  wakeFor(shard: number): string | undefined;
}

export class InboxPartition {
  readonly #deps: InboxPartitionDeps;
  readonly #log: Logger;
  readonly #beat: Periodic;
  readonly #wakers = new KeyedMembers<Waker>();
  #split: ShardSplit;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(deps: InboxPartitionDeps) {
    this.#deps = deps;
    this.#log = deps.logger.child({ component: 'inbox-partition' });
    this.#split = new ShardSplit([deps.owner]);
    this.#beat = new Periodic({
      name: 'inbox-partition',
      intervalMs: Math.max(1, Math.floor(deps.leaseMs / 4)),
      logger: deps.logger,
      run: () => this.#renew(),
      ...(deps.timers && { timers: deps.timers }),
    });
  }

  /** Joins the replicas (and hears from them); a process alone never beats. */
  async start(): Promise<void> {
    if (!this.#deps.replicas.shared) return;
    this.#unlisten = await this.#deps.listen?.(INBOX_CHANNEL, (payload) => this.#heard(payload));
    await this.#beat.runOnce();
    // The others split the shards anew at once, not at their next renewal.
    await this.#deps.replicas
      .announce()
      .catch((err: unknown) => this.#log.warn({ err }, 'could not tell the other replicas it joined'));
    this.#beat.start();
  }

  /** Leaves: the others take this replica's shards at once (they are told). */
  async stop(): Promise<void> {
    if (!this.#deps.replicas.shared) return;
    await this.#beat.stop();
    await this.#unlisten?.().catch(() => undefined);
    this.#unlisten = undefined;
    try {
      await this.#deps.replicas.leave(this.#deps.owner);
    } catch (err) {
      this.#log.warn({ err }, 'could not leave the replicas (the others notice when its row lapses)');
    }
  }

  /** This replica's shards now; undefined: every shard. */
  range(): ShardRange | undefined {
    return this.#split.rangeOf(this.#deps.owner);
  }

  /** The other replica to wake for an update of `shard`; undefined if it is this one's. */
  wakeFor(shard: number): string | undefined {
    const owner = this.#split.ownerOf(shard);
    return owner === this.#deps.owner ? undefined : owner;
  }

  /** The replicas alive at the last look, by name. */
  get members(): readonly string[] {
    return this.#split.members;
  }

  /** Bot `botId`'s place: its worker joins with how to wake it, and reads the split. */
  slot(botId: number): PartitionSlot {
    return {
      ...this.#wakers.slot(botId),
      range: () => this.range(),
      wakeFor: (shard) => this.wakeFor(shard),
    };
  }

  /** Renews this replica's row now and looks at who else lives (tests; also the timer's pass). */
  renewNow(): Promise<void> {
    return this.#beat.runOnce().then(() => undefined);
  }

  async #renew(): Promise<void> {
    const members = await this.#deps.replicas.beat(this.#deps.owner, this.#deps.leaseMs);
    const before = this.range();
    this.#split = new ShardSplit(members);
    const after = this.range();
    if (before?.from === after?.from && before?.to === after?.to) return;
    this.#log.info(
      { replicas: this.#split.members.length, shards: after ?? 'all' },
      'inbox shards split anew',
    );
    // Lanes may have come to this replica: every bot looks once.
    for (const wake of this.#wakers.all.values()) wake(undefined);
  }

  #heard(payload: string): void {
    if (payload === MEMBERS_CHANGED) {
      void this.renewNow();
      return;
    }
    const wake = inboxWake.parse(payload);
    if (wake?.owner !== this.#deps.owner) return;
    this.#wakers.all.get(wake.botId)?.(wake.arrivals);
  }
}
