/**
 * An added bot's own upstream key (issue 40), over real HTTP (the emulator serving two tokens, the
 * simulator with two accounts, the real bot process) on the run's engine: the added bot's admin
 * sends /upstream_key; the message is deleted at once; a key the upstream refuses stores nothing;
 * a good key is stored sealed and, without a restart, the bot's orders are charged to its own
 * account (its balance drops, the shared one does not) and /balance shows that account; while
 * that order runs the key does not change; `off` then goes back to the shared key. Neither key ever appears in the bot's log or its messages, nor stays
 * in the stored updates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { pricedTextImage } from '../support/e2e/flows.js';
import { E2E_API_KEY, STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { EmulatedBot, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 920_001;
const ANN = 920_002;
const SECRET = 'upstream-key-e2e-secret-0123456789-abcdef';
/** The shop's own account at the upstream (the simulator's second account). */
const OWN_KEY = 'rk_live_shop-own-account-key-7f3a9c';
const BAD_KEY = 'rk_live_nobody-knows-this-key-0000';
let stack: Stack;
let shop: EmulatedBot;
let operator: ScriptedUser;
/** The operator added the shop bot, so they are its admin there too. */
let adminInShop: ScriptedUser;
let annInShop: ScriptedUser;
/** Orders progress only when the test moves this: one stays in flight while the admin tries `off`. */
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  stack = await startStack({
    env: {
      ...STARS_STACK_ENV,
      ADMIN_IDS: String(OPERATOR),
      BOT_TOKENS_SECRET: SECRET,
      WELCOME_STARS: '20',
    },
    simulator: { clock },
    beforeBot: (emulator, simulator) => {
      simulator.state.addAccount({ key: OWN_KEY, balance_usd: '20.00', deposit_usd: '20.00' });
      shop = emulator.addBot({ username: 'shop_bot', first_name: 'Shop' });
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      adminInShop = shop.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      annInShop = shop.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    },
  });
  await operator.sendCommand('bot_add', shop.token);
  await operator.waitForMessage(/@shop_bot is live/, { timeoutMs: 30_000 });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

const balanceOf = (key: string) => stack.simulator.state.getAccount(key)!.balance_usd;
const startedShops = () => stack.bot.lines.filter((l) => /added bot started/.test(l)).length;
const sealedColumn = async () =>
  (
    await stack.database.query<{ upstream_key_sealed: string | null }>`
      select upstream_key_sealed from bots where username = 'shop_bot'`
  )[0]?.upstream_key_sealed ?? null;
/** The shop's successful deleteMessage calls in the admin's chat since `after` (emulator seq). */
const deletedInShop = (after: number) =>
  shop.callsTo('deleteMessage').filter((c) => c.ok && c.at > after && Number(c.params.chat_id) === OPERATOR)
    .length;

async function shopBalanceText(): Promise<string> {
  const after = stack.emulator.seq();
  await adminInShop.sendCommand('balance');
  return (await adminInShop.waitForMessage(/Reseller API balance/, { after })).text ?? '';
}

