/**
 * The control room's reports (issue 42), on the Groups screen in a real headless Chromium, against
 * the real reports routes, ReportsService and telegram/reported-post.ts over a real store: the
 * figures and the three seeded open reports newest first (a guest card named so, a group by its
 * title, the owner's name and a description with markup shown as typed); Dismiss waits with every
 * button off while its call runs, then takes the card away, says so, and is audited; a Remove that
 * Telegram refuses says why on the card, which stays; a guest card's Remove hides it; a press on a
 * report another admin resolved meanwhile says how it stands; a bot with no report says so. On a 390 px phone, in English and Russian, nothing is wider than the screen and
 * Dismiss removes a card; screenshots go to .tmp/screens/.
 *
 * No Chromium: skipped with a message, except with REQUIRE_CHROMIUM=1 (CI), where that is a failure.
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { miniAppMessages } from '../../src/texts/miniapp-strings.js';
import { haveChromium, miniAppLaunchUrl } from '../support/chromium.js';
import {
  availableEngines,
  createTestDatabase,
  type EngineName,
  type TestDatabase,
} from '../support/databases.js';
import { chromiumForFile } from './built-page.js';
import { fakeSettingsRoutes } from './fake-settings.js';
import { groupsRoutesOn } from './groups-routes.js';
import { ADMIN, initDataFor, servePage } from './page-server.js';
import { CANNOT_DELETE, completedOrder, reportsRoutesOn } from './reports-routes.js';
import { dashboardOn, NOW } from './seed.js';

const SHOTS = '.tmp/screens';
const LANGS = ['en', 'ru'] as const;
type Lang = (typeof LANGS)[number];
const texts = Object.fromEntries(
  LANGS.map((l) => [l, miniAppMessages(readFileSync(`locales/${l}.ftl`, 'utf8'))]),
) as Record<Lang, Record<string, string>>;

/** A page text with its placeables filled in, as the page fills them. */
function say(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const text = texts[lang][key];
  if (text === undefined) throw new Error(`no ${key} in ${lang}.ftl`);
  return text.replace(/\{\s*\$([\w-]+)\s*\}/g, (_, name: string) => String(vars[name]));
}

const ANN = 11;
const BOB = 12;
const CY = 13;
const MINUTE = 60_000;
const CAFE = -1001234;
/** What people typed: markup in it must read as typed. */
const OWNER_NAME = 'Ann <b>bold</b>';
const DESCRIPTION = 'a fox <img src=x onerror="window.__pwned=1"> & <b>friends</b>';

/**
 * Ann's result in the cafe reported by Bob, then by Cy, her guest card by Bob, and (before them all)
 * another of her cafe results reported by Cy; the page and its API over them. `emptyBase`: another bot's room on the same database, with no report.
 */
async function serveReports(engine: EngineName) {
  const database: TestDatabase = await createTestDatabase(engine);
  let clock = NOW - 3 * 86_400_000;
  const store: Store = await database.open(() => clock);
  const reports = reportsRoutesOn(store, { adminIds: [ADMIN], now: () => clock });
  await store.users.touch({ id: ANN, firstName: OWNER_NAME, username: 'ann' }, false);
  await store.users.touch({ id: BOB, firstName: 'Bob', username: 'bob' }, false);
  await store.users.touch({ id: CY, firstName: 'Cy', username: 'cy' }, false);
  await store.groupChats.seen(CAFE, 'Cafe', true);
  const cafeOrder = await completedOrder(store, { chatId: CAFE, userId: ANN, prompt: DESCRIPTION });
  const guestOrder = await completedOrder(store, {
    chatId: ANN,
    userId: ANN,
    prompt: 'a cat on a roof',
    model: 'Vela',
    guestCard: {
      inlineMessageId: 'AgAAAInlineCard',
      file: { index: 0, kind: 'photo', fileId: 'photo-file-1', fileUniqueId: 'u1' },
    },
  });
  const file = async (orderId: string, chatId: number, messageId: number, reporter: number, at: number) => {
    clock = at;
    const outcome = await reports.service.file(orderId, chatId, messageId, reporter);
    if (outcome.kind !== 'filed') throw new Error(`not filed: ${outcome.kind}`);
    return outcome.report.id;
  };
  const secondOrder = await completedOrder(store, { chatId: CAFE, userId: ANN, prompt: 'a second fox' });
  const ids = {
    cafeSecond: await file(secondOrder, CAFE, 502, CY, NOW - 4 * MINUTE),
    cafeByBob: await file(cafeOrder, CAFE, 501, BOB, NOW - 3 * MINUTE),
    cafeByCy: await file(cafeOrder, CAFE, 501, CY, NOW - 2 * MINUTE),
    guest: await file(guestOrder, ANN, 0, BOB, NOW - MINUTE),
  };
  clock = NOW;
  const routes = [...fakeSettingsRoutes().routes, ...groupsRoutesOn(store, 'on').routes, ...reports.routes];
  const served = await servePage(dashboardOn(store), routes);
  const other = storeOn(store.engine, { bot: 2, now: () => clock });
  const empty = await servePage(dashboardOn(other), [
    ...fakeSettingsRoutes().routes,
    ...groupsRoutesOn(other, 'on').routes,
    ...reportsRoutesOn(other, { adminIds: [ADMIN], now: () => clock }).routes,
  ]);
  return {
    ...served,
    ...reports,
    ids,
    store,
    emptyBase: empty.base,
    close: async () => {
      await served.close();
      await empty.close();
      await database.drop();
    },
  };
}

