/**
 * The control room's reports routes (reports-routes.ts) over a store, for the route and browser
 * tests: the real ReportsService (with the real CustomerAdmin that bans), GroupsService and Accounts,
 * and Remove through the real telegram/reported-post.ts on a grammY Api whose requests never leave
 * the process: each is recorded and answered as Telegram answers it, or fails as a test asks.
 */
import { randomUUID } from 'node:crypto';
import { Api, type ApiClientOptions } from 'grammy';
import { pino } from 'pino';
import type { Store } from '../../src/db/index.js';
import type { DeliveredFile } from '../../src/db/records.js';
import type { Order } from '../../src/reseller/schemas.js';
import { reportsRoutes } from '../../src/server/miniapp/reports-routes.js';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { Accounts } from '../../src/services/accounts.js';
import { CustomerAdmin } from '../../src/services/admin/customers.js';
import { GroupsService } from '../../src/services/groups.js';
import { ReportsService } from '../../src/services/reports.js';
import { createI18n } from '../../src/telegram/i18n.js';
import { removeReportedPost } from '../../src/telegram/reported-post.js';

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
}

/** A Bot API error as Telegram sends it. */
export interface TelegramFailure {
  error_code: number;
  description: string;
}

/** Telegram's answer when a message is over 48 hours old or gone. */
export const CANNOT_DELETE: TelegramFailure = {
  error_code: 400,
  description: "Bad Request: message can't be deleted for everyone",
};

const i18n = createI18n('en');

export interface ReportsRoutesOn {
  routes: MiniAppRoute[];
  service: ReportsService;
  /** Every Bot API call Remove made, in order. */
  calls: RecordedCall[];
  /** The next call of `method` fails with this error. */
  failNext(method: string, failure: TelegramFailure): void;
}

export function reportsRoutesOn(
  store: Store,
  opts: { adminIds: readonly number[]; now: () => number },
): ReportsRoutesOn {
  const logger = pino({ level: 'silent' });
  const calls: RecordedCall[] = [];
  const failures = new Map<string, TelegramFailure>();
  const fakeFetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const method = String(url).split('/').pop()!;
    calls.push({ method, payload: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> });
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return Response.json({ ok: false, ...failure }, { status: failure.error_code });
    }
    return Response.json({ ok: true, result: true });
  };
  const api = new Api('7000000009:AAreports-test', {
    fetch: fakeFetch as unknown as ApiClientOptions['fetch'],
  });
  const accounts = new Accounts(store.users, opts.adminIds);
  const service = new ReportsService({
    reports: store.contentReports,
    orders: store.orders,
    audit: store.audit,
    customers: new CustomerAdmin({
      users: store.users,
      orders: store.orders,
      stats: store.stats,
      audit: store.audit,
      adminIds: opts.adminIds,
      logger,
    }),
    logger,
    now: opts.now,
  });
  const groups = new GroupsService({
    repo: store.groupChats,
    audit: store.audit,
    mode: 'on',
    logger,
    now: opts.now,
  });
  const routes = reportsRoutes({
    reports: service,
    groups,
    accounts,
    removePost: (report, order) =>
      removeReportedPost(
        { api, i18n, defaultLocale: 'en', findUser: (id) => accounts.find(id), logger },
        report,
        order,
      ),
  });
  return { routes, service, calls, failNext: (method, failure) => failures.set(method, failure) };
}

/**
 * A completed order of `userId` made in `chatId` (a group's, or their private chat for a guest
 * card), its result delivered: what a member can report.
 */
export async function completedOrder(
  store: Store,
  opts: {
    chatId: number;
    userId: number;
    prompt: string;
    model?: string;
    /** A guest card's: the inline message the result is on, and the file on it. */
    guestCard?: { inlineMessageId: string; file: DeliveredFile };
  },
): Promise<string> {
  const key = randomUUID();
  const row = await store.orders.insertDraft({
    id: randomUUID(),
    chatId: opts.chatId,
    userId: opts.userId,
    locale: 'en',
    modelId: 1,
    modelName: opts.model ?? 'Lumen',
    modelType: 'image',
    request: { model_id: 1, prompt: opts.prompt },
    priceUsd: '0.10',
    idempotencyKey: key,
  });
  const upstream: Order = {
    id: `up-${row.id}`,
    model_id: 1,
    status: 'queued',
    cost_usd: '0.10',
    result: [],
    expires_at: null,
    error: null,
  };
  await store.orders.beginSubmission(row.id, key);
  await store.orders.markSubmitted(row.id, key, upstream);
  await store.orders.updateFromUpstream(row.id, {
    ...upstream,
    status: 'completed',
    result: ['https://example.test/r.png'],
  });
  if (opts.guestCard) {
    await store.orders.setInlineMessageId(row.id, opts.guestCard.inlineMessageId);
    await store.orders.setResultFiles(row.id, [opts.guestCard.file]);
  }
  return row.id;
}
