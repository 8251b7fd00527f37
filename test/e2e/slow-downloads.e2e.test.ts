/**
 * Result hosts that trickle a byte a second: the deliveries that must download from them wait, but
 * nobody else does. Another user's status and result arrive while they are stuck, SIGTERM ends
 * them at once, and after the restart their results are delivered. Ordering of events is asserted,
 * never durations (bench/slow-delivery.ts measures the latency).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const URL_REFUSED = { error_code: 400, description: 'Bad Request: failed to get HTTP URL content' };
const photos = (user: ScriptedUser) => user.messages().filter((m) => m.kind === 'photo');

async function orderLumen(name: string, prompt: string) {
  const user = stack.emulator.createUser({ first_name: name, language_code: 'en' });
  await pricedTextImage(user, prompt);
  await confirmOrder(user);
  return user;
}

describe('slow result downloads', () => {
  it('hold up nobody else, end on SIGTERM, and are delivered after the restart', async () => {
    const SLOW = 4;
    stack.emulator.injectError('sendPhoto', URL_REFUSED, SLOW);
    stack.simulator.faults.add({
      path: /^\/g\//,
      times: SLOW,
      action: { kind: 'trickle', intervalMs: 1_000, contentType: 'image/png' },
    });
    const slow: ScriptedUser[] = [];
    for (let i = 0; i < SLOW; i++) slow.push(await orderLumen(`Slow${i}`, `Slow result ${i}`));
    await expect
      .poll(() => stack.bot.lines.filter((l) => /uploading the file instead/.test(l)).length, {
        timeout: 20_000,
      })
      .toBe(SLOW);

    const normal = await orderLumen('Quick', 'A quick result');
    await normal.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    await normal.waitForMessage(/Done/, { after: 0 });
    // The slow ones are still downloading: no result and no link reached them.
    for (const user of slow) {
      expect(photos(user)).toHaveLength(0);
      expect(user.messages().some((m) => /Download links/.test(m.text ?? ''))).toBe(false);
    }

    expect(await stack.bot.stop()).toBe(0);
    await stack.restartBot();
    for (const user of slow)
      await user.waitForMessage((m) => m.kind === 'photo', { after: 0, timeoutMs: 20_000 });
    for (const user of [...slow, normal]) expect(photos(user)).toHaveLength(1);
    expect(stack.emulator.problems).toEqual([]);
  });
});
