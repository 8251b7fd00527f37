/**
 * Replicas that don't compete (issue 41): the update inbox's lanes are hashed into a fixed number
 * of shards, stored with each update, and the live replicas split the shards into contiguous
 * ranges, so each replica's claiming pass reads only the waiting updates of its own lanes.
 *
 * Which replica claims a lane is a matter of cost only, never of correctness: a lane's order is
 * still decided by the lane itself (the claim takes an update only when nothing older of its lane
 * waits, whatever shard holds it), so two replicas that briefly disagree about the ranges (one has
 * seen a newcomer, the other not yet) only claim side by side as before.
 */

/** Shards of a bot's lanes: enough to split evenly among a handful of replicas. */
export const INBOX_SHARDS = 64;

/** A replica's shards: `from` to `to`, both included. */
export interface ShardRange {
  from: number;
  to: number;
}

/** The shard of a lane: FNV-1a of its key, stable across processes and versions. */
export function laneShard(lane: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < lane.length; i++) {
    hash ^= lane.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % INBOX_SHARDS;
}

/** The range of the `index`-th of `count` replicas (sorted by name): contiguous, none empty. */
function rangeAt(index: number, count: number): ShardRange {
  return {
    from: Math.floor((index * INBOX_SHARDS) / count),
    to: Math.floor(((index + 1) * INBOX_SHARDS) / count) - 1,
  };
}

/**
 * How the live replicas split the shards: each its range, in the order of their names (every
 * replica computes the same split from the same list).
 */
export class ShardSplit {
  readonly #members: readonly string[];

  /** `members`: the live replicas' names (REPLICA_ID), in any order, duplicates ignored. */
  constructor(members: readonly string[]) {
    const unique = [...new Set(members)].sort();
    this.#members = unique.slice(0, INBOX_SHARDS);
  }

  get members(): readonly string[] {
    return this.#members;
  }

  /** `member`'s range; undefined when it is the only one (every shard) or not among them. */
  rangeOf(member: string): ShardRange | undefined {
    const index = this.#members.indexOf(member);
    if (index < 0 || this.#members.length === 1) return undefined;
    return rangeAt(index, this.#members.length);
  }

  /** The replica whose range holds `shard` (undefined with no member). */
  ownerOf(shard: number): string | undefined {
    const count = this.#members.length;
    // The last member whose range starts at or before the shard.
    for (let index = count - 1; index >= 0; index--)
      if (rangeAt(index, count).from <= shard) return this.#members[index];
    return undefined;
  }
}
