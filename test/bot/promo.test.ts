/**
 * Promo codes as customers and admins see them: one message with the new balance, a clear message
 * for each refusal, the question and its answer, the throttle, the admins' mistakes explained in
 * their language, /promos and /stats, and nothing offered without billing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN = { id: 1, language_code: 'en' };
const ENV = { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) };

const sentTo = (chatId: number) =>
  harness.calls.filter((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId);
const lastTo = (chatId: number) => String(sentTo(chatId).at(-1)?.payload.text);

async function start(env: Record<string, string> = ENV) {
  harness = await createInProcessBot({ env });
}

describe('redeeming a promo code', () => {
  it('grants the Stars at once, in one message with the new balance, and only once', async () => {
    await start();
    await harness.send(textMessage(ADMIN, '/promo_new gift 25 2'));
    expect(lastTo(ADMIN.id)).toBe(
      '✅ Promo code <code>GIFT</code> created: ⭐\u00a025 each, for up to 2 customers, no end date.',
    );
    const ann = { id: 60, language_code: 'en' };
    await harness.send(textMessage(ann, '/promo Gift'));
    expect(lastTo(60)).toBe('🎉 Promo code accepted: +⭐\u00a025! Your balance: <b>⭐\u00a025</b>.');
    await harness.send(textMessage(ann, '/promo GIFT'));
    expect(lastTo(60)).toBe("You've already redeemed this promo code: each code works once per person.");
    expect(await harness.services.wallet!.balance(60)).toBe(25);
  });

  it('tells a used-up, a turned-off and an unknown code apart (ru), each with a way to try another', async () => {
    await start();
    await harness.send(textMessage(ADMIN, '/promo_new ONCE 5'));
    await harness.send(textMessage({ id: 61, language_code: 'ru' }, '/promo once'));
    await harness.send(textMessage({ id: 62, language_code: 'ru' }, '/promo once'));
    expect(lastTo(62)).toBe('😕 Этот промокод уже закончился: все активации израсходованы.');
    expect(buttonsOf(sentTo(62).at(-1)?.payload).map((b) => b.callback_data)).toEqual([
      'pc:ask',
      'menu:home',
    ]);
    await harness.send(textMessage(ADMIN, '/promo_new LATER 5 3'));
    await harness.send(textMessage(ADMIN, '/promo_off later'));
    expect(lastTo(ADMIN.id)).toBe("🚫 Promo code <code>LATER</code> is off: it can't be redeemed anymore.");
    await harness.send(textMessage({ id: 62, language_code: 'ru' }, '/promo LATER'));
    expect(lastTo(62)).toBe('🚫 Этот промокод больше не действует.');
    await harness.send(textMessage({ id: 62, language_code: 'ru' }, '/promo NOSUCH'));
    expect(lastTo(62)).toBe('🤔 Такого промокода нет. Проверьте, нет ли опечатки, и попробуйте ещё раз.');
    expect(await harness.services.wallet!.balance(62)).toBe(0);
  });

  it('asks for the code when /promo comes alone, and redeems the answer', async () => {
    await start();
    await harness.send(textMessage(ADMIN, '/promo_new SPRING 9 5'));
    await harness.send(textMessage({ id: 63, language_code: 'en' }, '/promo'));
    expect(lastTo(63)).toBe('🎁 Send your promo code.');
    expect(buttonsOf(sentTo(63).at(-1)?.payload).map((b) => b.callback_data)).toEqual(['menu:home']);
    await harness.send(textMessage({ id: 63, language_code: 'en' }, 'spring'));
    expect(lastTo(63)).toBe('🎉 Promo code accepted: +⭐\u00a09! Your balance: <b>⭐\u00a09</b>.');
    // The question is over: the next text is not taken for a code.
    await harness.send(textMessage({ id: 63, language_code: 'en' }, 'spring'));
    expect(lastTo(63)).not.toContain('promo');
  });

  it("the wallet's button asks for the code too", async () => {
    await start();
    await harness.send(textMessage({ id: 64, language_code: 'en' }, '/wallet'));
    expect(buttonsOf(sentTo(64).at(-1)?.payload).some((b) => b.callback_data === 'pc:ask')).toBe(true);
    await harness.send(callbackQuery({ id: 64, language_code: 'en' }, 'pc:ask'));
    expect(lastTo(64)).toBe('🎁 Send your promo code.');
  });

  it('throttles a customer after 5 wrong codes, even for a real one', async () => {
    await start();
    await harness.send(textMessage(ADMIN, '/promo_new REAL 1 10'));
    const guesser = { id: 65, language_code: 'en' };
    for (let i = 0; i < 5; i++) await harness.send(textMessage(guesser, `/promo WRONG${i}`));
    expect(lastTo(65)).toBe("🤔 There's no such promo code. Check the spelling and try again.");
    await harness.send(textMessage(guesser, '/promo REAL'));
    expect(lastTo(65)).toBe('✋ Too many wrong codes in a row. Please wait a few minutes and try again.');
    expect(await harness.services.wallet!.balance(65)).toBe(0);
  });
});

describe("admins' promo commands", () => {
  it("explain each mistake in the admin's language", async () => {
    await start();
    const ru = { id: ADMIN.id, language_code: 'ru' };
    await harness.send(textMessage(ru, '/promo_new'));
    expect(lastTo(ADMIN.id)).toContain('Формат: <code>/promo_new');
    await harness.send(textMessage(ru, '/promo_new GIFT 0'));
    expect(lastTo(ADMIN.id)).toBe('⚠️ Количество звёзд — целое число от 1 до 100\u00a0000.');
    await harness.send(textMessage(ru, '/promo_new GIFT 5 1 0'));
    expect(lastTo(ADMIN.id)).toBe('⚠️ Срок в днях — целое число от 1 до 3\u00a0650.');
    await harness.send(textMessage(ru, '/promo_new Ü! 5'));
    expect(lastTo(ADMIN.id)).toContain('⚠️ Код — от 3 до 32 символов');
    await harness.send(textMessage(ru, '/promo_batch 5000 5'));
    expect(lastTo(ADMIN.id)).toBe('⚠️ Количество кодов — целое число от 1 до 1\u00a0000.');
    await harness.send(textMessage(ru, '/promo_new GIFT 5'));
    await harness.send(textMessage(ru, '/promo_new gift 7'));
    expect(lastTo(ADMIN.id)).toBe(
      '⚠️ Код <code>GIFT</code> уже есть. Выберите другой или загляните в /promos.',
    );
  });

  it('/promos lists every code with its redemptions, and /stats adds the promo totals', async () => {
    await start();
    await harness.send(textMessage(ADMIN, '/promos'));
    expect(lastTo(ADMIN.id)).toBe('No promo codes yet. Create one with /promo_new or /promo_batch.');
    await harness.send(textMessage(ADMIN, '/promo_new GIFT 25 3'));
    await harness.send(textMessage({ id: 70 }, '/promo gift'));
    await harness.send(textMessage(ADMIN, '/promos'));
    expect(lastTo(ADMIN.id)).toBe(
      '🎁 <b>Promo codes</b> (page 1 of 1)\n\n<code>GIFT</code> · ⭐\u00a025 · used 1 of 3 · no end date · ✅ on',
    );
    await harness.send(textMessage(ADMIN, '/stats'));
    expect(lastTo(ADMIN.id)).toContain('Promo codes: ⭐\u00a025 granted in 1 redemption');
    const audit = await harness.database.query<{ action: string }>`select action from audit_log`;
    expect(audit.map((a) => a.action)).toEqual(['promo_created']);
  });
});

describe('/promos with more codes than a page', () => {
  it('shows 20 a page, with Older and Newer buttons', async () => {
    await start();
    await harness.services.promo!.createBatch(ADMIN.id, { count: 25, stars: 3, days: null });
    await harness.send(textMessage(ADMIN, '/promos'));
    const first = sentTo(ADMIN.id).at(-1)!.payload;
    expect(
      String(first.text)
        .split('\n')
        .filter((l) => l.startsWith('<code>')),
    ).toHaveLength(20);
    expect(buttonsOf(first).map((b) => b.callback_data)).toEqual(['pcl:1']);
    await harness.send(callbackQuery(ADMIN, 'pcl:1'));
    const edit = harness.calls.findLast((c) => c.method === 'editMessageText')!.payload;
    expect(String(edit.text)).toContain('(page 2 of 2)');
    expect(
      String(edit.text)
        .split('\n')
        .filter((l) => l.startsWith('<code>')),
    ).toHaveLength(5);
    expect(buttonsOf(edit).map((b) => b.callback_data)).toEqual(['pcl:0']);
  });
});

describe('without billing', () => {
  it('offers no /promo, and the admin commands say why', async () => {
    await start({ ADMIN_IDS: String(ADMIN.id) });
    await harness.send(textMessage({ id: 80, language_code: 'en' }, '/promo GIFT'));
    expect(lastTo(80)).not.toMatch(/promo/i);
    await harness.send(textMessage(ADMIN, '/promo_new GIFT 5'));
    expect(lastTo(ADMIN.id)).toBe(
      'Promo codes need Stars billing (<code>BILLING=stars</code>): customers have no wallet to credit without it.',
    );
  });
});
