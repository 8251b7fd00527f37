/**
 * The Mini App's groups API (issue 42), handlers called directly on a real store (every engine) and
 * the real GroupsService: the document (today's generations, whether each group takes orders), a
 * change written and audited (on, off, back to the default, a cap and none), a refused body (422,
 * one entry per field, nothing written), 404 for a group the bot was never in, and two bots' groups
 * kept apart.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../../src/db/index.js';
import { groupsRoutes } from '../../../src/server/miniapp/groups-routes.js';
import type { MiniAppRoute } from '../../../src/server/miniapp/route.js';
import type { GroupsDocument } from '../../../src/services/admin/dashboard-types.js';
import { type GroupsMode, GroupsService } from '../../../src/services/groups.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../support/databases.js';

const ADMIN = 7;
/** Wednesday 2025-03-12 10:00 UTC. */
const NOW = Date.UTC(2025, 2, 12, 10);
const CAFE = -1001;
const CLUB = -1002;
const THEIRS = -2001;

function serviceOn(store: Store, mode: GroupsMode) {
  return new GroupsService({
    repo: store.groupChats,
    audit: store.audit,
    mode,
    logger: pino({ level: 'silent' }),
    now: () => NOW,
  });
}

/** An order sent upstream from `chatId` now: what the group's cap counts. */
async function orderFrom(store: Store, chatId: number): Promise<void> {
  await store.users.touch({ id: 11, firstName: 'u11', username: 'user11' }, false);
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

describe.each(availableEngines())('groups routes on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let service: GroupsService;
  let routes: MiniAppRoute[];

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await database.open(() => NOW);
    service = serviceOn(store, 'on');
    routes = groupsRoutes(service);
    await store.groupChats.seen(CAFE, 'Cafe', true);
    await store.groupChats.seen(CLUB, 'Club', true);
    await store.groupChats.seen(CLUB, 'Club', false);
  });
  afterEach(async () => {
    await database.drop();
  });

  const call = (method: string, path: string, body?: unknown, params: Record<string, string> = {}) => {
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`no route ${method} ${path}`);
    return route.handle({ adminId: ADMIN, params, query: new URLSearchParams(), body });
  };
  const getGroups = async () => (await call('GET', '/groups')).json as GroupsDocument;
  const putGroup = (chatId: string | number, body: unknown) =>
    call('PUT', '/groups/:chatId', body, { chatId: String(chatId) });
  const audited = async () =>
    (await store.audit.page(0, 50)).map((e) => ({ actor: e.actorId, action: e.action, details: e.details }));

  it('GET: the mode, each group with whether it takes orders and today’s generations, the bounds', async () => {
    await orderFrom(store, CAFE);
    await orderFrom(store, CAFE);
    expect(await getGroups()).toEqual({
      mode: 'on',
      groups: [
        {
          chatId: CAFE,
          title: 'Cafe',
          member: true,
          enabled: null,
          open: true,
          dailyCap: null,
          usedToday: 2,
        },
        {
          chatId: CLUB,
          title: 'Club',
          member: false,
          enabled: null,
          open: false,
          dailyCap: null,
          usedToday: 0,
        },
      ],
      limits: { maxCap: 10_000 },
    });
  });

  it('PUT: turns a group off with a cap, then back to the default without one; each change audited', async () => {
    await orderFrom(store, CAFE);
    const res = await putGroup(CAFE, { enabled: false, dailyCap: 5 });
    expect(res.status).toBe(200);
    const doc = res.json as GroupsDocument;
    expect(doc.groups.find((g) => g.chatId === CAFE)).toMatchObject({
      enabled: false,
      dailyCap: 5,
      open: false,
      usedToday: 1,
    });
    const status = await service.status(CAFE);
    expect(status.group).toMatchObject({ enabled: false, dailyCap: 5 });
    expect(status.verdict).toEqual({ kind: 'closed' });
    expect(await audited()).toEqual(
      expect.arrayContaining([
        { actor: ADMIN, action: 'group_disabled', details: { chat: CAFE } },
        { actor: ADMIN, action: 'group_cap_set', details: { chat: CAFE, cap: 5 } },
      ]),
    );
    expect(await store.audit.count()).toBe(2);

    // The same again changes nothing and audits nothing.
    expect((await putGroup(CAFE, { enabled: false, dailyCap: 5 })).status).toBe(200);
    expect(await store.audit.count()).toBe(2);

    // Back to what GROUPS says, and no cap; the cap at 1 closes it for today.
    expect((await putGroup(CAFE, { enabled: null, dailyCap: null })).status).toBe(200);
    expect((await service.status(CAFE)).group).toMatchObject({ enabled: null, dailyCap: null });
    expect((await audited()).slice(0, 2)).toEqual(
      expect.arrayContaining([
        { actor: ADMIN, action: 'group_default', details: { chat: CAFE } },
        { actor: ADMIN, action: 'group_cap_set', details: { chat: CAFE, cap: 0 } },
      ]),
    );
    const capped = (await putGroup(CAFE, { dailyCap: 1 })).json as GroupsDocument;
    expect(capped.groups[0]).toMatchObject({ chatId: CAFE, enabled: null, dailyCap: 1, open: false });
    expect((await service.status(CAFE)).verdict).toMatchObject({ kind: 'capped', cap: 1 });
    expect((await putGroup(CAFE, { enabled: true })).status).toBe(200);
    expect((await audited())[0]).toEqual({ actor: ADMIN, action: 'group_enabled', details: { chat: CAFE } });
  });

  it('422: one entry per refused field, and nothing written', async () => {
    const bad = [
      [{ enabled: 'yes', dailyCap: 0 }, ['enabled', 'dailyCap']],
      [{ dailyCap: 10_001 }, ['dailyCap']],
      [{ dailyCap: 2.5 }, ['dailyCap']],
      [{ dailyCap: '5' }, ['dailyCap']],
      [{ enabled: false, dailyCap: -1 }, ['dailyCap']],
      [{ enabled: 1 }, ['enabled']],
      [{ title: 'x' }, ['title']],
      [[], ['body']],
      [null, ['body']],
      [undefined, ['body']],
    ] as const;
    for (const [body, fields] of bad) {
      const res = await putGroup(CAFE, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      const errors = (res.json as { errors: Array<{ field: string; message: string }> }).errors;
      expect(errors.map((e) => e.field)).toEqual(fields);
      for (const e of errors) expect(e.message).not.toBe('');
    }
    expect((await service.status(CAFE)).group).toMatchObject({ enabled: null, dailyCap: null });
    expect(await store.audit.count()).toBe(0);
    // The bounds themselves are taken.
    expect((await putGroup(CAFE, { dailyCap: 10_000 })).status).toBe(200);
    expect((await putGroup(CAFE, { dailyCap: 1 })).status).toBe(200);
  });

  it('404: a group the bot was never in, or no chat id at all', async () => {
    for (const id of ['-3003', 'abc', '1.5', '', '-0', '99999999999999999999']) {
      const res = await putGroup(id, { enabled: true });
      expect({ id, status: res.status, json: res.json }).toEqual({
        id,
        status: 404,
        json: { error: 'unknown_group' },
      });
    }
    expect(await store.audit.count()).toBe(0);
  });

  it('keeps two bots’ groups apart: neither lists nor changes the other’s', async () => {
    const shop = storeOn(store.engine, { bot: 2, now: () => NOW });
    const shopService = serviceOn(shop, 'allowlist');
    await shop.groupChats.seen(THEIRS, 'Shop group', true);
    const shopRoutes = groupsRoutes(shopService);
    const shopGet = shopRoutes.find((r) => r.method === 'GET')!;
    const shopDoc = (
      await shopGet.handle({ adminId: 9, params: {}, query: new URLSearchParams(), body: undefined })
    ).json as GroupsDocument;
    expect(shopDoc.mode).toBe('allowlist');
    expect(shopDoc.groups.map((g) => [g.chatId, g.open])).toEqual([[THEIRS, false]]);
    expect((await getGroups()).groups.map((g) => g.chatId)).toEqual([CAFE, CLUB]);

    // The main bot's room can't reach the shop's group, nor the shop's room the main bot's.
    expect((await putGroup(THEIRS, { enabled: true })).status).toBe(404);
    const shopPut = shopRoutes.find((r) => r.method === 'PUT')!;
    const put = (chatId: number) =>
      shopPut.handle({
        adminId: 9,
        params: { chatId: String(chatId) },
        query: new URLSearchParams(),
        body: { enabled: true },
      });
    expect((await put(CAFE)).status).toBe(404);
    expect((await put(THEIRS)).status).toBe(200);
    expect((await shopService.status(THEIRS)).verdict).toEqual({ kind: 'open' });
    expect((await service.status(CAFE)).group?.enabled).toBeNull();
    expect(await store.audit.count()).toBe(0);
    expect(await shop.audit.count()).toBe(1);
  });
});
