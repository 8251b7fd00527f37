/**
 * Each added bot's control room (issue 40), on the real bot process: the operator adds a second bot
 * with /bot_add and is its admin; /dashboard in that bot opens the control room with the bot's id
 * in the URL, and the API it calls shows that bot's figures only, for initData signed with that
 * bot's token by one of its admins. InitData of one bot naming the other is refused, as is a
 * customer of the added bot. The operator's admins (ADMIN_IDS of the main bot) open every bot's
 * room from /bots in the main bot, with initData the main bot signs: they read and change that
 * bot's data only, audited in its log under their id; a customer of the main bot gets nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CustomersReport,
  DashboardMe,
  SettingsDocument,
} from '../../src/services/admin/dashboard-types.js';
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
const api = (path: string, authorization: string, botId?: number, init: RequestInit = {}) =>
  fetch(`http://127.0.0.1:${port}/miniapp/api${path}`, {
    ...init,
    headers: {
      authorization,
      ...(botId !== undefined && { 'x-bot-id': String(botId) }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
  });

describe("an added bot's control room", () => {
  it('/dashboard in the added bot opens the control room with its id, and makes it the menu button', async () => {
    await operator.sendCommand('bot_add', shop.token);
    await operator.waitForMessage(/@shop_bot is live/, { timeoutMs: 30_000 });
    await operatorInShop.sendCommand('dashboard');
    const answer = await operatorInShop.waitForMessage(/control room/, { timeoutMs: 30_000 });
    expect(JSON.stringify(answer)).toContain('https://panel.example.com/miniapp/?bot=2');
    // Its admin's chat with it now has the control room as its menu button; every other chat the
    // customers' app of that bot.
    const ownChat = () =>
      shop.callsTo('setChatMenuButton').filter((c) => c.ok && c.params['chat_id'] !== undefined);
    await expect.poll(() => ownChat().length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(JSON.stringify(ownChat()[0]?.params)).toContain('https://panel.example.com/miniapp/?bot=2');
    expect(shop.menuButton()).toMatchObject({
      web_app: { url: 'https://panel.example.com/miniapp/app.html?bot=2' },
    });
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
    expect((await inShop.json()) as DashboardMe).toEqual({
      adminId: OPERATOR,
      billing: true,
      bot: '@shop_bot',
    });

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
      // The added bot's initData naming the main bot, or naming no bot.
      api('/me', tma(shop.token, OPERATOR), 1),
      api('/me', tma(shop.token, OPERATOR)),
      // A bot that is not served.
      api('/me', tma(shop.token, OPERATOR), 3),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401]);
    // Ann is a customer of the added bot, not its admin.
    expect((await api('/me', tma(shop.token, ANN), 2)).status).toBe(403);
    // And the main bot's control room still answers its admin.
    expect((await api('/me', tma(main, OPERATOR), 1)).status).toBe(200);
  });
});

describe("the operator's way into every bot's control room", () => {
  it("/bots in the main bot has a Web App button opening the added bot's room on the main page", async () => {
    await operator.sendCommand('bots');
    const answer = await operator.waitForMessage(/Your bots/, { timeoutMs: 30_000 });
    const buttons = JSON.stringify(answer);
    expect(buttons).toContain('🛠 @shop_bot');
    expect(buttons).toContain('https://panel.example.com/miniapp/?bot=2');
    // The main bot's own room is /dashboard's: no button names it here.
    expect(buttons).not.toContain('?bot=1');
  }, 60_000);

  it("reads and changes the added bot's data with the main bot's initData, and that bot's only", async () => {
    const asOperator = tma(stack.emulator.token, OPERATOR);
    const me = await api('/me', asOperator, 2);
    expect(me.status).toBe(200);
    // The page names the bot whose room it is: the operator opens many.
    expect((await me.json()) as DashboardMe).toEqual({ adminId: OPERATOR, billing: true, bot: '@shop_bot' });
    const inMain = (await (await api('/me', asOperator, 1)).json()) as DashboardMe;
    expect(inMain.bot).toBe(`@${stack.emulator.botUser.username}`);

    // The added bot's figures, the same as its own admin sees, not the main bot's.
    const balance = async (authorization: string, botId: number) =>
      ((await (await api('/customers?days=7', authorization, botId)).json()) as CustomersReport).wallets
        ?.balanceStars;
    const [viaMain, viaShop, mainStars] = await Promise.all([
      balance(asOperator, 2),
      balance(tma(shop.token, OPERATOR), 2),
      balance(asOperator, 1),
    ]);
    expect(viaMain).toBe(viaShop);
    expect(mainStars! - viaMain!).toBe(40);

    // A change in the added bot's room lands in its settings and its audit log, under the operator.
    const settings = (await (await api('/settings', asOperator, 2)).json()) as SettingsDocument;
    const put = await api('/settings/global', asOperator, 2, {
      method: 'PUT',
      body: JSON.stringify({ version: settings.version, welcomeStars: 7 }),
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as SettingsDocument).welcomeStars).toBe(7);
    const shopNow = (await (await api('/settings', tma(shop.token, OPERATOR), 2)).json()) as SettingsDocument;
    const mainNow = (await (await api('/settings', asOperator, 1)).json()) as SettingsDocument;
    expect([shopNow.welcomeStars, mainNow.welcomeStars]).toEqual([7, 5]);
    const audit = await stack.database.query<{ bot_id: number; actor_id: number }>`
      select bot_id, actor_id from audit_log where action = 'settings_global_changed'`;
    expect(audit.map((r) => [Number(r.bot_id), Number(r.actor_id)])).toEqual([[2, OPERATOR]]);
  }, 60_000);

  it("refuses a customer of the main bot naming the added bot, and the added bot's initData elsewhere", async () => {
    const refused = await Promise.all([
      // Ann, signed by the main bot, is none of its admins.
      api('/me', tma(stack.emulator.token, ANN), 2),
      // The added bot's own initData stays in its own room.
      api('/me', tma(shop.token, OPERATOR), 1),
      // A bot not served here is closed to the operator too.
      api('/me', tma(stack.emulator.token, OPERATOR), 3),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401]);
    for (const r of refused) expect(await r.text()).toBe('');
  });
});
