/**
 * The prompt library end to end: Telegram emulator + upstream simulator over HTTP, the real bot
 * process. Browsing and search in both languages, one-language prompts, starting a generation
 * from a prompt, the deposit gate, forged buttons, a restart while the bot waits for search words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROMPTS } from '../../src/simulator/prompt-seed.js';
import { shortId } from '../../src/telegram/callback-data/prompts.js';
import { confirmOrder, continueToPrice } from '../support/e2e/flows.js';
import { E2E_API_KEY, type Stack, startStack } from '../support/e2e/stack.js';
import { makeJpeg } from '../support/media-fixtures.js';
import type { ScriptedUser } from '../support/telegram/scripted-user.js';

let stack: Stack;

/** A prompt longer than Lumen takes (2,000) and than the detail view shows, full of HTML specials. */
const LONG_PROMPT = 'A <castle> & a dragon over the sea, golden light. '.repeat(72).trim();
// The simulator runs in this process: one extra seed prompt, in a category of its own size.
const seed = SEED_PROMPTS as Array<(typeof SEED_PROMPTS)[number]>;
const LONG_SEED = {
  id: seed.length + 1,
  type: 'image' as const,
  category: 'fantasy',
  title_ru: null,
  title_en: 'Epic saga',
  prompt_ru: null,
  prompt_en: LONG_PROMPT,
};

beforeAll(async () => {
  seed.push(LONG_SEED);
  stack = await startStack();
});
afterAll(async () => {
  seed.splice(seed.indexOf(LONG_SEED), 1);
  await stack?.close();
});

const labels = (m: { buttons: Array<{ text: string }> }) => m.buttons.map((b) => b.text);
const upstreamOrders = () => stack.simulator.state.listOrders();

async function openLibrary(user: ScriptedUser) {
  await user.sendCommand('prompts');
  return user.waitForMessage(/Prompt library|Готовые промпты/);
}

