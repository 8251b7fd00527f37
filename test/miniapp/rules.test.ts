/**
 * The control room's Rules screen (issue 42) in a real headless Chromium, against the real rules
 * routes and ContentRulesService over a real store (the upstream's model list stood in for): the
 * figures and the refusals the store holds show, a description as text, never markup; edited lines,
 * a private-only model and a paid-orders threshold are saved and the store holds them; a bad
 * pattern and an out-of-range strike limit are refused next to their fields in the admin's language
 * and nothing is written; a save on a stale version (another admin wrote through the API meanwhile)
 * says so and shows that admin's rules; with the model list unavailable the screen says so. On a
 * 390 px phone, in English and Russian, nothing is wider than the screen; screenshots go to
 * .tmp/screens/.
 *
 * No Chromium: skipped with a message, except with REQUIRE_CHROMIUM=1 (CI), where that is a failure.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import type { ContentRules } from '../../src/domain/content-rules.js';
import type { RulesDocument } from '../../src/services/admin/dashboard-types.js';
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
import { ADMIN, initDataFor, servePage } from './page-server.js';
import { rulesRoutesOn } from './rules-routes.js';
import { DAY, dashboardOn, HOUR, NOW } from './seed.js';

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

/** The customer's text the list shows: markup in it must read as typed. */
const MARKUP = '<b>bold</b> n0de <img src=x onerror="window.__pwned=1">';
const LONG_WORD = `a${'h'.repeat(150)}`;

const STARTING_RULES: ContentRules = {
  blocked: { '*': ['casino'] },
  privateOnlyModelIds: [],
  minPaidOrders: {},
  strikes: { limit: 3, windowHours: 24 },
};

/**
 * A store with refusals at fixed times (one older than 30 days, one that banned its customer) and
 * the rules at version 1; the page and its API over it.
 */
async function serveRules(engine: EngineName) {
  const database: TestDatabase = await createTestDatabase(engine);
  let clock = NOW;
  const store: Store = await database.open(() => clock);
  for (const id of [11, 12])
    await store.users.touch({ id, firstName: `u${id}`, username: `user${id}` }, false);
  const refuse = async (at: number, block: Parameters<Store['contentRules']['book']>[0], limit = 0) => {
    clock = at;
    await store.contentRules.book(block, { limit, windowMs: DAY, never: false });
  };
  await refuse(NOW - 40 * DAY, {
    userId: 11,
    chatId: 11,
    place: 'private',
    line: 'casino',
    description: 'old',
  });
  await refuse(NOW - 2 * DAY, {
    userId: 11,
    chatId: -100,
    place: 'group',
    line: 'casino*',
    description: `casinos ${LONG_WORD}`,
  });
  await refuse(
    NOW - HOUR,
    { userId: 12, chatId: 12, place: 'guest', line: '/n[u0]de/', description: MARKUP },
    1,
  );
  clock = NOW;
  const rules = rulesRoutesOn(store);
  expect((await rules.service.update(ADMIN, 0, STARTING_RULES)).kind).toBe('written');
  const served = await servePage(dashboardOn(store), [...fakeSettingsRoutes().routes, ...rules.routes]);
  return {
    ...served,
    ...rules,
    close: async () => {
      await served.close();
      await database.drop();
    },
  };
}

const browser = chromiumForFile(SHOTS);

async function openRules(page: Page): Promise<void> {
  await page.locator('[data-tab="rules"]').click();
  await page.locator('[data-screen="rules"] :is(form.rules, .notice)').first().waitFor();
}

/** Leaves the tab and comes back: the screen reads the rules anew. */
async function reopenRules(page: Page): Promise<void> {
  await page.locator('[data-tab="money"]').click();
  await page.locator('[data-screen="money"]').waitFor();
  await openRules(page);
}

const list = (page: Page, key: string) => page.locator(`form.rules label[data-list="${key}"]`);
const saveOutcome = (page: Page) => page.locator('.save-bar .notice-line');

