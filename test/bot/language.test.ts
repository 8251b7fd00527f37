/** The language screen: the flags, the description toggle, and always a way back to the menu. */
import { afterEach, describe, expect, it } from 'vitest';
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
});
