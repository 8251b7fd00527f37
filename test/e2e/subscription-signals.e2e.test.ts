/**
 * Telegram's `subscription` updates end to end (issue 44, Bot API 10.2): the real bot process with
 * BILLING=stars and a plan, the emulator reporting a failed renewal and renewal turned off and on in
 * Telegram's own settings. The bot asks for the update type (Telegram sends it only when asked),
 * tells the customer once per update with the buttons that help (the plan's link to pay again after
 * a failure, the way to their plan otherwise), and /subscription says the same. On the run's engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ env: { ...STARS_STACK_ENV, SUBSCRIPTION_PLANS: 'pro:450:20' } });
});
afterAll(async () => {
  await stack?.close();
});

/** /subscribe, the plan, its link paid; resolves once the bot said it's active. */
async function subscribe(user: ScriptedUser, button: RegExp = /^Pro: ⭐\u00a0450 per 30 days/) {
  const after = stack.emulator.seq();
  if (button.source.startsWith('^Pro')) {
    await user.sendCommand('subscribe');
    await user.waitForMessage(/Subscriptions/, { after });
  }
  await user.pressButton(button);
  const ready = await user.waitForMessage(/Tap below to pay/, { after });
  const paid = await user.payInvoiceLink(ready.buttons[0]!.url!);
  if (!paid.ok) throw new Error(`payment refused: ${JSON.stringify(paid)}`);
  await user.waitForMessage(/You're subscribed to Pro/, { after });
}

async function statusOf(user: ScriptedUser) {
  const after = stack.emulator.seq();
  await user.sendCommand('subscription');
  return user.waitForMessage(/Your plan|You have/, { after });
}

const told = (user: ScriptedUser, after: number, pattern: RegExp) =>
  user.messages().filter((m) => m.sentAt > after && pattern.test(m.text ?? ''));

describe('subscription changes Telegram reports', () => {
  it('a failed renewal: told once, with the plan to pay again; paying it leaves one live plan', async () => {
    const user = stack.emulator.createUser({ first_name: 'Mira', language_code: 'en' });
    await subscribe(user);
    const after = stack.emulator.seq();
    const updateId = stack.emulator.failRenewal(user.id);
    const notice = await user.waitForMessage(/Pro subscription didn't renew/, { after });
    expect(notice.text).toContain('⭐\u00a0450');
    expect(notice.buttons.map((b) => b.text)).toEqual(['🔄 Renew Pro: ⭐\u00a0450', '🏠 Main menu']);
    // Telegram delivers the update again: recorded once, told once.
    stack.emulator.redeliver(updateId);
    await stack.settled();
    expect(told(user, after, /didn't renew/)).toHaveLength(1);
    const signals = await stack.database.query<{ state: string }>`
      select state from subscription_signals where update_id = ${updateId}`;
    expect(signals).toEqual([{ state: 'failed' }]);

    const status = await statusOf(user);
    expect(status.text).toContain("The last renewal payment didn't go through");
    expect(status.buttons.map((b) => b.text)).toContain('🔄 Renew Pro: ⭐\u00a0450');

    // The button under the notice: a fresh link, which the checkout lets through.
    await subscribe(user, /^🔄 Renew Pro/);
    const renewed = await statusOf(user);
    expect(renewed.text).toMatch(/Your plan: Pro/);
    expect(renewed.text).toMatch(/Renews on/);
    expect(renewed.buttons.map((b) => b.text)).toContain('Cancel renewal');
    const live = await stack.database.query<{ n: number | string }>`
      select count(*) as n from subscriptions where user_id = ${user.id} and state = 'active'`;
    expect(Number(live[0]!.n)).toBe(1);
  });

  it('renewal turned off, then on again, in Telegram: told each time; /subscription follows', async () => {
    const user = stack.emulator.createUser({ first_name: 'Oleh', language_code: 'en' });
    await subscribe(user);
    let after = stack.emulator.seq();
    stack.emulator.setRenewalInTelegram(user.id, false);
    const off = await user.waitForMessage(/Pro subscription won't renew/, { after });
    expect(off.text).toContain('you turned renewal off in Telegram');
    expect(off.buttons.map((b) => b.text)).toEqual(['🔁 My subscription', '🏠 Main menu']);
    const status = await statusOf(user);
    expect(status.text).toContain('Renewal is off in Telegram');
    // The bot cannot turn it on again (Telegram lets only the customer): no Resume button.
    expect(status.buttons.map((b) => b.text)).not.toContain('Resume renewal');

    after = stack.emulator.seq();
    stack.emulator.setRenewalInTelegram(user.id, true);
    const on = await user.waitForMessage(/Pro subscription renews again/, { after });
    expect(on.text).toContain('⭐\u00a0450');
    const back = await statusOf(user);
    expect(back.text).toMatch(/Renews on/);
    expect(back.buttons.map((b) => b.text)).toContain('Cancel renewal');
    expect(told(user, after, /won't renew|renews again/)).toHaveLength(1);
  });

  it('asked Telegram for them in every poll (a poll is recorded once it returns)', () => {
    const polls = stack.emulator.callsTo('getUpdates').map((c) => c.params['allowed_updates']);
    expect(polls.length).toBeGreaterThan(0);
    for (const allowed of polls) expect(allowed).toContain('subscription');
  });
});
