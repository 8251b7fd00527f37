/**
 * Upstream charges an order more than the price the user confirmed (its tariff changed, or our
 * catalog priced it wrong): the charge is recorded and shown, counts against the daily cap,
 * admins are alerted, and the catalog is reloaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, confirmPrice, pricedTextImage } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 7_400_001;
let stack: Stack;
let admin: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({
    env: { ADMIN_IDS: String(ADMIN), DAILY_SPEND_PER_USER_USD: '0.10' },
    beforeBot: (emulator) => {
      admin = emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
    },
  });
  await stack.bot.waitForLine(/catalog loaded/);
});
afterAll(async () => {
  await stack?.close();
});

const modelLoads = () => stack.simulator.requests.filter((r) => r.path === '/models').length;

describe('charged more than confirmed', () => {
  it('is shown, counted against the daily cap, alerted and makes the catalog reload', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cara', language_code: 'en' });
    const summary = await pricedTextImage(user, 'First, at the old price');
    expect(confirmPrice(summary)).toBe('$0.04');
    // Upstream's prices triple after the user saw the price, before the order is sent.
    stack.simulator.state.setTariffPercent(300);
    const loads = modelLoads();
    await confirmOrder(user);
    await user.waitForMessage(/Cost to the bot: \$0\.12/, { timeoutMs: 15_000 });

    await admin.waitForMessage(/Charge differs from the confirmed price[\s\S]*\$0\.04[\s\S]*\$0\.12/, {
      after: 0,
    });
    await expect.poll(modelLoads).toBeGreaterThan(loads);

    // $0.12 already spent of a $0.10 cap: the next order is refused. Counted at the confirmed
    // $0.04 it would have passed ($0.08).
    stack.simulator.state.setTariffPercent(100);
    const next = await pricedTextImage(user, 'Second, over the cap');
    const orders = stack.simulator.state.listOrders().length;
    await user.pressButton(/^✅ Confirm/);
    await user.waitForMessage(/today's budget for your generations has only/, { after: next.sentAt });
    expect(stack.simulator.state.listOrders()).toHaveLength(orders);
    expect(stack.emulator.problems).toEqual([]);
  });
});
