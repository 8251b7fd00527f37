/**
 * Each added bot's control room (issue 40), on the real bot process: the operator adds a second bot
 * with /bot_add and is its admin; /dashboard in that bot opens the control room with the bot's id
 * in the URL, and the API it calls shows that bot's figures only, for initData signed with that
 * bot's token by one of its admins. InitData of one bot naming the other is refused, as is a
 * customer of the added bot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomersReport, DashboardMe } from '../../src/services/admin/dashboard-types.js';
import { ensureMiniAppBuilt } from '../miniapp/built-page.js';
import { freePort } from '../support/e2e/free-port.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import { signInitData } from '../support/miniapp-init-data.js';
import type { EmulatedBot, ScriptedUser } from '../support/telegram/emulator.js';

const OPERATOR = 920_001;
const ANN = 920_002;
const SECRET = 'control-room-e2e-secret-0123456789-abc';
let stack: Stack;
let port: number;
let shop: EmulatedBot;
let operator: ScriptedUser;
let operatorInShop: ScriptedUser;
let annInMain: ScriptedUser;
let annInShop: ScriptedUser;

beforeAll(async () => {
  await ensureMiniAppBuilt();
  port = await freePort();
  stack = await startStack({
    env: {
      ...STARS_STACK_ENV,
      HTTP_PORT: String(port),
      PUBLIC_URL: 'https://panel.example.com',
      ADMIN_IDS: String(OPERATOR),
      BOT_TOKENS_SECRET: SECRET,
      WELCOME_STARS: '5',
    },
    beforeBot: (emulator) => {
      shop = emulator.addBot({ username: 'shop_bot', first_name: 'Shop' });
      operator = emulator.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      operatorInShop = shop.createUser({ id: OPERATOR, first_name: 'Olga', language_code: 'en' });
      annInMain = emulator.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
      annInShop = shop.createUser({ id: ANN, first_name: 'Ann', language_code: 'en' });
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

/** `Authorization: tma …` for the user, signed with the token. */
const tma = (botToken: string, userId: number) =>
  `tma ${signInitData({ botToken, user: { id: userId, first_name: 'A' }, authDate: Math.floor(Date.now() / 1000) })}`;

/** An API call naming a bot (X-Bot-Id) or none. */
const api = (path: string, authorization: string, botId?: number) =>
  fetch(`http://127.0.0.1:${port}/miniapp/api${path}`, {
    headers: { authorization, ...(botId !== undefined && { 'x-bot-id': String(botId) }) },
  });

describe("an added bot's control room", () => {
  it('/dashboard in the added bot opens the control room with its id, and makes it the menu button', async () => {
    await operator.sendCommand('bot_add', shop.token);
    await operator.waitForMessage(/@shop_bot is live/, { timeoutMs: 30_000 });
    await operatorInShop.sendCommand('dashboard');
    const answer = await operatorInShop.waitForMessage(/control room/, { timeoutMs: 30_000 });
    expect(JSON.stringify(answer)).toContain('https://panel.example.com/miniapp/?bot=2');
    // Its admin's chat with it now has the control room as its menu button.
    await expect
      .poll(() => shop.callsTo('setChatMenuButton').filter((c) => c.ok).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const [menu] = shop.callsTo('setChatMenuButton').filter((c) => c.ok);
    expect(JSON.stringify(menu?.params)).toContain('https://panel.example.com/miniapp/?bot=2');
    // The page itself is the same one.
    expect((await fetch(`http://127.0.0.1:${port}/miniapp/?bot=2`)).status).toBe(200);
  }, 90_000);

  it("shows its admin the added bot's figures, not the main bot's", async () => {
    await annInMain.sendCommand('start');
    await annInMain.waitForMessage(/Hi, Ann!/);
    await annInShop.sendCommand('start');
    await annInShop.waitForMessage(/Hi, Ann!/, { timeoutMs: 30_000 });
    await operator.sendCommand('grant', `${ANN} 40 welcome gift`);
    await operator.waitForMessage(/Granted ⭐\u00a040 to user/);

    const inShop = await api('/me', tma(shop.token, OPERATOR), 2);
    expect(inShop.status).toBe(200);
    expect((await inShop.json()) as DashboardMe).toEqual({ adminId: OPERATOR, billing: true });

    const wallets = async (token: string, botId: number) => {
      const res = await api('/customers?days=7', tma(token, OPERATOR), botId);
      expect(res.status).toBe(200);
      return ((await res.json()) as CustomersReport).wallets?.balanceStars;
    };
    // The figures of each bot's own store: the grant went to Ann in the main bot only.
    const [mainStars, shopStars] = await Promise.all([
      wallets(stack.emulator.token, 1),
      wallets(shop.token, 2),
    ]);
    const sums = await stack.database.query<{ bot_id: number; stars: number }>`
      select bot_id, sum(delta) as stars from wallet_entries group by bot_id order by bot_id`;
    expect(sums.map((r) => [Number(r.bot_id), Number(r.stars)])).toEqual([
      [1, mainStars],
      [2, shopStars],
    ]);
    expect(mainStars! - shopStars!).toBe(40);
  }, 90_000);

  it("refuses one bot's initData naming the other, and a customer of the added bot", async () => {
    const main = stack.emulator.token;
    const refused = await Promise.all([
      // The operator is an admin of both, but initData signed by the main bot opens only the main bot's.
      api('/me', tma(main, OPERATOR), 2),
      // The added bot's initData naming the main bot, or naming no bot.
      api('/me', tma(shop.token, OPERATOR), 1),
      api('/me', tma(shop.token, OPERATOR)),
      // A bot that is not served.
      api('/me', tma(shop.token, OPERATOR), 3),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    // Ann is a customer of the added bot, not its admin.
    expect((await api('/me', tma(shop.token, ANN), 2)).status).toBe(403);
    // And the main bot's control room still answers its admin.
    expect((await api('/me', tma(main, OPERATOR), 1)).status).toBe(200);
  });
});
