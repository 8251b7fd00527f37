/**
 * PostgreSQL's inbox statements read the waiting updates at most a couple of times, whatever the
 * planner believes. During a flood the table's statistics predate it (in a new deployment there
 * are none yet) and take a bot for one waiting update: a claim planned that way once read every
 * waiting update of the bot for each of its chats (177,000 buffers, 240 ms a claim with 1,700
 * waiting), and each stored update counted its chat's waiting updates by reading all of the bot's.
 * Measured by the buffers the statements touch (EXPLAIN ANALYZE, rolled back), not by time, in
 * the plan a prepared statement settles on (postgres.js prepares them).
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresClaim, postgresStore } from '../../src/db/repositories/update-inbox.js';
import { laneShard } from '../../src/domain/inbox-shard.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';

const DONE = 3_000;
const WAITING = 4_000;
const LANES = 400;
const IN_HAND = 60;

/** Buffers a statement touched (shared hits and reads), from its EXPLAIN ANALYZE in JSON. */
function buffersOf(plan: unknown): number {
  const top = (plan as Array<{ Plan: Record<string, number> }>)[0]!.Plan;
  return (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
}

describe.skipIf(!inject('postgresUrl'))(
  'update inbox statements during a flood the statistics never saw',
  () => {
    let database: TestDatabase;
    let sql: postgres.Sql;

    beforeAll(async () => {
      database = await createTestDatabase('postgres');
      sql = postgres(database.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      // A bot's handled updates, then WAITING from LANES chats, the first of IN_HAND chats in hand
      // elsewhere; the table never analysed.
      await sql`insert into update_inbox (bot_id, update_id, lane, shard, payload, received_at, done_at)
      select 1, g, '77', 0, jsonb_build_object('update_id', g), now(), now()
      from generate_series(1, ${DONE}) as g`;
      const lanes = Array.from({ length: LANES }, (_, i) => String(5000 + i));
      await sql`insert into update_inbox (bot_id, update_id, lane, shard, payload, received_at)
      select 1, ${DONE + 1} + g, l.lane, l.shard, jsonb_build_object('update_id', ${DONE + 1} + g), now()
      from generate_series(0, ${WAITING - 1}) as g
      join (select * from unnest(${lanes}::text[], ${lanes.map(laneShard)}::int[]) with ordinality
        as u(lane, shard, n)) as l on l.n = g % ${LANES} + 1`;
      await sql`update update_inbox set owner = 'elsewhere', lease_until = now() + interval '1 minute'
      where bot_id = 1 and update_id in (select min(update_id) from update_inbox
        where bot_id = 1 and done_at is null group by lane order by lane limit ${IN_HAND})`;
    });
    afterAll(async () => {
      await sql?.end();
      await database?.drop();
    });

    /** The buffers `text` touches with `params`, planned for any parameters, its changes rolled back. */
    async function buffers(text: string, params: unknown[]): Promise<number> {
      let plan: unknown;
      await sql
        .begin(async (tx) => {
          await tx.unsafe('set local plan_cache_mode = force_generic_plan');
          const [row] = await tx.unsafe(`explain (analyze, buffers, format json) ${text}`, params as never[]);
          plan = Object.values(row!)[0];
          throw new Error('roll back');
        })
        .catch((err: Error) => {
          if (err.message !== 'roll back') throw err;
        });
      return buffersOf(plan);
    }

    const claimParams = (limits: number[], shards: number[] = []) => [
      1,
      new Date().toISOString(),
      new Date(Date.now() + 60_000).toISOString(),
      'here',
      ...limits,
      ...shards,
    ];

    // The waiting updates fill about WAITING / 30 pages: reading each a couple of times stays far
    // below one buffer per waiting update; reading them once per chat would be hundreds of times more.
    it('a claim of 64 chats reads the waiting updates about once', async () => {
      expect(await buffers(postgresClaim(['payments', 'chats'], false), claimParams([16, 64]))).toBeLessThan(
        WAITING / 2,
      );
    });

    it("a replica's claim of its half of the shards too", async () => {
      const touched = await buffers(
        postgresClaim(['payments', 'chats'], true),
        claimParams([16, 64], [0, 31]),
      );
      expect(touched).toBeLessThan(WAITING / 2);
    });

    const row = (updateId: number, lane: string, droppable: boolean) => ({
      i: 0,
      u: updateId,
      l: lane,
      s: laneShard(lane),
      c: false,
      p: { update_id: updateId },
      r: droppable,
    });

    it("storing a droppable update counts its own chat's waiting updates only", async () => {
      const rows = [row(99_999, '5003', true)];
      expect(await buffers(postgresStore(false), [1, new Date().toISOString(), rows, 100])).toBeLessThan(100);
    });

    it('storing an update that may not be dropped counts nothing', async () => {
      const rows = [row(99_998, '5004', false)];
      expect(await buffers(postgresStore(false), [1, new Date().toISOString(), rows, null])).toBeLessThan(
        100,
      );
    });
  },
);
