import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/db/index.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import {
  canOfferCancel,
  failureDetail,
  formatDuration,
  renderOrderStatus,
} from '../../src/telegram/order-status.js';
import { NO_BRANDING } from '../../src/texts/branding.js';

const i18n = createI18n('en');
const en = textsFor(i18n, 'en');
const ru = textsFor(i18n, 'ru');
const T0 = Date.UTC(2030, 10, 21, 14, 5, 0);

function order(patch: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: '3f0e7a52-9a57-4d44-8f58-6d1f5bd1c0aa',
    chatId: 1,
    userId: 1,
    locale: 'en',
    modelId: 203,
    modelName: 'Lumen <Text> & Image',
    modelType: 'image',
    request: { model_id: 203, prompt: 'a fox' },
    priceUsd: '0.04',
    priceStars: null,
    quoteId: null,
    quoteExpiresAt: null,
    idempotencyKey: 'k',
    stage: 'submitted',
    submitAttempts: 1,
    submitError: null,
    submittedAt: new Date(T0),
    upstreamOrderId: 'ord_1',
    status: 'queued',
    costUsd: '0.04',
    result: [],
    resultExpiresAt: null,
    error: null,
    statusMessageId: 10,
    deliveredAt: null,
    nextPollAt: null,
    pollFailures: 0,
    createdAt: new Date(T0 - 5000),
    updatedAt: new Date(T0),
    finishedAt: null,
    finalHandledAt: null,
    ...patch,
  } as OrderRecord;
}

const buttons = (view: ReturnType<typeof renderOrderStatus>) =>
  view.keyboard.inline_keyboard
    .flat()
    .map((b) => ('callback_data' in b ? `${b.text}|${b.callback_data}` : b.text));

