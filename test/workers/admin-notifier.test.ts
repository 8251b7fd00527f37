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

describe('AdminNotifier: the Stars ledger and Telegram disagree', () => {
  it('lists every difference in each admin’s language, Stars grouped their way, ids escaped', async () => {
    const { admin, sent } = notifier();
    await admin.send({
      kind: 'stars_reconciliation',
      differences: [
        { kind: 'missing', chargeId: 'ch<1>', stars: 1500, userId: 42 },
        { kind: 'amount', chargeId: 'ch-2', ledgerStars: 100, telegramStars: 90 },
        { kind: 'unknown', chargeId: 'ch-3', stars: 50 },
        { kind: 'refund_unbooked', chargeId: 'ch-4' },
        { kind: 'refund_unknown', chargeId: 'ch-5' },
      ],
    });
    const [en, ru] = sent.map((m) => m.text);
    expect(en).toBe(
      [
        '🧾 <b>Stars ledger and Telegram disagree</b> (5 differences):',
        '• payment <code>ch&lt;1&gt;</code> (⭐\u00a01,500, user <code>42</code>) is missing from the ledger',
        '• payment <code>ch-2</code>: ⭐\u00a0100 in the ledger, ⭐\u00a090 at Telegram',
        '• top-up <code>ch-3</code> (⭐\u00a050) is in the ledger but unknown to Telegram',
        "• Telegram refunded <code>ch-4</code>, but the ledger doesn't show it",
        "• the ledger refunds <code>ch-5</code>, but Telegram doesn't know of it",
      ].join('\n'),
    );
    expect(ru).toBe(
      [
        '🧾 <b>Учёт звёзд и Telegram расходятся</b> (расхождений: 5):',
        '• платёж <code>ch&lt;1&gt;</code> (⭐\u00a01\u00a0500, пользователь <code>42</code>) не учтён в журнале',
        '• платёж <code>ch-2</code>: в журнале ⭐\u00a0100, в Telegram ⭐\u00a090',
        '• пополнение <code>ch-3</code> (⭐\u00a050) есть в журнале, но неизвестно Telegram',
        '• Telegram вернул <code>ch-4</code>, но в журнале возврат не отмечен',
        '• в журнале есть возврат <code>ch-5</code>, но Telegram о нём не знает',
      ].join('\n'),
    );
  });
});

describe('AdminNotifier: subscriptions (issue 38)', () => {
  it('a renewal of an unexpected amount and two live subscriptions, in each admin’s language', async () => {
    const { admin, sent } = notifier();
    await admin.send({
      kind: 'subscription_amount_mismatch',
      userId: 42,
      chargeId: 'ch-1',
      expected: 450,
      paid: 400,
      allowance: 533,
    });
    await admin.send({ kind: 'subscription_duplicate', userId: 42, chargeIds: ['A1', 'B1'] });
    const [mismatchEn, mismatchRu, twoEn, twoRu] = sent.map((m) => m.text);
    expect(mismatchEn).toBe(
      '⚠️ <b>A subscription renewal paid an unexpected amount:</b> user <code>42</code> paid ⭐\u00a0400 instead of ⭐\u00a0450 (charge <code>ch-1</code>). Credited in proportion: ⭐\u00a0533.',
    );
    expect(mismatchRu).toContain('заплатил ⭐\u00a0400 вместо ⭐\u00a0450');
    expect(twoEn).toContain('user <code>42</code> (charges <code>A1, B1</code>)');
    expect(twoRu).toContain('сразу две подписки');
  });
});

describe('AdminNotifier: a bot reached its daily spend cap', () => {
  const reached = {
    kind: 'spend_cap_reached',
    capUsd: '5',
    spentUsd: '4.98',
    resetsAt: new Date(Date.UTC(2026, 10, 30)),
  } as const;

  it("tells the bot's admins and, naming the bot, the operator, in each admin's language", async () => {
    const { admin, sent } = notifier();
    await admin.send(reached);
    await admin.send({ ...reached, bot: { id: 2, username: 'shop_bot' } });
    const [ownEn, ownRu, operatorEn, operatorRu] = sent.map((m) => m.text.replace(/\u00a0/g, ' '));
    expect(ownEn).toBe(
      "💸 <b>This bot has reached its daily cap</b> of $5.00 in API costs ($4.98 spent today): it's refusing new orders until 00:00 UTC.",
    );
    expect(ownRu).toContain(
      '<b>Бот исчерпал дневной лимит</b> расходов на API: 5,00 $ (сегодня потрачено 4,98 $)',
    );
    expect(operatorEn).toContain('<b>@shop_bot has reached its daily cap</b> of $5.00');
    expect(operatorEn).toContain('<code>/bot_cap 2 off</code>');
    expect(operatorRu).toContain('<b>@shop_bot исчерпал дневной лимит</b>');
  });
});
