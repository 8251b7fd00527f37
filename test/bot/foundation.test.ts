import { afterEach, describe, expect, it } from 'vitest';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const sent = (h: InProcessBot, method = 'sendMessage') => h.calls.filter((c) => c.method === method);

describe('bot foundation (in-process)', () => {
  it('greets in the language Telegram reports and shows the main menu', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 1, language_code: 'ru', first_name: 'Иван' }, '/start'));
    await harness.send(textMessage({ id: 2, language_code: 'en-GB', first_name: 'Ann' }, '/start'));
    await harness.send(textMessage({ id: 3, language_code: 'de', first_name: 'Jo' }, '/start'));
    const [ru, en, fallback] = sent(harness);
    expect(ru?.payload.text).toContain('Привет, Иван!');
    expect(en?.payload.text).toContain('Hi, Ann!');
    expect(fallback?.payload.text).toContain('Hi, Jo!');
    expect(en?.payload.parse_mode).toBe('HTML');
    const keyboard = en?.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> };
    expect(keyboard.inline_keyboard.flat().map((b) => b.text)).toContain('🌐 Language');
  });

  it('escapes user-supplied names in HTML messages', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 1, language_code: 'en', first_name: '<b>Eve & co</b>' }, '/start'));
    expect(sent(harness)[0]?.payload.text).toContain('Hi, &lt;b&gt;Eve &amp; co&lt;/b&gt;!');
  });

  it('switches the language, stores it, and prefers it over Telegram language_code', async () => {
    harness = await createInProcessBot();
    const user = { id: 5, language_code: 'en' };
    await harness.send(textMessage(user, '/language'));
    await harness.send(callbackQuery(user, 'lang:ru'));
    expect((await harness.users.find(5))?.locale).toBe('ru');
    const answer = harness.calls.find((c) => c.method === 'answerCallbackQuery');
    expect(answer?.payload.text).toBe('✅ Язык переключён на русский.');
    await harness.send(textMessage(user, '/help'));
    expect(sent(harness).at(-1)?.payload.text).toContain('как это работает');
  });

  it('answers forged callback data once and changes nothing', async () => {
    harness = await createInProcessBot();
    const user = { id: 6, language_code: 'en' };
    await harness.send(callbackQuery(user, 'lang:xx'));
    await harness.send(callbackQuery(user, 'nonsense'));
    const answers = harness.calls.filter((c) => c.method === 'answerCallbackQuery');
    expect(answers).toHaveLength(2);
    expect(answers[0]?.payload.text).toBe("This button isn't active anymore.");
    expect(answers[1]?.payload.show_alert).toBe(true);
    expect((await harness.users.find(6))?.locale).toBeNull();
  });

  it('answers a callback query even when the handler fails, and tells the user', async () => {
    harness = await createInProcessBot();
    const user = { id: 7, language_code: 'ru' };
    harness.failNext('editMessageText', {
      error_code: 400,
      description: 'Bad Request: message to edit not found',
    });
    await harness.send(callbackQuery(user, 'menu:help'));
    expect(harness.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);
    expect(sent(harness).at(-1)?.payload.text).toBe(
      '😔 У нас что-то пошло не так. Попробуйте ещё раз через минуту.',
    );
  });

  it('marks a user who blocked the bot', async () => {
    harness = await createInProcessBot();
    harness.failNext('sendMessage', {
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    await harness.send(textMessage({ id: 8, language_code: 'en' }, '/help'));
    expect((await harness.users.find(8))?.blocked).toBe(true);
  });

  it('answers unknown text with the fallback and /cancel with nothing to cancel', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 9, language_code: 'en' }, 'hello?'));
    await harness.send(textMessage({ id: 9, language_code: 'en' }, '/cancel'));
    expect(sent(harness).map((c) => c.payload.text)).toEqual([
      "Sorry, we didn't catch that. Tap <b>🏠 Main menu</b> or send /help.",
      "There's nothing to cancel.",
    ]);
  });

  it('marks the sandbox in the welcome text', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage({ id: 10, language_code: 'en' }, '/start'));
    expect(sent(harness)[0]?.payload.text).toContain('Sandbox mode');
  });
});