describe("an added bot's own upstream key", () => {
  it("lists /upstream_key for the added bot's admin; the main bot's menu has no such command", async () => {
    const after = stack.emulator.seq();
    await adminInShop.sendCommand('help');
    const help = await adminInShop.waitForMessage(/how it works/, { after });
    expect(help.text).toContain('/upstream_key');
    await expect
      .poll(() => shop.commands({ type: 'chat', chat_id: OPERATOR }, 'en').map((c) => c.command))
      .toContain('upstream_key');
    expect(
      stack.emulator.commands({ type: 'chat', chat_id: OPERATOR }, 'en').map((c) => c.command),
    ).not.toContain('upstream_key');
  }, 60_000);

  it('a key the upstream refuses: the message is deleted, nothing is stored', async () => {
    const after = stack.emulator.seq();
    await adminInShop.sendCommand('upstream_key', BAD_KEY);
    const answer = await adminInShop.waitForMessage(/doesn't accept this key/, { after });
    expect(answer.text).toMatch(/We deleted your message with the key/);
    expect(answer.text).not.toContain(BAD_KEY);
    expect(deletedInShop(after)).toBe(1);
    expect(await sealedColumn()).toBeNull();
  }, 60_000);

  it('its own key: deleted, stored sealed, and the bot orders and reads /balance on its own account', async () => {
    expect(await shopBalanceText()).toContain('$100');
    const started = startedShops();
    const after = stack.emulator.seq();
    await adminInShop.sendCommand('upstream_key', OWN_KEY);
    const answer = await adminInShop.waitForMessage(/The key works/, { after });
    expect(answer.text).toMatch(/We deleted your message with the key/);
    expect(answer.text).not.toContain(OWN_KEY);
    expect(deletedInShop(after)).toBe(1);
    const sealed = await sealedColumn();
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(OWN_KEY);
    // Served again with its key, without a restart of the process.
    await expect.poll(startedShops, { timeout: 30_000 }).toBe(started + 1);
    expect(await shopBalanceText()).toContain('$20');

    const shared = balanceOf(E2E_API_KEY);
    const own = balanceOf(OWN_KEY);
    await annInShop.sendCommand('start');
    await annInShop.waitForMessage(/Hi, Ann!/, { timeoutMs: 30_000 });
    const prompt = 'A lighthouse paid by the shop';
    await pricedTextImage(annInShop, prompt);
    await annInShop.pressButton(/^✅ Confirm/);
    // Taken by its own account and still running there: the key can't change under it.
    await expect.poll(() => stack.simulator.state.listOrders(OWN_KEY).length, { timeout: 30_000 }).toBe(1);
    const tried = stack.emulator.seq();
    await adminInShop.sendCommand('upstream_key', 'off');
    const refused = await adminInShop.waitForMessage(/still running on the current key/, { after: tried });
    expect(refused.text).toMatch(/^1 order is/);
    expect(await sealedColumn()).toBe(sealed);
    clock.advance(10 * 60_000);
    await annInShop.waitForMessage((m) => m.kind === 'document' && /Original quality/.test(m.caption ?? ''), {
      timeoutMs: 60_000,
    });
    const ordered = stack.simulator.state.listOrders().filter((o) => o.prompt === prompt);
    expect(ordered).toHaveLength(1);
    expect(stack.simulator.state.listOrders(OWN_KEY).map((o) => o.prompt)).toContain(prompt);
    expect(Number(balanceOf(OWN_KEY))).toBeLessThan(Number(own));
    expect(balanceOf(E2E_API_KEY)).toBe(shared);
  }, 150_000);

  it('off: back on the shared key, /balance shows the shared account again', async () => {
    await stack.settled();
    const started = startedShops();
    const after = stack.emulator.seq();
    await adminInShop.sendCommand('upstream_key', 'off');
    await adminInShop.waitForMessage(/back on the shared API key/, { after });
    expect(await sealedColumn()).toBeNull();
    await expect.poll(startedShops, { timeout: 30_000 }).toBe(started + 1);
    expect(await shopBalanceText()).toContain('$100');
  }, 90_000);

  it('neither key ever reached the log, a message, or stays in the stored updates', async () => {
    const stored = await stack.database.query<{ payload: unknown }>`select payload from update_inbox`;
    expect(stored.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(OWN_KEY);
    expect(JSON.stringify(stored)).not.toContain(BAD_KEY);
    const log = stack.bot.lines.join('\n');
    expect(log).not.toContain(OWN_KEY);
    expect(log).not.toContain(BAD_KEY);
    const texts = [...adminInShop.messages(), ...operator.messages()].map(
      (m) => `${m.text ?? ''}${m.caption ?? ''}`,
    );
    expect(texts.join('\n')).not.toContain(OWN_KEY);
    expect(texts.join('\n')).not.toContain(BAD_KEY);
  });
});
