/**
 * Three bot processes on one PostgreSQL database, in webhook mode: the emulator plays Telegram and
 * the load balancer, POSTing updates round-robin to the replicas and every third one to two of
 * them at once. Replicas are killed with SIGKILL mid-order, mid-form and while running the
 * singleton jobs. Runs only where a PostgreSQL server is available (always in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/clock.js';
import { availableEngines } from '../support/databases.js';
import { type Cluster, startCluster } from '../support/e2e/cluster.js';
import { confirmOrder, continueToPrice, openModel } from '../support/e2e/flows.js';
import type { ScriptedUser } from '../support/telegram/scripted-user.js';

const STAGE_MS = 3_000;
const clock = new ManualClock(Date.now());
let cluster: Cluster;

const live = (user: ScriptedUser) => user.messages().filter((m) => !m.deleted);
const ofType = (user: ScriptedUser, type: string) => live(user).filter((m) => m.mediaType === type);
const upstreamOrdersOf = (prompt: string) =>
  cluster.simulator.state.listOrders().filter((o) => o.prompt === prompt);
/** Which replicas a webhook delivery of each of these updates reached, answered 200. */
const reachedBy = (updateIds: number[]) =>
  cluster.emulator
    .webhookDeliveries()
    .filter((d) => updateIds.includes(d.updateId) && d.status === 200)
    .map((d) => d.target);

describe.runIf(availableEngines().includes('postgres'))('three replicas on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster({
      replicas: 3,
      duplicateEvery: 3,
      simulator: { clock, orderStageMs: STAGE_MS },
    });
  }, 180_000);
  // close() checks the emulator's record of broken Telegram rules once everything is stopped.
  afterAll(async () => {
    await cluster?.close();
  });

  it('every update is handled once, though sent round-robin and some to two replicas at once', async () => {
    const user = cluster.emulator.createUser({ first_name: 'Ada', language_code: 'en' });
    for (let i = 0; i < 9; i++) {
      const seq = cluster.emulator.seq();
      await user.sendCommand('help');
      await user.waitForMessage(/how it works/, { after: seq });
    }
    await cluster.settled();
    expect(live(user).filter((m) => /how it works/.test(m.text ?? ''))).toHaveLength(9);
    const ids = [...new Set(cluster.emulator.webhookDeliveries().map((d) => d.updateId))].filter(
      (id) => cluster.emulator.update(id)?.message?.chat.id === user.chatId,
    );
    expect(ids).toHaveLength(9);
    // Every replica received some, and some updates reached two replicas, both answering 200.
    expect(new Set(reachedBy(ids)).size).toBe(3);
    const twice = ids.filter((id) => new Set(reachedBy([id])).size === 2);
    expect(twice.length).toBeGreaterThanOrEqual(2);
    // Stored once each, claimed once each (a second claim would mean handled twice), all done.
    const rows = (
      await cluster.database.query<{ update_id: string; attempts: number; done: boolean }>`
        select update_id, attempts, done_at is not null as done from update_inbox`
    ).filter((r) => ids.includes(Number(r.update_id)));
    expect(rows).toHaveLength(9);
    expect(rows.every((r) => r.done && Number(r.attempts) === 1)).toBe(true);
  });

  it('a whole generation flow whose steps land on different replicas; a double press orders once', async () => {
    const user = cluster.emulator.createUser({ first_name: 'Bea', language_code: 'en' });
    const before = cluster.emulator.webhookDeliveries().length;
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A fox on three machines');
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    const confirm = summary.buttons.find((b) => b.text.startsWith('✅'))!;
    const seq = cluster.emulator.seq();
    await Promise.all([
      user.pressCallbackData(confirm.callback_data!, summary.message_id),
      user.pressCallbackData(confirm.callback_data!, summary.message_id),
    ]);
    await user.waitForMessage(/Order placed|Generating|Done/, { after: seq, timeoutMs: 15_000 });
    await cluster.settled();
    expect(upstreamOrdersOf('A fox on three machines')).toHaveLength(1);
    const steps = cluster.emulator.webhookDeliveries().slice(before);
    expect(new Set(steps.map((d) => d.target)).size).toBe(3);
    // The two presses were two updates, taken by two different replicas.
    const presses = [...new Set(steps.map((d) => d.updateId))].filter(
      (id) => cluster.emulator.update(id)?.callback_query?.data === confirm.callback_data,
    );
    expect(presses).toHaveLength(2);
    expect(new Set(reachedBy(presses)).size).toBeGreaterThanOrEqual(2);
    expect(cluster.emulator.unansweredCallbackQueries()).toEqual([]);
  });

  it('kill -9 of the replica that placed an order while it is processing: delivered once by another', async () => {
    const user = cluster.emulator.createUser({ first_name: 'Cy', language_code: 'en' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A fox that outlives its replica');
    await user.waitForMessage(/Settings/);
    await continueToPrice(user);
    const logged = cluster.replicas.map((bot) => bot?.lines.length ?? 0);
    const placed = await confirmOrder(user);
    const seq = cluster.emulator.seq();
    clock.advance(STAGE_MS);
    await user.waitForMessage((m) => m.message_id === placed.message_id && /Generating/.test(m.text ?? ''), {
      after: seq,
      timeoutMs: 15_000,
    });
    const placer = cluster.replicas.findIndex((bot, i) =>
      bot?.lines.slice(logged[i]).some((l) => /"method":"POST","path":"\/orders"/.test(l)),
    );
    expect(placer).toBeGreaterThanOrEqual(0);
    await cluster.kill(placer);
    clock.advance(STAGE_MS);
    await user.waitForMessage((m) => m.kind === 'document', { timeoutMs: 30_000 });
    // An update the killed replica had handled but not yet recorded done waits out its lease (30 s).
    await cluster.settled(40_000);
    expect(ofType(user, 'photo')).toHaveLength(1);
    expect(ofType(user, 'document')).toHaveLength(1);
    await cluster.restart(placer);
  }, 60_000);

  it('kill -9 in the middle of a form: the user goes on, served by the other replicas', async () => {
    const user = cluster.emulator.createUser({ first_name: 'Dee', language_code: 'en' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Describe what you'd like/);
    await cluster.handledAll();
    // Updates go round-robin: whichever replica dies, the next steps land on the other two.
    const victim = 1;
    await cluster.kill(victim);
    await user.sendText('A fox that keeps its form');
    await user.waitForMessage(/Settings/, { timeoutMs: 15_000 });
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('A fox that keeps its form');
    await confirmOrder(user);
    expect(upstreamOrdersOf('A fox that keeps its form')).toHaveLength(1);
    await cluster.restart(victim);
  });

  it('kill -9 of the replica running the singleton jobs: another takes them over within 30 s', async () => {
    const holder = cluster.singletonHolder();
    expect(holder).toBeDefined();
    const others = cluster.replicas.filter((bot, i) => bot !== undefined && i !== holder);
    const seen = others.map((bot) => bot!.lines.length);
    await cluster.kill(holder!);
    const tookOver = () =>
      others.some((bot, k) =>
        bot!.lines.slice(seen[k]).some((l) => /"msg":"this replica runs the singleton jobs"/.test(l)),
      );
    await expect.poll(tookOver, { timeout: 30_000, interval: 200 }).toBe(true);
    await cluster.restart(holder!);
  });
});
