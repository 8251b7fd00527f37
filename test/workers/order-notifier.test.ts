/**
 * The notifier against a recording fake of the Bot API and a real store: pacing and
 * coalescing of status edits, Telegram's benign errors, replacing a gone message, and delivery
 * recorded exactly once.
 */

import { type Api, GrammyError } from 'grammy';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { OrderRecord, OrdersRepository, UserRecord } from '../../src/db/index.js';
import type { Order } from '../../src/reseller/schemas.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { createI18n } from '../../src/telegram/i18n.js';
import type { ModelDisplays } from '../../src/telegram/texts/model-name.js';
import { OrderNotifier } from '../../src/workers/order-notifier.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';

interface Call {
  method: string;
  chatId: number;
  messageId?: number;
  text?: string;
  caption?: string;
  buttons?: string[];
  at: number;
}

/** The Api methods the notifier uses; each may be told to fail. */
function fakeApi() {
  const calls: Call[] = [];
  const failures = new Map<string, Array<{ code: number; description: string }>>();
  let nextId = 500;
  const fail = (method: string) => {
    const f = failures.get(method)?.shift();
    if (f) {
      throw new GrammyError(
        `Call to '${method}' failed!`,
        { ok: false, error_code: f.code, description: f.description },
        method,
        {},
      );
    }
  };
  const buttons = (markup: unknown) =>
    ((markup as { inline_keyboard?: Array<Array<{ text: string }>> } | undefined)?.inline_keyboard ?? [])
      .flat()
      .map((b) => b.text);
  const record = (method: string, chatId: number, extra: Partial<Call> = {}) =>
    calls.push({ method, chatId, at: clock.now(), ...extra });
  const api = {
    async editMessageText(
      chatId: number,
      messageId: number,
      text: string,
      other?: { reply_markup?: unknown },
    ) {
      record('editMessageText', chatId, { messageId, text, buttons: buttons(other?.reply_markup) });
      fail('editMessageText');
      return true;
    },
    async sendMessage(chatId: number, text: string, other?: { reply_markup?: unknown }) {
      record('sendMessage', chatId, { text, buttons: buttons(other?.reply_markup) });
      fail('sendMessage');
      return { message_id: nextId++ };
    },
    async deleteMessage(chatId: number, messageId: number) {
      record('deleteMessage', chatId, { messageId });
      fail('deleteMessage');
      return true;
    },
    async editMessageReplyMarkup(chatId: number, messageId: number) {
      record('editMessageReplyMarkup', chatId, { messageId });
      return true;
    },
    async sendVideo(chatId: number, video: string, other?: { caption?: string }) {
      record('sendVideo', chatId, { text: video, caption: other?.caption });
      fail('sendVideo');
      return { message_id: nextId++ };
    },
    async sendPhoto(chatId: number, photo: string, other?: { caption?: string }) {
      record('sendPhoto', chatId, { text: photo, caption: other?.caption });
      fail('sendPhoto');
      return { message_id: nextId++ };
    },
  };
  return {
    api: api as unknown as Api,
    calls,
    failNext(method: string, code: number, description: string) {
      failures.set(method, [...(failures.get(method) ?? []), { code, description }]);
    },
  };
}

let database: TestDatabase;
let orders: OrdersRepository;
let seq = 0;

let clock: ManualClock;
let timers: ManualTimers;

beforeEach(async () => {
  clock = new ManualClock(Date.now());
  timers = new ManualTimers(clock, { auto: true });
  database = await createTestDatabase();
  orders = (await database.open()).orders;
});

afterEach(async () => {
  await database.drop();
});

