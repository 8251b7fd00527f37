/**
 * The control room's Groups screen (issue 42) in a real headless Chromium, against the real groups
 * routes and GroupsService over a real store: both seeded groups listed, the one the bot left marked
 * so, today's generations and the cap shown, a title with markup shown as typed; turning a group
 * off with a cap of 5 is saved (the service's status says so) and audited; an out-of-range cap is
 * refused next to its field in the admin's language and nothing is written; a bot in no group says
 * how to add one. On a 390 px phone, in English and Russian, nothing is wider than the screen;
 * screenshots go to .tmp/screens/.
 *
 * No Chromium: skipped with a message, except with REQUIRE_CHROMIUM=1 (CI), where that is a failure.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
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
import { reportsRoutesOn } from './reports-routes.js';
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

const CAFE = -1001234;
const CLUB = -1005678;
/** A group's title as its members typed it: markup in it must read as typed. */
const CAFE_TITLE = 'Cafe <b>bold</b> & <img src=x onerror="window.__pwned=1"> friends';
const CLUB_TITLE = `Night club ${'z'.repeat(60)}`;

/** An order sent upstream from `chatId` now: what the group's cap counts. */
async function orderFrom(store: Store, chatId: number): Promise<void> {
  const row = await store.orders.insertDraft({
    id: randomUUID(),
    chatId,
    userId: 11,
    locale: 'en',
    modelId: 1,
    modelName: 'Lumen',
    modelType: 'image',
    request: { model_id: 1, prompt: 'x' },
    priceUsd: '0.10',
    idempotencyKey: randomUUID(),
  });
  await store.orders.beginSubmission(row.id, row.idempotencyKey);
}

/**
 * Two groups (the bot left the club) with three orders from the cafe today, GROUPS=on; the page and
 * its API over them. `empty`: another bot's room on the same database, GROUPS=off, in no group.
 */