const browser = chromiumForFile(SHOTS);

/** Opens the Groups tab and waits for its reports to be drawn. */
async function openReports(page: Page): Promise<void> {
  await page.locator('[data-tab="groups"]').click();
  await page.locator('[data-section="reports"] .reports-figures').waitFor();
}

const card = (page: Page, id: number) => page.locator(`li.report[data-report-id="${id}"]`);
const listed = (page: Page) =>
  page.locator('li.report').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-report-id'))));

/**
 * Presses `action` on report `id`, holding its request until every button is seen disabled, then
 * lets it through; resolves once the page has the answer (every button enabled again).
 */
async function pressHeld(page: Page, id: number, action: string): Promise<boolean[]> {
  let held!: (route: Route) => void;
  const arrived = new Promise<Route>((resolve) => {
    held = resolve;
  });
  const pattern = `**/miniapp/api/reports/${id}`;
  await page.route(pattern, (route) => held(route));
  await card(page, id).locator(`button[data-action="${action}"]`).click();
  const route = await arrived;
  const whileRunning = await page
    .locator('li.report button[data-action]')
    .evaluateAll((buttons) => buttons.map((b) => b.hasAttribute('disabled')));
  await route.continue();
  await page.unroute(pattern);
  await expect
    .poll(() =>
      page
        .locator('li.report button[data-action]')
        .evaluateAll((buttons) => buttons.some((b) => b.hasAttribute('disabled'))),
    )
    .toBe(false);
  return whileRunning;
}