async function submitted(
  chatId: number,
  upstream: Partial<Order> = {},
  modelType = 'image',
): Promise<OrderRecord> {
  const n = ++seq;
  const id = `row-${n}`;
  await orders.insertDraft({
    id,
    chatId,
    userId: chatId,
    locale: 'en',
    modelId: 203,
    modelName: 'Lumen',
    modelType,
    request: { model_id: 203, prompt: 'a fox' },
    priceUsd: '0.04',
    priceStars: null,
    quoteId: null,
    quoteExpiresAt: null,
    idempotencyKey: `key-${n}`,
  });
  await orders.beginSubmission(id, `key-${n}`);
  const order: Order = {
    id: `ord_${n}`,
    model_id: 203,
    status: 'processing',
    cost_usd: '0.04',
    result: [],
    expires_at: null,
    error: null,
    ...upstream,
  };
  await orders.markSubmitted(id, `key-${n}`, order);
  await orders.setStatusMessageId(id, 100 + n);
  return (await orders.find(id))!;
}

async function update(row: OrderRecord, upstream: Partial<Order>): Promise<OrderRecord> {
  const { row: updated } = await orders.updateFromUpstream(row.id, {
    id: row.upstreamOrderId!,
    model_id: 203,
    status: 'processing',
    cost_usd: '0.04',
    result: [],
    expires_at: null,
    error: null,
    ...upstream,
  });
  return updated;
}

/** Orders whose delivery outcome the notifier reported (OrderingService.deliveryRecorded). */
let recorded: string[] = [];

function notifier(
  api: Api,
  opts: { gap?: number; blocked?: number[]; locale?: 'en' | 'ru'; modelDisplays?: ModelDisplays } = {},
) {
  recorded = [];
  const n = new OrderNotifier({
    deliveryRecorded: async (id) => void recorded.push(id),
    orders,
    users: {
      markBlocked: async (id: number) => void opts.blocked?.push(id),
      find: async () => (opts.locale ? ({ locale: opts.locale } as UserRecord) : undefined),
    },
    config: loadConfig({ BOT_TOKEN: '123:TEST' }),
    logger: pino({ level: 'silent' }),
    api,
    i18n: createI18n('en'),
    chatGapMs: opts.gap ?? 200,
    refreshTickMs: 0,
    now: () => clock.now(),
    timers,
    ...(opts.modelDisplays && { modelDisplays: opts.modelDisplays }),
  });
  return n;
}

