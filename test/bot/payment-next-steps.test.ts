/**
 * What a customer can do right after paying: a top-up for a waiting order leads back to it; any
 * other top-up, and a paid subscription period, offer 🎨 Create and 🏠 Main menu.
 */
import { randomUUID } from 'node:crypto';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { planPayload } from '../../src/domain/subscription.js';
import { createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

let charge = 0;
function payment(from: { id: number; language_code: string }, paid: Record<string, unknown>) {
  return {
    message: {
      message_id: 500 + charge,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: 'Ann' },
      from: { id: from.id, is_bot: false, first_name: 'Ann', language_code: from.language_code },
      successful_payment: {
        currency: 'XTR',
        telegram_payment_charge_id: `charge-${++charge}`,
        provider_payment_charge_id: '',
        ...paid,
      },
    },
  } as Omit<Update, 'update_id'>;
}

const told = (h: InProcessBot) => h.calls.findLast((c) => c.method === 'sendMessage')?.payload;
const NEXT_STEPS = {
  en: [
    { text: '🎨 Create', callback_data: 'menu:generate' },
    { text: '🏠 Main menu', callback_data: 'menu:home' },
  ],
  ru: [
    { text: '🎨 Создать', callback_data: 'menu:generate' },
    { text: '🏠 Главное меню', callback_data: 'menu:home' },
  ],
};

describe('after a payment', () => {
  it('a top-up with no order waiting offers Create and the menu (en, ru)', async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    for (const [id, lang] of [
      [40, 'en'],
      [41, 'ru'],
    ] as const) {
      const user = { id, language_code: lang };
      const { payload } = await harness.services.wallet!.createTopup(id, id, 100, null);
      await harness.send(payment(user, { total_amount: 100, invoice_payload: payload }));
      expect(String(told(harness)?.text)).toMatch(lang === 'en' ? /added to your wallet/ : /зачислено/);
      expect(buttonsOf(told(harness))).toEqual(NEXT_STEPS[lang]);
    }
  });

  it('a top-up for a waiting order leads back to that order only', async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    const user = { id: 42, language_code: 'en' };
    const draft = await harness.services.orders.insertDraft({
      id: randomUUID(),
      chatId: user.id,
      userId: user.id,
      locale: 'en',
      modelId: 203,
      modelName: 'Lumen Text to Image',
      modelType: 'image',
      request: { model_id: 203, prompt: 'a fox' },
      priceUsd: '0.04',
      priceStars: 150,
      quoteId: null,
      quoteExpiresAt: null,
      idempotencyKey: randomUUID(),
    });
    const { payload } = await harness.services.wallet!.createTopup(user.id, user.id, 200, draft.id);
    await harness.send(payment(user, { total_amount: 200, invoice_payload: payload }));
    const buttons = buttonsOf(told(harness));
    expect(buttons).toHaveLength(1);
    expect(buttons[0]!.callback_data).toMatch(/^o:ok:/);
  });

  it('a paid subscription period offers Create and the menu', async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, SUBSCRIPTION_PLANS: 'pro:450:600' } });
    const user = { id: 43, language_code: 'en' };
    await harness.send(
      payment(user, {
        total_amount: 450,
        invoice_payload: planPayload('pro', user.id),
        is_recurring: true,
        is_first_recurring: true,
        subscription_expiration_date: Math.floor(Date.now() / 1000) + 30 * 86_400,
      }),
    );
    expect(String(told(harness)?.text)).toContain("You're subscribed to Pro");
    expect(buttonsOf(told(harness))).toEqual(NEXT_STEPS.en);
  });
});

describe('a refused checkout names the way to a valid invoice', () => {
  const checkout = (from: { id: number; language_code: string }, payload: string, total: number) =>
    ({
      pre_checkout_query: {
        id: `q-${++charge}`,
        from: { id: from.id, is_bot: false, first_name: 'Ann', language_code: from.language_code },
        currency: 'XTR',
        total_amount: total,
        invoice_payload: payload,
      },
    }) as Omit<Update, 'update_id'>;
  const answer = (h: InProcessBot) => h.calls.findLast((c) => c.method === 'answerPreCheckoutQuery')?.payload;

  it("a plan's invoice sends the customer to /subscribe, not to /wallet's packs (en, ru)", async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, SUBSCRIPTION_PLANS: 'pro:450:600' } });
    // Forwarded: made for someone else.
    await harness.send(checkout({ id: 31, language_code: 'en' }, planPayload('pro', 32), 450));
    expect(answer(harness)).toMatchObject({ ok: false });
    expect(String(answer(harness)?.error_message)).toContain(
      'subscription invoice was made for another user',
    );
    expect(String(answer(harness)?.error_message)).toContain('/subscribe');
    expect(String(answer(harness)?.error_message)).not.toContain('/wallet');
    await harness.send(checkout({ id: 33, language_code: 'ru' }, planPayload('pro', 33), 999));
    expect(String(answer(harness)?.error_message)).toContain('Откройте /subscribe');
  });
});

describe('a payment that is not a Stars payment the bot can book', () => {
  it('is credited nothing: another currency or an amount over Telegram’s cap', async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    const user = { id: 60, language_code: 'en' };
    const before = await harness.services.wallet!.balance(60);
    const { payload } = await harness.services.wallet!.createTopup(60, 60, 100, null);
    await harness.send(payment(user, { currency: 'EUR', total_amount: 100, invoice_payload: payload }));
    await harness.send(payment(user, { total_amount: 10_001, invoice_payload: payload }));
    expect(await harness.services.wallet!.balance(60)).toBe(before);
    await harness.send(payment(user, { total_amount: 100, invoice_payload: payload }));
    expect(await harness.services.wallet!.balance(60)).toBe(before + 100);
  });
});
