/**
 * Replicas that don't compete (issue 41), as real processes on one PostgreSQL in webhook mode: the
 * two replicas split the chats' lanes, and when one dies while it owns lanes with updates waiting,
 * the other takes them within the leases, each update handled once and each chat in order.
 * Runs only where a PostgreSQL server is available (always in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laneShard } from '../../src/domain/inbox-shard.js';
import { availableEngines } from '../support/databases.js';
import { type Cluster, startCluster } from '../support/e2e/cluster.js';
import type { ScriptedUser } from '../support/telegram/scripted-user.js';

/** A claim's lease: a dead replica's place among the others lapses sooner (3 s). */
const LEASE_SECONDS = 4;
/** replica-1's shards: the second half (the replicas split the shards in the order of their names). */
const SECOND_HALF = { from: 32, to: 63 };
/** Three commands a chat sends in a row, none of which may run beside another (not /help). */
const STEPS = [
  { command: 'start', answer: /Hi, / },
  { command: 'orders', answer: /You have no orders yet/ },
  { command: 'prompts', answer: /Prompt library/ },
] as const;

let cluster: Cluster;

const splitSaid = (i: number, replicas: number) =>
  cluster.replicas[i]?.lines.some(
    (l) => /"msg":"inbox shards split anew"/.test(l) && l.includes(`"replicas":${replicas}`),
  ) ?? false;

describe.runIf(availableEngines().includes('postgres'))('two replicas splitting the lanes', () => {
  beforeAll(async () => {
    cluster = await startCluster({ replicas: 2, env: { INBOX_LEASE_SECONDS: String(LEASE_SECONDS) } });
  }, 120_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('kill -9 of a replica owning chats with updates waiting: the other answers each once, in order', async () => {
    // Both know of each other: each claims its half of the shards.
    await expect.poll(() => splitSaid(0, 2) && splitSaid(1, 2), { timeout: 15_000 }).toBe(true);
    // Customers whose chats are replica-1's.
    const theirs: ScriptedUser[] = [];
    while (theirs.length < 3) {
      const user = cluster.emulator.createUser({ first_name: `Lane${theirs.length}`, language_code: 'en' });
      const shard = laneShard(String(user.chatId));
      if (shard >= SECOND_HALF.from && shard <= SECOND_HALF.to) theirs.push(user);
    }
    // replica-1 freezes: it owns those chats, but handles nothing. Updates POSTed to replica-0 are
    // stored there and wait for replica-1; those POSTed to replica-1 hang until it dies.
    const frozen = cluster.replicas[1]!;
    process.kill(frozen.pid, 'SIGSTOP');
    const seq = cluster.emulator.seq();
    for (const step of STEPS) for (const user of theirs) await user.sendCommand(step.command);
    await expect
      .poll(
        async () =>
          (
            await cluster.database.query<{ n: string }>`
              select count(*) as n from update_inbox where done_at is null`
          )[0]?.n,
        { timeout: 15_000 },
      )
      .not.toBe('0');
    // It dies with updates of its chats waiting (and its hanging requests are sent to replica-0).
    await cluster.kill(1);
    for (const user of theirs) {
      const last = STEPS.at(-1)!;
      await user.waitForMessage(last.answer, { after: seq, timeoutMs: 20_000 });
    }
    await cluster.handledAll(20_000);
    // replica-0 took every shard once replica-1's place lapsed.
    expect(splitSaid(0, 1)).toBe(true);
    for (const user of theirs) {
      // A new customer: every message of the bot in this chat answers one of these steps.
      const answered = user
        .messages()
        .filter((m) => !m.deleted)
        .map((m) => STEPS.findIndex((s) => s.answer.test(m.text ?? '')))
        .filter((step) => step >= 0);
      // Each command answered once, in the order sent.
      expect(answered).toEqual([0, 1, 2]);
    }
    // Every update of theirs stored once and done.
    const pending = await cluster.database.query<{ n: string }>`
      select count(*) as n from update_inbox where done_at is null`;
    expect(pending[0]?.n).toBe('0');
  }, 90_000);
});
