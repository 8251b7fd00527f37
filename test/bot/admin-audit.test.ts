/**
 * /audit pages with long settings changes (descriptions run to 200 characters, per language): every
 * page fits Telegram's 4,096 characters, and Older / Newer together show every entry exactly once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS_AUDIT_ACTIONS } from '../../src/services/live-settings.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

const ADMIN = { id: 7, language_code: 'en' };
const TELEGRAM_LIMIT = 4_096;
const ENTRIES = 23;

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const long = (word: string) => `${word}\n\n  ${'lorem ipsum dolor sit amet '.repeat(8)}`.slice(0, 200);

/** ENTRIES settings changes, each naming its model `Model <n>` (1 is the oldest). */
async function longSettingsChanges(h: InProcessBot): Promise<void> {
  for (let n = 1; n <= ENTRIES; n++) {
    const changes = [];
    for (const field of ['name', 'description'] as const) {
      for (const locale of ['en', 'ru'] as const) {
        changes.push({ field, locale, from: long(`old ${field}`), to: long(`new ${field}`) });
      }
    }
    changes.push({ field: 'offered', from: true, to: false });
    await h.store.audit.record({
      actorId: ADMIN.id,
      action: SETTINGS_AUDIT_ACTIONS.model,
      details: { modelId: n, model: `Model ${n}`, changes },
    });
  }
}

/** The page's text, and the button of `label` if it has one. */
function lastPage(h: InProcessBot) {
  const payload = h.calls.findLast(
    (c) => c.method === 'sendMessage' || c.method === 'editMessageText',
  )?.payload;
  return { text: String(payload?.text), buttons: buttonsOf(payload) };
}

const modelsOn = (text: string) => [...text.matchAll(/changed Model (\d+):/g)].map((m) => Number(m[1]));

describe('/audit with long settings changes', () => {
  it('every page fits a Telegram message; Older then Newer show every entry exactly once', async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) } });
    await longSettingsChanges(harness);
    await harness.send(textMessage(ADMIN, '/audit'));
    const pages: number[][] = [];
    let page = lastPage(harness);
    for (;;) {
      expect(page.text.length).toBeLessThanOrEqual(TELEGRAM_LIMIT);
      expect(page.text).not.toContain('lorem ipsum dolor sit amet lorem ipsum dolor sit amet');
      pages.push(modelsOn(page.text));
      const older = page.buttons.find((b) => b.text.includes('Older'));
      if (!older) break;
      await harness.send(callbackQuery(ADMIN, older.callback_data!));
      page = lastPage(harness);
    }
    const newestFirst = Array.from({ length: ENTRIES }, (_, i) => ENTRIES - i);
    expect(pages.flat()).toEqual(newestFirst);
    expect(pages.length).toBeGreaterThan(Math.ceil(ENTRIES / 10));
    expect(page.text).toContain(`${ENTRIES - pages.at(-1)!.length + 1}–${ENTRIES} of ${ENTRIES}`);

    const back: number[][] = [pages.at(-1)!];
    for (;;) {
      const newer = page.buttons.find((b) => b.text.includes('Newer'));
      if (!newer) break;
      await harness.send(callbackQuery(ADMIN, newer.callback_data!));
      page = lastPage(harness);
      expect(page.text.length).toBeLessThanOrEqual(TELEGRAM_LIMIT);
      back.unshift(modelsOn(page.text));
    }
    expect(back.flat()).toEqual(newestFirst);
  });

  it('a description is shown on one line, cut to about 40 characters', async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) } });
    await longSettingsChanges(harness);
    await harness.send(textMessage(ADMIN, '/audit'));
    expect(lastPage(harness).text).toContain(
      'description (en): “old description lorem ipsum dolor sit a…” → “new description lorem ipsum dolor sit a…”',
    );
  });
});

describe('/audit words every action', () => {
  it('a report and an example are worded as the admin reads them, never by the bare action name', async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) } });
    await harness.store.audit.record({
      actorId: ADMIN.id,
      action: 'report_removed',
      targetUserId: 42,
      details: { report: 3 },
    });
    await harness.store.audit.record({
      actorId: ADMIN.id,
      action: 'example_added',
      targetUserId: 42,
      details: { example: 'e-1', model: 203, order: 'o-1', index: 0, state: 'asked' },
    });
    await harness.store.audit.record({
      actorId: ADMIN.id,
      action: 'example_removed',
      details: { model: 203 },
    });
    await harness.send(textMessage(ADMIN, '/audit'));
    const { text } = lastPage(harness);
    expect(text).toContain('removed a reported post of 42 (report #3)');
    expect(text).toContain('added an example to model #203');
    expect(text).toContain('removed an example of model #203');
    expect(text).not.toMatch(/report_removed|example_added|example_removed/);
  });
});
