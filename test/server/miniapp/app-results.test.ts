/**
 * The customers' app's Results tab (issue 43) over real HTTP, on every engine: GET /results lists the
 * signed customer's own delivered results only (their private chat's, theirs in groups), newest
 * first, one item per file, by model, kind and the words of the description, a page at a time; a
 * second bot's results on the same database never show; another customer's result is refused by id.
 * The file links are signed: a valid one answers the bytes, a tampered, expired, another user's or
 * another bot's link is 403.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../../src/db/index.js';
import { createHttpServer, listen } from '../../../src/server/http-server.js';
import { appFileRoutes, FileLinks, type FileSource } from '../../../src/server/miniapp/app-file-links.js';
import { appResultsRoutes } from '../../../src/server/miniapp/app-results-routes.js';
import { customerApiRoutes } from '../../../src/server/miniapp/customer-api.js';
import { GALLERY_PAGE_ITEMS, GalleryService } from '../../../src/services/app/gallery.js';
import type { GalleryPage } from '../../../src/services/app/gallery-types.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../support/databases.js';
import { deliveredResult } from '../../support/gallery-fixtures.js';
import { signInitData } from '../../support/miniapp-init-data.js';

const TOKEN = '7000000030:AAgallery-main';
const SHOP_TOKEN = '7000000031:AAgallery-shop';
const ANN = 701;
const BOB = 702;
const HOUR = 3_600_000;

describe.each(availableEngines())("the customers' gallery on %s", (engine) => {
  let database: TestDatabase;
  let now: number;
  let main: Store;
  let shop: Store;
  let server: Server;
  let base: string;
  let serverNow: number;
  const prepared: Array<{ userId: number; orderId: string; index: number }> = [];

  /** The gallery of one bot's store, with a file source that answers a file's id as its bytes. */
  function botParts(store: Store, token: string, botId: number) {
    const gallery = new GalleryService({
      orders: store.orders,
      shownName: (order, locale) =>
        order.modelId === 204 && locale === 'ru' ? 'Люмен Про' : order.modelName,
    });
    const links = new FileLinks(token, botId, () => serverNow);
    const source: FileSource = {
      links,
      mayUse: async () => true,
      async open(ref) {
        const file = await gallery.file(ref.userId, ref.orderId, ref.index, ref.variant);
        return file && { contentType: 'image/jpeg', body: Buffer.from(file.fileId), fileName: file.fileName };
      },
    };
    const routes = appResultsRoutes({
      gallery,
      links,
      sharing: true,
      linkFor: async (userId) => `https://t.me/main_bot?start=r_${userId}`,
      async prepareShare(userId, orderId, index) {
        if (!(await gallery.shareable(userId, orderId, index))) return undefined;
        prepared.push({ userId, orderId, index });
        return `prep-${prepared.length}`;
      },
    });
    return { token, routes, source };
  }

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = Date.UTC(2026, 9, 1);
    serverNow = Date.UTC(2026, 10, 28, 12);
    main = await database.open(() => now);
    shop = storeOn(main.engine, { bot: 2, now: () => now });
    const bots = { 1: botParts(main, TOKEN, 1), 2: botParts(shop, SHOP_TOKEN, 2) } as const;
    const logger = pino({ level: 'silent' });
    server = createHttpServer({
      logger,
      routes: [
        ...customerApiRoutes({
          auth: { maxAgeSeconds: 3600, now: () => serverNow },
          mainBotId: 1,
          logger,
          botOf: (id) =>
            id === 1 || id === 2
              ? { botToken: bots[id].token, mayUse: async () => true, routes: bots[id].routes }
              : undefined,
        }),
        ...appFileRoutes({ logger, sourceOf: (id) => (id === 1 || id === 2 ? bots[id].source : undefined) }),
      ],
    });
    await listen(server, 0, 'PORT');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    prepared.length = 0;
  });
  afterEach(async () => {
    await new Promise((r) => server.close(r));
    await database.drop();
  });

  const tma = (userId: number, token = TOKEN, language = 'en') =>
    `tma ${signInitData({
      botToken: token,
      user: { id: userId, first_name: 'x', language_code: language },
      authDate: Math.floor(serverNow / 1000) - 30,
    })}`;
  const results = async (userId: number, query = '', opts: { bot?: 2; language?: string } = {}) => {
    const res = await fetch(`${base}/miniapp/me/results${query}`, {
      headers: {
        authorization: tma(userId, opts.bot ? SHOP_TOKEN : TOKEN, opts.language),
        ...(opts.bot && { 'x-bot-id': '2' }),
      },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as GalleryPage;
  };
  /** Seeds a result delivered a minute after the one before. */
  const seed = async (store: Store, opts: Parameters<typeof deliveredResult>[1]) => {
    now += 60_000;
    return deliveredResult(store.orders, opts);
  };

  it("lists the signed customer's own delivered results, newest first, each file an item", async () => {
    const fox = await seed(main, { userId: ANN, prompt: 'A red fox in snow' });
    const group = await seed(main, {
      userId: ANN,
      chatId: -100500,
      prompt: 'Two cats on a roof',
      files: [{ kind: 'photo', preview: { fileId: 'small-cat', fileUniqueId: 'sc' } }, { kind: 'photo' }],
    });
    const clip = await seed(main, {
      userId: ANN,
      prompt: 'A fox running',
      modelId: 204,
      modelName: 'Lumen Pro',
      modelType: 'video',
      files: [{ kind: 'video', preview: { fileId: 'thumb-clip', fileUniqueId: 'tc' } }],
    });
    // Not listed: Bob's, Ann's undelivered one, and Ann's in the shop bot on the same database.
    await seed(main, { userId: BOB, prompt: 'A red fox, by Bob' });
    await seed(main, { userId: ANN, prompt: 'Nothing arrived', outcome: 'none' });
    await seed(shop, { userId: ANN, prompt: 'A fox for the shop' });

    const page = await results(ANN);
    expect(page.items.map((i) => [i.orderId, i.index, i.kind])).toEqual([
      [clip.id, 0, 'video'],
      [group.id, 0, 'image'],
      [group.id, 1, 'image'],
      [fox.id, 0, 'image'],
    ]);
    expect(page.next).toBeNull();
    expect(page.models).toEqual([
      { id: 204, name: 'Lumen Pro' },
      { id: 203, name: 'Lumen Text to Image' },
    ]);
    expect(page.link).toBe(`https://t.me/main_bot?start=r_${ANN}`);
    const [first] = page.items;
    expect(first).toMatchObject({
      modelName: 'Lumen Pro',
      description: 'A fox running',
      fileName: `lumen-pro-${clip.id.slice(0, 8)}-1.mp4`,
      shareable: true,
    });
    expect(first!.previewUrl).toMatch(
      new RegExp(`^/miniapp/files/1/${ANN}/${clip.id}/0/thumb\\?exp=\\d+&sig=[0-9a-f]{64}$`),
    );
    expect(JSON.stringify(page)).not.toContain(TOKEN);
    // The model's name as the customer reads it: the admin's name in their language.
    expect((await results(ANN, '', { language: 'ru' })).models[0]).toEqual({ id: 204, name: 'Люмен Про' });

    // The shop bot's gallery of the same customer holds the shop's result only.
    const shopPage = await results(ANN, '', { bot: 2 });
    expect(shopPage.items.map((i) => i.description)).toEqual(['A fox for the shop']);
    expect(shopPage.items[0]!.previewUrl).toMatch(/^\/miniapp\/files\/2\//);
    // Bob sees his one.
    expect((await results(BOB)).items.map((i) => i.description)).toEqual(['A red fox, by Bob']);
  });

  it('filters by model and kind, finds every word of the search in any case, and pages with a cursor', async () => {
    await seed(main, { userId: ANN, prompt: 'Рыжая ЛИСА в лесу' });
    await seed(main, {
      userId: ANN,
      prompt: 'A fox running',
      modelId: 204,
      modelName: 'Lumen Pro',
      files: [{ kind: 'video' }],
    });
    await seed(main, { userId: ANN, prompt: 'A red FOX in snow' });
    const words = async (query: string) => (await results(ANN, query)).items.map((i) => i.description);
    expect(await words('?kind=video')).toEqual(['A fox running']);
    expect(await words('?kind=image')).toEqual(['A red FOX in snow', 'Рыжая ЛИСА в лесу']);
    expect(await words('?model=204')).toEqual(['A fox running']);
    expect(await words('?model=203&kind=video')).toEqual([]);
    expect(await words(`?q=${encodeURIComponent('fox RED')}`)).toEqual(['A red FOX in snow']);
    expect(await words(`?q=${encodeURIComponent('лиса')}`)).toEqual(['Рыжая ЛИСА в лесу']);
    expect(await words('?q=wolf')).toEqual([]);
    // Nonsense filters are no filters; a foreign cursor is the first page.
    expect(await words('?kind=audio&model=x&cursor=%27%20or%201%3D1')).toHaveLength(3);

    for (let i = 0; i < GALLERY_PAGE_ITEMS + 5; i++) await seed(main, { userId: ANN, prompt: `cat ${i}` });
    const first = await results(ANN, '?q=cat');
    expect(first.items).toHaveLength(GALLERY_PAGE_ITEMS);
    expect(first.items[0]!.description).toBe(`cat ${GALLERY_PAGE_ITEMS + 4}`);
    expect(first.next).not.toBeNull();
    const second = await results(ANN, `?q=cat&cursor=${encodeURIComponent(first.next!)}`);
    expect(second.items.map((i) => i.description)).toEqual(['cat 4', 'cat 3', 'cat 2', 'cat 1', 'cat 0']);
    expect(second.next).toBeNull();
  });

  it("opens on one result of the customer's own (the button under it), never on another's", async () => {
    const two = await seed(main, {
      userId: ANN,
      prompt: 'two cats',
      files: [{ kind: 'photo' }, { kind: 'photo' }],
    });
    await seed(main, { userId: ANN, prompt: 'newer' });
    const bobs = await seed(main, { userId: BOB, prompt: 'his' });
    const one = await results(ANN, `?order=${two.id}`);
    expect(one.items.map((i) => `${i.orderId}:${i.index}`)).toEqual([`${two.id}:0`, `${two.id}:1`]);
    expect(one.next).toBeNull();
    expect((await results(ANN, `?order=${two.id}&kind=video`)).items).toEqual([]);
    expect((await results(ANN, `?order=${bobs.id}`)).items).toEqual([]);
    expect((await results(ANN, `?order=${encodeURIComponent("' or 1=1")}`)).items).toEqual([]);
  });

  it("stars the customer's own result files, lists them with ?fav=1, and never another's", async () => {
    const two = await seed(main, {
      userId: ANN,
      prompt: 'two cats',
      files: [{ kind: 'photo' }, { kind: 'photo' }],
    });
    const one = await seed(main, { userId: ANN, prompt: 'one dog' });
    const bobs = await seed(main, { userId: BOB, prompt: 'his' });
    const star = (userId: number, orderId: string, index: number, body: unknown) =>
      fetch(`${base}/miniapp/me/results/${orderId}/${index}/favourite`, {
        method: 'POST',
        headers: { authorization: tma(userId), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const starred = async () =>
      (await results(ANN, '?fav=1')).items.map((i) => `${i.orderId}:${i.index}`).sort();
    expect(await starred()).toEqual([]);
    // Both files of one order starred at once: neither press loses the other's.
    const answers = await Promise.all([
      star(ANN, two.id, 0, { favourite: true }),
      star(ANN, two.id, 1, { favourite: true }),
      star(ANN, one.id, 0, { favourite: true }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await answers[0]!.json()).toEqual({ favourite: true });
    expect(await starred()).toEqual([`${one.id}:0`, `${two.id}:0`, `${two.id}:1`].sort());
    expect((await results(ANN)).items.every((i) => i.favourite)).toBe(true);

    expect((await star(ANN, two.id, 1, { favourite: false })).status).toBe(200);
    expect(await starred()).toEqual([`${one.id}:0`, `${two.id}:0`].sort());
    // Filters combine: starred and matching the words.
    expect((await results(ANN, '?fav=1&q=dog')).items.map((i) => i.orderId)).toEqual([one.id]);

    expect((await star(ANN, bobs.id, 0, { favourite: true })).status).toBe(404);
    expect((await star(ANN, two.id, 2, { favourite: true })).status).toBe(404);
    expect((await star(ANN, two.id, 0, { favourite: 'yes' })).status).toBe(422);
    expect((await star(BOB, two.id, 0, { favourite: false })).status).toBe(404);
    expect((await results(BOB, '?fav=1')).items).toEqual([]);
    expect(await starred()).toEqual([`${one.id}:0`, `${two.id}:0`].sort());
  });

  it("prepares a share of the customer's own result only; refuses another's by id", async () => {
    const mine = await seed(main, { userId: ANN, prompt: 'mine' });
    const bobs = await seed(main, { userId: BOB, prompt: 'his' });
    const doc = await seed(main, { userId: ANN, prompt: 'a document', files: [{ kind: 'document' }] });
    const share = (userId: number, orderId: string, index = 0) =>
      fetch(`${base}/miniapp/me/results/${orderId}/${index}/share`, {
        method: 'POST',
        headers: { authorization: tma(userId) },
      });
    const ok = await share(ANN, mine.id);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ id: 'prep-1' });
    expect((await share(ANN, bobs.id)).status).toBe(404);
    expect((await share(ANN, mine.id, 1)).status).toBe(404);
    expect((await share(ANN, doc.id)).status).toBe(404);
    expect((await share(ANN, 'not-an-order')).status).toBe(404);
    expect(prepared).toEqual([{ userId: ANN, orderId: mine.id, index: 0 }]);
    // A document is listed, but offers no share to a chat (Telegram would not take it as a card).
    expect((await results(ANN)).items.find((i) => i.orderId === doc.id)?.shareable).toBe(false);
  });

  it('answers a signed link with the bytes; tampered, expired, another user’s or bot’s link is 403', async () => {
    const fox = await seed(main, {
      userId: ANN,
      prompt: 'fox',
      files: [
        {
          kind: 'photo',
          preview: { fileId: 'fox-small', fileUniqueId: 'fs' },
          original: { fileId: 'fox-png', fileUniqueId: 'fp', fileName: 'fox.png' },
        },
      ],
    });
    const old = await seed(main, { userId: ANN, prompt: 'an older row, without a preview' });
    const bobs = await seed(main, { userId: BOB, prompt: 'his' });
    const [item] = (await results(ANN, '?q=fox')).items;
    const get = (path: string) => fetch(`${base}${path}`);
    const thumb = await get(item!.previewUrl);
    expect(thumb.status).toBe(200);
    expect(await thumb.text()).toBe('fox-small');
    expect(thumb.headers.get('content-disposition')).toBeNull();
    const full = await get(item!.fullUrl);
    // The photo's original, under the name the page saves it as.
    expect(await full.text()).toBe('fox-png');
    expect(full.headers.get('content-disposition')).toBe(`attachment; filename="${item!.fileName}"`);
    // An older row without a preview: the full file stands in.
    const [older] = (await results(ANN, '?q=older')).items;
    expect(await (await get(older!.previewUrl)).text()).toBe(old.resultFiles![0]!.fileId);

    const url = new URL(item!.fullUrl, base);
    const sig = url.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    const statuses = await Promise.all(
      [
        item!.fullUrl.replace(`sig=${sig}`, `sig=${flipped}`),
        item!.fullUrl.replace('/full?', '/thumb?'),
        item!.fullUrl.replace(`/${ANN}/`, `/${BOB}/`),
        item!.fullUrl.replace(`/${fox.id}/`, `/${bobs.id}/`),
        item!.fullUrl.replace('/files/1/', '/files/2/'),
        item!.fullUrl.replace('/files/1/', '/files/9/'),
        item!.fullUrl.replace(/exp=\d+/, `exp=${Number(url.searchParams.get('exp')) + 600}`),
        item!.fullUrl.replace(/&sig=.*/, ''),
        '/miniapp/files/1/x',
      ].map(async (path) => (await get(path)).status),
    );
    expect(statuses).toEqual([403, 403, 403, 403, 403, 403, 403, 403, 403]);
    // Signed by the shop bot for the same customer and order: not the main bot's link.
    const shopLinks = new FileLinks(SHOP_TOKEN, 1, () => serverNow);
    const forged = shopLinks.url({ userId: ANN, orderId: fox.id, index: 0, variant: 'full' });
    expect((await get(forged)).status).toBe(403);
    // Bob's order in a link signed for Bob is Bob's; in one signed for Ann it is nobody's: 404.
    const mainLinks = new FileLinks(TOKEN, 1, () => serverNow);
    expect(
      (await get(mainLinks.url({ userId: ANN, orderId: bobs.id, index: 0, variant: 'full' }))).status,
    ).toBe(404);
    // An hour and more later the link has expired.
    serverNow += 2 * HOUR;
    expect((await get(item!.fullUrl)).status).toBe(403);
  });
});
