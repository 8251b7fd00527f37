/**
 * The Mini App's reports API (issue 42), on every engine: handlers called directly on a real store
 * with the real ReportsService, CustomerAdmin and telegram/reported-post.ts (its Bot API calls
 * recorded), then the same routes behind the real initData check over HTTP. The document (figures,
 * the open reports newest first, a guest card named so, a description as typed, how many members
 * reported each result; another bot's reports never listed), each action resolved and audited as the
 * chat's buttons do (Remove deletes the group post or hides the guest card in the owner's language),
 * a second resolution answered with the report as it stands, a refused removal and an admin owner
 * leaving it open (409), unknown ids (404) and bad bodies (422) changing nothing, and forged, absent
 * or a customer's initData refused before anything is done.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../../src/db/index.js';
import { createHttpServer, listen } from '../../../src/server/http-server.js';
import { miniAppApiRoutes } from '../../../src/server/miniapp/api.js';
import type { MiniAppRoute } from '../../../src/server/miniapp/route.js';
import type {
  ReportRefusal,
  ReportResolution,
  ReportsDocument,
  ReportsErrors,
} from '../../../src/services/admin/dashboard-types.js';
import {
  CANNOT_DELETE,
  completedOrder,
  type ReportsRoutesOn,
  reportsRoutesOn,
} from '../../miniapp/reports-routes.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../../support/databases.js';
import { forge, signInitData } from '../../support/miniapp-init-data.js';

const ADMIN = 7;
const OTHER_ADMIN = 8;
const ANN = 11;
const BOB = 12;
const CY = 13;
/** Wednesday 2025-03-12 10:00 UTC. */
const NOW = Date.UTC(2025, 2, 12, 10);
const MINUTE = 60_000;
const CAFE = -1001;
const CAFE_POST = 501;
const DESCRIPTION = 'a red fox <b>in</b> the snow & "friends"';
const GUEST_CARD = 'AgAAAInlineCard';
const GUEST_FILE = { index: 0, kind: 'photo' as const, fileId: 'photo-file-1', fileUniqueId: 'u1' };