describe('OrderNotifier', () => {
  it('coalesces a burst into one edit per order and paces edits per chat', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 300 });
    const a = await submitted(1);
    const b = await submitted(1);
    const c = await submitted(2);
    for (let i = 0; i < 3; i++) await n.statusChanged(a, 'queued');
    await n.statusChanged(b, 'queued');
    await n.statusChanged(c, 'queued');
    await n.stop();
    const edits = fake.calls.filter((x) => x.method === 'editMessageText');
    expect(edits.map((e) => e.messageId).sort()).toEqual(
      [a.statusMessageId, b.statusMessageId, c.statusMessageId].sort(),
    );
    const [first, second] = edits.filter((e) => e.chatId === 1);
    // Virtual milliseconds: exact whatever the load on the machine. (That other chats do not wait
    // for this one is the pacer's own test: here the store's reads may let virtual time run on.)
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(300);
    expect(edits[0]!.text).toContain('Generating');
    expect(edits[0]!.buttons).toEqual(['✖️ Cancel generation']);
  });

  it('speaks the language the user switched to after ordering', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 1, locale: 'ru' });
    await n.statusChanged(await submitted(5), 'queued');
    await n.stop();
    expect(fake.calls[0]!.text).toContain('Идёт генерация');
  });

  it('ignores "message is not modified" and replaces a status message that is gone', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 1 });
    const row = await submitted(3);
    fake.failNext('editMessageText', 400, 'Bad Request: message is not modified');
    await n.statusChanged(row, 'queued');
    await n.stop();
    expect(fake.calls.map((c) => c.method)).toEqual(['editMessageText']);

    const again = notifier(fake.api, { gap: 1 });
    fake.failNext('editMessageText', 400, 'Bad Request: message to edit not found');
    await again.statusChanged(row, 'queued');
    await again.stop();
    expect(fake.calls.map((c) => c.method)).toEqual(['editMessageText', 'editMessageText', 'sendMessage']);
    expect((await orders.find(row.id))!.statusMessageId).toBe(500);
  });

  it('failed: a new status message with Try again, the old one deleted, recorded once', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 1 });
    const row = await update(await submitted(4), {
      status: 'failed',
      error: { code: 'x', message: 'too dark' },
    });
    await n.finalReached(row);
    await n.finalReached(row);
    await n.stop();
    expect(fake.calls.map((c) => c.method)).toEqual(['sendMessage', 'deleteMessage']);
    expect(fake.calls[0]!.text).toMatch(/Generation failed[\s\S]*The service says: too dark/);
    expect(fake.calls[0]!.buttons).toEqual(['🔁 Try again', '🏠 Main menu']);
    expect(fake.calls[1]!.messageId).toBe(row.statusMessageId);
    expect((await orders.find(row.id))!.deliveredAt).toBeInstanceOf(Date);
  });

  it('cancelled and lost: the final message keeps Try again and 🏠, also when drawn again after a restart', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 1 });
    const cancelled = await update(await submitted(11), { status: 'cancelled' });
    await n.finalReached(cancelled);
    const lost = (await orders.markLost((await submitted(12)).id))!;
    await n.orderLost(lost);
    await n.stop();
    const shown = fake.calls.filter((c) => c.text !== undefined);
    expect(shown.map((c) => [c.method, c.buttons])).toEqual([
      ['editMessageText', ['🔁 Try again', '🏠 Main menu']],
      ['sendMessage', ['🔁 Try again', '🏠 Main menu']],
    ]);
    expect(shown[0]!.text).toMatch(/The generation was stopped/);
    expect(shown[1]!.text).toMatch(/can't find this order anymore[\s\S]*Tap <b>🔁 Try again<\/b>/);

    // A process that stopped before recording the outcome draws it again from the row alone.
    const fresh = fakeApi();
    const again = notifier(fresh.api, { gap: 1 });
    const redrawn = await update(await submitted(13), { status: 'cancelled' });
    await again.finalReached(redrawn);
    await again.stop();
    expect(fresh.calls.find((c) => c.text !== undefined)?.buttons).toEqual(['🔁 Try again', '🏠 Main menu']);
  });

  it('names the model as the reseller renamed it, in the reader’s language, in the status and the caption', async () => {
    const fake = fakeApi();
    // Renamed in Russian only: an English reader keeps upstream's name.
    const displays: ModelDisplays = (id) => (id === 203 ? { name: { en: null, ru: 'Аврора' } } : undefined);
    const ru = notifier(fake.api, { gap: 1, locale: 'ru', modelDisplays: displays });
    await ru.statusChanged(await submitted(21), 'queued');
    const done = await update(await submitted(22), {
      status: 'completed',
      result: ['https://r.test/g/p.png'],
    });
    await ru.finalReached(done);
    await ru.stop();
    const status = fake.calls.find((c) => c.method === 'editMessageText' && c.chatId === 21)!;
    expect(status.text).toContain('Аврора');
    expect(status.text).not.toContain('Lumen');
    const result = fake.calls.find((c) => c.chatId === 22 && c.caption !== undefined)!;
    expect(result.caption).toContain('Аврора');

    const en = fakeApi();
    const english = notifier(en.api, { gap: 1, locale: 'en', modelDisplays: displays });
    await english.statusChanged(await submitted(23), 'queued');
    await english.stop();
    expect(en.calls[0]!.text).toContain('Lumen');
  });

  it('completed: the result, then Done; delivery recorded as sent right after the send, never twice', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 1 });
    const expires = new Date(Date.now() + 86_400_000).toISOString();
    const row = await update(await submitted(5, {}, 'video'), {
      status: 'completed',
      result: ['https://r.test/g/abc'],
      expires_at: expires,
    });
    await Promise.all([n.finalReached(row), n.finalReached(row)]);
    await n.finalReached((await orders.find(row.id))!);
    await n.stop();
    expect(fake.calls.map((c) => c.method)).toEqual(['sendVideo', 'editMessageText']);
    expect(fake.calls[0]!.text).toBe('https://r.test/g/abc');
    expect(fake.calls[1]!.text).toMatch(/Done![\s\S]*kept until/);
    expect(await orders.find(row.id)).toMatchObject({ deliveryOutcome: 'sent' });
    expect(recorded).toEqual([row.id]);
  });

  it('a chat that blocked the bot: nothing to deliver to, recorded so it is not retried forever', async () => {
    const fake = fakeApi();
    const blocked: number[] = [];
    const n = notifier(fake.api, { gap: 1, blocked });
    const row = await update(await submitted(6, {}, 'video'), {
      status: 'completed',
      result: ['https://r.test/g/def'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    fake.failNext('editMessageText', 403, 'Forbidden: bot was blocked by the user');
    fake.failNext('sendVideo', 403, 'Forbidden: bot was blocked by the user');
    await n.finalReached(row);
    await n.stop();
    expect((await orders.find(row.id))!.deliveredAt).toBeInstanceOf(Date);
    expect(blocked).toEqual([6]);
  });

  it('a transient Telegram failure before anything was sent propagates, so the tracker retries', async () => {
    const fake = fakeApi();
    const n = notifier(fake.api, { gap: 1 });
    const row = await update(await submitted(7, {}, 'video'), {
      status: 'completed',
      result: ['https://r.test/g/ghi'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    fake.failNext('sendVideo', 500, 'Internal Server Error');
    await expect(n.finalReached(row)).rejects.toThrow();
    expect((await orders.find(row.id))!.deliveredAt).toBeNull();
    await n.finalReached((await orders.find(row.id))!);
    await n.stop();
    expect(fake.calls.filter((c) => c.method === 'sendVideo')).toHaveLength(2);
    expect((await orders.find(row.id))!.deliveredAt).toBeInstanceOf(Date);
  });

  describe('nothing reached the chat: one clear message, no Done, outcome recorded as none', () => {
    // The way on: files upstream still keeps can be sent again, otherwise the order placed anew.
    const retry = ['🔁 Try again', '🏠 Main menu'];
    const cases: Array<[string, Partial<Order>, RegExp, string[]]> = [
      ['upstream completed with no files', { result: [] }, /didn't send back any files/, retry],
      [
        'the files expired before the delivery',
        { result: ['https://r.test/g/old'], expires_at: new Date(Date.now() - 1000).toISOString() },
        /already expired/,
        retry,
      ],
      [
        'a result URL the policy refuses (not a file we may fetch)',
        { result: ['http://127.0.0.1:9/g/x'], expires_at: new Date(Date.now() + 86_400_000).toISOString() },
        /safely send/,
        // Sent again, the same URL would be refused again: the order placed anew is the way on.
        retry,
      ],
    ];
    for (const [name, upstream, reason, buttons] of cases) {
      it(name, async () => {
        const fake = fakeApi();
        const n = notifier(fake.api, { gap: 1 });
        const row = await update(await submitted(8, {}, 'image'), { status: 'completed', ...upstream });
        await n.finalReached(row);
        await n.finalReached((await orders.find(row.id))!);
        await n.stop();
        const shown = fake.calls.filter((c) => c.text !== undefined);
        const texts = shown.map((c) => c.text!);
        expect(texts).toHaveLength(1);
        expect(shown[0]!.buttons).toEqual(buttons);
        expect(texts[0]).toMatch(/Not delivered/);
        expect(texts[0]).toMatch(reason);
        // Billing is off here: no word of charges, the order is kept for another try.
        expect(texts[0]).toMatch(/saved in \/orders/);
        expect(texts[0]).not.toMatch(/charg/i);
        expect(texts[0]).not.toMatch(/Done!|kept until/);
        expect(fake.calls.some((c) => c.method.startsWith('send') && c.method !== 'sendMessage')).toBe(false);
        expect(await orders.find(row.id)).toMatchObject({ deliveryOutcome: 'none' });
        expect(recorded).toContain(row.id);
      });
    }
  });
});