describe.skipIf(!haveChromium).each(availableEngines())('the reports in Chromium on %s', (engine) => {
  let served: Awaited<ReturnType<typeof serveReports>>;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    served = await serveReports(engine);
    page = await browser()!.newPage({ viewport: { width: 1100, height: 900 } });
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(miniAppLaunchUrl(served.base, initDataFor('en')));
    await page.locator('.tabs').waitFor();
  }, 60_000);
  afterAll(async () => {
    await page?.close();
    await served?.close();
  });

  it('shows the figures and the open reports, newest first, with their facts as typed', async () => {
    await openReports(page);
    const { ids } = served;
    expect(await page.locator('[data-section="reports"] h2').innerText()).toBe('Reports');
    expect(await page.locator('.reports-figures').innerText()).toBe(
      say('en', 'miniapp-reports-figures', { reports: 4, open: 4 }),
    );
    expect(await listed(page)).toEqual([ids.guest, ids.cafeByCy, ids.cafeByBob, ids.cafeSecond]);

    const guest = card(page, ids.guest);
    expect(await guest.locator('.report-title').innerText()).toBe(
      say('en', 'miniapp-reports-id', { id: ids.guest }),
    );
    expect(await guest.locator('.report-place').innerText()).toBe(say('en', 'miniapp-reports-guest-card'));
    expect(await guest.locator('.report-model').innerText()).toBe('Model: Vela');
    expect(await guest.locator('.report-text').innerText()).toBe('a cat on a roof');
    expect(await guest.locator('.report-reporters').innerText()).toBe(
      say('en', 'miniapp-reports-reporters', { count: 1 }),
    );

    const cafe = card(page, ids.cafeByBob);
    expect(await cafe.locator('.report-place').innerText()).toBe('Group: Cafe');
    expect(await cafe.locator('.report-owner').innerText()).toBe(
      say('en', 'miniapp-reports-owner', { name: OWNER_NAME, id: ANN }),
    );
    expect(await cafe.locator('.report-text').innerText()).toBe(DESCRIPTION);
    expect(await cafe.locator('.report-reporters').innerText()).toBe(
      say('en', 'miniapp-reports-reporters', { count: 2 }),
    );
    expect(await page.locator('li.report :is(b, img)').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await cafe.locator('button[data-action]').allInnerTexts()).toEqual([
      'Remove the post',
      'Ban the owner',
      'Dismiss',
    ]);
    await page.screenshot({ path: `${SHOTS}/reports-${engine}-en.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('Dismiss: every button waits while it runs; then the cards of that post are gone, said and audited', async () => {
    const { ids } = served;
    const whileRunning = await pressHeld(page, ids.cafeByBob, 'dismiss');
    expect(whileRunning).toEqual(Array(12).fill(true));
    // Cy's report of the same post went with it: one decision per post.
    await expect.poll(() => listed(page)).toEqual([ids.guest, ids.cafeSecond]);
    expect(await page.locator('[data-section="reports"] .notice-line').innerText()).toBe(
      say('en', 'miniapp-reports-outcome-dismissed', { id: ids.cafeByBob }),
    );
    expect(await page.locator('.reports-figures').innerText()).toBe(
      say('en', 'miniapp-reports-figures', { reports: 4, open: 2 }),
    );
    const found = await served.service.find(ids.cafeByBob);
    expect(found?.report).toMatchObject({ status: 'dismissed', resolvedBy: ADMIN });
    expect((await served.service.find(ids.cafeByCy))?.report).toMatchObject({ status: 'dismissed' });
    const audit = await served.store.audit.page(0, 10);
    expect(audit.map((e) => [e.actorId, e.action, e.targetUserId, e.details])).toEqual([
      [ADMIN, 'report_dismissed', ANN, { report: ids.cafeByBob, samePost: [ids.cafeByCy] }],
    ]);
    expect(served.calls).toEqual([]);
  });

  it('a Remove Telegram refuses says why on the card, which stays open', async () => {
    const { ids } = served;
    served.failNext('deleteMessage', CANNOT_DELETE);
    await card(page, ids.cafeSecond).locator('button[data-action="remove"]').click();
    const refusal = card(page, ids.cafeSecond).locator('.notice-line');
    await expect.poll(() => refusal.innerText()).toBe(say('en', 'miniapp-reports-remove-failed'));
    expect(await refusal.getAttribute('data-refusal')).toBe('remove-failed');
    expect(await listed(page)).toEqual([ids.guest, ids.cafeSecond]);
    expect((await served.service.find(ids.cafeSecond))?.report.status).toBe('open');
    expect(served.calls.map((c) => c.method)).toEqual(['deleteMessage']);
    expect(await served.store.audit.count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/reports-${engine}-remove-failed.png`, fullPage: true });
  });

  it('Remove on a guest card hides it and says so', async () => {
    const { ids } = served;
    await card(page, ids.guest).locator('button[data-action="remove"]').click();
    await expect.poll(() => listed(page)).toEqual([ids.cafeSecond]);
    expect(await page.locator('[data-section="reports"] .notice-line').innerText()).toBe(
      say('en', 'miniapp-reports-outcome-hidden', { id: ids.guest }),
    );
    expect(served.calls.at(-1)).toMatchObject({
      method: 'editMessageMedia',
      payload: { inline_message_id: 'AgAAAInlineCard', media: { has_spoiler: true } },
    });
    expect((await served.service.find(ids.guest))?.report.status).toBe('removed');
    // The refusal shown on another card went with the call that followed.
    expect(await card(page, ids.cafeSecond).locator('.notice-line').count()).toBe(0);
  });

  it('a report another admin resolved meanwhile: says how it stands, changes nothing, and the card goes', async () => {
    const { ids } = served;
    const otherAdmin = ADMIN + 1;
    expect(await served.service.resolve(otherAdmin, ids.cafeSecond, 'dismissed')).toBe(true);
    const calls = served.calls.length;
    await card(page, ids.cafeSecond).locator('button[data-action="remove"]').click();
    await expect.poll(() => listed(page)).toEqual([]);
    expect(await page.locator('[data-section="reports"] .notice-line').innerText()).toBe(
      `${say('en', 'miniapp-reports-already')} ${say('en', 'miniapp-reports-outcome-dismissed', { id: ids.cafeSecond })}`,
    );
    expect(await page.locator('.reports-figures').innerText()).toBe(
      say('en', 'miniapp-reports-figures', { reports: 4, open: 0 }),
    );
    expect(await page.locator('[data-section="reports"] .reports-empty').innerText()).toBe(
      say('en', 'miniapp-reports-empty'),
    );
    expect(served.calls).toHaveLength(calls);
    expect((await served.service.find(ids.cafeSecond))?.report.resolvedBy).toBe(otherAdmin);
  });

  it('in a bot with no report, says none is open', async () => {
    const empty = await browser()!.newPage({ viewport: { width: 1100, height: 900 } });
    try {
      empty.setDefaultTimeout(10_000);
      await empty.goto(miniAppLaunchUrl(served.emptyBase, initDataFor('en')));
      await empty.locator('.tabs').waitFor();
      await openReports(empty);
      expect(await empty.locator('.reports-figures').innerText()).toBe(
        say('en', 'miniapp-reports-figures', { reports: 0, open: 0 }),
      );
      expect(await empty.locator('.reports-empty').innerText()).toBe(say('en', 'miniapp-reports-empty'));
      expect(await empty.locator('li.report').count()).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

/** Elements whose content is wider than they are, and anything outside the screen. */
const MEASURE = `(() => {
  const viewport = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('main, .section, .reports, .report-head, .report-actions, .report p, .reports-figures')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  const outside = [...document.querySelectorAll('.tabs *, [data-screen] *')]
    .filter((el) => { const b = el.getBoundingClientRect(); return b.width > 0 && (b.left < -1 || b.right > viewport + 1); })
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  const clipped = [...document.querySelectorAll('.report-actions button')]
    .filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight)
    .map((b) => b.innerText);
  return { viewport, pageWidth: document.documentElement.scrollWidth, wide, outside, clipped };
})()`;

describe.skipIf(!haveChromium)('the reports on a 390 px phone', () => {
  it.each(LANGS)('in %s: the cards fit the screen, and Dismiss removes one', async (lang) => {
    const served = await serveReports('sqlite');
    const page = await browser()!.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(miniAppLaunchUrl(served.base, initDataFor(lang)));
      await page.locator('.tabs').waitFor();
      await openReports(page);
      const { ids } = served;
      expect(await page.locator('[data-section="reports"] h2').innerText()).toBe(
        say(lang, 'miniapp-reports-title'),
      );
      expect(await page.locator('.reports-figures').innerText()).toBe(
        say(lang, 'miniapp-reports-figures', { reports: 4, open: 4 }),
      );
      expect(await listed(page)).toEqual([ids.guest, ids.cafeByCy, ids.cafeByBob, ids.cafeSecond]);
      expect(await card(page, ids.guest).locator('.report-place').innerText()).toBe(
        say(lang, 'miniapp-reports-guest-card'),
      );
      expect(await card(page, ids.cafeByBob).locator('button[data-action]').allInnerTexts()).toEqual([
        say(lang, 'miniapp-reports-remove'),
        say(lang, 'miniapp-reports-ban'),
        say(lang, 'miniapp-reports-dismiss'),
      ]);
      const fits = async () => {
        const layout = await page.evaluate<{
          viewport: number;
          pageWidth: number;
          wide: string[];
          outside: string[];
          clipped: string[];
        }>(MEASURE);
        expect(layout.viewport).toBe(390);
        expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
        expect(layout.wide).toEqual([]);
        expect(layout.outside).toEqual([]);
        expect(layout.clipped).toEqual([]);
      };
      await fits();
      await card(page, ids.guest).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/reports-${lang}-phone.png` });
      await page.screenshot({ path: `${SHOTS}/reports-${lang}-phone-full.png`, fullPage: true });

      await card(page, ids.cafeSecond).locator('button[data-action="dismiss"]').click();
      await expect.poll(() => listed(page)).toEqual([ids.guest, ids.cafeByCy, ids.cafeByBob]);
      expect(await page.locator('[data-section="reports"] .notice-line').innerText()).toBe(
        say(lang, 'miniapp-reports-outcome-dismissed', { id: ids.cafeSecond }),
      );
      expect((await served.service.find(ids.cafeSecond))?.report.status).toBe('dismissed');
      await fits();
      await page.screenshot({ path: `${SHOTS}/reports-${lang}-phone-dismissed.png`, fullPage: true });
    } finally {
      await page.close();
      await served.close();
    }
  });
});
