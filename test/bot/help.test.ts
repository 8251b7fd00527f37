/** /help tells what this chat really has, per billing mode and role; /paysupport names the contact. */
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN_ID = 90;

async function helpFor(env: Record<string, string>, user: { id: number; language_code: string }) {
  harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN_ID), ...env } });
  await harness.send(textMessage(user, '/help'));
  return String(harness.calls.findLast((c) => c.method === 'sendMessage')?.payload.text);
}

const commandsIn = (text: string) => [...text.matchAll(/^\/(\w+)/gm)].map((m) => m[1]);

/** What every customer has, in the order Telegram's command menu lists them. */
const CUSTOMER_COMMANDS = ['start', 'generate', 'orders', 'prompts', 'language', 'help', 'cancel'];

describe('/help', () => {
  it('billing off (en): every customer command, nothing about paying or charging', async () => {
    const text = await helpFor({}, { id: 1, language_code: 'en' });
    expect(commandsIn(text)).toEqual(CUSTOMER_COMMANDS);
    expect(text).toContain('/generate: Create an image or video');
    expect(text).toContain('Check the settings and tap <b>Confirm</b>. Generations are free.');
    expect(text).not.toMatch(/charged|Stars|wallet|price/i);
  });

  it('billing off (ru): no «списывается», the free promise', async () => {
    const text = await helpFor({}, { id: 2, language_code: 'ru' });
    expect(commandsIn(text)).toContain('orders');
    expect(text).toContain('/generate — Создать картинку или видео');
    expect(text).toContain('«Подтвердить»');
    expect(text).not.toMatch(/списыва|звёзд|кошел/i);
  });

  it("SHOW_PRICES=true with billing off: free for the customer, the amount is the bot's cost", async () => {
    const en = await helpFor({ SHOW_PRICES: 'true' }, { id: 15, language_code: 'en' });
    expect(en).toContain('Generations are free for you; the order shows what it costs the bot.');
    expect(en).not.toMatch(/charged|Check the price/i);
  });

  it('SHOW_PRICES=false: no price and no payment in the steps', async () => {
    const en = await helpFor({ SHOW_PRICES: 'false' }, { id: 3, language_code: 'en' });
    expect(en).toContain('Check the settings and tap <b>Confirm</b>. Generations are free.');
    expect(en).not.toMatch(/price|pay|charged/i);
    await harness.close();
    const ru = await helpFor({ SHOW_PRICES: 'false' }, { id: 4, language_code: 'ru' });
    expect(ru).toContain('Проверьте настройки и нажмите «Подтвердить». Генерации бесплатны.');
    expect(ru).not.toMatch(/цен|оплат|списыва/i);
  });

  it('Stars billing (en): the wallet paragraph and the wallet commands', async () => {
    const text = await helpFor(STARS_ENV, { id: 5, language_code: 'en' });
    expect(commandsIn(text)).toEqual([
      ...CUSTOMER_COMMANDS,
      'wallet',
      'promo',
      'invite',
      'paysupport',
      'terms',
    ]);
    expect(text).toContain('charged only when the result reaches you');
    expect(text).toContain('Top up in /wallet');
  });

  it('with subscription plans: /subscribe and /subscription too, in both languages', async () => {
    const plans = { ...STARS_ENV, SUBSCRIPTION_PLANS: 'pro:450:600' };
    const en = await helpFor(plans, { id: 7, language_code: 'en' });
    expect(commandsIn(en).slice(-2)).toEqual(['subscribe', 'subscription']);
    expect(en).toContain('/subscribe: Monthly plans in Stars');
    await harness.close();
    const ru = await helpFor(plans, { id: 8, language_code: 'ru' });
    expect(ru).toContain('/subscription — Ваша подписка: остаток звёзд, продление, отмена');
  });

  it('Stars billing (ru)', async () => {
    const text = await helpFor(STARS_ENV, { id: 6, language_code: 'ru' });
    expect(text).toContain('Проверьте цену в звёздах');
    expect(text).toContain('Пополнить его можно в /wallet');
    expect(commandsIn(text)).toContain('paysupport');
  });

  it("an admin also gets the admin tools; a customer doesn't", async () => {
    const admin = await helpFor(STARS_ENV, { id: ADMIN_ID, language_code: 'en' });
    // The main bot's admins also get /bots (the deployment's other bots) and /newbot (MANAGED_BOTS=admins).
    expect(commandsIn(admin).slice(-18)).toEqual([
      'balance',
      'stats',
      'broadcast',
      'user',
      'audit',
      'rules',
      'reports',
      'campaign_new',
      'campaigns',
      'dashboard',
      'refund',
      'grant',
      'promo_new',
      'promo_batch',
      'promos',
      'promo_off',
      'bots',
      'newbot',
    ]);
    await harness.close();
    const customer = await helpFor(STARS_ENV, { id: 7, language_code: 'en' });
    expect(commandsIn(customer)).not.toContain('stats');
    expect(commandsIn(customer)).not.toContain('newbot');
  });

  it('/newbot follows MANAGED_BOTS: for every customer with everyone, for nobody with off', async () => {
    const everyone = await helpFor(
      { ...STARS_ENV, MANAGED_BOTS: 'everyone' },
      { id: 7, language_code: 'en' },
    );
    expect(everyone).toContain('/newbot: Create a bot of your own');
    await harness.close();
    const off = await helpFor({ ...STARS_ENV, MANAGED_BOTS: 'off' }, { id: ADMIN_ID, language_code: 'en' });
    expect(commandsIn(off)).not.toContain('newbot');
    expect(commandsIn(off)).toContain('bots');
  });
});