describe.each(availableEngines())('reports routes on %s', (engine) => {
  let database: TestDatabase;
  let store: Store;
  let clock: number;
  let on: ReportsRoutesOn;
  /** Bob's and Cy's reports of Ann's result in the cafe, and Bob's of her guest card, oldest first. */
  let ids: { cafeByBob: number; cafeByCy: number; guest: number };
  let cafeOrder: string;

  const file = async (orderId: string, chatId: number, messageId: number, reporter: number, at: number) => {
    clock = at;
    const outcome = await on.service.file(orderId, chatId, messageId, reporter);
    if (outcome.kind !== 'filed') throw new Error(`not filed: ${outcome.kind}`);
    return outcome.report.id;
  };

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    clock = NOW - 3 * 86_400_000;
    store = await database.open(() => clock);
    on = reportsRoutesOn(store, { adminIds: [ADMIN, OTHER_ADMIN], now: () => clock });
    await store.users.touch({ id: ANN, firstName: 'Ann <i>', username: 'ann' }, false);
    await store.users.touch({ id: BOB, firstName: 'Bob', username: 'bob' }, false);
    await store.users.touch({ id: CY, firstName: 'Cy', username: 'cy' }, false);
    await store.users.touch({ id: ADMIN, firstName: 'Ada', username: 'ada' }, true);
    await store.groupChats.seen(CAFE, 'Cafe', true);
    cafeOrder = await completedOrder(store, { chatId: CAFE, userId: ANN, prompt: DESCRIPTION });
    const guestOrder = await completedOrder(store, {
      chatId: ANN,
      userId: ANN,
      prompt: 'a cat',
      model: 'Vela',
      guestCard: { inlineMessageId: GUEST_CARD, file: GUEST_FILE },
    });
    ids = {
      cafeByBob: await file(cafeOrder, CAFE, CAFE_POST, BOB, NOW - 3 * MINUTE),
      cafeByCy: await file(cafeOrder, CAFE, CAFE_POST, CY, NOW - 2 * MINUTE),
      guest: await file(guestOrder, ANN, 0, BOB, NOW - MINUTE),
    };
    clock = NOW;
  });
  afterEach(async () => {
    await database.drop();
  });

  const callOn = (
    routes: MiniAppRoute[],
    method: string,
    path: string,
    adminId: number,
    params = {},
    body?: unknown,
  ) => {
    const route = routes.find((r) => r.method === method && r.path === path);
    if (!route) throw new Error(`no route ${method} ${path}`);
    return route.handle({ adminId, params, query: new URLSearchParams(), body });
  };
  const getReports = async () => (await callOn(on.routes, 'GET', '/reports', ADMIN)).json as ReportsDocument;
  const act = (id: number | string, body: unknown, adminId = ADMIN) =>
    callOn(on.routes, 'POST', '/reports/:id', adminId, { id: String(id) }, body);
  const statusOf = async (id: number) => (await on.service.find(id))?.report.status;
  const audited = async () =>
    (await store.audit.page(0, 50)).map((e) => ({
      actor: e.actorId,
      action: e.action,
      target: e.targetUserId,
      details: e.details,
    }));

  it('GET: the figures and the open reports, newest first, each with its facts', async () => {
    // Another bot's report on the same database is not this room's.
    const shop = storeOn(store.engine, { bot: 2, now: () => clock });
    await shop.users.touch({ id: ANN, firstName: 'Ann elsewhere', username: 'ann' }, false);
    const shopOn = reportsRoutesOn(shop, { adminIds: [9], now: () => clock });
    const theirs = await completedOrder(shop, { chatId: -2001, userId: ANN, prompt: 'theirs' });
    const shopReport = await shopOn.service.file(theirs, -2001, 77, BOB);
    expect(shopReport.kind).toBe('filed');

    expect(await getReports()).toEqual({
      figures: { reports: 3, open: 3 },
      open: [
        {
          id: ids.guest,
          at: new Date(NOW - MINUTE).toISOString(),
          place: { kind: 'guest' },
          owner: { id: ANN, name: 'Ann <i>' },
          model: 'Vela',
          description: 'a cat',
          reporters: 1,
        },
        {
          id: ids.cafeByCy,
          at: new Date(NOW - 2 * MINUTE).toISOString(),
          place: { kind: 'group', chatId: CAFE, title: 'Cafe' },
          owner: { id: ANN, name: 'Ann <i>' },
          model: 'Lumen',
          description: DESCRIPTION,
          reporters: 2,
        },
        {
          id: ids.cafeByBob,
          at: new Date(NOW - 3 * MINUTE).toISOString(),
          place: { kind: 'group', chatId: CAFE, title: 'Cafe' },
          owner: { id: ANN, name: 'Ann <i>' },
          model: 'Lumen',
          description: DESCRIPTION,
          reporters: 2,
        },
      ],
      more: false,
      limits: { shown: 50 },
    });
    const shopDoc = (await callOn(shopOn.routes, 'GET', '/reports', 9)).json as ReportsDocument;
    expect(shopDoc.figures).toEqual({ reports: 1, open: 1 });
    expect(shopDoc.open.map((r) => [r.owner.name, r.description])).toEqual([['Ann elsewhere', 'theirs']]);
    expect(on.calls).toEqual([]);
  });

  it('GET: lists the newest 50 of more, says there are more, and counts reports older than 30 days out', async () => {
    await store.groupChats.seen(-1002, 'Club', true);
    for (let i = 0; i < 50; i++) {
      const order = await completedOrder(store, { chatId: -1002, userId: CY, prompt: `p${i}` });
      await file(order, -1002, 600 + i, ANN, NOW - 40 * 86_400_000 + i * MINUTE);
    }
    clock = NOW;
    const doc = await getReports();
    expect(doc.open).toHaveLength(50);
    expect(doc.more).toBe(true);
    expect(doc.open.slice(0, 3).map((r) => r.id)).toEqual([ids.guest, ids.cafeByCy, ids.cafeByBob]);
    expect(doc.open.at(-1)?.description).toBe('p3');
    expect(doc.figures).toEqual({ reports: 3, open: 3 });
  });

  it("Dismiss resolves it, and the other members' reports of the same post, as the admin who called, audited", async () => {
    const res = await act(ids.cafeByBob, { action: 'dismiss' });
    expect(res.status).toBe(200);
    const answer = res.json as ReportResolution;
    expect(answer.outcome).toEqual({
      id: ids.cafeByBob,
      status: 'dismissed',
      guestCard: false,
      already: false,
    });
    // Cy's report of the same post went with it: one decision per post.
    expect(answer.reports.open.map((r) => r.id)).toEqual([ids.guest]);
    expect(answer.reports.figures).toEqual({ reports: 3, open: 1 });
    expect(await statusOf(ids.cafeByBob)).toBe('dismissed');
    expect(await statusOf(ids.cafeByCy)).toBe('dismissed');
    expect((await on.service.find(ids.cafeByBob))?.report.resolvedBy).toBe(ADMIN);
    expect((await on.service.find(ids.cafeByCy))?.report.resolvedBy).toBe(ADMIN);
    expect(await audited()).toEqual([
      {
        actor: ADMIN,
        action: 'report_dismissed',
        target: ANN,
        details: { report: ids.cafeByBob, samePost: [ids.cafeByCy] },
      },
    ]);
    expect(on.calls).toEqual([]);
    expect((await store.users.find(ANN))?.bannedAt).toBeNull();
  });

  it('Ban bans the owner and resolves it, both audited; an admin owner is never banned and it stays open', async () => {
    const res = await act(ids.cafeByCy, { action: 'ban' });
    expect(res.status).toBe(200);
    expect((res.json as ReportResolution).outcome).toEqual({
      id: ids.cafeByCy,
      status: 'banned',
      guestCard: false,
      already: false,
    });
    expect((await store.users.find(ANN))?.bannedAt).not.toBeNull();
    expect(await audited()).toEqual(
      expect.arrayContaining([
        { actor: ADMIN, action: 'user_banned', target: ANN, details: {} },
        {
          actor: ADMIN,
          action: 'report_banned',
          target: ANN,
          details: { report: ids.cafeByCy, samePost: [ids.cafeByBob] },
        },
      ]),
    );
    expect(await store.audit.count()).toBe(2);
    expect(await statusOf(ids.cafeByBob)).toBe('banned');

    // A result of an admin's, reported: Ban refuses, and the report waits.
    await store.groupChats.seen(-1003, 'Staff', true);
    const adminsOrder = await completedOrder(store, { chatId: -1003, userId: ADMIN, prompt: 'mine' });
    const reported = await file(adminsOrder, -1003, 900, BOB, NOW);
    const refused = await act(reported, { action: 'ban' }, OTHER_ADMIN);
    expect(refused.status).toBe(409);
    const body = refused.json as ReportRefusal;
    expect(body.error).toBe('owner_is_admin');
    expect(body.reports.open.map((r) => r.id)).toContain(reported);
    expect(body.reports.figures).toEqual({ reports: 4, open: 2 });
    expect(await statusOf(reported)).toBe('open');
    expect((await store.users.find(ADMIN))?.bannedAt).toBeNull();
    expect(await store.audit.count()).toBe(2);
  });

  it('Remove deletes the group post as the chat button does, and resolves it, audited', async () => {
    const res = await act(ids.cafeByBob, { action: 'remove' });
    expect(res.status).toBe(200);
    expect((res.json as ReportResolution).outcome).toEqual({
      id: ids.cafeByBob,
      status: 'removed',
      guestCard: false,
      already: false,
    });
    expect(on.calls).toEqual([
      { method: 'deleteMessage', payload: { chat_id: CAFE, message_id: CAFE_POST } },
    ]);
    expect(await statusOf(ids.cafeByBob)).toBe('removed');
    // The post is gone: Cy's report of it is resolved too, and no second Remove can fail on it.
    expect(await statusOf(ids.cafeByCy)).toBe('removed');
    expect(await audited()).toEqual([
      {
        actor: ADMIN,
        action: 'report_removed',
        target: ANN,
        details: { report: ids.cafeByBob, samePost: [ids.cafeByCy] },
      },
    ]);
    expect((await act(ids.cafeByCy, { action: 'remove' })).json).toMatchObject({
      outcome: { id: ids.cafeByCy, status: 'removed', already: true },
    });
    expect(on.calls).toHaveLength(1);
  });

  it('Remove hides a guest card: its picture under a spoiler, a caption in the owner’s language, no buttons', async () => {
    await store.users.setLocale(ANN, 'ru');
    const res = await act(ids.guest, { action: 'remove' });
    expect(res.status).toBe(200);
    expect((res.json as ReportResolution).outcome).toEqual({
      id: ids.guest,
      status: 'removed',
      guestCard: true,
      already: false,
    });
    expect(on.calls).toEqual([
      {
        method: 'editMessageMedia',
        payload: {
          inline_message_id: GUEST_CARD,
          media: {
            type: 'photo',
            media: GUEST_FILE.fileId,
            caption: '🚫 Удалено администраторами.',
            has_spoiler: true,
          },
          reply_markup: { inline_keyboard: [[]] },
        },
      },
    ]);
    expect(await statusOf(ids.guest)).toBe('removed');
    expect((await audited()).map((e) => e.action)).toEqual(['report_removed']);
  });

  it('Remove that Telegram refuses answers 409 remove_failed with the figures, and the report stays open', async () => {
    on.failNext('deleteMessage', CANNOT_DELETE);
    const res = await act(ids.cafeByBob, { action: 'remove' });
    expect(res.status).toBe(409);
    const body = res.json as ReportRefusal;
    expect(body.error).toBe('remove_failed');
    expect(body.reports.figures).toEqual({ reports: 3, open: 3 });
    expect(body.reports.open.map((r) => r.id)).toContain(ids.cafeByBob);
    expect(on.calls.map((c) => c.method)).toEqual(['deleteMessage']);
    expect(await statusOf(ids.cafeByBob)).toBe('open');
    expect(await store.audit.count()).toBe(0);
    // Once Telegram lets it, the same button works.
    expect((await act(ids.cafeByBob, { action: 'remove' })).status).toBe(200);
    expect(await statusOf(ids.cafeByBob)).toBe('removed');
  });

  it('a report resolved before answers with how it stands, and touches neither the post nor the owner', async () => {
    expect((await act(ids.cafeByBob, { action: 'dismiss' }, OTHER_ADMIN)).status).toBe(200);
    for (const action of ['remove', 'ban', 'dismiss']) {
      const res = await act(ids.cafeByBob, { action });
      expect({ action, status: res.status }).toEqual({ action, status: 200 });
      const answer = res.json as ReportResolution;
      expect(answer.outcome).toEqual({
        id: ids.cafeByBob,
        status: 'dismissed',
        guestCard: false,
        already: true,
      });
      expect(answer.reports.figures).toEqual({ reports: 3, open: 1 });
      expect(answer.reports.open.map((r) => r.id)).toEqual([ids.guest]);
    }
    expect(on.calls).toEqual([]);
    expect((await store.users.find(ANN))?.bannedAt).toBeNull();
    expect((await on.service.find(ids.cafeByBob))?.report.resolvedBy).toBe(OTHER_ADMIN);
    expect(await audited()).toEqual([
      {
        actor: OTHER_ADMIN,
        action: 'report_dismissed',
        target: ANN,
        details: { report: ids.cafeByBob, samePost: [ids.cafeByCy] },
      },
    ]);
  });

  it('404: an id no report of this bot has, or no id at all; nothing done', async () => {
    const shop = storeOn(store.engine, { bot: 2, now: () => clock });
    const shopOn = reportsRoutesOn(shop, { adminIds: [9], now: () => clock });
    const theirs = await completedOrder(shop, { chatId: -2001, userId: ANN, prompt: 'theirs' });
    const outcome = await shopOn.service.file(theirs, -2001, 77, BOB);
    if (outcome.kind !== 'filed') throw new Error('not filed');
    const theirId = outcome.report.id;
    for (const id of [String(theirId), '999999', 'abc', '0', '-1', '1.5', '', '99999999999', '2147483648']) {
      const res = await act(id, { action: 'dismiss' });
      expect({ id, status: res.status, json: res.json }).toEqual({
        id,
        status: 404,
        json: { error: 'unknown_report' },
      });
    }
    expect(await shopOn.service.find(theirId).then((f) => f?.report.status)).toBe('open');
    expect((await getReports()).figures).toEqual({ reports: 3, open: 3 });
    expect(await store.audit.count()).toBe(0);
    expect(await shop.audit.count()).toBe(0);
  });

  it('422: a body that names no action, or more than one, changes nothing', async () => {
    const bad = [
      [{}, ['action']],
      [{ action: 'delete' }, ['action']],
      [{ action: 'REMOVE' }, ['action']],
      [{ action: 1 }, ['action']],
      [{ action: null }, ['action']],
      [{ action: 'dismiss', also: 'ban' }, ['also']],
      [{ status: 'dismissed' }, ['action', 'status']],
      [['dismiss'], ['body']],
      [null, ['body']],
      [undefined, ['body']],
      ['dismiss', ['body']],
    ] as const;
    for (const [body, fields] of bad) {
      const res = await act(ids.cafeByBob, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      const errors = (res.json as ReportsErrors).errors;
      expect({ body, fields: errors.map((e) => e.field) }).toEqual({ body, fields });
      for (const e of errors) expect(e.message).not.toBe('');
    }
    expect(await statusOf(ids.cafeByBob)).toBe('open');
    expect(on.calls).toEqual([]);
    expect(await store.audit.count()).toBe(0);
  });

  describe('over HTTP, behind the initData check', () => {
    const TOKEN = '7000000001:AAreports-routes-token';
    let server: Server;
    let base: string;

    beforeEach(async () => {
      const logger = pino({ level: 'silent' });
      server = createHttpServer({
        logger,
        routes: miniAppApiRoutes({
          auth: { botToken: TOKEN, adminIds: [ADMIN, OTHER_ADMIN], maxAgeSeconds: 3600, now: () => NOW },
          routes: on.routes,
          logger,
        }),
      });
      await listen(server, 0, 'PORT');
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/miniapp/api`;
    });
    afterEach(async () => {
      await new Promise<void>((r) => server.close(() => r()));
    });

    const signed = (userId: number, botToken = TOKEN) =>
      signInitData({
        botToken,
        user: { id: userId, first_name: 'Someone', language_code: 'en' },
        authDate: Math.floor(NOW / 1000) - 60,
      });
    const post = (id: number, body: unknown, initData?: string) =>
      fetch(`${base}/reports/${id}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(initData !== undefined && { authorization: `tma ${initData}` }),
        },
        body: JSON.stringify(body),
      });

    it('refuses absent, forged, foreign and a customer’s initData before anything is done', async () => {
      const refusals = [
        [undefined, 401],
        ['', 401],
        [forge(signed(ADMIN)), 401],
        [signed(ADMIN, '7000000002:AAanother-bot'), 401],
        [signed(BOB), 403],
      ] as const;
      for (const [initData, status] of refusals) {
        const res = await post(ids.cafeByBob, { action: 'ban' }, initData);
        expect({ initData, status: res.status, body: await res.text() }).toEqual({
          initData,
          status,
          body: '',
        });
        const list = await fetch(`${base}/reports`, {
          headers: initData === undefined ? {} : { authorization: `tma ${initData}` },
        });
        expect({ initData, status: list.status }).toEqual({ initData, status });
        await list.text();
      }
      expect(await statusOf(ids.cafeByBob)).toBe('open');
      expect((await store.users.find(ANN))?.bannedAt).toBeNull();
      expect(await store.audit.count()).toBe(0);
    });

    it('acts as the admin whose initData signed the call', async () => {
      const list = await fetch(`${base}/reports`, { headers: { authorization: `tma ${signed(ADMIN)}` } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as ReportsDocument).open).toHaveLength(3);
      const res = await post(ids.cafeByCy, { action: 'dismiss' }, signed(OTHER_ADMIN));
      expect(res.status).toBe(200);
      expect(((await res.json()) as ReportResolution).outcome.status).toBe('dismissed');
      expect(await audited()).toEqual([
        {
          actor: OTHER_ADMIN,
          action: 'report_dismissed',
          target: ANN,
          details: { report: ids.cafeByCy, samePost: [ids.cafeByBob] },
        },
      ]);
      const bad = await post(ids.cafeByBob, { action: 'nuke' }, signed(ADMIN));
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as ReportsErrors).errors.map((e) => e.field)).toEqual(['action']);
    });
  });
});
