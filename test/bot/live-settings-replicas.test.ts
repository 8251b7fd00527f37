/**
 * Issue 26's acceptance for live settings, with TWO bot replicas on one database (every engine):
 * an admin changes a model through the settings API on replica A; a customer on replica B sees it
 * after B's next version check (the injected clock decides when, no sleeping): the new price on the
 * next confirm screen, the price-changed check for a screen that showed the old price, a hidden
 * model gone from the menu, a renamed model in English and Russian. /audit lists the changes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { type SettingsDocument, settingsRoutes } from '../../src/server/miniapp/settings-routes.js';
import { LIVE_SETTINGS_REFRESH_MS } from '../../src/services/live-settings.js';
import { ManualClock, type RunningSimulator } from '../../src/simulator/server.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, lastWithButton, STARS_ENV, startBotSimulator } from '../support/in-process-helpers.js';
import { ManualTimers } from '../support/manual-timers.js';

const ADMIN = { id: 7, language_code: 'en' };
const LUMEN = 203; // $0.04: ceil(0.04 x 1.5 x 77) = 5 Stars at a 50% markup

/** Texts with Telegram-friendly spaces (no-break, narrow no-break) as plain ones. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe.each(availableEngines())('live settings across two replicas on %s', (engine) => {
  let sim: RunningSimulator;
  let database: TestDatabase;
  let clock: ManualClock;
  let timers: ManualTimers;
  let a: InProcessBot;
  let b: InProcessBot;
  let routesOnA: MiniAppRoute[];

  beforeEach(async () => {
    const started = await startBotSimulator();
    sim = started.sim;
    database = await createTestDatabase(engine);
    clock = new ManualClock();
    timers = new ManualTimers(clock);
    const env = { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id), MARKUP_PERCENT: '50', WELCOME_STARS: '100' };
    const replica = () =>
      createInProcessBot({ env, upstream: started.upstream, database, liveSettingsTimers: timers });
    a = await replica();
    b = await replica();
    for (const bot of [a, b]) {
      await bot.services.liveSettings.load();
      bot.services.liveSettings.start();
    }
    routesOnA = settingsRoutes({
      liveSettings: a.services.liveSettings,
      catalog: a.services.catalog,
      pricing: a.services.wallet?.pricing ?? null,
      languages: () => [
        { tag: 'en', name: 'English' },
        { tag: 'ru', name: 'Русский' },
      ],
    });
  });
  afterEach(async () => {
    await a.services.liveSettings.stop();
    await b.services.liveSettings.stop();
    await database.drop();
    await sim.close();
  });

  /** The admin's change through the Mini App's route on replica A, at the version it reads. */
  async function changeOnA(modelId: number, change: Record<string, unknown>): Promise<SettingsDocument> {
    const route = (method: string, path: string) =>
      routesOnA.find((r) => r.method === method && r.path === path)!;
    const read = await route('GET', '/settings').handle({
      adminId: ADMIN.id,
      params: {},
      query: new URLSearchParams(),
      body: undefined,
    });
    const { version } = read.json as SettingsDocument;
    const res = await route('PUT', '/settings/models/:id').handle({
      adminId: ADMIN.id,
      params: { id: String(modelId) },
      query: new URLSearchParams(),
      body: { version, ...change },
    });
    expect(res.status).toBe(200);
    return res.json as SettingsDocument;
  }

  /** Moves the injected clock by `ms` and lets the version checks that came due finish. */
  async function advance(ms: number): Promise<void> {
    clock.advance(ms);
    timers.fireDue();
  }

  async function seenByB(version: number): Promise<void> {
    // Waits for B's check to finish its queries (not for time to pass: the clock moved already).
    await vi.waitFor(() => expect(b.services.liveSettings.current().version).toBe(version), {
      timeout: 10_000,
    });
  }

  /** From /generate to the confirm screen on replica B; returns the screen. */
  async function draftOnB(user: { id: number; language_code: string }) {
    await b.send(textMessage(user, '/generate'));
    await b.send(callbackQuery(user, 'gt:image'));
    await b.send(callbackQuery(user, `gm:${LUMEN}`));
    await b.send(textMessage(user, 'a lighthouse at dawn'));
    await b.send(callbackQuery(user, 'g:next'));
    const screen = lastWithButton(b, 'o:ok:');
    return { text: plain(screen.text), buttons: screen.buttons.map((x) => ({ ...x, text: plain(x.text) })) };
  }

  const menuOnB = async (user: { id: number; language_code: string }) => {
    await b.send(textMessage(user, '/generate'));
    await b.send(callbackQuery(user, 'gt:image'));
    const menu = b.calls.findLast((c) =>
      buttonsOf(c.payload).some((x) => x.callback_data?.startsWith('gm:')),
    );
    return buttonsOf(menu?.payload).map((x) => ({ ...x, text: plain(x.text) }));
  };

  it('a new price reaches B at its next check; the old screen gets the price-changed check at Confirm', async () => {
    const customer = { id: 80, language_code: 'en' };
    const old = await draftOnB(customer);
    expect(old.text).toContain('Price: <b>⭐ 5</b>');

    await changeOnA(LUMEN, { price: { kind: 'fixed', stars: 12 } });
    expect(a.services.wallet?.pricing.starsFor(LUMEN, '0.04')).toBe(12);
    // Just before B's check: B still prices the old way.
    await advance(LIVE_SETTINGS_REFRESH_MS - 1);
    expect(b.services.liveSettings.current().version).toBe(0);
    expect(b.services.wallet?.pricing.starsFor(LUMEN, '0.04')).toBe(5);
    await advance(1);
    await seenByB(1);

    // Confirm pressed on the screen that showed 5 Stars: nothing is ordered, the new price is shown.
    await b.send(callbackQuery(customer, old.buttons[0]!.callback_data!));
    const shown = lastWithButton(b, 'o:ok:');
    const requoted = { ...shown, text: plain(shown.text) };
    expect(requoted.text).toContain('The price has changed from ⭐ 5 to ⭐ 12');
    expect(requoted.text).toContain('Price: <b>⭐ 12</b>');
    expect(sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders')).toHaveLength(0);
    // Confirmed at the price shown: ordered once, 12 Stars held.
    await b.send(callbackQuery(customer, requoted.buttons[0]!.callback_data!));
    expect(sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders')).toHaveLength(1);
    expect(await b.services.wallet?.ledger.balance(customer.id)).toBe(100 - 12);

    // Another customer's first confirm screen on B shows the new price straight away.
    const next = await draftOnB({ id: 81, language_code: 'en' });
    expect(next.text).toContain('Price: <b>⭐ 12</b>');
    expect(next.buttons[0]!.text).toBe('✅ Confirm · ⭐ 12');
  });

  it('a hidden model leaves B’s menu; a renamed one shows its name in English and Russian', async () => {
    const en = { id: 90, language_code: 'en' };
    const ru = { id: 91, language_code: 'ru' };
    expect((await menuOnB(en)).map((x) => x.callback_data)).toContain(`gm:${LUMEN}`);

    await changeOnA(LUMEN, {
      name: { en: 'Lumen Pro', ru: 'Люмен Про' },
      description: { ru: 'Быстрые картинки' },
    });
    await advance(LIVE_SETTINGS_REFRESH_MS);
    await seenByB(1);
    expect((await menuOnB(en)).find((x) => x.callback_data === `gm:${LUMEN}`)?.text).toBe(
      'Lumen Pro · from ⭐ 5',
    );
    expect((await menuOnB(ru)).find((x) => x.callback_data === `gm:${LUMEN}`)?.text).toBe(
      'Люмен Про · от ⭐ 5',
    );
    expect((await draftOnB(ru)).text).toContain('Модель: <b>Люмен Про</b>');
    expect(b.calls.some((c) => String(c.payload.text).includes('<i>Быстрые картинки</i>'))).toBe(true);
    expect((await draftOnB(en)).text).toContain('Model: <b>Lumen Pro</b>');

    await changeOnA(LUMEN, { offered: false });
    await advance(LIVE_SETTINGS_REFRESH_MS);
    await seenByB(2);
    const menu = await menuOnB(en);
    expect(menu.length).toBeGreaterThan(0);
    expect(menu.map((x) => x.callback_data)).not.toContain(`gm:${LUMEN}`);
    expect(await b.services.catalog.getModel(LUMEN)).toBeUndefined();
  });

  it('/audit on a replica lists who changed what, old → new, in both languages', async () => {
    await changeOnA(LUMEN, {
      price: { kind: 'markup', markupPercent: '12.5' },
      name: { en: 'Lumen <Pro> & co' },
    });
    await changeOnA(LUMEN, { offered: false });
    for (const [lang, expected] of [
      [
        'en',
        [
          'changed Lumen Text to Image: in the menu: default → hidden',
          'name (en): default → “Lumen &lt;Pro&gt; &amp; co”; price: default → markup 12.5%',
        ],
      ],
      [
        'ru',
        [
          'изменение модели Lumen Text to Image: в меню: по умолчанию → скрыта',
          'название (en): по умолчанию → «Lumen &lt;Pro&gt; &amp; co»; цена: по умолчанию → наценка 12,5 %',
        ],
      ],
    ] as const) {
      await b.send(textMessage({ ...ADMIN, language_code: lang }, '/audit'));
      const text = plain(String(b.calls.findLast((c) => c.method === 'sendMessage')?.payload.text));
      for (const part of expected) expect(text).toContain(part);
      expect(text).toContain(`<code>${ADMIN.id}</code>`);
    }
  });
});