describe('/invite without rewards (REFERRAL_BONUS_STARS and REFERRAL_PERCENT left at 0)', () => {
  const invite = async (env: Record<string, string>, language_code: string) => {
    harness = await createInProcessBot({ env });
    await harness.send(textMessage({ id: 11, language_code }, '/invite'));
    return String(harness.calls.findLast((c) => c.method === 'sendMessage')?.payload.text);
  };

  it('is listed as the link, not as a way to earn Stars; with rewards, as one', async () => {
    const off = await helpFor(STARS_ENV, { id: 12, language_code: 'en' });
    expect(off).toContain('/invite: Your invite link');
    expect(off).not.toContain('earn Stars');
    await harness.close();
    const offRu = await helpFor(STARS_ENV, { id: 13, language_code: 'ru' });
    expect(offRu).toContain('/invite — Ваша ссылка-приглашение');
    await harness.close();
    const on = await helpFor({ ...STARS_ENV, REFERRAL_BONUS_STARS: '10' }, { id: 14, language_code: 'en' });
    expect(on).toContain('/invite: Invite friends and earn Stars');
    const menu = harness.calls.find((c) => c.method === 'setMyCommands');
    if (menu) expect(JSON.stringify(menu.payload)).not.toContain('no-rewards');
  });

  it('says nothing is earned and shows no "you\'ve earned ⭐ 0"; with rewards, the rules and the earnings', async () => {
    const off = await invite(STARS_ENV, 'en');
    expect(off).toContain("Inviting friends doesn't earn rewards right now.");
    expect(off).toContain('Joined: 0 · topped up: 0');
    expect(off).not.toMatch(/earned|still counted|gift Stars/);
    const buttons = (
      harness.calls.findLast((c) => c.method === 'sendMessage')!.payload.reply_markup as {
        inline_keyboard: Array<Array<{ text: string; url?: string }>>;
      }
    ).inline_keyboard.flat();
    expect(buttons[0]).toMatchObject({ text: '↗️ Share the link' });
    expect(buttons[0]!.url).toMatch(/^https:\/\/t\.me\/share\/url\?url=https%3A%2F%2Ft\.me%2F/);
    await harness.close();
    const offRu = await invite(STARS_ENV, 'ru');
    expect(offRu).toContain('Сейчас за приглашения ничего не начисляется.');
    expect(offRu).not.toContain('заработали');
    await harness.close();
    const on = await invite({ ...STARS_ENV, REFERRAL_BONUS_STARS: '10' }, 'en');
    expect(on).toContain("you've earned ⭐\u00a00");
    expect(on).toContain('gift Stars');
  });
});

describe('/paysupport', () => {
  it('names SUPPORT_CONTACT (en, ru)', async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, SUPPORT_CONTACT: '@shop_help' } });
    await harness.send(textMessage({ id: 8, language_code: 'en' }, '/paysupport'));
    await harness.send(textMessage({ id: 9, language_code: 'ru' }, '/paysupport'));
    const [en, ru] = harness.calls
      .filter((c) => c.method === 'sendMessage')
      .map((c) => String(c.payload.text));
    expect(en).toContain('Help with payments');
    expect(en).toContain('@shop_help');
    expect(ru).toContain('Помощь с оплатой');
    expect(ru).toContain('@shop_help');
  });
});
