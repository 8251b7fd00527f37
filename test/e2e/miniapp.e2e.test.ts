/**
 * The admin Mini App on the real bot process (polling mode, HTTP_PORT, PUBLIC_URL): the page and
 * its API are served beside the probes, the API answers an admin's signed initData and refuses a
 * customer's, the admin's chat got the Mini App as its menu button at start (every other chat the
 * customers' app), and /dashboard gives the https button. Built page required: `npm test` builds it first (ensureMiniAppBuilt otherwise).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIAPP_CSP } from '../../src/server/miniapp/static.js';
import { ensureMiniAppBuilt } from '../miniapp/built-page.js';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { freePort } from '../support/e2e/free-port.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { signInitData } from '../support/miniapp-init-data.js';
import type { ScriptedUser } from '../support/telegram/scripted-user.js';

const ADMIN = 7300001;
const CUSTOMER = 7300002;
let stack: Stack;
let port: number;
let admin: ScriptedUser;

beforeAll(async () => {
  await ensureMiniAppBuilt();
  port = await freePort();
  stack = await startStack({
    env: { HTTP_PORT: String(port), PUBLIC_URL: 'https://panel.example.com', ADMIN_IDS: String(ADMIN) },
    // The admin's chat exists before the bot starts, so the menu button can be set at start-up.
    beforeBot: (emulator) => {
      admin = emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
      void admin.sendCommand('start');
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const tma = (userId: number) =>
  `tma ${signInitData({
    botToken: stack.emulator.token,
    user: { id: userId, first_name: 'A' },
    authDate: Math.floor(Date.now() / 1000),
  })}`;

describe('the admin Mini App on the bot process', () => {
  it('serves the page with its CSP, and the API to an admin only', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/miniapp/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(MINIAPP_CSP);
    expect(await page.text()).toMatch(/<script type="module" crossorigin src="\/miniapp\/assets\//);
    const me = await fetch(`http://127.0.0.1:${port}/miniapp/api/me`, {
      headers: { authorization: tma(ADMIN) },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      adminId: ADMIN,
      billing: false,
      bot: `@${stack.emulator.botUser.username}`,
    });
    const money = await fetch(`http://127.0.0.1:${port}/miniapp/api/money?days=7`, {
      headers: { authorization: tma(ADMIN) },
    });
    expect(((await money.json()) as { totals: { orders: number } }).totals.orders).toBe(0);
    const customer = await fetch(`http://127.0.0.1:${port}/miniapp/api/me`, {
      headers: { authorization: tma(CUSTOMER) },
    });
    expect(customer.status).toBe(403);
  });

  it("set the customers' app as every chat's menu button and the control room as the admin's, and /dashboard gives its https button", async () => {
    await expect
      .poll(() => stack.emulator.callsTo('setChatMenuButton').length, { timeout: 10_000 })
      .toBeGreaterThan(1);
    expect(stack.emulator.callsTo('setChatMenuButton').every((c) => c.ok)).toBe(true);
    expect(stack.emulator.menuButton()).toEqual({
      type: 'web_app',
      text: 'My results',
      web_app: { url: 'https://panel.example.com/miniapp/app.html' },
    });
    expect(stack.emulator.menuButton(ADMIN)).toMatchObject({
      type: 'web_app',
      web_app: { url: 'https://panel.example.com/miniapp/' },
    });
    await admin.sendCommand('dashboard');
    const answer = await admin.waitForMessage(/control room/);
    expect(JSON.stringify(answer)).toContain('https://panel.example.com/miniapp/');
  });

  it("puts 🖼 under a delivered result: the customers' app opened on that result", async () => {
    const ann = stack.emulator.createUser({ id: CUSTOMER, first_name: 'Ann', language_code: 'en' });
    await pricedTextImage(ann, 'A lighthouse at dusk');
    await confirmOrder(ann);
    await ann.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    await stack.settled();
    const [order] = await stack.database.query<{ id: string }>`
      select id from orders where user_id = ${CUSTOMER} and status = 'completed'`;
    const appButtons = ann
      .messages()
      .flatMap((m) => m.buttons.flat())
      .filter((b) => b.web_app);
    expect(appButtons).toEqual([
      {
        text: '🖼 Open in my results',
        web_app: { url: `https://panel.example.com/miniapp/app.html?open=${order!.id}` },
      },
    ]);
  });
});
