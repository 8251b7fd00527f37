/**
 * The customers' app's Results tab (issue 43) in headless Chromium at 390 px, on a real store: the
 * gallery of the customer whose signed initData opened it shows their delivered results and nothing
 * of another customer's; forged or stale initData sees nothing; the viewer's Download, Share to a
 * chat, Share to story and Again call Telegram's methods with the right arguments (recorded where
 * Telegram's clients receive them: `window.TelegramWebviewProxy.postEvent`); a description is shown
 * as the customer wrote it, as text. Screenshots in en and ru, light and dark, go to .tmp/screens/.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthLabel } from '../../miniapp/src/app/months.js';
import type { OrderRecord, Store } from '../../src/db/index.js';
import { createHttpServer, listen } from '../../src/server/http-server.js';
import { appFileRoutes, FileLinks } from '../../src/server/miniapp/app-file-links.js';
import { appProfileRoutes } from '../../src/server/miniapp/app-profile-routes.js';
import { appResultsRoutes } from '../../src/server/miniapp/app-results-routes.js';
import { customerApiRoutes } from '../../src/server/miniapp/customer-api.js';
import { miniAppStaticRoutes } from '../../src/server/miniapp/static.js';
import { GalleryService } from '../../src/services/app/gallery.js';
import {
  DARK_THEME,
  haveChromium,
  LIGHT_THEME,
  miniAppLaunchUrl,
  recordTelegramCalls,
  telegramCalls,
} from '../support/chromium.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { deliveredResult } from '../support/gallery-fixtures.js';
import { makeMp4, makePng } from '../support/media-fixtures.js';
import { clientInitData, forge } from '../support/miniapp-init-data.js';
import { chromiumForFile } from './built-page.js';

const TOKEN = '7000000040:AAapp-gallery';
const SHOTS = '.tmp/screens';
const NOW = Date.now();
const ANN = 801;
const BOB = 802;
const NEWCOMER = 803;
const REFERRAL = `https://t.me/shop_bot?start=r_ann${ANN}`;
const TRICKY = '<img src=x onerror="window.__pwned=1"> <b>bold</b> & fox';

const browser = chromiumForFile(SHOTS);

describe.skipIf(!haveChromium)("the customers' gallery in a browser", () => {
  let database: TestDatabase;
  let store: Store;
  let server: Server;
  let base: string;
  const ann: OrderRecord[] = [];
  let bobs: OrderRecord;
  const shares: Array<{ userId: number; orderId: string; index: number }> = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    let clock = NOW - 3 * 24 * 3_600_000;
    store = await database.open(() => clock);
    const seed = async (opts: Parameters<typeof deliveredResult>[1]) => {
      clock += 3_600_000;
      return deliveredResult(store.orders, opts);
    };
    ann.push(await seed({ userId: ANN, prompt: 'A lighthouse at dawn, oil painting' }));
    ann.push(
      await seed({
        userId: ANN,
        prompt: 'Waves crashing on black rocks',
        modelId: 204,
        modelName: 'Lumen Motion',
        modelType: 'video',
        files: [{ kind: 'video', preview: { fileId: 'video-thumb', fileUniqueId: 'vt' } }],
      }),
    );
    ann.push(await seed({ userId: ANN, prompt: TRICKY, files: [{ kind: 'photo' }, { kind: 'photo' }] }));
    bobs = await seed({ userId: BOB, prompt: "Bob's secret castle" });

    const logger = pino({ level: 'silent' });
    const gallery = new GalleryService({ orders: store.orders, shownName: (o) => o.modelName });
    const links = new FileLinks(TOKEN, 1);
    const picture = makePng(640, 640, { rgb: [220, 140, 60] });
    const thumb = makePng(320, 320, { rgb: [60, 120, 200] });
    server = createHttpServer({
      logger,
      routes: [
        ...miniAppStaticRoutes(),
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
                      firstNameOf: async () => 'Ann',
                      botUsername: () => 'shop_bot',
                      wallet: true,
                      sharing: true,
                    }),
                    ...appResultsRoutes({
                      gallery,
                      links,
                      sharing: true,
                      linkFor: async (userId) => (userId === ANN ? REFERRAL : 'https://t.me/shop_bot'),
                      async prepareShare(userId, orderId, index) {
                        if (!(await gallery.shareable(userId, orderId, index))) return undefined;
                        shares.push({ userId, orderId, index });
                        return `prep-${orderId.slice(0, 8)}-${index}`;
                      },
                    }),
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
                  async open(ref) {
                    const file = await gallery.file(ref.userId, ref.orderId, ref.index, ref.variant);
                    if (!file) return undefined;
                    if (ref.variant === 'thumb') return { contentType: 'image/png', body: thumb };
                    // The lighthouse's original is gone (Telegram lost it, or it grew past 20 MB).
                    if (ref.orderId === ann[0]!.id) return undefined;
                    return file.kind === 'video'
                      ? {
                          contentType: 'video/mp4',
                          body: makeMp4({ durationSeconds: 1, fps: 24, width: 320, height: 320 }),
                          fileName: file.fileName,
                        }
                      : { contentType: 'image/png', body: picture, fileName: file.fileName };
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

  const initData = (userId: number, languageCode: string, authDate = Math.floor(Date.now() / 1000) - 60) =>
    clientInitData({
      botToken: TOKEN,
      user: { id: userId, first_name: 'Ann', language_code: languageCode },
      authDate,
    });

  /** Opens the app as Telegram does, recording every event the page posts to Telegram's client. */
  async function open(data: string, theme = LIGHT_THEME, query = ''): Promise<Page> {
    const page = await browser()!.newPage({ viewport: { width: 390, height: 844 } });
    page.setDefaultTimeout(20000);
    await recordTelegramCalls(page);
    await page.goto(miniAppLaunchUrl(base, data, query, { page: 'app.html', theme }));
    return page;
  }
  const eventsOf = telegramCalls;
  const tiles = (page: Page) =>
    page.$$eval('.tile', (els) =>
      els.map((e) => `${e.getAttribute('data-order')}:${e.getAttribute('data-index')}`),
    );
  /** Every tile's preview has loaded (lazy images in view). */
  const previewsLoaded = (page: Page) =>
    expect
      .poll(() =>
        page.evaluate(
          "[...document.querySelectorAll('.tile img')].every((i) => i.complete && i.naturalWidth > 0)",
        ),
      )
      .toBe(true);

  it("shows the signed customer's results, newest first, and nothing of another customer's", async () => {
    const page = await open(initData(ANN, 'en'));
    await page.locator('.tile').first().waitFor();
    const [lighthouse, waves, tricky] = ann;
    expect(await tiles(page)).toEqual([
      `${tricky!.id}:0`,
      `${tricky!.id}:1`,
      `${waves!.id}:0`,
      `${lighthouse!.id}:0`,
    ]);
    expect(await page.content()).not.toContain(bobs.id);
    // Under the month each came in (the page's time zone is this machine's, as here).
    const months = [...new Set([tricky, waves, lighthouse].map((o) => monthLabel(o!.deliveredAt!, 'en')))];
    expect(await page.locator('.gallery-month-title').allInnerTexts()).toEqual(months);
    // Three previews to a row on a 390 px phone, lazily loaded, each a signed same-origin link.
    const boxes = await page.$$eval('.tile', (els) => els.map((e) => e.getBoundingClientRect().top));
    expect(new Set(boxes.slice(0, 3)).size).toBe(1);
    expect(boxes[3]).toBeGreaterThan(boxes[0]!);
    const images = await page.$$eval('.tile img', (els) =>
      els.map((e) => ({ src: e.getAttribute('src'), loading: e.getAttribute('loading') })),
    );
    for (const img of images) {
      expect(img.loading).toBe('lazy');
      expect(img.src).toMatch(
        new RegExp(`^/miniapp/files/1/${ANN}/[\\w-]+/\\d/thumb\\?exp=\\d+&sig=[0-9a-f]{64}$`),
      );
    }
    expect(await page.locator('.tile .badge').count()).toBe(1);
    // The filters: by kind, by model (two models), and the search.
    await page.locator('[data-filter="kind"] [data-kind="video"]').click();
    await expect.poll(() => page.locator('.tile').count()).toBe(1);
    expect(await tiles(page)).toEqual([`${waves!.id}:0`]);
    await page.locator('[data-filter="kind"] [data-kind="all"]').click();
    await page.locator('[data-filter="model"] [data-model="203"]').click();
    await expect.poll(() => page.locator('.tile').count()).toBe(3);
    await page.locator('[data-filter="model"] button').first().click();
    await page.locator('input[type="search"]').fill('LIGHTHOUSE dawn');
    await page.locator('input[type="search"]').press('Enter');
    await expect.poll(() => page.locator('.tile').count()).toBe(1);
    expect(await tiles(page)).toEqual([`${lighthouse!.id}:0`]);
    await page.locator('input[type="search"]').fill('castle');
    await page.locator('input[type="search"]').press('Enter');
    await page.locator('[data-empty="filtered"]').waitFor();
    await page.locator('[data-empty="filtered"] button').click();
    await expect.poll(() => page.locator('.tile').count()).toBe(4);
    await previewsLoaded(page);
    await page.screenshot({ path: `${SHOTS}/app-results-en-light.png` });
    await page.close();
  });

  it('opens a result full screen; Download, Share, Story and Again ask Telegram with the right arguments', async () => {
    const page = await open(initData(ANN, 'en'));
    const [, waves, tricky] = ann;
    await page.locator(`.tile[data-order="${tricky!.id}"][data-index="1"]`).click();
    const viewer = page.locator('.viewer');
    await viewer.waitFor();
    // The customer's words, as text: no element made of them, no script run.
    expect(await viewer.locator('.viewer-description').innerText()).toBe(TRICKY);
    expect(await viewer.locator('.viewer-description *').count()).toBe(0);
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    await expect
      .poll(() => page.evaluate("document.querySelector('.viewer-media img')?.naturalWidth > 0"))
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/app-results-en-light-viewer.png` });

    const fullUrl = (await viewer.locator('.viewer-media img').getAttribute('src'))!;
    expect(fullUrl).toMatch(new RegExp(`^/miniapp/files/1/${ANN}/${tricky!.id}/1/full\\?`));
    await viewer.locator('[data-action="download"]').click();
    expect(await eventsOf(page, 'web_app_request_file_download')).toEqual([
      {
        type: 'web_app_request_file_download',
        data: { url: `${base}${fullUrl}`, file_name: `lumen-text-to-image-${tricky!.id.slice(0, 8)}-2.jpg` },
      },
    ]);
    await viewer.locator('[data-action="share"]').click();
    await expect
      .poll(() => eventsOf(page, 'web_app_send_prepared_message'))
      .toEqual([{ type: 'web_app_send_prepared_message', data: { id: `prep-${tricky!.id.slice(0, 8)}-1` } }]);
    expect(shares).toEqual([{ userId: ANN, orderId: tricky!.id, index: 1 }]);
    await viewer.locator('[data-action="story"]').click();
    expect(await eventsOf(page, 'web_app_share_to_story')).toEqual([
      {
        type: 'web_app_share_to_story',
        data: {
          media_url: `${base}${fullUrl}`,
          text: TRICKY,
          widget_link: { url: REFERRAL, name: 'Create yours' },
        },
      },
    ]);
    await viewer.locator('[data-action="use"]').click();
    await viewer.locator('[data-action="again"]').click();
    expect(await eventsOf(page, 'web_app_open_tg_link')).toEqual([
      { type: 'web_app_open_tg_link', data: { path_full: `/shop_bot?start=u_${tricky!.id}_1` } },
      { type: 'web_app_open_tg_link', data: { path_full: `/shop_bot?start=a_${tricky!.id}` } },
    ]);
    // Back to the grid; the video opens as a video, with its thumbnail as the poster. It stays one
    // whether or not this browser has the codec to play it: only its link may say it is gone.
    await viewer.locator('[data-action="back"]').click();
    await page.locator(`.tile[data-order="${waves!.id}"]`).click();
    expect(await page.locator('.viewer video').getAttribute('poster')).toMatch(/\/thumb\?/);

    // A result whose file is gone says so and still offers Again.
    await viewer.locator('[data-action="back"]').click();
    await page.locator(`.tile[data-order="${ann[0]!.id}"]`).click();
    await page.locator('[data-gone="true"]').waitFor();
    expect(await page.locator('[data-action="download"]').count()).toBe(0);
    await page.locator('[data-action="again"]').click();
    expect((await eventsOf(page, 'web_app_open_tg_link')).at(-1)).toEqual({
      type: 'web_app_open_tg_link',
      data: { path_full: `/shop_bot?start=a_${ann[0]!.id}` },
    });
    await page.close();
  });

  it("opened from the button under a result: that result full screen, Telegram's Back button, links renewed after an hour away", async () => {
    const [, , tricky] = ann;
    const page = await open(initData(ANN, 'en'), LIGHT_THEME, `?open=${tricky!.id}`);
    const resultCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/miniapp/me/results') resultCalls.push(req.url());
    });
    const viewer = page.locator('.viewer');
    await viewer.waitFor();
    expect(await viewer.locator('.viewer-media img').getAttribute('src')).toContain(`/${tricky!.id}/0/full?`);
    expect(await tiles(page)).toEqual([`${tricky!.id}:0`, `${tricky!.id}:1`]);
    const backButton = async () => (await eventsOf(page, 'web_app_setup_back_button')).at(-1)?.data;
    await expect.poll(backButton).toEqual({ is_visible: true });

    // Telegram's own Back button closes the viewer, and is hidden again.
    await page.evaluate("window.Telegram.WebView.receiveEvent('back_button_pressed')");
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(backButton).toEqual({ is_visible: false });

    // Back after more than an hour: the links have run out, so the list is asked for again, and the
    // result on screen stays open; Download asks for fresh links rather than hand Telegram a dead one.
    await page.locator(`.tile[data-index="1"]`).click();
    await viewer.waitFor();
    const before = resultCalls.length;
    await page.clock.setFixedTime(Date.now() + 70 * 60_000);
    await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    await expect.poll(() => resultCalls.length).toBe(before + 1);
    expect(resultCalls.at(-1)).toContain(`order=${tricky!.id}`);
    await viewer.locator('[data-action="download"]').click();
    await expect.poll(() => resultCalls.length).toBe(before + 2);
    expect(await eventsOf(page, 'web_app_request_file_download')).toEqual([]);
    expect(await viewer.locator('.viewer-media img').getAttribute('src')).toContain(`/${tricky!.id}/1/full?`);

    // Every result again, with one press.
    await viewer.locator('[data-action="back"]').click();
    await page.locator('[data-filter="order"] button').click();
    await expect.poll(() => tiles(page).then((t) => t.length)).toBe(4);
    expect(await page.locator('[data-filter="order"]').count()).toBe(0);
    await page.close();
  });

  it('☆ stars a result: it keeps its ★ after a reload, and Favourites shows the starred ones alone', async () => {
    const [, waves] = ann;
    const page = await open(initData(ANN, 'en'));
    await page.locator(`.tile[data-order="${waves!.id}"]`).click();
    const favourite = page.locator('.viewer [data-action="favourite"]');
    expect(await favourite.innerText()).toBe('☆ Add to favourites');
    await favourite.click();
    await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true');
    expect(await favourite.innerText()).toBe('★ In favourites');
    await page.locator('.viewer [data-action="back"]').click();
    await page.close();

    const again = await open(initData(ANN, 'en'));
    await again.locator('.tile').first().waitFor();
    await expect
      .poll(() => again.$$eval('.tile:has(.star)', (els) => els.map((e) => e.getAttribute('data-order'))))
      .toEqual([waves!.id]);
    await again.locator('[data-kind="favourites"]').click();
    await expect.poll(() => tiles(again)).toEqual([`${waves!.id}:0`]);
    await again.screenshot({ path: `${SHOTS}/app-results-en-light-favourites.png` });
    // Unstarred: Favourites is empty, and says how to fill it.
    await again.locator('.tile').first().click();
    await again.locator('.viewer [data-action="favourite"]').click();
    await expect
      .poll(() => again.locator('.viewer [data-action="favourite"]').getAttribute('aria-pressed'))
      .toBe('false');
    await again.locator('.viewer [data-action="back"]').click();
    await again.locator('[data-kind="favourites"]').click();
    await again.locator('[data-kind="favourites"]').click();
    await again.locator('[data-empty="filtered"]').waitFor();
    expect(await again.locator('[data-empty="filtered"] p').innerText()).toMatch(/^No favourites yet/);
    await again.close();
  });

  it.each([
    ['ru', 'dark', DARK_THEME],
    ['ru', 'light', LIGHT_THEME],
    ['en', 'dark', DARK_THEME],
  ] as const)('draws in %s, %s theme, at 390 px', async (lang, name, theme) => {
    const page = await open(initData(ANN, lang), theme);
    await page.locator('.tile').first().waitFor();
    await previewsLoaded(page);
    if (lang === 'ru') {
      expect(await page.locator('[data-filter="kind"] button').allInnerTexts()).toEqual([
        'Всё',
        'Картинки',
        'Видео',
        '★ Избранное',
      ]);
    }
    await page.screenshot({ path: `${SHOTS}/app-results-${lang}-${name}.png` });
    await page.locator('.tile').first().click();
    await page.locator('.viewer').waitFor();
    await page.screenshot({ path: `${SHOTS}/app-results-${lang}-${name}-viewer.png` });
    await page.close();
  });

  it('a newcomer gets a way to the bot; forged or stale initData sees nothing', async () => {
    const empty = await open(initData(NEWCOMER, 'ru'));
    await empty.locator('[data-empty="none"]').waitFor();
    await empty.screenshot({ path: `${SHOTS}/app-results-ru-light-empty.png` });
    await empty.locator('[data-empty="none"] button').click();
    expect(await eventsOf(empty, 'web_app_open_tg_link')).toEqual([
      { type: 'web_app_open_tg_link', data: { path_full: '/shop_bot' } },
    ]);
    await empty.close();
    for (const data of [
      forge(initData(ANN, 'en')),
      initData(ANN, 'en', Math.floor(Date.now() / 1000) - 7200),
    ]) {
      const page = await open(data);
      await page.locator('[data-gate="open-from-bot"]').waitFor();
      expect(await page.locator('.tile').count()).toBe(0);
      expect(await page.content()).not.toContain(ann[0]!.id);
      await page.close();
    }
  });
});
