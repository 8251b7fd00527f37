/**
 * The Mini App's settings API, handlers called directly on a real store (every engine) and the
 * simulator's catalog: the document, changes with versions (409 with the current document), strict
 * validation (422, one message per field), 404 for a model that does not exist, and the audit entry.
 */
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices } from '../../../src/app/services.js';
import { loadConfig } from '../../../src/config.js';
import type { Store } from '../../../src/db/index.js';
import type { MiniAppRoute } from '../../../src/server/miniapp/route.js';
import { type SettingsDocument, settingsRoutes } from '../../../src/server/miniapp/settings-routes.js';
import type { Services } from '../../../src/services/index.js';
import type { RunningSimulator } from '../../../src/simulator/server.js';
import { createI18n, textsFor } from '../../../src/telegram/i18n.js';
import { settingsAuditText } from '../../../src/telegram/texts/settings-audit.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../support/databases.js';
import { STARS_ENV, startBotSimulator } from '../../support/in-process-helpers.js';

/** The languages this test's deployment has installed: English, Russian and Ukrainian. */
const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'ru', name: 'Русский' },
  { tag: 'uk', name: 'Українська' },
];
const ADMIN = 7;
const LUMEN = 203; // $0.04, priced locally
const VEGA = 101; // quote-only

describe.each(availableEngines())('settings routes on %s', (engine) => {
  let sim: RunningSimulator;
  let database: TestDatabase;
  let store: Store;
  let routes: MiniAppRoute[];
  let services: Services;

  beforeEach(async () => {
    const started = await startBotSimulator();
    sim = started.sim;
    database = await createTestDatabase(engine);
    store = await database.open();
    const config = loadConfig({
      BOT_TOKEN: '123:TEST',
      ...STARS_ENV,
      MARKUP_PERCENT: '50',
      WELCOME_STARS: '3',
      TOPUP_PACKS_STARS: '50,100',
      ALLOWED_MODEL_IDS: '101,203,301',
    });
    services = createServices({
      config,
      logger: pino({ level: 'silent' }),
      store,
      upstream: started.upstream,
    });
    routes = settingsRoutes({
      liveSettings: services.liveSettings,
      catalog: services.catalog,
      pricing: services.wallet?.pricing ?? null,
      languages: () => LANGUAGES,
    });
  });
  let simClosed = false;
  afterEach(async () => {
    await database.drop();
    if (!simClosed) await sim.close();
    simClosed = false;
  });

  const call = (method: string, path: string, body?: unknown, params: Record<string, string> = {}) => {
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`no route ${method} ${path}`);
    return route.handle({ adminId: ADMIN, params, query: new URLSearchParams(), body });
  };
  const getSettings = async () => (await call('GET', '/settings')).json as SettingsDocument;
  const putModel = (id: string, body: unknown) => call('PUT', '/settings/models/:id', body, { id });
  const putGlobal = (body: unknown) => call('PUT', '/settings/global', body);
  const modelIn = (doc: SettingsDocument, id: number) => doc.models.find((m) => m.id === id)!;

  it('GET: the environment as the starting point, every upstream model listed with what it costs now', async () => {
    const doc = await getSettings();
    expect(doc).toMatchObject({ version: 0, markupPercent: '50.00', welcomeStars: 3, topupPacks: [50, 100] });
    expect(doc.languages).toEqual(LANGUAGES);
    expect(doc.models.map((m) => m.id)).toEqual(expect.arrayContaining([101, 201, 203, 301, 401]));
    expect(modelIn(doc, LUMEN)).toEqual({
      id: LUMEN,
      upstreamName: 'Lumen Text to Image',
      type: 'image',
      offered: true,
      name: {},
      description: {},
      price: { kind: 'default' },
      // ceil(0.04 x 1.5 x 77) = ceil(4.62)
      exampleStars: 5,
    });
    expect(modelIn(doc, 201).offered).toBe(false); // not in ALLOWED_MODEL_IDS
    expect(modelIn(doc, VEGA).exampleStars).toBeNull();
  });

  it('PUT model: a new price, name and visibility land, bump the version and are audited with the admin', async () => {
    const res = await putModel(String(LUMEN), {
      version: 0,
      price: { kind: 'fixed', stars: 12 },
      name: { ru: 'Люмен <b>&</b>' },
    });
    expect(res.status).toBe(200);
    const doc = res.json as SettingsDocument;
    expect(doc.version).toBe(1);
    expect(modelIn(doc, LUMEN)).toMatchObject({
      price: { kind: 'fixed', stars: 12 },
      exampleStars: 12,
      name: { ru: 'Люмен <b>&</b>' },
      offered: true,
    });
    const hidden = await putModel(String(LUMEN), { version: 1, offered: false });
    expect(modelIn(hidden.json as SettingsDocument, LUMEN).offered).toBe(false);
    const shown = await putModel('201', { version: 2, offered: true });
    expect(modelIn(shown.json as SettingsDocument, 201).offered).toBe(true);

    const audit = await store.audit.page(0, 10);
    expect(audit.map((e) => [e.actorId, e.action])).toEqual([
      [ADMIN, 'settings_model_changed'],
      [ADMIN, 'settings_model_changed'],
      [ADMIN, 'settings_model_changed'],
    ]);
    expect(audit[2]!.details).toEqual({
      modelId: LUMEN,
      model: 'Lumen Text to Image',
      changes: [
        { field: 'name', locale: 'ru', from: null, to: 'Люмен <b>&</b>' },
        { field: 'price', from: { kind: 'default' }, to: { kind: 'fixed', stars: 12 } },
      ],
    });
  });

  it('PUT model: a name in any installed language (issue 45) lands beside the others; null takes one back', async () => {
    const named = await putModel(String(LUMEN), {
      version: 0,
      name: { en: 'Lumen', uk: 'Люмен' },
      description: { uk: 'Швидкі картинки' },
    });
    expect(named.status).toBe(200);
    expect(modelIn(named.json as SettingsDocument, LUMEN)).toMatchObject({
      name: { en: 'Lumen', uk: 'Люмен' },
      description: { uk: 'Швидкі картинки' },
    });
    const cleared = await putModel(String(LUMEN), { version: 1, name: { en: null } });
    expect(modelIn(cleared.json as SettingsDocument, LUMEN).name).toEqual({ uk: 'Люмен' });
    const audit = await store.audit.page(0, 1);
    expect(audit[0]!.details.changes).toEqual([{ field: 'name', locale: 'en', from: 'Lumen', to: null }]);
    // A language the deployment does not have is refused, naming the ones it has.
    const refused = await putModel(String(LUMEN), { version: 2, name: { de: 'Lumen' } });
    expect(refused).toMatchObject({
      status: 422,
      json: { errors: [{ field: 'name.de', message: expect.stringContaining('en, ru, uk') }] },
    });
  });

  it('PUT global: markup, welcome Stars and packs land; the example prices follow the markup', async () => {
    const res = await putGlobal({
      version: 0,
      markupPercent: '100.5',
      welcomeStars: 0,
      topupPacks: [300, 25, 25],
    });
    expect(res.status).toBe(200);
    const doc = res.json as SettingsDocument;
    expect(doc).toMatchObject({ version: 1, markupPercent: '100.5', welcomeStars: 0, topupPacks: [25, 300] });
    // ceil(0.04 x 2.005 x 77) = ceil(6.1754)
    expect(modelIn(doc, LUMEN).exampleStars).toBe(7);
    const [entry] = await store.audit.page(0, 1);
    expect(entry).toMatchObject({ actorId: ADMIN, action: 'settings_global_changed' });
    expect(entry!.details.changes).toEqual([
      { field: 'markup', from: null, to: '100.5' },
      { field: 'welcome', from: null, to: 0 },
      { field: 'packs', from: null, to: [25, 300] },
    ]);
  });

  it('PUT global: reminder rules are switched live, audited with the rules before and after, in the reader’s language', async () => {
    // Nothing set live: REMINDERS' default decides.
    expect((await getSettings()).reminders).toEqual({
      rules: ['plan_ending', 'welcome_unused', 'quote_unconfirmed', 'win_back'],
      on: ['plan_ending', 'welcome_unused', 'quote_unconfirmed'],
      fromEnvironment: true,
    });
    const res = await putGlobal({ version: 0, reminders: ['win_back', 'welcome_unused', 'win_back'] });
    expect(res.status).toBe(200);
    expect((res.json as SettingsDocument).reminders).toEqual({
      rules: ['plan_ending', 'welcome_unused', 'quote_unconfirmed', 'win_back'],
      on: ['welcome_unused', 'win_back'],
      fromEnvironment: false,
    });
    expect([...services.reminders.rulesInForce()]).toEqual(['welcome_unused', 'win_back']);
    const off = await putGlobal({ version: 1, reminders: [] });
    expect((off.json as SettingsDocument).reminders).toMatchObject({ on: [], fromEnvironment: false });
    expect(services.reminders.anyOn()).toBe(false);

    const [last, first] = await store.audit.page(0, 2);
    expect(first).toMatchObject({ actorId: ADMIN, action: 'settings_global_changed' });
    expect(first!.details.changes).toEqual([
      { field: 'reminders', from: null, to: ['welcome_unused', 'win_back'] },
    ]);
    expect(last!.details.changes).toEqual([
      { field: 'reminders', from: ['welcome_unused', 'win_back'], to: [] },
    ]);
    const en = textsFor(createI18n('en'), 'en');
    const ru = textsFor(createI18n('ru'), 'ru');
    const uk = textsFor(createI18n('uk'), 'uk');
    expect(settingsAuditText(en, first!)).toBe(
      'changed the settings: reminders: default → welcome Stars unused, win back after 30\u00a0quiet days',
    );
    expect(settingsAuditText(en, last!)).toBe(
      'changed the settings: reminders: welcome Stars unused, win back after 30\u00a0quiet days → all off',
    );
    expect(settingsAuditText(ru, last!)).toContain(
      'напоминания: неизрасходованные приветственные звёзды, возврат после 30\u00a0дней тишины → все выключены',
    );
    expect(settingsAuditText(uk, first!)).toContain(
      'нагадування: за замовчуванням → невитрачені вітальні зірки, повернення після 30\u00a0днів тиші',
    );
  });

  it('a stale version: 409 with the current document, and nothing changes', async () => {
    expect((await putGlobal({ version: 0, markupPercent: '10' })).status).toBe(200);
    const stale = await putModel(String(LUMEN), { version: 0, price: { kind: 'fixed', stars: 3 } });
    expect(stale.status).toBe(409);
    const body = stale.json as { error: string; settings: SettingsDocument };
    expect(body.error).toBe('stale');
    expect(body.settings).toEqual(await getSettings());
    expect(body.settings).toMatchObject({ version: 1, markupPercent: '10' });
    expect(modelIn(body.settings, LUMEN).price).toEqual({ kind: 'default' });
    expect((await putGlobal({ version: 0, welcomeStars: 9 })).status).toBe(409);
    expect(await store.audit.count()).toBe(1);
  });

  it('an unknown or malformed model id: 404', async () => {
    for (const id of ['999', '0', 'abc', '-1', '203.5', '']) {
      expect((await putModel(id, { version: 0, offered: true })).status, id).toBe(404);
    }
  });

  const invalidModelBodies: [string, unknown, string[]][] = [
    ['not an object', [1], ['']],
    ['no version', { offered: true }, ['version']],
    ['unknown field', { version: 0, colour: 'red' }, ['colour']],
    ['offered not a boolean', { version: 0, offered: 'yes' }, ['offered']],
    [
      'markup with 3 decimals',
      { version: 0, price: { kind: 'markup', markupPercent: '1.234' } },
      ['price.markupPercent'],
    ],
    [
      'negative markup',
      { version: 0, price: { kind: 'markup', markupPercent: '-1' } },
      ['price.markupPercent'],
    ],
    [
      'markup as a number',
      { version: 0, price: { kind: 'markup', markupPercent: 12 } },
      ['price.markupPercent'],
    ],
    ['0 Stars', { version: 0, price: { kind: 'fixed', stars: 0 } }, ['price.stars']],
    ['10001 Stars', { version: 0, price: { kind: 'fixed', stars: 10001 } }, ['price.stars']],
    ['1.5 Stars', { version: 0, price: { kind: 'fixed', stars: 1.5 } }, ['price.stars']],
    ['unknown price kind', { version: 0, price: { kind: 'free' } }, ['price.kind']],
    ['a 65-character name', { version: 0, name: { en: 'x'.repeat(65) } }, ['name.en']],
    ['a blank name', { version: 0, name: { ru: '   ' } }, ['name.ru']],
    ['a name with a newline', { version: 0, name: { en: 'a\nb' } }, ['name.en']],
    ['a 201-character description', { version: 0, description: { ru: 'я'.repeat(201) } }, ['description.ru']],
    [
      'a description with a control character',
      { version: 0, description: { en: 'a\u0007b' } },
      ['description.en'],
    ],
    ['an unknown language', { version: 0, name: { de: 'Lumen' } }, ['name.de']],
    [
      'several problems at once',
      { version: -1, offered: 1, price: { kind: 'fixed', stars: 0 } },
      ['version', 'offered', 'price.stars'],
    ],
  ];
  it('PUT model, invalid: 422 naming each field at fault, and nothing stored', async () => {
    for (const [what, body, fields] of invalidModelBodies) {
      const res = await putModel(String(LUMEN), body);
      expect(res.status, what).toBe(422);
      const { errors } = res.json as { errors: { field: string; message: string }[] };
      expect(errors.map((e) => e.field).sort(), what).toEqual([...fields].sort());
      expect(errors.every((e) => e.message.length > 0)).toBe(true);
    }
    expect(await store.liveSettings.version()).toBe(0);
    expect(await store.audit.count()).toBe(0);
  });

  it('PUT model: a name or description with bidirectional controls is refused, with a code the page words (issue 38)', async () => {
    // U+202E (right-to-left override) would make "Lumen · ⭐ 5" read backwards in the menu.
    for (const ch of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      const res = await putModel(String(LUMEN), {
        version: 0,
        name: { en: `Lumen ${ch}5 ⭐` },
        description: { ru: `Описание ${ch}` },
      });
      expect(res.status, ch.codePointAt(0)!.toString(16)).toBe(422);
      const { errors } = res.json as { errors: { field: string; message: string; code?: string }[] };
      expect(errors).toEqual([
        { field: 'name.en', message: expect.stringContaining('bidirectional'), code: 'bidi' },
        { field: 'description.ru', message: expect.stringContaining('bidirectional'), code: 'bidi' },
      ]);
    }
    // Right-to-left text itself is fine: an Arabic or Hebrew name has no control characters.
    expect((await putModel(String(LUMEN), { version: 0, name: { en: 'Lumen שלום' } })).status).toBe(200);
    expect(await store.audit.count()).toBe(1);
  });

  it('PUT model: limits are inclusive (64-character name, 200-character description, 1 and 10000 Stars)', async () => {
    let version = 0;
    for (const body of [
      { name: { en: 'x'.repeat(64) }, description: { ru: 'я'.repeat(200) } },
      { price: { kind: 'fixed', stars: 1 } },
      { price: { kind: 'fixed', stars: 10000 } },
      { price: { kind: 'markup', markupPercent: '0' } },
      { price: { kind: 'markup', markupPercent: '12.75' } },
      { description: { en: 'Two lines\nof description' } },
    ]) {
      const res = await putModel(String(LUMEN), { version, ...body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      version = (res.json as SettingsDocument).version;
    }
    expect(version).toBe(6);
  });

  const invalidGlobalBodies: [string, unknown, string[]][] = [
    ['markup "abc"', { version: 0, markupPercent: 'abc' }, ['markupPercent']],
    ['markup "1."', { version: 0, markupPercent: '1.' }, ['markupPercent']],
    ['markup "007"', { version: 0, markupPercent: '007' }, ['markupPercent']],
    ['markup above 10000', { version: 0, markupPercent: '10000.01' }, ['markupPercent']],
    ['negative welcome Stars', { version: 0, welcomeStars: -1 }, ['welcomeStars']],
    ['9 packs', { version: 0, topupPacks: [1, 2, 3, 4, 5, 6, 7, 8, 9] }, ['topupPacks']],
    ['a pack of 0', { version: 0, topupPacks: [0, 50] }, ['topupPacks']],
    ['a pack as text', { version: 0, topupPacks: ['50'] }, ['topupPacks']],
    ['no packs', { version: 0, topupPacks: [] }, ['topupPacks']],
    ['an unknown reminder rule', { version: 0, reminders: ['welcome_unused', 'birthday'] }, ['reminders']],
    ['reminders as one name', { version: 0, reminders: 'win_back' }, ['reminders']],
    ['reminders as null', { version: 0, reminders: null }, ['reminders']],
    ['a stale-looking version of text', { version: '0' }, ['version']],
  ];
  it('PUT global, invalid: 422 naming each field at fault, and nothing stored', async () => {
    for (const [what, body, fields] of invalidGlobalBodies) {
      const res = await putGlobal(body);
      expect(res.status, what).toBe(422);
      const { errors } = res.json as { errors: { field: string }[] };
      expect(
        errors.map((e) => e.field),
        what,
      ).toEqual(fields);
    }
    expect(await store.liveSettings.version()).toBe(0);
  });

  it('writes are marked for the rate limit, the read is not', () => {
    expect(routes.map((r) => [r.method, r.path, r.write === true])).toEqual([
      ['GET', '/settings', false],
      ['PUT', '/settings/models/:id', true],
      ['PUT', '/settings/global', true],
    ]);
  });

  it('upstream unreachable and no model list stored: 503 catalog_unavailable, and nothing is written', async () => {
    await sim.close();
    simClosed = true;
    const unavailable = { status: 503, json: { error: 'catalog_unavailable' } };
    expect(await call('GET', '/settings')).toEqual(unavailable);
    expect(await putModel(String(LUMEN), { version: 0, offered: false })).toEqual(unavailable);
    expect(await putGlobal({ version: 0, welcomeStars: 9 })).toEqual(unavailable);
    expect(await store.liveSettings.version()).toBe(0);
  });
});
