/**
 * The admins' alert about an order stuck in a status we do not know, as each admin reads it: in the
 * language they picked, with upstream's own word for the status escaped for HTML parse mode.
 */
import type { Api } from 'grammy';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../src/db/index.js';
import { createI18n } from '../../src/telegram/i18n.js';
import { AdminNotifier } from '../../src/workers/admin-notifier.js';

const ENGLISH_ADMIN = 1;
const RUSSIAN_ADMIN = 2;

function notifier() {
  const sent: Array<{ chatId: number; text: string }> = [];
  const api = {
    sendMessage: async (chatId: number, text: string) => {
      sent.push({ chatId, text });
      return { message_id: sent.length };
    },
  } as unknown as Api;
  const users = {
    find: async (id: number) => (id === RUSSIAN_ADMIN ? ({ locale: 'ru' } as UserRecord) : undefined),
    markBlocked: async () => {},
  };
  const admin = new AdminNotifier({
    config: { adminIds: [ENGLISH_ADMIN, RUSSIAN_ADMIN], defaultLocale: 'en' },
    users,
    logger: pino({ level: 'silent' }),
    api,
    i18n: createI18n('en'),
  });
  return { admin, sent };
}

/** The alert for order `5f1c2a7e-order` of model "Lumen <Pro>", unknown since 24 Nov 2026, 14:05 UTC. */
async function sendStuck(status: string) {
  const { admin, sent } = notifier();
  await admin.send({
    kind: 'unknown_order_status',
    orderId: '5f1c2a7e-order',
    modelName: 'Lumen <Pro>',
    status,
    since: new Date(Date.UTC(2026, 10, 24, 14, 5)),
  });
  return sent;
}

describe('AdminNotifier: an order stuck in an unknown status', () => {
  it('names the order, the model, the raw status (escaped) and since when, in each admin’s language', async () => {
    const sent = await sendStuck('<b>Held</b> & review');
    expect(sent.map((m) => m.chatId)).toEqual([ENGLISH_ADMIN, RUSSIAN_ADMIN]);
    const [en, ru] = sent.map((m) => m.text);
    expect(en).toBe(
      "❓ <b>Order stuck in an unknown status:</b> order <code>5f1c2a7e-order</code> (Lumen &lt;Pro&gt;) has been in the status <code>&lt;b&gt;Held&lt;/b&gt; &amp; review</code> since 24 Nov, 14:05 UTC, and the bot doesn't know what it means. It's still being checked, but it no longer counts toward the customer's limit of active orders.",
    );
    expect(ru).toBe(
      '❓ <b>Заказ завис в неизвестном статусе:</b> заказ <code>5f1c2a7e-order</code> (Lumen &lt;Pro&gt;) с 24 нояб., 14:05 UTC находится в статусе <code>&lt;b&gt;Held&lt;/b&gt; &amp; review</code>, который боту неизвестен. Бот продолжает его проверять, но в лимит активных заказов клиента он больше не входит.',
    );
  });

  it('shows at most 100 characters of a status upstream made very long', async () => {
    const text = (await sendStuck('&'.repeat(5_000)))[0]!.text;
    expect(text).toContain(`<code>${'&amp;'.repeat(99)}…</code>`);
    expect(text.length).toBeLessThan(1_000);
  });
});