describe('order status message', () => {
  it('queued: state, escaped model, cost, elapsed, no Cancel yet', () => {
    const view = renderOrderStatus(en, order(), T0 + 7_000);
    expect(view.text).toContain('⏳ Order placed, waiting in the queue');
    expect(view.text).toContain('Lumen &lt;Text&gt; &amp; Image');
    expect(view.text).toContain('💸 Cost to the bot: $0.04');
    expect(view.text).toContain('Time: 7\u00a0sec');
    expect(buttons(view)).toEqual([]);
  });

  it('processing: Cancel with the row id, elapsed in minutes, Russian money format', () => {
    const row = order({ status: 'processing', costUsd: '1.5' });
    const view = renderOrderStatus(en, row, T0 + 125_000);
    expect(view.text).toContain('Time: 2\u00a0min 5\u00a0sec');
    expect(buttons(view)).toEqual([`✖️ Cancel generation|oc:${row.id}`]);
    expect(Buffer.byteLength(`oc:${row.id}`)).toBeLessThanOrEqual(64);
    const inRussian = renderOrderStatus(ru, row, T0 + 3_700_000);
    expect(inRussian.text).toContain('Идёт генерация');
    expect(inRussian.text).toContain('1,50');
    expect(inRussian.text).toContain('1\u00a0ч 1\u00a0мин');
  });

  it('hides Cancel once a cancellation is pending or the model refused it', () => {
    const row = order({ status: 'processing' });
    const pending = renderOrderStatus(en, row, T0, { cancelRequested: true });
    expect(pending.text).toContain('Cancellation requested');
    expect(buttons(pending)).toEqual([]);
    expect(canOfferCancel(row, { notCancellable: true })).toBe(false);
    expect(canOfferCancel(order({ status: 'queued' }))).toBe(false);
  });

  it('completed: Done, cost, duration, and until when the files are kept', () => {
    const row = order({
      status: 'completed',
      result: ['https://r.test/g/a'],
      finishedAt: new Date(T0 + 42_000),
      resultExpiresAt: new Date(Date.UTC(2030, 10, 22, 14, 5)),
    });
    const view = renderOrderStatus(en, row, T0 + 60_000);
    expect(view.text).toContain('✅ Done!');
    expect(view.text).toContain('💸 Cost to the bot: $0.04');
    expect(view.text).toContain('Time: 42\u00a0sec');
    expect(view.text).toContain('kept until 22 Nov, 14:05 UTC');
    expect(renderOrderStatus(ru, row, T0).text).toContain('хранятся до 22 нояб., 14:05 UTC');
    // TIME_ZONE reaches the texts through the i18n instance: the same instant, in Moscow's zone.
    const moscow = createI18n('en', NO_BRANDING, 'off', 'Europe/Moscow');
    expect(renderOrderStatus(textsFor(moscow, 'en'), row, T0).text).toContain(
      'kept until 22 Nov, 17:05 UTC+3',
    );
    expect(renderOrderStatus(textsFor(moscow, 'ru'), row, T0).text).toContain(
      'хранятся до 22 нояб., 17:05 UTC+3',
    );
    expect(buttons(view)).toEqual([]);
  });

  it('completed but the files expired: says so honestly', () => {
    const row = order({ status: 'completed', result: ['https://r.test/g/a', 'https://r.test/g/b'] });
    const all = renderOrderStatus(en, row, T0, { delivery: { sent: 0, expired: 2, linked: 0, failed: 0 } });
    expect(all.text).toContain('files had already expired');
    const some = renderOrderStatus(en, row, T0, { delivery: { sent: 1, expired: 1, linked: 0, failed: 0 } });
    expect(some.text).toContain('Some files had already expired');
  });

  it('failed: generic text, the upstream message as escaped detail, Try again', () => {
    const row = order({ status: 'failed', error: { code: 'x', message: 'NSFW <filter> hit' } });
    const view = renderOrderStatus(en, row, T0);
    expect(view.text).toContain('❌ Generation failed');
    expect(view.text).toContain('<i>The service says: NSFW &lt;filter&gt; hit</i>');
    expect(buttons(view)).toEqual([`🔁 Try again|or:${row.id}`, '🏠 Main menu|menu:home']);
    const opaque = renderOrderStatus(ru, order({ status: 'failed', error: { code: 42 } }), T0);
    expect(opaque.text).toContain('Сервису генерации не удалось');
    expect(opaque.text).not.toContain('Ответ сервиса');
  });

  it("failed: upstream's detail names 'your file', never the relay's internal file name", () => {
    const message = 'video-AQADBAADr7gxG2E.mp4 could not be decoded';
    const row = order({ status: 'failed', error: { code: 'x', message } });
    expect(renderOrderStatus(en, row, T0).text).toContain(
      '<i>The service says: your file could not be decoded</i>',
    );
    expect(renderOrderStatus(ru, row, T0).text).toContain('ваш файл could not be decoded');
    expect(renderOrderStatus(ru, row, T0).text).not.toContain('AQAD');
  });

  it('with SHOW_PRICES=false the status shows no cost, also in texts made outside an update (the tracker)', () => {
    const hidden = textsFor(createI18n('en', { ...NO_BRANDING, showPrices: false }), 'en');
    expect(renderOrderStatus(en, order(), T0).text).toContain('$0.04');
    expect(renderOrderStatus(hidden, order(), T0).text).not.toMatch(/\$|Cost/);
    expect(
      renderOrderStatus(hidden, order({ status: 'completed', finishedAt: new Date(T0) }), T0).text,
    ).not.toMatch(/\$|Cost/);
  });

  it('cancelled and lost: Try again (the same inputs) and 🏠, no command to type', () => {
    const row = order({ status: 'cancelled' });
    const cancelled = renderOrderStatus(en, row, T0);
    expect(cancelled.text).toContain('🚫 Order cancelled');
    expect(buttons(cancelled)).toEqual([`🔁 Try again|or:${row.id}`, '🏠 Main menu|menu:home']);
    const lost = renderOrderStatus(en, order({ status: 'processing' }), T0, { lost: true });
    expect(lost.text).toContain("can't find this order anymore");
    expect(lost.text).toContain('Tap <b>🔁 Try again</b> to place it again with the same inputs.');
    expect(lost.text).not.toContain('/generate');
    expect(buttons(lost)).toEqual([`🔁 Try again|or:${row.id}`, '🏠 Main menu|menu:home']);
    const lostRu = renderOrderStatus(ru, order({ status: 'processing' }), T0, { lost: true });
    expect(lostRu.text).toContain('Нажмите «🔁 Попробовать ещё раз», чтобы оформить его заново');
    expect(buttons(lostRu)).toEqual([`🔁 Попробовать ещё раз|or:${row.id}`, '🏠 Главное меню|menu:home']);
  });

  describe('undelivered: the way on matches what can still be done', () => {
    const files = ['https://r.test/g/a', 'https://r.test/g/b'];
    const kept = new Date(T0 + 86_400_000);

    it('files upstream still keeps: 📥 Send the files again (as in /orders) and 🏠', () => {
      const row = order({ status: 'completed', result: files, resultExpiresAt: kept });
      const view = renderOrderStatus(en, row, T0, {
        delivery: { sent: 0, expired: 0, linked: 2, failed: 0 },
      });
      expect(view.text).toContain('Not delivered');
      expect(view.text).toContain(
        'Your order is saved in /orders. Tap <b>📥 Send the files again</b> below to try once more.',
      );
      expect(buttons(view)).toEqual([`📥 Send the files again|os:${row.id}`, '🏠 Main menu|menu:home']);
      // Re-drawn from the stored row alone (after a restart, from /orders' confirm): the same way on.
      const stored = order({ ...row, deliveryOutcome: 'none' });
      expect(buttons(renderOrderStatus(ru, stored, T0))).toEqual([
        `📥 Прислать файлы ещё раз|os:${row.id}`,
        '🏠 Главное меню|menu:home',
      ]);
      expect(renderOrderStatus(ru, stored, T0).text).toContain(
        'Нажмите «📥 Прислать файлы ещё раз» ниже, чтобы попробовать снова.',
      );
    });

    it('with Stars: links that reached the chat are not "no file reached you", and resending says what it charges', () => {
      const stars = textsFor(createI18n('en', NO_BRANDING, 'stars'), 'en');
      const starsRu = textsFor(createI18n('ru', NO_BRANDING, 'stars'), 'ru');
      const row = order({ status: 'completed', result: files, resultExpiresAt: kept, priceStars: 21 });
      const links = { delivery: { sent: 0, expired: 0, linked: 2, failed: 0 } };
      const view = renderOrderStatus(stars, row, T0, links);
      expect(view.text).toContain('so they came as download links above.');
      expect(view.text).toContain("Until a file arrives in the chat, you aren't charged for this order.");
      expect(view.text).not.toContain('No file reached you');
      // The money line sits under the model (not after the support line that ends the text).
      expect(view.text).toMatch(
        /^⚠️ Not delivered\n\nModel: [^\n]+\n↩️ Returned to your wallet: ⭐\u00a021\n\n/,
      );
      expect(view.text.match(/⚠️/g)).toHaveLength(1);
      expect(view.text).toContain(
        'Tap <b>📥 Send the files again</b> below; if they arrive, ⭐\u00a021 is charged.',
      );
      const ru = renderOrderStatus(starsRu, row, T0, links).text;
      expect(ru).toContain('Пока файлы не пришли в чат, за заказ ничего не списано.');
      expect(ru).toContain('если файлы дойдут, спишется ⭐\u00a021.');
      const stored = renderOrderStatus(stars, order({ ...row, deliveryOutcome: 'none' }), T0).text;
      expect(stored).toContain("No file reached you, so you haven't been charged for this order.");
      expect(stored).toContain('if they arrive, ⭐\u00a021 is charged.');
    });

    it('files upstream returned unsafe would be refused again: 🔁 Try again, not a resend', () => {
      const row = order({ status: 'completed', result: files, resultExpiresAt: kept });
      const view = renderOrderStatus(en, row, T0, {
        delivery: { sent: 0, expired: 0, linked: 0, failed: 2 },
      });
      expect(view.text).toContain("The generation service didn't return a file we can safely send.");
      expect(view.text).toContain('Tap <b>🔁 Try again</b> below to place it again with the same inputs.');
      expect(buttons(view)).toEqual([`🔁 Try again|or:${row.id}`, '🏠 Main menu|menu:home']);
    });

    it('no files, or files gone (found expired, or past their date): 🔁 Try again and 🏠', () => {
      const cases: Array<[Partial<OrderRecord>, Parameters<typeof renderOrderStatus>[3]]> = [
        [{ result: [] }, { delivery: { sent: 0, expired: 0, linked: 0, failed: 0 } }],
        [
          { result: files, resultExpiresAt: kept },
          { delivery: { sent: 0, expired: 2, linked: 0, failed: 0 } },
        ],
        [{ result: files, resultExpiresAt: new Date(T0 - 1), deliveryOutcome: 'none' }, {}],
      ];
      for (const [patch, flags] of cases) {
        const row = order({ status: 'completed', ...patch });
        const view = renderOrderStatus(en, row, T0, flags);
        expect(view.text).toContain('Tap <b>🔁 Try again</b> below to place it again with the same inputs.');
        expect(buttons(view)).toEqual([`🔁 Try again|or:${row.id}`, '🏠 Main menu|menu:home']);
      }
    });
  });

  it('formats durations, dates and failure details', () => {
    expect(formatDuration(en, 59_400)).toBe('59\u00a0sec');
    expect(formatDuration(en, 60_000)).toBe('1\u00a0min 0\u00a0sec');
    expect(en.dateTime(new Date(Date.UTC(2029, 0, 2, 3, 4)), new Date(T0))).toBe('2 Jan 2029, 03:04 UTC');
    expect(failureDetail('  plain\n text ')).toBe('plain text');
    expect(failureDetail({ message: 7 })).toBeUndefined();
    expect(failureDetail(['a'])).toBeUndefined();
    expect(failureDetail('x'.repeat(1000))?.length).toBe(300);
  });
});
