/** The language screen: the flags, the description toggle, and always a way back to the menu. */
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, SUPPORTED_LOCALES } from '../../src/telegram/i18n.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const last = (h: InProcessBot, method: string) => h.calls.findLast((c) => c.method === method)?.payload;

describe('🌐 Language', () => {
  it('from the menu, after the description toggle and from /language ends with 🏠 (en, ru)', async () => {
    harness = await createInProcessBot();
    const user = { id: 80, language_code: 'en' };
    await harness.send(callbackQuery(user, 'menu:language'));
    const picker = buttonsOf(last(harness, 'editMessageText'));
    expect(picker.map((b) => b.text).slice(0, 2)).toEqual(['✅ 🇬🇧 English', '🇷🇺 Русский']);
    expect(picker.at(-1)).toEqual({ text: '🏠 Main menu', callback_data: 'menu:home' });

    // The toggle redraws the same screen: still with the way back.
    const toggle = picker.find((b) => b.callback_data?.startsWith('cap'))?.callback_data;
    expect(toggle).toBeDefined();
    const before = harness.calls.length;
    await harness.send(callbackQuery(user, toggle!));
    const redrawn = harness.calls.slice(before).findLast((c) => c.method === 'editMessageText');
    expect(buttonsOf(redrawn?.payload).at(-1)?.text).toBe('🏠 Main menu');

    await harness.send(textMessage({ id: 81, language_code: 'ru' }, '/language'));
    expect(buttonsOf(last(harness, 'sendMessage')).at(-1)?.text).toBe('🏠 Главное меню');
  });

  it('lists every installed language in its own words; Ukrainian is spoken to whoever picks it or uses it', async () => {
    harness = await createInProcessBot();
    const uk = (key: string) => createI18n('en').t('uk', key);
    expect(SUPPORTED_LOCALES).toEqual(['en', 'ru', 'uk']);
    await harness.send(textMessage({ id: 82, language_code: 'en' }, '/language'));
    const picker = buttonsOf(last(harness, 'sendMessage'));
    expect(picker.map((b) => b.text).slice(0, 3)).toEqual(['✅ 🇬🇧 English', '🇷🇺 Русский', '🇺🇦 Українська']);

    // Picked: every text from then on is Ukrainian.
    await harness.send(callbackQuery({ id: 82, language_code: 'en' }, 'lang:uk'));
    expect(last(harness, 'answerCallbackQuery')).toMatchObject({ text: uk('language-changed') });
    await harness.send(textMessage({ id: 82, language_code: 'en' }, '/language'));
    expect(buttonsOf(last(harness, 'sendMessage')).at(-1)?.text).toBe(uk('button-main-menu'));

    // A newcomer whose Telegram is in Ukrainian ("uk-UA") is answered in Ukrainian at once.
    await harness.send(textMessage({ id: 83, language_code: 'uk-UA' }, '/language'));
    const own = buttonsOf(last(harness, 'sendMessage'));
    expect(own.map((b) => b.text)).toContain('✅ 🇺🇦 Українська');
    expect(own.at(-1)?.text).toBe(uk('button-main-menu'));
  });
});
