/**
 * The customers' app's Models and Wallet tabs (issue 43) in headless Chromium at 390 px, in English
 * and Russian, light and dark, on a real bot's services: the models page shows the price this
 * customer pays (the API's, which the route tests hold to the chat's) and Create opens the model's
 * form in the bot; a pack opens Telegram's payment sheet with the link the server made; a promo code
 * says what happened; the invite link is shared through Telegram. Telegram's client is the page's
 * `TelegramWebviewProxy`, which records every call. Screenshots go to .tmp/screens/.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppModels } from '../../src/services/app/models-types.js';
import { type AppHarness, startAppHarness } from '../server/miniapp/app-wallet-harness.js';
import {
  DARK_THEME,
  haveChromium,
  LIGHT_THEME,
  miniAppLaunchUrl,
  recordTelegramCalls,
  telegramCalls,
} from '../support/chromium.js';
import { textMessage } from '../support/in-process-bot.js';
import { chromiumForFile } from './built-page.js';

const SHOTS = '.tmp/screens';
const LUMEN = 203;
const KEPT = 204;

const TEXTS = {
  en: {
    create: 'Create',
    locked: '🔒 Opens after paid generations: 0 of 2 so far.',
    redeemed: 'Promo code accepted: +⭐\u00a025! Your balance: ⭐\u00a025.',
    already: "You've already redeemed this promo code",
    balance: 'Your balance',
  },
  ru: {
    create: 'Создать',
    locked: '🔒 Откроется после платных генераций: пока 0 из 2.',
    redeemed: 'Промокод активирован: +⭐\u00a025! Ваш баланс: ⭐\u00a025.',
    already: 'Вы уже активировали этот промокод',
    balance: 'Ваш баланс',
  },
} as const;

const browser = chromiumForFile(SHOTS);

describe.skipIf(!haveChromium)("the customers' app: Models and Wallet", () => {
  let app: AppHarness;

  beforeAll(async () => {
    app = await startAppHarness({ engine: 'sqlite', page: true });
    const settings = app.bot.services.liveSettings;
    await settings.updateModel(1, { id: LUMEN, name: 'Lumen' }, settings.current().version, {
      price: { kind: 'fixed', stars: 9 },
      name: { en: 'Aurora <b>Studio</b>', ru: 'Аврора <b>Студия</b>' },
      description: { en: 'Pictures from words & <i>more</i>', ru: 'Картинки по описанию' },
    });
    await settings.load();
    await app.bot.services.promo!.create(1, { code: 'SPRING25', stars: 25, uses: 100, days: null });
    // One model kept for regular customers: shown locked, as the chat refuses it when chosen.
    const rules = await app.bot.services.contentRules.current();
    await app.bot.services.contentRules.update(1, rules.version, {
      ...rules.rules,
      minPaidOrders: { [KEPT]: 2 },
    });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  /** The app opened by Telegram for `userId`, with every call to Telegram's client recorded. */
  async function open(userId: number, lang: 'en' | 'ru', dark: boolean): Promise<Page> {
    await app.bot.send(textMessage({ id: userId, language_code: lang }, '/start'));
    const context = await browser()!.newContext({ viewport: { width: 390, height: 844 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.base });
    const page = await context.newPage();
    await recordTelegramCalls(page);
    const url = miniAppLaunchUrl(app.base, app.initData(userId, lang), '', {
      page: 'app.html',
      theme: dark ? DARK_THEME : LIGHT_THEME,
    });
    await page.goto(url);
    await page.locator('.tabs').waitFor();
    return page;
  }

  const cases = [
    ['en', false, 7301],
    ['en', true, 7302],
    ['ru', false, 7303],
    ['ru', true, 7304],
  ] as const;

  it.each(cases)(
    'models (%s, dark: %s): the price this customer pays, and Create opens the form',
    async (lang, dark, userId) => {
      const page = await open(userId, lang, dark);
      await page.locator('[data-tab="models"]').click();
      const card = page.locator(`.model-card[data-model="${LUMEN}"]`);
      await card.waitFor();
      // The API's price for this customer (held to the chat's by the route tests), as the chat writes it.
      const listed = (await app.get(`/models?lang=${lang}`, userId)).json as AppModels;
      const lumen = listed.models.find((m) => m.id === LUMEN)!;
      expect(lumen.price).toEqual({ kind: 'exact', stars: 9 });
      expect(await card.locator('.model-price').innerText()).toBe('⭐\u00a09');
      // The reseller's texts as text: no markup of theirs becomes the page's.
      expect(await card.locator('.model-name').innerText()).toBe(
        lang === 'en' ? 'Aurora <b>Studio</b>' : 'Аврора <b>Студия</b>',
      );
      expect(await card.locator('b, i').count()).toBe(0);
      // Every model the API lists has its card, in the API's order, and the filter narrows them.
      expect(
        await page
          .locator('.model-card')
          .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-model')))),
      ).toEqual(listed.models.map((m) => m.id));
      await page.screenshot({
        path: `${SHOTS}/app-models-${lang}-${dark ? 'dark' : 'light'}.png`,
        fullPage: true,
      });
      // The model kept for regular customers says how far this customer is, and opens nothing yet.
      const kept = page.locator(`.model-card[data-model="${KEPT}"]`);
      expect(await kept.locator('.model-locked').innerText()).toBe(TEXTS[lang].locked);
      expect(await kept.locator('.model-create').isDisabled()).toBe(true);
      expect(await card.locator('.model-locked').count()).toBe(0);
      await page.locator('.model-filter [data-type="video"]').click();
      const videos = listed.models.filter((m) => m.type === 'video').map((m) => m.id);
      expect(await page.locator('.model-card').count()).toBe(videos.length);
      await page.locator('.model-filter [data-type="image"]').click();
      await card.locator('.model-create').click();
      expect(await card.locator('.model-create').innerText()).toBe(TEXTS[lang].create);
      expect(await telegramCalls(page, 'web_app_open_tg_link')).toEqual([
        { type: 'web_app_open_tg_link', data: { path_full: `/test_bot?start=m_${LUMEN}` } },
      ]);
      await page.context().close();
    },
  );

  it.each(cases)(
    'wallet (%s, dark: %s): a pack opens the link the server made, a promo code says what happened',
    async (lang, dark, userId) => {
      const page = await open(userId + 10, lang, dark);
      page.setDefaultTimeout(8000);
      await page.locator('[data-tab="wallet"]').click();
      await page.locator('.wallet-balance').waitFor();
      expect(await page.locator('.wallet-balance .hint').first().innerText()).toBe(TEXTS[lang].balance);
      expect(await page.locator('.wallet-total').innerText()).toBe('⭐\u00a00');

      const made = page.waitForResponse((res) => res.url().endsWith('/miniapp/me/invoice'));
      await page.locator('[data-pack="100"]').click();
      const { url } = (await (await made).json()) as { url: string };
      await expect
        .poll(() => telegramCalls(page, 'web_app_open_invoice'))
        .toEqual([{ type: 'web_app_open_invoice', data: { slug: url.replace('https://t.me/$', '') } }]);
      const invoice = app.bot.calls.filter((c) => c.method === 'createInvoiceLink').at(-1)!.payload;
      expect(invoice.prices).toEqual([
        { label: lang === 'en' ? 'Wallet top-up' : expect.any(String), amount: 100 },
      ]);

      await page.locator('.wallet-promo input').fill('spring25');
      await page.locator('.wallet-promo button').click();
      const said = page.locator('.wallet-promo + .wallet-notice');
      await expect.poll(() => said.innerText()).toContain(TEXTS[lang].redeemed);
      // The wallet is read again: the granted Stars are in it.
      await expect.poll(() => page.locator('.wallet-total').innerText()).toBe('⭐\u00a025');
      await page.locator('.wallet-promo input').fill('SPRING25');
      await page.locator('.wallet-promo button').click();
      await expect.poll(() => said.innerText()).toContain(TEXTS[lang].already);

      // The invite link: copied as it is, shared through Telegram's share sheet.
      const link = await page.locator('[data-invite-link]').innerText();
      expect(link).toMatch(/^https:\/\/t\.me\/test_bot\?start=r_/);
      await page.locator('[data-action="copy"]').click();
      await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(link);
      await page.locator('[data-action="share"]').click();
      expect(await telegramCalls(page, 'web_app_open_tg_link')).toEqual([
        { type: 'web_app_open_tg_link', data: { path_full: `/share/url?url=${encodeURIComponent(link)}` } },
      ]);
      await page.screenshot({
        path: `${SHOTS}/app-wallet-${lang}-${dark ? 'dark' : 'light'}.png`,
        fullPage: true,
      });
      await page.context().close();
    },
  );

  it('a gift shows on the granted line and as the newest movement', async () => {
    const userId = 7399;
    const page = await open(userId, 'en', false);
    await app.bot.services.admin.wallet!.grant({
      userId,
      stars: 40,
      adminId: 1,
      reason: null,
      key: 'grant:ui',
    });
    await page.locator('[data-tab="wallet"]').click();
    await page.locator('.wallet-history').waitFor();
    expect(await page.locator('.wallet-history li').first().innerText()).toContain('Gift from the team');
    expect(await page.locator('[data-line="granted"]').innerText()).toContain('⭐\u00a040');
    await page.context().close();
  });
});
