/**
 * The reminder rules in the control room's Settings ("For every model"), in headless Chromium: one
 * checkbox per rule with what it does, the ones REMINDERS turns on ticked and "as set by the
 * environment" said while nothing is set live; toggling two and saving with the section's Save sends
 * exactly the rules then on (nothing else), and the page shows the saved state, also after a reload
 * and in Russian. The settings API is the test double of the live-settings contract (the real
 * routes' checks are settings-routes.test.ts's). The page doesn't depend on the engine: SQLite only.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { miniAppMessages } from '../../src/texts/miniapp-strings.js';
import { haveChromium, miniAppLaunchUrl } from '../support/chromium.js';
import type { TestDatabase } from '../support/databases.js';
import { chromiumForFile } from './built-page.js';
import { fakeSettingsRoutes } from './fake-settings.js';
import { initDataFor, servePage } from './page-server.js';
import { seededDashboard } from './seed.js';

const SHOTS = '.tmp/miniapp-screenshots';
const RULES = ['plan_ending', 'welcome_unused', 'quote_unconfirmed', 'win_back'] as const;
const texts = {
  en: miniAppMessages(readFileSync('locales/en.ftl', 'utf8')),
  ru: miniAppMessages(readFileSync('locales/ru.ftl', 'utf8')),
};
const dashed = (rule: string) => rule.replace(/_/g, '-');

const browser = chromiumForFile(SHOTS);

describe.skipIf(!haveChromium)('the reminder rules in Settings', () => {
  let database: TestDatabase;
  let close: (() => Promise<void>) | undefined;
  let base: string;
  let settings: ReturnType<typeof fakeSettingsRoutes>;

  beforeAll(async () => {
    const seeded = await seededDashboard('sqlite');
    database = seeded.database;
    settings = fakeSettingsRoutes();
    ({ base, close } = await servePage(seeded.dashboard, settings.routes));
  }, 60_000);
  afterAll(async () => {
    await close?.();
    await database?.drop();
  });

  async function openSettings(lang: 'en' | 'ru'): Promise<Page> {
    const page = await browser()!.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(10_000);
    await page.goto(miniAppLaunchUrl(base, initDataFor(lang)));
    await page.locator('[data-tab="settings"]').click();
    await page.locator('form.global fieldset.reminder-rules').waitFor();
    return page;
  }

  const box = (page: Page, rule: string) => page.locator(`form.global input[name="reminder-${rule}"]`);
  const ticked = (page: Page) => Promise.all(RULES.map((rule) => box(page, rule).isChecked()));

  it('shows one checkbox per rule with what it does, as the environment set them, and saves a change', async () => {
    const page = await openSettings('en');
    try {
      const group = page.locator('form.global fieldset.reminder-rules');
      const shown = await group.innerText();
      expect(shown).toContain('Reminders');
      for (const rule of RULES) {
        expect(shown).toContain(texts.en[`miniapp-reminder-${dashed(rule)}`]);
        expect(shown).toContain(texts.en[`miniapp-settings-reminder-about-${dashed(rule)}`]);
      }
      expect(shown).toContain('Win-back after 30 quiet days');
      expect(await ticked(page)).toEqual([true, true, true, false]);
      expect(await group.locator('[data-reminders="environment"]').innerText()).toBe(
        texts.en['miniapp-settings-reminders-environment'],
      );
      await page.screenshot({ path: `${SHOTS}/settings-reminders-en.png`, fullPage: true });

      await box(page, 'welcome_unused').uncheck();
      await box(page, 'win_back').check();
      await page.locator('form.global').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('form.global .notice-line').innerText()).toBe('Saved.');
      // Only the rules: the values nobody touched are neither sent nor overwritten.
      expect(settings.saves.at(-1)).toEqual({
        id: 'global',
        body: { version: 1, reminders: ['plan_ending', 'quote_unconfirmed', 'win_back'] },
      });
      expect(await ticked(page)).toEqual([true, false, true, true]);
      expect(await group.locator('[data-reminders="environment"]').count()).toBe(0);

      // Reopened: what was saved.
      await page.reload();
      await page.locator('[data-tab="settings"]').click();
      await page.locator('form.global fieldset.reminder-rules').waitFor();
      expect(await ticked(page)).toEqual([true, false, true, true]);
      expect(await page.locator('[data-reminders="environment"]').count()).toBe(0);
      // Saved again untouched: nothing about reminders is sent.
      await page.locator('input[name="welcome"]').fill('12');
      await page.locator('form.global').getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.locator('form.global .notice-line').innerText()).toBe('Saved.');
      expect(settings.saves.at(-1)).toEqual({ id: 'global', body: { version: 2, welcomeStars: 12 } });
    } finally {
      await page.close();
    }
  });

  it('in Russian: the rules and what they do, ticked as saved; turning them all off sends an empty list', async () => {
    const page = await openSettings('ru');
    try {
      const shown = await page.locator('form.global fieldset.reminder-rules').innerText();
      expect(shown).toContain('Напоминания');
      expect(shown).toContain('Неизрасходованные приветственные звёзды');
      expect(shown).toContain(texts.ru['miniapp-settings-reminder-about-welcome-unused']);
      expect(shown).toContain(texts.ru['miniapp-settings-reminders-hint']);
      expect(shown).not.toContain(texts.ru['miniapp-settings-reminders-environment']);
      expect(await ticked(page)).toEqual([true, false, true, true]);
      await page.screenshot({ path: `${SHOTS}/settings-reminders-ru.png`, fullPage: true });
      for (const rule of ['plan_ending', 'quote_unconfirmed', 'win_back']) await box(page, rule).uncheck();
      await page.locator('form.global').getByRole('button', { name: 'Сохранить' }).click();
      await expect
        .poll(() => page.locator('form.global .notice-line').innerText())
        .toBe(texts.ru['miniapp-settings-saved']);
      expect(settings.saves.at(-1)).toEqual({ id: 'global', body: { version: 3, reminders: [] } });
      expect(await ticked(page)).toEqual([false, false, false, false]);
    } finally {
      await page.close();
    }
  });
});