describe('the library is closed below the deposit threshold', () => {
  it('says so in the user language, without the reseller figures, and logs them', async () => {
    stack.simulator.state.setDeposit(E2E_API_KEY, '10.00');
    try {
      const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
      await ann.sendCommand('prompts');
      const en = await ann.waitForMessage(/prompt library isn't available yet/);
      expect(en.text).not.toMatch(/\b(10|50)\b/);
      expect(labels(en)).toEqual(['🎨 Create', '🏠 Main menu']);

      const ivan = stack.emulator.createUser({ first_name: 'Иван', language_code: 'ru' });
      await ivan.sendCommand('start');
      await ivan.waitForMessage(/Привет, Иван!/);
      await ivan.pressButton('📚 Готовые промпты');
      const ru = await ivan.waitForMessage(/Библиотека готовых промптов пока недоступна/);
      expect(ru.text).not.toMatch(/\b(10|50)\b/);
      await expect
        .poll(() => stack.bot.lines.some((l) => /total deposit below/.test(l) && /"deposited":10\b/.test(l)))
        .toBe(true);
    } finally {
      stack.simulator.state.setDeposit(E2E_API_KEY, '100.00');
    }
  });
});

describe('browsing', () => {
  it('images -> Portraits -> page 2 -> a prompt and back, in English', async () => {
    const user = stack.emulator.createUser({ first_name: 'Bo', language_code: 'en' });
    await user.sendCommand('start');
    const menu = await user.waitForMessage(/Hi, Bo!/);
    await user.pressButton('📚 Ready-made prompts');
    const types = await user.waitForMessage(/Prompt library/);
    expect(types.message_id).toBe(menu.message_id);
    expect(labels(types)).toEqual(['🖼 Images', '🎬 Videos', '📚 All', '🔎 Search', '🏠 Main menu']);

    await user.pressButton('🖼 Images');
    const categories = await user.waitForMessage(/Images: choose a category/);
    expect(labels(categories)).toEqual([
      'Portraits',
      'Landscapes',
      'Product shots',
      'Anime',
      'Fantasy',
      '🔎 Search',
      '◀️ Back',
    ]);

    await user.pressButton('Portraits');
    const page1 = await user.waitForMessage(/Page 1 of 2/);
    expect(page1.text).toContain('🖼 Images · Portraits');
    expect(page1.text).toContain('1. Studio portrait');
    // A Russian-only prompt means nothing to an English reader: not listed.
    expect(page1.text).not.toContain('Винтажная плёнка');
    expect(labels(page1)).toContain('Next ▶️');
    expect(labels(page1)).not.toContain('◀️ Previous');

    await user.pressButton('Next ▶️');
    const page2 = await user.waitForMessage(/Page 2 of 2/);
    expect(page2.text).toContain('6. Cyberpunk neon portrait');
    expect(page2.text).toContain('7. Renaissance portrait');
    expect(page2.text).not.toContain('Studio portrait');

    await user.pressButton(/^7\. Renaissance portrait/);
    const detail = await user.waitForMessage(/Category: Portraits · Images/);
    expect(detail.text).toContain('✨ Renaissance portrait');
    expect(detail.text).toMatch(/Renaissance/);
    expect(labels(detail)).toEqual(['✨ Use this prompt', '◀️ Back']);
    expect(detail.message_id).toBe(menu.message_id);

    await user.pressButton('◀️ Back');
    await user.waitForMessage(/Page 2 of 2/);
    await user.pressButton('◀️ Back');
    await user.waitForMessage(/Images: choose a category/);
    expect(user.messages()).toHaveLength(1);
  });

  it('the same in Russian, with an English-only prompt marked as such', async () => {
    const user = stack.emulator.createUser({ first_name: 'Оля', language_code: 'ru' });
    await openLibrary(user);
    await user.pressButton('🖼 Картинки');
    await user.waitForMessage(/Картинки: выберите категорию/);
    await user.pressButton('Портреты');
    const page1 = await user.waitForMessage(/Страница 1 из 2/);
    expect(page1.text).toContain('1. Студийный портрет');
    expect(page1.text).toContain('5. Винтажная плёнка');
    expect(page1.text).not.toContain('только на');

    await user.pressButton('Следующие ▶️');
    const page2 = await user.waitForMessage(/Страница 2 из 2/);
    expect(page2.text).toContain('6. Cyberpunk neon portrait (только на английском)');
    expect(page2.text).toContain('7. Портрет в стиле Ренессанса');

    await user.pressButton(/^6\. Cyberpunk/);
    const detail = await user.waitForMessage(/Категория: Портреты · Изображения/);
    expect(detail.text).toContain('Этот промпт есть только на английском.');
    expect(detail.text).toMatch(/neon/i);
    expect(labels(detail)).toEqual(['✨ Использовать промпт', '◀️ Назад']);
    await user.pressButton('◀️ Назад');
    await user.waitForMessage(/Страница 2 из 2/);
  });

  it('videos show video categories only; All shows both', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cy', language_code: 'en' });
    await openLibrary(user);
    await user.pressButton('🎬 Videos');
    const videos = await user.waitForMessage(/Videos: choose a category/);
    expect(labels(videos)).toEqual(['Cinematic', 'Dance', 'Travel', 'Advertising', '🔎 Search', '◀️ Back']);
    await user.pressButton('◀️ Back');
    await user.waitForMessage(/Ready-made ideas/);
    await user.pressButton('📚 All');
    const all = await user.waitForMessage(/All: choose a category/);
    expect(labels(all)).toHaveLength(9 + 2);
  });
});

