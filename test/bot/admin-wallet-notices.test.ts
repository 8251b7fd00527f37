/** Admins' Stars tools as the customer sees them: told in their language, and no grant into the void. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { lastWithButton, STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN = { id: 1, language_code: 'en' };
const ENV = { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) };

const messagesTo = (h: InProcessBot, chatId: number) =>
  h.calls
    .filter((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId)
    .map((c) => c.payload.text);

describe('/grant and /refund tell the customer', () => {
  it('a grant is announced to the customer in their language (ru), with the new balance', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage({ id: 50, language_code: 'ru', first_name: 'Оля' }, '/start'));
    await harness.send(textMessage(ADMIN, '/grant 50 7 goodwill'));
    expect(messagesTo(harness, ADMIN.id).at(-1)).toBe(
      '✅ Granted ⭐ 7 to user <code>50</code>. Their balance: ⭐ 7.',
    );
    expect(messagesTo(harness, 50).at(-1)).toBe(
      '🎁 Команда AI Studio начислила вам ⭐ 7. Баланс кошелька: <b>⭐ 7</b>.',
    );
  });

  it('in English for an English-speaking customer', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage({ id: 51, language_code: 'en-GB' }, '/start'));
    await harness.send(textMessage(ADMIN, '/grant 51 12'));
    expect(messagesTo(harness, 51).at(-1)).toBe(
      '🎁 The AI Studio team has added ⭐ 12 to your wallet. Your balance: <b>⭐ 12</b>.',
    );
  });

  it('a refunded top-up is announced to the customer', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage({ id: 52, language_code: 'ru' }, '/start'));
    const wallet = harness.services.wallet!;
    const { payload } = await wallet.createTopup(52, 52, 10, null);
    await wallet.creditPayment({ chargeId: 'charge-52', userId: 52, stars: 10, payload });
    // /refund shows what is refundable first; its button refunds.
    await harness.send(textMessage(ADMIN, '/refund charge-52'));
    const preview = lastWithButton(harness, 'wr:');
    await harness.send(callbackQuery(ADMIN, preview.buttons[0]!.callback_data!));
    expect(harness.calls.some((c) => c.method === 'refundStarPayment')).toBe(true);
    expect(messagesTo(harness, 52).at(-1)).toBe(
      '↩️ Пополнение на ⭐ 10 возвращено на ваш аккаунт Telegram. Баланс кошелька: <b>⭐ 0</b>.',
    );
  });
});

describe('/refund names the referral reward it takes back (issue 38)', () => {
  it("a top-up rewarded before issue 38: the preview names the reward and the referrer's resulting balance", async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage({ id: 53, language_code: 'en' }, '/start'));
    await harness.send(textMessage({ id: 54, language_code: 'en' }, '/start'));
    const wallet = harness.services.wallet!;
    const { payload } = await wallet.createTopup(54, 54, 100, null);
    await wallet.creditPayment({ chargeId: 'charge-54', userId: 54, stars: 100, payload });
    // The reward a top-up earned under the old rule, already spent down to 20 by the referrer.
    await harness.store.wallet.book({
      key: 'referral:charge-54',
      userId: 53,
      kind: 'referral',
      delta: 60,
      stars: 60,
      chargeId: 'charge-54',
      note: '54',
    });
    await harness.store.wallet.book({ key: 'test-spent', userId: 53, kind: 'hold', delta: -40, stars: 40 });
    await harness.send(textMessage(ADMIN, '/refund charge-54'));
    expect(messagesTo(harness, ADMIN.id).at(-1)).toContain(
      "👥 The refund also takes back the referral reward of ⭐\u00a060 booked with this payment: user <code>53</code>'s balance becomes ⭐\u00a0-40.",
    );
  });

  it('a top-up under the new rule earned nothing: the preview names no reward', async () => {
    harness = await createInProcessBot({
      env: { ...ENV, REFERRAL_BONUS_STARS: '10', REFERRAL_PERCENT: '60' },
    });
    await harness.send(textMessage({ id: 55, language_code: 'en' }, '/start'));
    const code = await harness.services.referrals.codeOf(55);
    await harness.send(textMessage({ id: 56, language_code: 'en' }, `/start r_${code}`));
    const wallet = harness.services.wallet!;
    const { payload } = await wallet.createTopup(56, 56, 100, null);
    await wallet.creditPayment({ chargeId: 'charge-56', userId: 56, stars: 100, payload });
    expect(await wallet.balance(55)).toBe(0);
    await harness.send(textMessage(ADMIN, '/refund charge-56'));
    expect(messagesTo(harness, ADMIN.id).at(-1)).not.toContain('referral reward');
  });
});

describe('/grant to an id that never used the bot', () => {
  it('is refused, saying so, and grants nothing', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage(ADMIN, '/grant 777 10'));
    expect(messagesTo(harness, ADMIN.id).at(-1)).toBe(
      '⚠️ User <code>777</code> has never messaged this bot, so nothing was granted. Check the id: they have to open the bot first.',
    );
    expect(await harness.services.wallet!.balance(777)).toBe(0);
    expect(messagesTo(harness, 777)).toEqual([]);
  });

  it('in Russian for a Russian-speaking admin', async () => {
    harness = await createInProcessBot({ env: ENV });
    await harness.send(textMessage({ id: ADMIN.id, language_code: 'ru' }, '/grant 778 10'));
    expect(messagesTo(harness, ADMIN.id).at(-1)).toContain('ни разу не писал этому боту');
  });
});
