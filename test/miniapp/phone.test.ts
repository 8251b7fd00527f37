/**
 * The control room on a 390 px phone (issue 39), in English and Russian, in headless Chromium: on
 * every tab each tab's name shows whole, nothing is wider than the screen (no sideways scrolling),
 * each table's first column (the model, the customer, the day) is on screen, and model types read
 * as words. With Stars billing off the global settings save, and a refused value says what to enter
 * in the page's language, never the API's field id. Screenshots of every tab go to .tmp/screens/
 * (the Rules and Groups tabs' own checks are in rules.test.ts and groups.test.ts).
 *
 * The layout doesn't depend on the database engine: this runs on SQLite only (browser.test.ts
 * covers the figures on each engine).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miniAppMessages } from '../../src/texts/miniapp-strings.js';
import { haveChromium, launchChromium, miniAppLaunchUrl } from '../support/chromium.js';
import type { TestDatabase } from '../support/databases.js';
import { ensureMiniAppBuilt } from './built-page.js';
import { fakeSettingsRoutes } from './fake-settings.js';
import { groupsRoutesOn } from './groups-routes.js';
import { initDataFor, servePage } from './page-server.js';
import { rulesRoutesOn } from './rules-routes.js';
import { dashboardOn, NOW, seededDashboard } from './seed.js';

const SHOTS = '.tmp/screens';
const PHONE = { width: 390, height: 844 };
const TABS = ['money', 'models', 'customers', 'growth', 'operations', 'settings', 'rules', 'groups'] as const;
const LANGS = ['en', 'ru'] as const;
const texts = Object.fromEntries(
  LANGS.map((l) => [l, miniAppMessages(readFileSync(`locales/${l}.ftl`, 'utf8'))]),
) as Record<(typeof LANGS)[number], Record<string, string>>;

interface Layout {
  viewport: number;
  pageWidth: number;
  tabs: Array<{ name: string; left: number; right: number; clipped: boolean }>;
  /** Elements whose content is wider than they are (they would scroll or cut it). */
  wide: string[];
  firstCells: Array<{ text: string; left: number; right: number; visible: boolean }>;
}

/** What the checks below need, measured in the page. */
const MEASURE = `(() => {
  const viewport = document.documentElement.clientWidth;
  const box = (el) => el.getBoundingClientRect();
  const tabs = [...document.querySelectorAll('.tabs button')].map((b) => ({
    name: b.innerText.trim(),
    left: box(b).left,
    right: box(b).right,
    clipped: b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight,
  }));
  const wide = [...document.querySelectorAll('main, .section, .table-wrap, table, tbody tr, td, .cards, .tabs, details, form')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  const firstCells = [...document.querySelectorAll('.table-wrap tbody tr > td:first-child')].map((td) => ({
    text: td.innerText.trim(),
    left: box(td).left,
    right: box(td).right,
    visible: td.checkVisibility() && box(td).width > 0,
  }));
  return { viewport, pageWidth: document.documentElement.scrollWidth, tabs, wide, firstCells };
})()`;

const measure = (page: Page) => page.evaluate<Layout>(MEASURE);

let browser: Browser | undefined;
let database: TestDatabase | undefined;
const servers: Array<() => Promise<void>> = [];
let billingOn: string;
let billingOff: string;
let offSettings: ReturnType<typeof fakeSettingsRoutes>;

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SHOTS, { recursive: true });
  await ensureMiniAppBuilt();
  browser = await launchChromium();
  const seeded = await seededDashboard('sqlite');
  database = seeded.database;
  // Growth's two tables, with a name long enough to wrap on a phone.
  await seeded.store.promoCodes.create([
    { code: 'SPRING-LAUNCH-2025', stars: 25, uses: 100, expiresAt: null, createdBy: 1 },
  ]);
  const campaign = {
    campaign: {
      id: 1,
      botId: 1,
      code: 'tiktok_march',
      name: 'TikTok creators, March',
      createdBy: 1,
      createdAt: new Date(NOW),
    },
    joins: 41,
    ordered: 12,
    payers: 5,
    starsBought: 750,
    costUsd: '3.20',
    marginUsd: '6.55',
  };
  // The Groups tab: a group with a long title, and one the bot left.
  await seeded.store.groupChats.seen(-1001, 'Photographers of Kyiv and friends: weekend meetups', true);
  await seeded.store.groupChats.seen(-1002, 'Old chat', false);
  const on = await servePage(
    dashboardOn(seeded.store, { upstreamBalance: async () => '1234.5', campaigns: [campaign] }),
    [
      ...fakeSettingsRoutes().routes,
      ...rulesRoutesOn(seeded.store).routes,
      ...groupsRoutesOn(seeded.store).routes,
    ],
  );
  // BILLING=off: no payout rate, and no top-up packs set (the environment's default is none).
  offSettings = fakeSettingsRoutes({ topupPacks: [], billing: false });
  const off = await servePage(dashboardOn(seeded.store, { payoutUsdPerStar: undefined }), offSettings.routes);
  servers.push(on.close, off.close);
  billingOn = on.base;
  billingOff = off.base;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  for (const close of servers) await close();
  await database?.drop();
});

async function openPhone(base: string, lang: 'en' | 'ru'): Promise<Page> {
  const page = await browser!.newPage({ viewport: PHONE, deviceScaleFactor: 2 });
  page.setDefaultTimeout(10_000);
  await page.goto(miniAppLaunchUrl(base, initDataFor(lang)));
  await page.locator('.tabs').waitFor();
  return page;
}

/** The tab's screen has loaded (its first section, or its notice, is there). */
async function openTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
  await page.locator(`[data-tab="${tab}"]`).click();
  await page.locator(`[data-screen="${tab}"] :is(.section, .cards, .notice)`).first().waitFor();
}

