/**
 * A bot's daily spend cap over real HTTP (the emulator serving two tokens, the simulator, the real
 * bot process) on the run's engine: the operator adds a bot and caps it with /bot_cap; its customers
 * order until the next order would pass the cap, which is refused with when it frees up and never
 * reaches the upstream; the operator hears it from the main bot (and the bot's own admin alert);
 * /bots shows the cap and today's spend; /bot_cap off lets the saved order through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, openModel } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { EmulatedBot, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 920_001;
const SECRET = 'bot-cap-e2e-secret-0123456789-abcdefgh';
let stack: Stack;
let shop: EmulatedBot;
let operator: ScriptedUser;
/** The operator in the added bot, of which they are the admin. */
let operatorInShop: ScriptedUser;
let ann: ScriptedUser;
let bob: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({
    env: { ADMIN_IDS: String(OPERATOR), BOT_TOKENS_SECRET: SECRET },
    beforeBot: (emulator) => {
      shop = emulator.addBot({ username: 'capped_bot', first_name: 'Capped' });
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      operatorInShop = shop.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      ann = shop.createUser({ first_name: 'Ann', language_code: 'en' });
      bob = shop.createUser({ first_name: 'Bob', language_code: 'en' });
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

/** Lumen Text to Image ($0.04 upstream) up to its priced summary. */
async function priceLumen(user: ScriptedUser, prompt: string) {
  await openModel(user, 'image', 'Lumen Text to Image');
  await user.waitForMessage(/Describe what you'd like/);
  await user.sendText(prompt);
  await user.waitForMessage(/Settings/);
  await user.pressButton(/Continue/);
  return user.waitForMessage(/Check your order/, { timeoutMs: 15_000 });
}

const upstreamOrders = () => stack.simulator.state.listOrders().length;

describe("a bot's daily spend cap", () => {
  it('/bot_cap refuses nonsense, and caps an added bot', async () => {
    await operator.sendCommand('bot_add', shop.token);
    await operator.waitForMessage(/@capped_bot is live/, { timeoutMs: 30_000 });
    await operatorInShop.sendCommand('start');
    await operatorInShop.waitForMessage(/Hi, Olga!/, { timeoutMs: 30_000 });

    for (const nonsense of ['2', '2 -1', '2 0.05.1', '2 1e2']) {
      const after = stack.emulator.seq();
      await operator.sendCommand('bot_cap', nonsense);
      await operator.waitForMessage(/Usage: \/bot_cap/, { after });
    }
    let after = stack.emulator.seq();
    await operator.sendCommand('bot_cap', '@nobody 5');
    await operator.waitForMessage(/There's no bot @nobody/, { after });

    after = stack.emulator.seq();
    await operator.sendCommand('bot_cap', '2 0.05');
    const set = await operator.waitForMessage(/@capped_bot now has a daily cap/, { after });
    expect(set.text).toContain('$0.05');
    const rows = await stack.database.query<{ daily_cap_usd: string | null }>`
      select daily_cap_usd from bots where id = 2`;
    expect(rows[0]?.daily_cap_usd).toBe('0.05');
  }, 90_000);

  it('orders pass up to the cap; the next is refused, sends nothing upstream, and alerts the operator', async () => {
    await priceLumen(ann, 'A fox');
    await confirmOrder(ann);
    const before = upstreamOrders();

    // Another customer of the same bot: $0.04 + $0.04 would pass the bot's $0.05.
    await priceLumen(bob, 'A second fox');
    const after = stack.emulator.seq();
    await bob.pressButton(/^✅ Confirm/);
    const refused = await bob.waitForMessage(/This bot has reached its limit for today/, { after });
    expect(refused.text).toMatch(/tap Confirm again after 00:00 UTC/);
    expect(refused.buttons.some((b) => b.text.startsWith('✅ Confirm'))).toBe(true);

    const alert = await operator.waitForMessage(/@capped_bot has reached its daily cap/, { after });
    expect(alert.text?.replace(/\u00a0/g, ' ')).toContain('of $0.05 in API costs ($0.04 spent today)');
    await operatorInShop.waitForMessage(/This bot has reached its daily cap/, { after });

    // Pressed again the same day: the same refusal stands (no error), and the operator is told once.
    const again = bob.messages().length;
    await bob.pressButton(/^✅ Confirm/);
    await stack.settled();
    expect(bob.lastMessage()?.text).toMatch(/This bot has reached its limit for today/);
    expect(
      bob
        .messages()
        .slice(again)
        .map((m) => m.text),
    ).not.toContainEqual(expect.stringMatching(/Something went wrong/));
    expect(upstreamOrders()).toBe(before);
    const alerts = (user: ScriptedUser, text: RegExp) =>
      user.messages().filter((m) => text.test(m.text ?? '')).length;
    expect(alerts(operator, /has reached its daily cap/)).toBe(1);
    expect(alerts(operatorInShop, /has reached its daily cap/)).toBe(1);
  }, 90_000);

  it('/bots shows the cap and what the bot spent today', async () => {
    const after = stack.emulator.seq();
    await operator.sendCommand('bots');
    const list = await operator.waitForMessage(/Your bots/, { after });
    expect(list.text?.replace(/\u00a0/g, ' ')).toMatch(
      /2 @capped_bot · on · .*\n\s+cap \$0\.05\/day, \$0\.04 spent today/,
    );
    expect(list.text).toContain('/bot_cap');
  }, 60_000);

  it('/bot_cap off lets the saved order through', async () => {
    const after = stack.emulator.seq();
    await operator.sendCommand('bot_cap', '@capped_bot off');
    await operator.waitForMessage(/@capped_bot has no daily cap any more/, { after });
    const before = upstreamOrders();
    await confirmOrder(bob);
    expect(upstreamOrders()).toBe(before + 1);
  }, 60_000);
});
