/** Lanes hashed into shards, and the shards split among the live replicas (issue 41). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INBOX_SHARDS, laneShard, ShardSplit } from '../../src/domain/inbox-shard.js';

const replicaNames = fc.uniqueArray(fc.stringMatching(/^[\w.-]{1,12}$/), { minLength: 1, maxLength: 12 });

describe('inbox shards', () => {
  it('a lane always has the same shard, stored rows depend on it (FNV-1a, stable across versions)', () => {
    // Pinned: a change of hash would leave every waiting update in a shard no replica expects.
    // FNV-1a's offset basis alone (the empty lane) is 0x811c9dc5, whose low six bits are 5.
    expect(laneShard('')).toBe(0x811c9dc5 % INBOX_SHARDS);
    expect([laneShard('123456789'), laneShard('checkout:1'), laneShard('-1001234567890:payment')]).toEqual([
      28, 24, 62,
    ]);
    fc.assert(
      fc.property(fc.string(), (lane) => {
        const shard = laneShard(lane);
        return Number.isInteger(shard) && shard >= 0 && shard < INBOX_SHARDS && shard === laneShard(lane);
      }),
    );
  });

  it('chat ids spread over the shards', () => {
    const counts = new Array<number>(INBOX_SHARDS).fill(0);
    for (let id = 100_000_000; id < 100_064_000; id++) counts[laneShard(String(id))]!++;
    // 64,000 chats in 64 shards: about 1,000 each; none empty, none twice its share.
    expect(Math.min(...counts)).toBeGreaterThan(500);
    expect(Math.max(...counts)).toBeLessThan(2_000);
  });

  it('the live replicas split every shard between them, each exactly once, in contiguous ranges', () => {
    fc.assert(
      fc.property(replicaNames, (names) => {
        const split = new ShardSplit(names);
        const owners = Array.from({ length: INBOX_SHARDS }, (_, shard) => split.ownerOf(shard));
        if (names.length === 1) {
          expect(split.rangeOf(names[0]!)).toBeUndefined(); // alone: every shard, no filter
          expect(new Set(owners)).toEqual(new Set(names));
          return;
        }
        for (const name of names) {
          const range = split.rangeOf(name)!;
          expect(range.from).toBeLessThanOrEqual(range.to);
          for (let shard = 0; shard < INBOX_SHARDS; shard++)
            expect(owners[shard] === name).toBe(shard >= range.from && shard <= range.to);
        }
        // Every replica has a share of nearly equal size.
        const sizes = names.map((n) => split.rangeOf(n)!.to - split.rangeOf(n)!.from + 1);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('every replica computes the same split from the same names, in whatever order it read them', () => {
    fc.assert(
      fc.property(
        replicaNames.chain((names) =>
          fc.tuple(fc.constant(names), fc.shuffledSubarray(names, { minLength: names.length })),
        ),
        ([names, shuffled]) => {
          const a = new ShardSplit(names);
          const b = new ShardSplit([...shuffled, names[0]!]);
          for (let shard = 0; shard < INBOX_SHARDS; shard++) expect(b.ownerOf(shard)).toBe(a.ownerOf(shard));
        },
      ),
    );
  });

  it('a replica not among the live ones claims every shard (safe: the lane rule keeps the order)', () => {
    expect(new ShardSplit(['a', 'b']).rangeOf('c')).toBeUndefined();
    expect(new ShardSplit([]).ownerOf(3)).toBeUndefined();
  });
});
