/**
 * A price changed in the admin Mini App reaches the customers, end to end: the real bot process
 * (BILLING=stars) serves the page, an admin opens it in headless Chromium with signed initData as
 * Telegram does and gives a model a fixed price of ⭐ 9 on the settings screen; a customer's next
 * confirm screen in the bot shows ⭐ 9, and a customer who had the old price on screen is shown the
 * new one before anything is ordered.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureMiniAppBuilt } from '../miniapp/built-page.js';
import { haveChromium, launchChromium, miniAppLaunchUrl } from '../support/chromium.js';
import { confirmPrice, pricedTextImage } from '../support/e2e/flows.js';
import { freePort } from '../support/e2e/free-port.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import { signInitData } from '../support/miniapp-init-data.js';

const ADMIN = 7400001;
const LUMEN = 203;
let stack: Stack;
let port: number;
let browser: Browser | undefined;

beforeAll(async () => {
  if (!haveChromium) return;
  await ensureMiniAppBuilt();
  port = await freePort();
  stack = await startStack({
    env: {
      HTTP_PORT: String(port),
      PUBLIC_URL: 'https://panel.example.com',
      ADMIN_IDS: String(ADMIN),
      ...STARS_STACK_ENV,
      WELCOME_STARS: '50',
    },
  });
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe.skipIf(!haveChromium)('a price changed in the Mini App', () => {
  it("is on the next customer's confirm screen, and an old screen's Confirm shows it first", async () => {
    const early = stack.emulator.createUser({ first_name: 'Eli', language_code: 'en' });
    await early.sendCommand('start');
    await early.waitForMessage(/Hi, Eli/);
    const before = await pricedTextImage(early, 'A lighthouse at dawn');
    expect(confirmPrice(before)).not.toBe('⭐\u00a09');

    const page = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
    page.setDefaultTimeout(15_000);
    const initData = signInitData({
      botToken: stack.emulator.token,
      user: { id: ADMIN, first_name: 'Ada', language_code: 'en' },
      authDate: Math.floor(Date.now() / 1000),
      // As Telegram sends it: the page's SDK reads these fields too.
      extra: {
        signature: 'c2lnbmF0dXJlLW9mLXRlc3Q',
        chat_instance: '-7351922305093871234',
        chat_type: 'sender',
      },
    });
    await page.goto(miniAppLaunchUrl(`http://127.0.0.1:${port}`, initData));
    await page.locator('[data-tab="settings"]').click();
    const model = page.locator(`details.model[data-model-id="${LUMEN}"]`);
    await model.locator('summary').click();
    await model.locator('select[name="price-kind"]').selectOption('fixed');
    await model.locator('input[name="price-value"]').fill('9');
    await model.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => model.locator('.notice-line').innerText(), { timeout: 15_000 }).toBe('Saved.');
    await page.close();

    const next = stack.emulator.createUser({ first_name: 'Noa', language_code: 'en' });
    await next.sendCommand('start');
    await next.waitForMessage(/Hi, Noa/);
    const after = await pricedTextImage(next, 'A lighthouse at dusk');
    expect(confirmPrice(after)).toBe('⭐\u00a09');

    // The early customer's screen still says the old price: Confirm shows the new one, orders nothing.
    const seq = stack.emulator.seq();
    await early.pressButton(/^✅ Confirm/, { messageId: before.message_id });
    await early.waitForMessage(/⭐\s9/, { after: seq, timeoutMs: 15_000 });
    expect(stack.simulator.state.createdOrderCount()).toBe(0);
  });
});
