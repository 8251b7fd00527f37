/**
 * Subscriptions through buttons: /wallet's 🔁 Subscriptions shows a subscriber their own plan (with
 * Cancel renewal) instead of plans they can't buy; "no subscription" and "it ended" offer the plans
 * with a button; with subscriptions off there is a way back to the menu.
 */
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptionEndedNotice } from '../../src/bot/features/subscriptions.js';
import { planPayload } from '../../src/domain/subscription.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

const PLANS_ENV = { ...STARS_ENV, SUBSCRIPTION_PLANS: 'pro:450:600' };

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const lastSent = (h: InProcessBot) => h.calls.findLast((c) => c.method === 'sendMessage')?.payload;
const dataOfAll = (payload: Record<string, unknown> | undefined) =>
  buttonsOf(payload).map((b) => b.callback_data);

/** The first payment of the `pro` plan, as Telegram delivers it (`link`: the invoice link's tag). */
function subscribed(user: { id: number }, link?: string): Omit<Update, 'update_id'> {
  return {
    message: {
      message_id: 900,
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: 'Ann' },
      from: { id: user.id, is_bot: false, first_name: 'Ann', language_code: 'en' },
      successful_payment: {
        currency: 'XTR',
        total_amount: 450,
        invoice_payload: planPayload('pro', user.id, link),
        telegram_payment_charge_id: `sub-${user.id}${link ?? ''}`,
        provider_payment_charge_id: '',
        is_recurring: true,
        is_first_recurring: true,
        subscription_expiration_date: Math.floor(Date.now() / 1000) + 30 * 86_400,
      },
    },
  } as Omit<Update, 'update_id'>;
}

describe("/wallet's 🔁 Subscriptions", () => {
  it('shows a subscriber their plan with Cancel renewal, anyone else the plans', async () => {
    harness = await createInProcessBot({ env: PLANS_ENV });
    const subscriber = { id: 50, language_code: 'en' };
    await harness.send(subscribed(subscriber));
    await harness.send(callbackQuery(subscriber, 'sbm:plans'));
    const own = lastSent(harness);
    expect(String(own?.text)).toContain('Your plan: <b>Pro</b>');
    expect(dataOfAll(own)).toEqual(['sbm:cancel', 'menu:home']);

    const newcomer = { id: 51, language_code: 'en' };
    await harness.send(callbackQuery(newcomer, 'sbm:plans'));
    const plans = lastSent(harness);
    expect(String(plans?.text)).toContain('Subscriptions');
    expect(dataOfAll(plans)).toEqual(['sbp:pro', 'menu:home']);
  });
});

describe('two live subscriptions (Telegram charged two plan links)', () => {
  it('/subscription shows both, each with its own Cancel renewal, which changes that one only', async () => {
    harness = await createInProcessBot({ env: PLANS_ENV });
    const user = { id: 54, language_code: 'en' };
    await harness.send(subscribed(user, 'a'));
    await harness.send(subscribed(user, 'b'));
    await harness.send(textMessage(user, '/subscription'));
    const status = lastSent(harness);
    expect(String(status?.text)).toContain('You have 2 subscriptions at once');
    expect(String(status?.text)).toContain('1. <b>Pro</b>: Renews on');
    expect(String(status?.text)).toContain('2. <b>Pro</b>: Renews on');
    expect(buttonsOf(status).map((b) => b.text)).toEqual([
      'Cancel renewal 1',
      'Cancel renewal 2',
      '🏠 Main menu',
    ]);
    await harness.send(callbackQuery(user, 'sbn:cancel:2'));
    const edits = harness.calls.filter((c) => c.method === 'editUserStarSubscription');
    expect(edits.map((c) => [c.payload?.telegram_payment_charge_id, c.payload?.is_canceled])).toEqual([
      ['sub-54b', true],
    ]);
    const edited = harness.calls.findLast((c) => c.method === 'editMessageText')?.payload;
    expect(dataOfAll(edited)).toEqual(['sbn:cancel:1', 'sbn:resume:2', 'menu:home']);
  });
});

describe('/wallet for a subscriber', () => {
  it("says how many of the Stars are the plan's, and until when they last (en, ru)", async () => {
    harness = await createInProcessBot({ env: PLANS_ENV });
    const en = { id: 54, language_code: 'en' };
    await harness.send(subscribed(en));
    await harness.send(textMessage(en, '/wallet'));
    expect(String(lastSent(harness)?.text)).toMatch(
      /^👛 <b>Your wallet:<\/b> ⭐\u00a0600 \(⭐\u00a0600 of them from your plan, usable until \d{1,2} \w{3}/,
    );
    const ru = { id: 55, language_code: 'ru' };
    await harness.send(subscribed(ru));
    await harness.send(textMessage(ru, '/wallet'));
    expect(String(lastSent(harness)?.text)).toMatch(
      /^👛 <b>Ваш кошелёк:<\/b> ⭐\u00a0600 \(из них ⭐\u00a0600 — звёзды подписки, до /,
    );
    const none = { id: 56, language_code: 'en' };
    await harness.send(textMessage(none, '/wallet'));
    expect(String(lastSent(harness)?.text)).toMatch(/^👛 <b>Your wallet:<\/b> ⭐\u00a00\n/);
  });
});

describe('texts that pointed at /subscribe', () => {
  it('/subscription without one offers the plans (en, ru)', async () => {
    harness = await createInProcessBot({ env: PLANS_ENV });
    await harness.send(textMessage({ id: 52, language_code: 'en' }, '/subscription'));
    expect(lastSent(harness)?.text).toBe("You don't have a subscription yet.");
    expect(buttonsOf(lastSent(harness))).toEqual([
      { text: '🔁 Subscriptions', callback_data: 'sbm:plans' },
      { text: '🏠 Main menu', callback_data: 'menu:home' },
    ]);
    await harness.send(textMessage({ id: 53, language_code: 'ru' }, '/subscription'));
    expect(lastSent(harness)?.text).toBe('Подписки у вас пока нет.');
    expect(dataOfAll(lastSent(harness))).toEqual(['sbm:plans', 'menu:home']);
  });

  it('the ended notice says to tap below, and the button is there (en, ru)', () => {
    const i18n = createI18n('en');
    const en = subscriptionEndedNotice(textsFor(i18n, 'en'), 'pro');
    expect(en.text).toContain('Your Pro subscription has ended');
    expect(en.text).toContain('Tap below to subscribe again.');
    expect(en.text).not.toContain('/subscribe');
    const ru = subscriptionEndedNotice(textsFor(i18n, 'ru'), 'pro');
    expect(ru.text).toContain('Оформить её снова можно кнопкой ниже.');
    for (const notice of [en, ru]) {
      expect(
        notice.keyboard.inline_keyboard.flat().map((b) => ('callback_data' in b ? b.callback_data : '')),
      ).toEqual(['sbm:plans']);
    }
  });
});

describe('subscriptions off', () => {
  it('/subscribe and /subscription say so with 🏠 Main menu', async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    for (const command of ['/subscribe', '/subscription']) {
      await harness.send(textMessage({ id: 54, language_code: 'en' }, command));
      expect(lastSent(harness)?.text).toBe("Subscriptions aren't offered in this bot.");
      expect(dataOfAll(lastSent(harness))).toEqual(['menu:home']);
    }
  });
});
