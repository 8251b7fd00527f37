/** The main menu and the ways back to it: the Wallet entry with billing on, 🏠 after /cancel and in /wallet. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

/** Stars billing with a welcome bonus, so the balance on the button is not just zero. */
const MENU_ENV = { ...STARS_ENV, WELCOME_STARS: '15' };

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> };
const labelsOf = (payload: Record<string, unknown> | undefined) =>
  ((payload?.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat().map((b) => b.text);
const last = (h: InProcessBot, method: string) => h.calls.findLast((c) => c.method === method)?.payload;

describe('main menu', () => {
  it('with Stars billing has a Wallet entry showing the balance (en, ru)', async () => {
    harness = await createInProcessBot({ env: MENU_ENV });
    await harness.send(textMessage({ id: 70, language_code: 'en' }, '/start'));
    expect(labelsOf(last(harness, 'sendMessage'))).toContain('👛 Wallet · ⭐ 15');
    await harness.send(textMessage({ id: 71, language_code: 'ru' }, '/start'));
    expect(labelsOf(last(harness, 'sendMessage'))).toContain('👛 Кошелёк · ⭐ 15');
  });

  it('the first /start says the welcome bonus was credited, once (en, ru); without one, nothing', async () => {
    harness = await createInProcessBot({ env: MENU_ENV });
    const en = { id: 73, language_code: 'en' };
    await harness.send(textMessage(en, '/start'));
    expect(String(last(harness, 'sendMessage')?.text)).toMatch(
      /\n\n🎁 We've added ⭐\u00a015 to your wallet: try a generation on us\.$/,
    );
    await harness.send(textMessage(en, '/start'));
    expect(String(last(harness, 'sendMessage')?.text)).not.toContain('🎁');
    await harness.send(textMessage({ id: 74, language_code: 'ru' }, '/start'));
    expect(String(last(harness, 'sendMessage')?.text)).toContain('🎁 На ваш кошелёк зачислено ⭐\u00a015');
    await harness.close();
    harness = await createInProcessBot({ env: STARS_ENV });
    await harness.send(textMessage({ id: 75, language_code: 'en' }, '/start'));
    expect(String(last(harness, 'sendMessage')?.text)).not.toContain('🎁');
  });

  it('the Wallet entry opens the wallet in place, with a way back to the menu', async () => {
    harness = await createInProcessBot({ env: MENU_ENV });
    const user = { id: 72, language_code: 'ru' };
    await harness.send(textMessage(user, '/start'));
    await harness.send(callbackQuery(user, 'menu:wallet'));
    const wallet = last(harness, 'editMessageText');
    expect(String(wallet?.text)).toContain('⭐ 15');
    expect(labelsOf(wallet).at(-1)).toBe('🏠 Главное меню');
  });

  it('without billing there is no Wallet entry', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 73, language_code: 'en' }, '/start'));
    const labels = labelsOf(last(harness, 'sendMessage'));
    expect(labels).toContain('❓ Help');
    expect(labels.some((l) => l.includes('Wallet'))).toBe(false);
  });

  it('the sandbox badge comes before the welcome, so the buttons stay under the welcome', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 74, language_code: 'en', first_name: 'Ann' }, '/start'));
    const text = String(last(harness, 'sendMessage')?.text);
    expect(text.startsWith('🧪 Sandbox mode')).toBe(true);
    expect(text.trimEnd().endsWith('Pick what you want to do:')).toBe(true);
  });
});

describe('🏠 Main menu', () => {
  it('after /cancel (en, ru)', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 75, language_code: 'en' }, '/cancel'));
    expect(labelsOf(last(harness, 'sendMessage'))).toEqual(['🏠 Main menu']);
    await harness.send(textMessage({ id: 76, language_code: 'ru' }, '/cancel'));
    expect(labelsOf(last(harness, 'sendMessage'))).toEqual(['🏠 Главное меню']);
  });

  it('in /wallet, below the packs', async () => {
    harness = await createInProcessBot({ env: MENU_ENV });
    await harness.send(textMessage({ id: 77, language_code: 'en' }, '/wallet'));
    const labels = labelsOf(last(harness, 'sendMessage'));
    expect(labels[0]).toBe('➕ ⭐ 50');
    expect(labels.at(-1)).toBe('🏠 Main menu');
  });
});
