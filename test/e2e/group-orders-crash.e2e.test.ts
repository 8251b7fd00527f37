/**
 * A group order through a kill -9 (issue 42): the real bot process with BILLING=stars and
 * GROUPS=on, the upstream on a manual clock. The caller confirms in the group, the bot is killed
 * while upstream generates, upstream finishes meanwhile; after the restart the result is posted in
 * the group exactly once, the order was sent upstream once, and the caller paid once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { buyStars } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';

let stack: Stack;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  stack = await startStack({ simulator: { clock }, env: { ...STARS_STACK_ENV, GROUPS: 'on' } });
});
afterAll(async () => {
  await stack?.close();
});

it('posts the result of a group order once through a kill -9 while it generates', async () => {
  const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
  const bob = stack.emulator.createUser({ first_name: 'Bob', language_code: 'en' });
  const group = stack.emulator.createGroup({ title: 'Crash', type: 'supergroup', members: [ann, bob] });
  await group.waitForMessage(/Anyone here can ask/);
  await buyStars(ann, /➕ ⭐\u00a050/, () => stack.emulator.seq());

  await group.as(ann).sendCommand('generate', 'a storm over the sea');
  await group.as(ann).waitForMessage(/Lumen Text to Image/);
  await group.as(ann).pressButton(/Confirm/);
  await group.waitForMessage(/For Ann/);
  const sent = () => stack.simulator.state.listOrders().filter((o) => o.prompt === 'a storm over the sea');
  await expect.poll(() => sent().length).toBe(1);

  await stack.bot.kill();
  clock.advance(10 * 60_000);
  await stack.restartBot();

  await group.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 30_000, after: 0 });
  await stack.settled();
  expect(group.messages().filter((m) => m.kind === 'photo')).toHaveLength(1);
  expect(sent()).toHaveLength(1);
  const [paid] = await stack.database.query<{ n: number | string }>`
    select coalesce(sum(delta), 0) as n from wallet_entries where user_id = ${ann.id}`;
  expect(Number(paid?.n)).toBe(46);
}, 120_000);