describe('search', () => {
  it('in Russian: finds prompts, pages through them, opens one and comes back', async () => {
    const user = stack.emulator.createUser({ first_name: 'Дима', language_code: 'ru' });
    await openLibrary(user);
    await user.pressButton('🔎 Поиск');
    await user.waitForMessage(/Отправьте слово или короткую фразу/);
    await user.sendText('  дракон ');
    const one = await user.waitForMessage(/🔎 Поиск: дракон/);
    expect(one.text).toContain('1. Дракон над замком');
    expect(one.text).not.toContain('Страница');

    await user.pressButton('🔎 Новый поиск');
    await user.waitForMessage(/Отправьте слово/);
    await user.sendText('портрет');
    const page1 = await user.waitForMessage(/🔎 Поиск: портрет[\s\S]*Страница 1 из 2/);
    expect(page1.text).toContain('Студийный портрет');
    await user.pressButton('Следующие ▶️');
    const page2 = await user.waitForMessage(/Страница 2 из 2/);
    expect(page2.text).toContain('🔎 Поиск: портрет');
    expect(page2.text).toContain('7. Портрет в стиле Ренессанса');
    await user.pressButton(/^6\. Чиби-портрет/);
    const detail = await user.waitForMessage(/Категория: Аниме/);
    expect(detail.text).toContain('🔎 Поиск: портрет');
    await user.pressButton('◀️ Назад');
    const back = await user.waitForMessage(/Страница 2 из 2/);
    expect(back.text).toContain('Чиби-портрет');
  });

  it('too long or a photo is explained; nothing found is said plainly', async () => {
    const user = stack.emulator.createUser({ first_name: 'Eve', language_code: 'en' });
    await openLibrary(user);
    await user.pressButton('🔎 Search');
    await user.waitForMessage(/Send a word or a short phrase/);
    await user.sendText('x'.repeat(65));
    await user.waitForMessage(/too long for a search/);
    await user.sendPhoto(makeJpeg(64, 64));
    await user.waitForMessage(/send the words to look for as a text message/);
    await user.sendText('zzzz-nothing-like-this');
    const none = await user.waitForMessage(/Nothing found/);
    expect(labels(none)).toEqual(['🔎 New search', '◀️ Back']);
  });

  it('keeps waiting for the search words across a restart', async () => {
    const user = stack.emulator.createUser({ first_name: 'Fay', language_code: 'en' });
    await openLibrary(user);
    await user.pressButton('🎬 Videos');
    await user.waitForMessage(/Videos: choose a category/);
    await user.pressButton('🔎 Search');
    await user.waitForMessage(/Send a word or a short phrase/);
    await stack.restartBot();
    await user.sendText('ballet');
    const found = await user.waitForMessage(/Search: ballet/, { timeoutMs: 15_000 });
    expect(found.text).toContain('1. Ballet');
    // A page of results names the search only in the message: it still opens after the restart.
    await user.pressButton(/^1\. Ballet/);
    await user.waitForMessage(/Category: Dance · Video/);
  });
});