async function serveGroups(engine: EngineName) {
  const database: TestDatabase = await createTestDatabase(engine);
  const store: Store = await database.open(() => NOW);
  await store.users.touch({ id: 11, firstName: 'u11', username: 'user11' }, false);
  await store.groupChats.seen(CAFE, CAFE_TITLE, true);
  await store.groupChats.seen(CLUB, CLUB_TITLE, true);
  await store.groupChats.seen(CLUB, CLUB_TITLE, false);
  for (let i = 0; i < 3; i++) await orderFrom(store, CAFE);
  const groups = groupsRoutesOn(store, 'on');
  // The screen also lists reports (reports.test.ts): none here.
  const reports = (on: Store) => reportsRoutesOn(on, { adminIds: [ADMIN], now: () => NOW }).routes;
  const served = await servePage(dashboardOn(store), [
    ...fakeSettingsRoutes().routes,
    ...groups.routes,
    ...reports(store),
  ]);
  const other = storeOn(store.engine, { bot: 2, now: () => NOW });
  const empty = await servePage(dashboardOn(other), [
    ...fakeSettingsRoutes().routes,
    ...groupsRoutesOn(other, 'off').routes,
    ...reports(other),
  ]);
  return {
    ...served,
    ...groups,
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

async function openGroups(page: Page): Promise<void> {
  await page.locator('[data-tab="groups"]').click();
  await page.locator('[data-screen="groups"] :is(.section, .notice)').first().waitFor();
}

/** Leaves the tab and comes back: the screen reads the groups anew. */
async function reopenGroups(page: Page): Promise<void> {
  await page.locator('[data-tab="money"]').click();
  await page.locator('[data-screen="money"]').waitFor();
  await openGroups(page);
}

const card = (page: Page, chatId: number) => page.locator(`li.group[data-chat-id="${chatId}"]`);
const pressed = (page: Page, chatId: number) =>
  card(page, chatId).locator('.group-switch button[aria-pressed="true"]').getAttribute('data-enabled');

describe.skipIf(!haveChromium).each(availableEngines())('the Groups screen in Chromium on %s', (engine) => {
  let served: Awaited<ReturnType<typeof serveGroups>>;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    served = await serveGroups(engine);
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

  it('lists both groups, the one the bot left marked, titles as text, today and the cap', async () => {
    await openGroups(page);
    expect(await page.locator('[data-tab="groups"]').innerText()).toBe('Groups');
    expect(await page.locator('.group-mode').innerText()).toBe(say('en', 'miniapp-groups-mode-on'));
    expect(await page.locator('li.group').evaluateAll((els) => els.map((e) => e.dataset.chatId))).toEqual([
      String(CAFE),
      String(CLUB),
    ]);

    const cafe = card(page, CAFE);
    expect(await cafe.locator('.group-title').innerText()).toBe(CAFE_TITLE);
    expect(await cafe.locator('.group-title b, .group-title img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await cafe.locator('[data-mark="left"]').count()).toBe(0);
    expect(await cafe.locator('.group-state').innerText()).toBe(say('en', 'miniapp-groups-open'));
    expect(await cafe.locator('.group-today').innerText()).toBe(
      `${say('en', 'miniapp-groups-used-today', { used: 3 })} · ${say('en', 'miniapp-groups-no-cap')}`,
    );
    expect(await pressed(page, CAFE)).toBe('default');
    expect(await cafe.locator('.group-switch .hint').innerText()).toBe(
      say('en', 'miniapp-groups-default-on'),
    );
    expect(await cafe.locator('input[name="cap"]').inputValue()).toBe('');

    const club = card(page, CLUB);
    expect(await club.locator('.group-title').innerText()).toBe(CLUB_TITLE);
    expect(await club.locator('[data-mark="left"]').innerText()).toBe('bot left');
    expect(await club.locator('.group-state').innerText()).toBe(say('en', 'miniapp-groups-closed'));
    await page.screenshot({ path: `${SHOTS}/groups-${engine}-en.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('turns a group off with a cap of 5: saved, audited, and shown so when read anew', async () => {
    const cafe = card(page, CAFE);
    await cafe.locator('button[data-enabled="off"]').click();
    expect(await pressed(page, CAFE)).toBe('off');
    expect(await cafe.locator('.group-switch .hint').count()).toBe(0);
    await cafe.locator('input[name="cap"]').fill('5');
    await cafe.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => cafe.locator('.notice-line').innerText()).toBe('Saved.');
    const status = await served.service.status(CAFE);
    expect(status.group).toMatchObject({ enabled: false, dailyCap: 5 });
    expect(status.verdict).toEqual({ kind: 'closed' });
    const audit = await served.store.audit.page(0, 10);
    expect(audit.map((e) => [e.actorId, e.action, e.details])).toEqual(
      expect.arrayContaining([
        [ADMIN, 'group_disabled', { chat: CAFE }],
        [ADMIN, 'group_cap_set', { chat: CAFE, cap: 5 }],
      ]),
    );
    expect(audit).toHaveLength(2);
    expect(await cafe.locator('.group-state').innerText()).toBe(say('en', 'miniapp-groups-closed'));
    expect(await cafe.locator('.group-today').innerText()).toContain(
      say('en', 'miniapp-groups-cap-now', { cap: 5 }),
    );

    await reopenGroups(page);
    expect(await pressed(page, CAFE)).toBe('off');
    expect(await card(page, CAFE).locator('input[name="cap"]').inputValue()).toBe('5');
    expect(await pressed(page, CLUB)).toBe('default');
  });

  it('refuses an out-of-range cap next to its field, and writes nothing', async () => {
    const club = card(page, CLUB);
    const before = await served.service.status(CLUB);
    const audited = await served.store.audit.count();
    await club.locator('button[data-enabled="on"]').click();
    await club.locator('input[name="cap"]').fill('20000');
    await club.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => club.locator('.notice-line').innerText())
      .toBe(say('en', 'miniapp-groups-invalid'));
    expect(await club.locator('.field-errors[data-field="cap"] li').innerText()).toBe(
      say('en', 'miniapp-groups-fix-cap', { max: '10,000' }),
    );
    expect(await club.locator('input[name="cap"]').getAttribute('aria-invalid')).toBe('true');
    expect(await club.innerText()).not.toMatch(/dailyCap|enabled/);
    expect(await card(page, CAFE).locator('.field-errors').count()).toBe(0);
    expect(await served.service.status(CLUB)).toEqual(before);
    expect(await served.store.audit.count()).toBe(audited);
    // What was typed stays, to be corrected; once it is, it saves.
    expect(await club.locator('input[name="cap"]').inputValue()).toBe('20000');
    await club.locator('input[name="cap"]').fill('');
    await club.locator('button[data-enabled="default"]').click();
    await club.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => club.locator('.notice-line').innerText()).toBe('Saved.');
    expect(await club.locator('.field-errors').count()).toBe(0);
    expect(await served.store.audit.count()).toBe(audited);
  });

  it('in a bot in no group, with GROUPS=off, says so and how to add one', async () => {
    const empty = await browser()!.newPage({ viewport: { width: 1100, height: 900 } });
    try {
      empty.setDefaultTimeout(10_000);
      await empty.goto(miniAppLaunchUrl(served.emptyBase, initDataFor('en')));
      await empty.locator('.tabs').waitFor();
      await openGroups(empty);
      expect(await empty.locator('.group-mode').innerText()).toBe(say('en', 'miniapp-groups-mode-off'));
      expect(await empty.locator('[data-screen="groups"] .group-mode + .hint').innerText()).toBe(
        say('en', 'miniapp-groups-empty'),
      );
      expect(await empty.locator('li.group').count()).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

/** Elements whose content is wider than they are, and anything outside the screen. */
const MEASURE = `(() => {
  const viewport = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('main, .section, .tabs, form, fieldset, .segmented, .group-head, .group-save, .group p')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  const outside = [...document.querySelectorAll('.tabs *, [data-screen] *')]
    .filter((el) => { const b = el.getBoundingClientRect(); return b.width > 0 && (b.left < -1 || b.right > viewport + 1); })
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  const clippedTabs = [...document.querySelectorAll('.tabs button')]
    .filter((b) => b.scrollWidth > b.clientWidth || b.scrollHeight > b.clientHeight)
    .map((b) => b.innerText);
  return { viewport, pageWidth: document.documentElement.scrollWidth, wide, outside, clippedTabs };
})()`;

describe.skipIf(!haveChromium)('the Groups screen on a 390 px phone', () => {
  let served: Awaited<ReturnType<typeof serveGroups>>;
  beforeAll(async () => {
    served = await serveGroups('sqlite');
  }, 60_000);
  afterAll(async () => {
    await served?.close();
  });

  it.each(LANGS)(
    'in %s: one card per group, nothing wider than the screen, refusals in the language',
    async (lang) => {
      const page = await browser()!.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      try {
        page.setDefaultTimeout(10_000);
        await page.goto(miniAppLaunchUrl(served.base, initDataFor(lang)));
        await page.locator('.tabs').waitFor();
        await openGroups(page);
        expect(await page.locator('[data-tab="groups"]').innerText()).toBe(say(lang, 'miniapp-tab-groups'));
        expect(await page.locator('li.group').count()).toBe(2);
        const fits = async () => {
          const layout = await page.evaluate<{
            viewport: number;
            pageWidth: number;
            wide: string[];
            outside: string[];
            clippedTabs: string[];
          }>(MEASURE);
          expect(layout.viewport).toBe(390);
          expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
          expect(layout.wide).toEqual([]);
          expect(layout.outside).toEqual([]);
          expect(layout.clippedTabs).toEqual([]);
        };
        await fits();
        // One card per group, stacked: each as wide as the screen's content.
        const boxes = await page
          .locator('li.group')
          .evaluateAll((els) =>
            els
              .map((e) => e.getBoundingClientRect())
              .map((b) => ({ left: b.left, top: b.top, width: b.width })),
          );
        expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
        expect(boxes[0]!.left).toBe(boxes[1]!.left);
        expect(boxes[0]!.width).toBeGreaterThan(340);
        await page.screenshot({ path: `${SHOTS}/groups-${lang}-phone.png` });
        await page.screenshot({ path: `${SHOTS}/groups-${lang}-phone-full.png`, fullPage: true });

        const club = card(page, CLUB);
        const before = await served.service.status(CLUB);
        await club.locator('input[name="cap"]').fill('0');
        await club.locator('button[type="submit"]').click();
        await expect
          .poll(() => club.locator('.notice-line').innerText())
          .toBe(say(lang, 'miniapp-groups-invalid'));
        expect(await club.locator('.field-errors[data-field="cap"] li').innerText()).toBe(
          say(lang, 'miniapp-groups-fix-cap', { max: lang === 'ru' ? '10\u00a0000' : '10,000' }),
        );
        expect(await served.service.status(CLUB)).toEqual(before);
        await fits();
        await page.screenshot({ path: `${SHOTS}/groups-${lang}-phone-refused.png`, fullPage: true });
      } finally {
        await page.close();
      }
    },
  );
});
