/**
 * Many bots, one deployment, over real HTTP (the emulator serving two tokens, the simulator, the
 * real bot process) on the run's engine: the operator adds a second bot with /bot_add and it answers
 * its first customer without a restart; one Telegram user in both bots is two customers with two
 * wallets; a promo code or a referral link of one bot means nothing in the other; /bots lists both; a paused bot answers with one sentence and takes no order; a restart
 * serves the added bot again from the registry; a kill -9 mid-order in the added bot orders and
 * delivers once after the restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pricedTextImage } from '../support/e2e/flows.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { EmulatedBot, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 910_001;
const ANN = 910_002;
const SECRET = 'many-bots-e2e-secret-0123456789-abcdef';
let stack: Stack;
let shop: EmulatedBot;
let operator: ScriptedUser;
/** Ann in the main bot and Ann in the shop bot: one Telegram user, two customers. */
let annInMain: ScriptedUser;
let annInShop: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({
    env: {
      ...STARS_STACK_ENV,
      ADMIN_IDS: String(OPERATOR),
      BOT_TOKENS_SECRET: SECRET,
      WELCOME_STARS: '5',
      REFERRAL_BONUS_STARS: '10',
    },
    beforeBot: (emulator) => {
      shop = emulator.addBot({ username: 'shop_bot', first_name: 'Shop' });
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      annInMain = emulator.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
      annInShop = shop.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function balanceOf(user: ScriptedUser): Promise<number> {
  const after = stack.emulator.seq();
  await user.sendCommand('wallet');
  const wallet = await user.waitForMessage(/Your wallet:/, { after });
  return Number(/Your wallet: ⭐\u00a0([\d,]+)/.exec(wallet.text ?? '')![1]!.replace(/,/g, ''));
}

describe('many bots in one deployment', () => {
  it('/bot_add serves a second bot at once; its token stays neither in the chat nor in the stored updates', async () => {
    await operator.sendCommand('bot_add', 'not-a-token');
    await operator.waitForMessage(/doesn't look like a bot token/);

    await operator.sendCommand('bot_add', shop.token);
    const added = await operator.waitForMessage(/@shop_bot is live/, { timeoutMs: 30_000 });
    expect(added.text).toMatch(/We deleted your message with the token/);
    expect(added.text).not.toContain(shop.token);
    expect(stack.emulator.callsTo('deleteMessage').length).toBeGreaterThanOrEqual(2);
    // Nor in the stored updates, once handled (they are kept a day to recognise a resend).
    await expect
      .poll(async () => {
        const stored = await stack.database.query<{ payload: unknown }>`select payload from update_inbox`;
        return JSON.stringify(stored).includes(shop.token);
      })
      .toBe(false);

    await annInShop.sendCommand('start');
    const welcome = await annInShop.waitForMessage(/Hi, Ann!/, { timeoutMs: 30_000 });
    expect(welcome.text).toBeTruthy();
    // Its own command menu, without the operator's /bots.
    expect(shop.commands({ type: 'default' }, 'en').map((c) => c.command)).toContain('wallet');
  }, 90_000);

  it('one Telegram user in both bots is two customers with two wallets', async () => {
    const inMain = annInMain;
    const inShop = annInShop;
    await inMain.sendCommand('start');
    await inMain.waitForMessage(/Hi, Ann!/);
    await operator.sendCommand('grant', `${ANN} 40 welcome gift`);
    await operator.waitForMessage(/Granted ⭐\u00a040 to user/);
    expect(await balanceOf(inMain)).toBe(45);
    expect(await balanceOf(inShop)).toBe(5);

    const rows = await stack.database.query<{ bot_id: number }>`
      select bot_id from users where telegram_id = ${ANN} order by bot_id`;
    expect(rows.map((r) => Number(r.bot_id))).toEqual([1, 2]);
  }, 90_000);

  it('a promo code and a referral link of one bot mean nothing in the other', async () => {
    let after = stack.emulator.seq();
    await operator.sendCommand('promo_new', 'MAINONLY 7');
    await operator.waitForMessage(/Promo code MAINONLY created/, { after });
    after = stack.emulator.seq();
    await annInShop.sendCommand('promo', 'MAINONLY');
    await annInShop.waitForMessage(/There's no such promo code/, { after });
    after = stack.emulator.seq();
    await annInMain.sendCommand('promo', 'MAINONLY');
    await annInMain.waitForMessage(/Promo code accepted: \+⭐\u00a07/, { after });

    after = stack.emulator.seq();
    await annInMain.sendCommand('invite');
    const invite = await annInMain.waitForMessage(/Invite friends/, { after });
    const code = /\?start=r_([A-Za-z0-9_-]+)/.exec(invite.text ?? '')?.[1];
    expect(code).toBeDefined();
    // Someone opens the shop bot with Ann's link of the main bot: a customer of the shop with no referrer.
    const bea = shop.createUser({ first_name: 'Bea', language_code: 'en' });
    after = stack.emulator.seq();
    await bea.sendCommand('start', `r_${code}`);
    await bea.waitForMessage(/Hi, Bea!/, { after });
    const rows = await stack.database.query<{ bot_id: number; referred_by: number | null }>`
      select bot_id, referred_by from users where telegram_id = ${bea.id}`;
    expect(rows.map((r) => [Number(r.bot_id), r.referred_by])).toEqual([[2, null]]);
  }, 90_000);

  it('/bots lists both bots; a paused bot answers one sentence and takes no order; resumed, it does', async () => {
    await operator.sendCommand('bots');
    const list = await operator.waitForMessage(/Your bots/);
    expect(list.text).toMatch(/1 @\w+ · this bot · 👤 \d+/);
    expect(list.text).toMatch(/2 @shop_bot · on · 👤 2 · ⭐\u00a00 · 💸 \$0/);

    await operator.sendCommand('bot_off', '@shop_bot');
    await operator.waitForMessage(/@shop_bot is paused/);
    const customer = annInShop;
    let after = stack.emulator.seq();
    await customer.sendCommand('generate');
    await customer.waitForMessage('This bot is paused for now. Please come back later.', { after });

    await operator.sendCommand('bot_on', '2');
    await operator.waitForMessage(/@shop_bot is back on/);
    after = stack.emulator.seq();
    await customer.sendCommand('generate');
    await customer.waitForMessage(/What would you like to create/, { after });
  }, 90_000);

  it('after a restart the added bot is served again from the registry', async () => {
    await stack.restartBot();
    const customer = annInShop;
    const after = stack.emulator.seq();
    await customer.sendCommand('help');
    await customer.waitForMessage(/how it works/, { after, timeoutMs: 30_000 });
  }, 120_000);
  it('kill -9 while the added bot places an order: after the restart it is ordered and delivered once', async () => {
    const prompt = 'A kite over the dunes';
    await pricedTextImage(annInShop, prompt);
    const upstreamOrders = () => stack.simulator.state.listOrders().filter((o) => o.prompt === prompt);
    stack.simulator.faults.add({ method: 'POST', path: '/orders', action: { kind: 'latency', ms: 1500 } });
    await annInShop.pressButton(/^✅ Confirm/);
    // The delayed POST /orders has reached the simulator: the process dies before hearing back.
    await expect.poll(() => stack.simulator.faults.pending).toBe(0);
    await stack.bot.kill();
    await stack.restartBot();
    await annInShop.waitForMessage((m) => m.kind === 'document' && /Original quality/.test(m.caption ?? ''), {
      timeoutMs: 60_000,
    });
    expect(upstreamOrders()).toHaveLength(1);
    expect(annInShop.messages().filter((m) => m.kind === 'photo')).toHaveLength(1);
    // Ordered in the shop bot only: the main bot's chat with Ann got no result.
    expect(annInMain.messages().filter((m) => m.kind === 'photo')).toHaveLength(0);
  }, 150_000);
});
