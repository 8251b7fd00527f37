/**
 * A model's examples (issue 43) in headless Chromium at 390 px, on a real store and the real
 * example routes, file links and service:
 * - the control room: in Settings, a model's "Examples in the app" picks one of the model's
 *   delivered results (its owner is asked; the list says it waits for them), uploads a photo (shown
 *   at once), moves it up, and removes one; en and ru, light and dark screenshots;
 * - the customers' app: the model's card shows a strip of the shown examples only (signed preview
 *   links that load), and a tap opens one large, with Close; en and ru, light and dark screenshots.
 * Screenshots go to .tmp/screens/.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedShowcase } from '../../src/app/app-examples.js';
import type { OrderRecord, Store } from '../../src/db/index.js';
import { ModelExamplesRepository } from '../../src/db/repositories/model-examples.js';
import { createHttpServer, listen } from '../../src/server/http-server.js';
import { miniAppApiRoutes } from '../../src/server/miniapp/api.js';
import { appFileRoutes, FileLinks } from '../../src/server/miniapp/app-file-links.js';
import { appModelsRoutes } from '../../src/server/miniapp/app-models-routes.js';
import { appProfileRoutes } from '../../src/server/miniapp/app-profile-routes.js';
import { customerApiRoutes } from '../../src/server/miniapp/customer-api.js';
import { dashboardRoutes } from '../../src/server/miniapp/dashboard-routes.js';
import {
  examplesRoutes,
  exampleUploadRoutes,
  UploadTickets,
} from '../../src/server/miniapp/examples-routes.js';
import { miniAppStaticRoutes } from '../../src/server/miniapp/static.js';
import { miniAppStringsRoute } from '../../src/server/miniapp/strings.js';
import type { AppModels } from '../../src/services/app/models-types.js';
import { checkUpload, ModelExamples } from '../../src/services/model-examples.js';
import { miniAppStringsOf } from '../../src/texts/miniapp-strings.js';
import { DARK_THEME, haveChromium, LIGHT_THEME, miniAppLaunchUrl } from '../support/chromium.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { deliveredResult } from '../support/gallery-fixtures.js';
import { makeMp4, makePng } from '../support/media-fixtures.js';
import { clientInitData } from '../support/miniapp-init-data.js';
import { chromiumForFile } from './built-page.js';
import { fakeSettingsRoutes } from './fake-settings.js';
import { dashboardOn } from './seed.js';

const TOKEN = '7000000043:AAmodel-examples';
const SHOTS = '.tmp/screens';
const ADMIN = 901;
const ANN = 902;
const BOB = 903;
const LUMEN = 203;
const VELA = 301;

const browser = chromiumForFile(SHOTS);

describe.skipIf(!haveChromium)("a model's examples in the browser", () => {
  let database: TestDatabase;
  let store: Store;
  let examples: ModelExamples;
  let server: Server;
  let base: string;
  const results: OrderRecord[] = [];
  const asked: string[] = [];
  const opened: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    let clock = Date.now() - 3 * 3_600_000;
    store = await database.open(() => clock);
    for (const [userId, prompt] of [
      [ANN, 'A lighthouse at dawn'],
      [BOB, '<b>Bold</b> castle & moat'],
    ] as const) {
      clock += 3_600_000;
      results.push(await deliveredResult(store.orders, { userId, prompt }));
    }
    examples = new ModelExamples({
      repo: new ModelExamplesRepository(store.engine, store.scope),
      orders: store.orders,
      audit: store.audit,
      adminIds: [ADMIN],
      logger: pino({ level: 'silent' }),
    });
    const logger = pino({ level: 'silent' });
    const links = new FileLinks(TOKEN, 1);
    const tickets = new UploadTickets(TOKEN, 1);
    const thumb = makePng(320, 320, { rgb: [60, 120, 200] });
    const picture = makePng(640, 640, { rgb: [220, 140, 60] });
    const clip = makeMp4({ durationSeconds: 1, fps: 24, width: 320, height: 320 });
    const showcase = signedShowcase(examples, links);
    const models = async (userId: number): Promise<AppModels> => {
      const shown = await showcase(userId, [LUMEN, VELA]);
      const model = (id: number, name: string, type: string) => ({
        id,
        type,
        name,
        description: null,
        takes: { text: 'required' as const, photos: null, videos: null, files: null },
        price: null,
        quoted: false,
        examples: shown.get(id) ?? [],
        locked: null,
      });
      return {
        models: [model(LUMEN, 'Lumen', 'image'), model(VELA, 'Vela Video', 'video')],
        planStarsLeft: null,
      };
    };
    server = createHttpServer({
      logger,
      routes: [
        ...miniAppStaticRoutes(),
        miniAppStringsRoute(miniAppStringsOf),
        ...miniAppApiRoutes({
          auth: { botToken: TOKEN, adminIds: [ADMIN], maxAgeSeconds: 3600, now: Date.now },
          routes: [
            ...dashboardRoutes(dashboardOn(store, { now: Date.now() })),
            ...fakeSettingsRoutes().routes,
            ...examplesRoutes({
              examples,
              tickets,
              links: {
                example: (viewerId, exampleId, variant) =>
                  links.exampleUrl({ userId: viewerId, exampleId, variant }),
                result: (ownerId, orderId, index, variant) =>
                  links.url({ userId: ownerId, orderId, index, variant }),
              },
              modelKnown: async (id) => [203, 301, 401, 501].includes(id),
              askOwner: async (example) => {
                asked.push(example.id);
                return 'sent';
              },
            }),
          ],
          logger,
        }),
        ...exampleUploadRoutes({
          logger,
          targetOf: (botId) =>
            botId === 1
              ? {
                  tickets,
                  async upload(adminId, modelId, bytes) {
                    const check = checkUpload(bytes);
                    if (!check.ok) return { status: 415, json: { error: check.reason } };
                    // As if Telegram kept it: a file id of its own, no preview.
                    const added = await examples.addUpload(adminId, modelId, check.kind, {
                      fileId: `upload-${bytes.length}`,
                      previewFileId: null,
                    });
                    return added.kind === 'added'
                      ? { status: 201, json: { id: added.example.id } }
                      : { status: 422 };
                  },
                }
              : undefined,
        }),
        ...customerApiRoutes({
          auth: { maxAgeSeconds: 3600, now: Date.now },
          mainBotId: 1,
          logger,
          botOf: (botId) =>
            botId === 1
              ? {
                  botToken: TOKEN,
                  mayUse: async () => true,
                  routes: [
                    ...appProfileRoutes({
                      firstNameOf: async () => 'Cara',
                      botUsername: () => 'shop_bot',
                      wallet: false,
                      sharing: false,
                    }),
                    ...appModelsRoutes({ models }),
                  ],
                }
              : undefined,
        }),
        ...appFileRoutes({
          logger,
          sourceOf: (botId) =>
            botId === 1
              ? {
                  links,
                  mayUse: async () => true,
                  open: async (ref) =>
                    results.some((r) => r.id === ref.orderId && r.userId === ref.userId)
                      ? { contentType: 'image/png', body: thumb }
                      : undefined,
                  async openExample(ref) {
                    const file = await examples.file(ref.userId, ref.exampleId, ref.variant);
                    if (!file) return undefined;
                    opened.push(`${ref.userId}:${ref.variant}`);
                    // A video's "thumb" without a stored preview is the video itself.
                    if (file.kind === 'video') return { contentType: 'video/mp4', body: clip };
                    return { contentType: 'image/png', body: ref.variant === 'thumb' ? thumb : picture };
                  },
                }
              : undefined,
        }),
      ],
    });
    await listen(server, 0, 'PORT');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
    await database?.drop();
  });

  const initData = (userId: number, languageCode: string) =>
    clientInitData({
      botToken: TOKEN,
      user: { id: userId, first_name: 'Ada', language_code: languageCode },
      authDate: Math.floor(Date.now() / 1000) - 60,
    });

  async function open(userId: number, lang: string, dark: boolean, page?: string): Promise<Page> {
    const tab = await browser()!.newPage({ viewport: { width: 390, height: 844 } });
    tab.setDefaultTimeout(15_000);
    await tab.addInitScript(`window.TelegramWebviewProxy = { postEvent() {} };`);
    await tab.goto(
      miniAppLaunchUrl(base, initData(userId, lang), '', {
        ...(page && { page }),
        theme: dark ? DARK_THEME : LIGHT_THEME,
      }),
    );
    return tab;
  }

  /** The control room's examples of Lumen, opened. */
  async function lumenExamples(page: Page) {
    await page.locator('[data-tab="settings"]').click();
    const model = page.locator(`details.model[data-model-id="${LUMEN}"]`);
    await model.locator('summary').first().click();
    const section = model.locator('section.examples');
    await section.locator('.examples-toggle').click();
    return section;
  }
  const states = (section: ReturnType<Page['locator']>) =>
    section.locator('.example').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
  const imagesLoaded = (page: Page, selector: string) =>
    expect
      .poll(() =>
        page.evaluate(
          `[...document.querySelectorAll(${JSON.stringify(selector)})].every((i) => i.complete && i.naturalWidth > 0)`,
        ),
      )
      .toBe(true);

  it('the control room picks a result, uploads a photo, reorders and removes', async () => {
    const page = await open(ADMIN, 'en', false);
    const section = await lumenExamples(page);
    await expect.poll(() => section.locator('.examples-none').innerText()).toBe('No examples yet.');
    await section.getByRole('button', { name: 'Pick from results' }).click();
    const candidates = section.locator('.candidate');
    await expect.poll(() => candidates.count()).toBe(2);
    // Newest first; the customer's description as text.
    expect(await candidates.first().getAttribute('data-order')).toBe(results[1]!.id);
    expect(await candidates.first().locator('.candidate-description').innerText()).toBe(
      '<b>Bold</b> castle & moat',
    );
    expect(await section.locator('.candidate-description b').count()).toBe(0);
    await imagesLoaded(page, '.candidate img');
    // A pick the server refuses says why, and the result stays pickable.
    await page.route('**/miniapp/api/examples/*/results', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: '{"error":"not_media"}' })
        : route.fallback(),
    );
    await candidates.nth(1).getByRole('button', { name: 'Pick' }).click();
    await expect.poll(() => section.locator('.example-notice').getAttribute('data-kind')).toBe('error');
    expect(await candidates.nth(1).locator('button').innerText()).toBe('Pick');
    await page.unroute('**/miniapp/api/examples/*/results');
    await candidates.nth(1).getByRole('button', { name: 'Pick' }).click();
    await expect
      .poll(() => section.locator('.example-notice').innerText())
      .toBe('Added: the customer is asked in the chat.');
    await expect.poll(() => states(section)).toEqual(['asked']);
    expect(await section.locator('.example-state').first().innerText()).toBe('Waiting for the customer');
    expect(asked).toHaveLength(1);
    expect(await candidates.nth(1).locator('button').innerText()).toBe('Picked');

    await section.locator('input[type="file"]').setInputFiles({
      name: 'sunset.png',
      mimeType: 'image/png',
      buffer: makePng(800, 600, { rgb: [250, 120, 40] }),
    });
    await expect.poll(() => states(section)).toEqual(['asked', 'shown']);
    await expect.poll(() => section.locator('.example-notice').innerText()).toBe('Added.');
    await imagesLoaded(page, '.example img');
    // Admins open every example's preview through their own signed links.
    expect(opened.filter((o) => o.startsWith(`${ADMIN}:`)).length).toBeGreaterThanOrEqual(2);
    await section.locator('.example').nth(1).getByRole('button', { name: 'Move up' }).click();
    await expect.poll(() => states(section)).toEqual(['shown', 'asked']);
    expect((await examples.listForModel(LUMEN)).map((e) => e.state)).toEqual(['shown', 'asked']);
    // Bob's picked too, then removed again.
    await candidates.first().getByRole('button', { name: 'Pick' }).click();
    await expect.poll(() => states(section)).toEqual(['shown', 'asked', 'asked']);
    await section.locator('.example').nth(2).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => states(section)).toEqual(['shown', 'asked']);
    expect((await store.audit.page(0, 10)).map((e) => e.action).sort()).toEqual([
      'example_added',
      'example_added',
      'example_added',
      'example_removed',
    ]);
    await page.screenshot({ path: `${SHOTS}/examples-picker-en-light.png`, fullPage: true });
    await page.close();

    const dark = await open(ADMIN, 'en', true);
    await lumenExamples(dark);
    await dark.locator('.example').nth(1).waitFor();
    await dark.screenshot({ path: `${SHOTS}/examples-picker-en-dark.png`, fullPage: true });
    await dark.close();

    for (const dark of [false, true]) {
      const ru = await open(ADMIN, 'ru', dark);
      const ruSection = await lumenExamples(ru);
      await expect
        .poll(() => ruSection.locator('.example-state').first().innerText())
        .toBe('Показывается · Загружено');
      expect(await ruSection.locator('.example-state').nth(1).innerText()).toBe('Ждём ответа клиента');
      await ruSection.getByRole('button', { name: 'Выбрать из результатов' }).click();
      await ruSection.locator('.candidate').nth(1).waitFor();
      await ru.screenshot({
        path: `${SHOTS}/examples-picker-ru-${dark ? 'dark' : 'light'}.png`,
        fullPage: true,
      });
      await ru.close();
    }
  });

  it("the app's model card shows the shown examples only, and opens one large", async () => {
    // Ann allowed hers: two shown now, and one waiting for Bob's leave that no one sees.
    const waiting = (await examples.listForModel(LUMEN)).find((e) => e.state === 'asked')!;
    expect((await examples.answer(ANN, waiting.id, 'allow')).kind).toBe('done');
    const bobs = await examples.addFromResult(ADMIN, LUMEN, results[1]!.id, 0, async () => 'sent');
    expect(bobs).toMatchObject({ kind: 'added', example: { state: 'asked' } });
    const shown = (await examples.listForModel(LUMEN)).filter((e) => e.state === 'shown').map((e) => e.id);
    expect(shown).toHaveLength(2);

    const viewer = 904;
    for (const [lang, dark] of [
      ['en', false],
      ['en', true],
      ['ru', false],
      ['ru', true],
    ] as const) {
      const page = await open(viewer, lang, dark, 'app.html');
      await page.locator('[data-tab="models"]').click();
      const card = page.locator(`.model-card[data-model="${LUMEN}"]`);
      await card.waitFor();
      const tiles = card.locator('.example-tile');
      await expect.poll(() => tiles.count()).toBe(2);
      await imagesLoaded(page, '.example-tile img');
      // A model without examples shows no strip.
      expect(await page.locator(`.model-card[data-model="${VELA}"] .example-strip`).count()).toBe(0);
      expect(await tiles.first().getAttribute('aria-label')).toBe(
        lang === 'en' ? 'Open example 1' : 'Открыть пример 1',
      );
      await page.screenshot({ path: `${SHOTS}/app-model-examples-${lang}-${dark ? 'dark' : 'light'}.png` });
      await tiles.first().click();
      const overlay = page.locator('.example-overlay');
      await overlay.waitFor();
      expect(await overlay.getAttribute('data-example')).toBe(shown[0]);
      await imagesLoaded(page, '.example-overlay img');
      await page.screenshot({
        path: `${SHOTS}/app-model-examples-${lang}-${dark ? 'dark' : 'light'}-open.png`,
      });
      await overlay.getByRole('button', { name: lang === 'en' ? 'Close' : 'Закрыть' }).click();
      await expect.poll(() => overlay.count()).toBe(0);
      await page.close();
    }
    // The viewer's links opened shown examples, as signed for them.
    expect(opened).toContain(`${viewer}:thumb`);
    expect(opened).toContain(`${viewer}:full`);
    // The one still waiting opens for no customer, whatever link they make.
    expect(
      await examples.file(viewer, bobs.kind === 'added' ? bobs.example.id : '', 'thumb'),
    ).toBeUndefined();
  });

  it("a video example stored without a preview shows its first frame in the app's strip", async () => {
    const clipResult = await deliveredResult(store.orders, {
      userId: ADMIN,
      prompt: 'Waves at night',
      modelId: VELA,
      modelName: 'Vela Video',
      modelType: 'video',
      files: [{ kind: 'video' }],
    });
    // The admin's own result: shown at once, nobody to ask.
    const added = await examples.addFromResult(ADMIN, VELA, clipResult.id, 0, async () => 'sent');
    expect(added).toMatchObject({
      kind: 'added',
      example: { state: 'shown', kind: 'video', previewFileId: null },
    });
    const page = await open(905, 'en', false, 'app.html');
    await page.locator('[data-tab="models"]').click();
    const tile = page.locator(`.model-card[data-model="${VELA}"] .example-tile`);
    await tile.waitFor();
    await tile.locator('video').waitFor();
    expect(await tile.locator('img').count()).toBe(0);
    await page.close();
  });
});