describe.skipIf(!haveChromium).each(availableEngines())('the Rules screen in Chromium on %s', (engine) => {
  let served: Awaited<ReturnType<typeof serveRules>>;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    served = await serveRules(engine);
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

  it('shows the last 30 days, the lists by language, the models and the latest refusals as text', async () => {
    await openRules(page);
    expect(await page.locator('[data-tab="rules"]').innerText()).toBe('Rules');
    expect(await page.locator('[data-card="refused"] .card-value').innerText()).toBe('2');
    expect(await page.locator('[data-card="bans"] .card-value').innerText()).toBe('1');
    const labels = await page
      .locator('form.rules label[data-list]')
      .evaluateAll((els) => els.map((el) => el.firstChild?.textContent));
    expect(labels).toEqual(['Everyone', 'Language: English', 'Language: Russian', 'Language: Ukrainian']);
    expect(await list(page, '*').locator('textarea').inputValue()).toBe('casino');
    const models = await page.locator('.rules-models tbody td:first-child').allInnerTexts();
    expect(models).toEqual([
      'Lumen Text to Image',
      'Vela Video Ultra Long Cinematic Edition 1080p',
      'Clean Cutout',
      'Echo Voice',
    ]);
    expect(await page.locator('.rules-models tbody td:nth-child(2)').allInnerTexts()).toEqual(
      ['image', 'video', 'remove-bg', 'other'].map((type) => say('en', `miniapp-type-${type}`)),
    );

    const refusals = page.locator('.refusals li');
    expect(await refusals.count()).toBe(3);
    const newest = refusals.first();
    expect(await newest.locator('.refusal-text').innerText()).toBe(MARKUP);
    expect(await newest.locator('.refusal-text b, .refusal-text img').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await newest.locator('code').innerText()).toBe('/n[u0]de/');
    expect(await newest.innerText()).toContain('customer 12');
    expect(await newest.innerText()).toContain('guest chat');
    expect(await newest.locator('.badge').innerText()).toBe('banned');
    expect(await refusals.nth(1).innerText()).toContain('group');
    expect(await refusals.nth(1).locator('.badge').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/rules-${engine}-en.png`, fullPage: true });
    expect(errors).toEqual([]);
  });

  it('saves added lines, a private-only model and a paid-orders threshold; the store holds them', async () => {
    await list(page, '*').locator('textarea').fill('casino\n  gambling  \n\ncasino');
    await list(page, 'ru').locator('textarea').fill('/n[u0]de/');
    await page.locator('input[name="private-301"]').check();
    await page.locator('input[name="paid-203"]').fill('3');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => saveOutcome(page).innerText()).toBe('Saved.');
    expect(await served.service.current()).toEqual({
      version: 2,
      rules: {
        blocked: { '*': ['casino', 'gambling'], ru: ['/n[u0]de/'] },
        privateOnlyModelIds: [301],
        minPaidOrders: { '203': 3 },
        strikes: { limit: 3, windowHours: 24 },
      },
    });
    // The form shows what the store kept: lines trimmed, repeats and blank lines gone.
    expect(await list(page, '*').locator('textarea').inputValue()).toBe('casino\ngambling');
    // And so does the screen read anew.
    await reopenRules(page);
    expect(await page.locator('input[name="private-301"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="private-203"]').isChecked()).toBe(false);
    expect(await page.locator('input[name="paid-203"]').inputValue()).toBe('3');
    expect(await list(page, 'ru').locator('textarea').inputValue()).toBe('/n[u0]de/');
  });

  it('refuses a bad pattern and an out-of-range limit next to their fields, and writes nothing', async () => {
    const before = await served.service.current();
    await list(page, 'uk').locator('textarea').fill('ok\n\n/a(b/');
    await page.locator('input[name="strikes-limit"]').fill('99');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => saveOutcome(page).innerText()).toBe(say('en', 'miniapp-rules-invalid'));
    expect(await list(page, 'uk').locator('.field-errors li').allInnerTexts()).toEqual([
      say('en', 'miniapp-rules-fix-line-bad-pattern', { n: 3, line: '/a(b/' }),
    ]);
    expect(await list(page, 'uk').locator('textarea').getAttribute('aria-invalid')).toBe('true');
    expect(await list(page, '*').locator('.field-errors').count()).toBe(0);
    const limit = page.locator('label:has(input[name="strikes-limit"])');
    expect(await limit.locator('.field-errors li').innerText()).toBe(
      say('en', 'miniapp-rules-fix-limit', { max: 20 }),
    );
    expect(await page.locator('form.rules').innerText()).not.toMatch(/blocked\.|strikes\.|bad_pattern/);
    expect(await served.service.current()).toEqual(before);
    // What was typed stays, to be corrected.
    expect(await list(page, 'uk').locator('textarea').inputValue()).toBe('ok\n\n/a(b/');
  });

  it('on a stale version says someone else saved, shows their rules, and saves on top of them', async () => {
    await reopenRules(page);
    const read = await served.service.current();
    await list(page, '*').locator('textarea').fill('mine');
    // Another admin saves through the API meanwhile.
    const res = await fetch(`${served.base}/miniapp/api/rules`, {
      method: 'PUT',
      headers: { authorization: `tma ${initDataFor('en')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...read.rules, blocked: { '*': ['theirs'] }, version: read.version }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as RulesDocument).version).toBe(read.version + 1);
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => saveOutcome(page).innerText()).toBe(say('en', 'miniapp-rules-conflict'));
    expect(await list(page, '*').locator('textarea').inputValue()).toBe('theirs');
    expect((await served.service.current()).rules.blocked['*']).toEqual(['theirs']);
    // Saved again, on the version the conflict brought.
    await list(page, '*').locator('textarea').fill('theirs\nmine');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect.poll(() => saveOutcome(page).innerText()).toBe('Saved.');
    expect(await served.service.current()).toMatchObject({
      version: read.version + 2,
      rules: { blocked: { '*': ['theirs', 'mine'] } },
    });
  });

  it('says the model list cannot be had while the upstream is down, and loads once it is back', async () => {
    served.catalog.up = false;
    try {
      await reopenRules(page);
      expect(await page.locator('[data-screen="rules"] .notice p').innerText()).toBe(
        say('en', 'miniapp-upstream-unavailable'),
      );
    } finally {
      served.catalog.up = true;
    }
    await page.locator('[data-screen="rules"] .notice button').click();
    await page.locator('form.rules').waitFor();
  });
});