describe('using a prompt', () => {
  it('picks a model of the prompt type, skips the prompt step and orders with that prompt', async () => {
    const user = stack.emulator.createUser({ first_name: 'Gus', language_code: 'en' });
    await openLibrary(user);
    await user.pressButton('🖼 Images');
    await user.waitForMessage(/choose a category/);
    await user.pressButton('Landscapes');
    await user.waitForMessage(/Images · Landscapes/);
    await user.pressButton(/^1\. Mountain lake/);
    const detail = await user.waitForMessage(/Category: Landscapes/);
    const promptText = /\n\n([^\n]+)$/.exec(detail.text ?? '')?.[1];
    expect(promptText).toBeTruthy();

    await user.pressButton('✨ Use this prompt');
    const models = await user.waitForMessage(/Choose a model for this prompt/);
    expect(labels(models)).toEqual([
      'Lumen Text to Image · from $0.04',
      'Nova Image Edit · from $0.09',
      'Collage Composer · from $0.10',
      '◀️ Back',
    ]);
    await user.pressButton(/^Lumen Text to Image/);
    await user.waitForMessage(/You chose Lumen Text to Image[\s\S]*taken from the prompt “Mountain lake”/);
    await user.waitForMessage(/Settings/);
    expect(user.transcript()).not.toMatch(/Describe what you'd like/);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain(promptText!);
    await confirmOrder(user);
    const order = upstreamOrders().at(-1)!;
    expect(order.prompt).toBe(promptText);
    expect(order.model_id).toBe(203);
  });

  it('a video prompt offers video models; a model with media starts at the media step', async () => {
    const user = stack.emulator.createUser({ first_name: 'Hal', language_code: 'ru' });
    await openLibrary(user);
    await user.pressButton('🎬 Видео');
    await user.waitForMessage(/выберите категорию/);
    await user.pressButton('Танцы');
    await user.waitForMessage(/Видео · Танцы/);
    await user.pressButton(/^2\. Вальс/);
    await user.waitForMessage(/Категория: Танцы/);
    await user.pressButton('✨ Использовать промпт');
    const models = await user.waitForMessage(/Выберите модель для этого промпта/);
    const names = labels(models).map((l) => l.split(' · ')[0]);
    expect(names).toEqual([
      'Vega Video 2 Pro',
      'Motion Transfer',
      'Aurora Video Sound',
      'Cast Character Video',
      '◀️ Назад',
    ]);
    await user.pressButton(/^Vega Video 2 Pro/);
    await user.waitForMessage(/Вы выбрали Vega Video 2 Pro/);
    await user.waitForMessage(/📎/);
    expect(user.transcript()).not.toMatch(/Опишите, что хотите получить/);
    await user.sendCommand('cancel');
    await user.waitForMessage(/Отменено/);
  });
});

describe('a prompt longer than the model takes', () => {
  it('is explained and the prompt step asks; a model that takes it gets the whole text', async () => {
    const user = stack.emulator.createUser({ first_name: 'Jo', language_code: 'en' });
    const openEpic = async () => {
      await openLibrary(user);
      await user.pressButton('🖼 Images');
      await user.waitForMessage(/choose a category/);
      await user.pressButton('Fantasy');
      await user.waitForMessage(/Images · Fantasy/);
      await user.pressButton(/^5\. Epic saga/);
      return user.waitForMessage(/Category: Fantasy/);
    };
    const detail = await openEpic();
    expect(LONG_PROMPT.length).toBeGreaterThan(3300);
    expect(detail.text).toContain('A <castle> & a dragon');
    expect(detail.text).toContain('The text is shortened here');

    await user.pressButton('✨ Use this prompt');
    await user.waitForMessage(/Choose a model for this prompt/);
    await user.pressButton(/^Lumen Text to Image/);
    const why = await user.waitForMessage(/characters long, and Lumen Text to Image takes at most 2,000/);
    expect(why.text).toContain('A <castle> & a dragon');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendCommand('cancel');
    await user.waitForMessage(/Cancelled/);

    await openEpic();
    await user.pressButton('✨ Use this prompt');
    await user.waitForMessage(/Choose a model for this prompt/);
    await user.pressButton(/^Nova Image Edit/);
    await user.waitForMessage(/📎 Photos/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/Settings/);
    await continueToPrice(user);
    await confirmOrder(user);
    const order = upstreamOrders().at(-1)!;
    expect(order.model_id).toBe(201);
    expect(order.prompt).toBe(LONG_PROMPT);
  });
});

describe('forged and stale buttons', () => {
  it('forged ones get a short answer and change nothing', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ida', language_code: 'en' });
    await openLibrary(user);
    await user.pressButton('🖼 Images');
    const screen = await user.waitForMessage(/choose a category/);
    const portraits = shortId('portrait');
    const orders = upstreamOrders().length;
    const before = { text: screen.text, buttons: labels(screen), count: user.messages().length };
    for (const data of [
      'pr:x',
      'pr:t:z',
      `pr:l:ci${portraits}.0`,
      `pr:d:1:ci${portraits}.99999`,
      // A search the message does not show.
      `pr:l:sa${shortId('портрет')}.1`,
    ]) {
      const answer = await user.pressCallbackData(data, screen.message_id);
      expect(answer.text, data).toMatch(/isn't active anymore|doesn't work anymore/);
    }
    await stack.settled();
    const after = user.messages().find((m) => m.message_id === screen.message_id)!;
    expect({ text: after.text, buttons: labels(after), count: user.messages().length }).toEqual(before);
    expect(upstreamOrders()).toHaveLength(orders);
  });

  it('ones found stale only after loading (answered before it) say so in the message, with the library to go on', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ivo', language_code: 'en' });
    await openLibrary(user);
    await user.pressButton('🖼 Images');
    const screen = await user.waitForMessage(/choose a category/);
    const portraits = shortId('portrait');
    const orders = upstreamOrders().length;
    const count = user.messages().length;
    for (const data of [
      'pr:l:ci0.1',
      `pr:l:cv${portraits}.1`,
      `pr:d:999999:ci${portraits}.1`,
      // An image prompt with a video model, or with a model that ignores prompts.
      `pr:m:1:101:ci${portraits}.1`,
      `pr:m:1:204:ci${portraits}.1`,
      `pr:m:1:99999:ci${portraits}.1`,
    ]) {
      const seq = stack.emulator.seq();
      const answer = await user.pressCallbackData(data, screen.message_id);
      expect(answer.text ?? '', data).toBe('');
      const shown = await user.waitForMessage(
        (m) => m.message_id === screen.message_id && /^This button isn't active anymore/.test(m.text ?? ''),
        { after: seq },
      );
      // Back to the categories, so the next button's own edit shows.
      const back = stack.emulator.seq();
      await user.pressCallbackData('pr:t:i', screen.message_id);
      await user.waitForMessage(
        (m) => m.message_id === screen.message_id && /choose a category/.test(m.text ?? ''),
        { after: back },
      );
      expect(labels(shown), data).toContain('🖼 Images');
    }
    expect(user.messages()).toHaveLength(count);
    expect(upstreamOrders()).toHaveLength(orders);
  });
});

describe('Telegram rules', () => {
  it('were all respected', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
  });
});