describe.skipIf(!haveChromium).each(LANGS)('the control room on a 390 px phone in %s', (lang) => {
  let page: Page;
  beforeAll(async () => {
    page = await openPhone(billingOn, lang);
  }, 60_000);
  afterAll(async () => {
    await page?.close();
  });

  it.each(TABS)(
    '%s: every tab name whole, nothing wider than the screen, first columns shown',
    async (tab) => {
      await openTab(page, tab);
      const layout = await measure(page);
      expect(layout.viewport).toBe(PHONE.width);
      expect(layout.tabs.map((t) => t.name)).toEqual(TABS.map((t) => texts[lang][`miniapp-tab-${t}`]));
      for (const t of layout.tabs) {
        expect(t, t.name).toMatchObject({ clipped: false });
        expect(t.left, t.name).toBeGreaterThanOrEqual(0);
        expect(t.right, t.name).toBeLessThanOrEqual(layout.viewport);
      }
      expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
      expect(layout.wide).toEqual([]);
      for (const cell of layout.firstCells) {
        expect(cell.text).not.toBe('');
        expect(cell, cell.text).toMatchObject({ visible: true });
        expect(cell.left, cell.text).toBeGreaterThanOrEqual(0);
        expect(cell.right, cell.text).toBeLessThanOrEqual(layout.viewport);
      }
      // What the phone shows first, and the whole page.
      await page.screenshot({ path: `${SHOTS}/${lang}-phone-${tab}.png` });
      await page.screenshot({ path: `${SHOTS}/${lang}-phone-${tab}-full.png`, fullPage: true });
    },
  );

  it('names the models in the Russian or English page, and their types in words', async () => {
    await openTab(page, 'models');
    // The seeded orders' models are in the table, each a card titled by its name.
    expect(await page.locator('[data-screen="models"] tbody td:first-child').allInnerTexts()).toContain(
      'Vela Video',
    );
    await openTab(page, 'settings');
    const summary = (id: number) => page.locator(`details.model[data-model-id="${id}"] summary`);
    // The admin's name for this language (Lumen / Люмен), else the catalog's.
    expect(await summary(203).locator('.model-name').innerText()).toBe(lang === 'ru' ? 'Люмен' : 'Lumen');
    expect(await summary(203).locator('.upstream').innerText()).toBe('Lumen Text to Image');
    expect(await summary(301).locator('.model-name').innerText()).toBe('Vela Video');
    expect(await summary(301).locator('.upstream').count()).toBe(0);
    const typeOf = async (id: number) =>
      (await summary(id).locator('.model-type').innerText()).split(' · ')[0];
    expect(await typeOf(203)).toBe(texts[lang]['miniapp-type-image']);
    expect(await typeOf(301)).toBe(texts[lang]['miniapp-type-video']);
    expect(await typeOf(401)).toBe(texts[lang]['miniapp-type-remove-bg']);
    expect(await typeOf(501)).toBe(texts[lang]['miniapp-type-other']);
    const types = (await page.locator('details.model summary .model-type').allInnerTexts()).join('\n');
    expect(types).not.toMatch(/remove_bg|text_to_speech|\bimage\b|\bvideo\b/);
    await summary(203).click();
    await page.screenshot({ path: `${SHOTS}/${lang}-phone-settings-model-open.png`, fullPage: true });
    await summary(203).click();
  });
});

describe.skipIf(!haveChromium)('global settings on a phone with Stars billing off', () => {
  it('save without top-up packs, and keep the values nobody changed', async () => {
    const page = await openPhone(billingOff, 'en');
    try {
      await openTab(page, 'settings');
      const form = page.locator('form.global');
      expect(await form.innerText()).toContain(texts.en['miniapp-settings-billing-off']);
      expect(await form.locator('input[name="packs"]').inputValue()).toBe('');
      await form.locator('input[name="markup"]').fill('40');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => form.locator('.notice-line').innerText()).toBe('Saved.');
      // Only the markup: the empty packs and the welcome Stars were neither checked nor written.
      expect(offSettings.saves.at(-1)).toEqual({ id: 'global', body: { version: 1, markupPercent: '40' } });
      await page.screenshot({ path: `${SHOTS}/en-phone-settings-billing-off-saved.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });

  it.each(LANGS)('say what to enter instead of a refused value, in %s', async (lang) => {
    const page = await openPhone(billingOff, lang);
    try {
      await openTab(page, 'settings');
      const form = page.locator('form.global');
      await form.locator('input[name="welcome"]').fill('-3');
      await form.locator('input[name="packs"]').fill('50, lots');
      await form.locator('button[type="submit"]').click();
      const notice = form.locator('.notice-line[data-kind="invalid"]');
      await notice.waitFor();
      const items = await notice.locator('li').allInnerTexts();
      expect(items).toEqual([
        texts[lang]['miniapp-settings-fix-welcome']!.replace(
          '{ $max }',
          lang === 'ru' ? '10\u00a0000' : '10,000',
        ),
        texts[lang]
          ['miniapp-settings-fix-packs']!.replace('{ $count }', '8')
          .replace('{ $max }', lang === 'ru' ? '10\u00a0000' : '10,000'),
      ]);
      expect(await notice.innerText()).not.toMatch(/welcomeStars|topupPacks|version/);
      // The refused inputs are marked.
      expect(
        await form
          .locator('[aria-invalid="true"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('name'))),
      ).toEqual(['welcome', 'packs']);
      await page.screenshot({ path: `${SHOTS}/${lang}-phone-settings-refused.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });
});