/** Elements whose content is wider than they are, and the page's width against the screen's. */
const MEASURE = `(() => {
  const viewport = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('main, .section, .table-wrap, table, tbody tr, td, .cards, .tabs, form, textarea, .refusals li, .save-bar')]
    .filter((el) => el.scrollWidth > el.clientWidth + 1)
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  const outside = [...document.querySelectorAll('[data-screen] *')]
    .filter((el) => { const b = el.getBoundingClientRect(); return b.width > 0 && (b.left < -1 || b.right > viewport + 1); })
    .map((el) => el.tagName.toLowerCase() + '.' + el.className);
  return { viewport, pageWidth: document.documentElement.scrollWidth, wide, outside };
})()`;

describe.skipIf(!haveChromium)('the Rules screen on a 390 px phone', () => {
  let served: Awaited<ReturnType<typeof serveRules>>;
  beforeAll(async () => {
    served = await serveRules('sqlite');
  }, 60_000);
  afterAll(async () => {
    await served?.close();
  });

  it.each(LANGS)('in %s: nothing wider than the screen, refusals worded in the language', async (lang) => {
    const page = await browser()!.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(miniAppLaunchUrl(served.base, initDataFor(lang)));
      await page.locator('.tabs').waitFor();
      await openRules(page);
      expect(await page.locator('[data-tab="rules"]').innerText()).toBe(say(lang, 'miniapp-tab-rules'));
      const fits = async () => {
        const layout = await page.evaluate<{
          viewport: number;
          pageWidth: number;
          wide: string[];
          outside: string[];
        }>(MEASURE);
        expect(layout.viewport).toBe(390);
        expect(layout.pageWidth).toBeLessThanOrEqual(layout.viewport);
        expect(layout.wide).toEqual([]);
        expect(layout.outside).toEqual([]);
      };
      await fits();
      await page.screenshot({ path: `${SHOTS}/rules-${lang}-phone.png` });
      await page.screenshot({ path: `${SHOTS}/rules-${lang}-phone-full.png`, fullPage: true });

      const before = await served.service.current();
      await list(page, '*')
        .locator('textarea')
        .fill(`casino\n${'x'.repeat(120)}\n*`);
      await page.locator('input[name="paid-301"]').fill('5000');
      await page.locator('.save-bar button').click();
      await expect.poll(() => saveOutcome(page).innerText()).toBe(say(lang, 'miniapp-rules-invalid'));
      expect(await list(page, '*').locator('.field-errors li').allInnerTexts()).toEqual([
        say(lang, 'miniapp-rules-fix-line-too-long', { n: 2, line: `${'x'.repeat(39)}…`, max: 100 }),
        say(lang, 'miniapp-rules-fix-line-empty', { n: 3, line: '*' }),
      ]);
      expect(await page.locator('td:has(input[name="paid-301"]) .field-errors li').innerText()).toBe(
        say(lang, 'miniapp-rules-fix-paid-orders', { max: lang === 'ru' ? '1\u00a0000' : '1,000' }),
      );
      expect(await served.service.current()).toEqual(before);
      await fits();
      await page.screenshot({ path: `${SHOTS}/rules-${lang}-phone-refused.png`, fullPage: true });
    } finally {
      await page.close();
    }
  });
});
