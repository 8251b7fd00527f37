import type { InlineKeyboard } from 'grammy';
import type { Message } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { queryFromMessage } from '../../src/bot/features/prompts.js';
import { truncate } from '../../src/lib/text.js';
import type { Model, Prompt, PromptsPage } from '../../src/reseller/schemas.js';
import {
  codeFromType,
  type ListRef,
  parsePromptButton,
  promptButtons,
  shortId,
} from '../../src/telegram/callback-data/prompts.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import {
  cutToUnits,
  detailScreen,
  excerpt,
  type ListContext,
  listScreen,
  localizePrompt,
  normalizeSearch,
  promptMisfitText,
} from '../../src/telegram/keyboards/prompts.js';
import { parseHtml } from '../support/telegram/formatting/html.js';

const i18n = createI18n('en');
const en = textsFor(i18n, 'en');
const ru = textsFor(i18n, 'ru');

function prompt(overrides: Partial<Prompt> = {}): Prompt {
  return {
    id: 7,
    type: { key: 'image', name_ru: 'Изображения', name_en: 'Images' },
    category: { key: 'portrait', name_ru: 'Портреты', name_en: 'Portraits' },
    title_ru: 'Портрет',
    title_en: 'Portrait',
    prompt_ru: 'Портрет при мягком свете',
    prompt_en: 'Portrait in soft light',
    preview_url: 'https://example.test/prompts/7/preview',
    ...overrides,
  };
}

function page(data: Prompt[], current = 1, last = 1): PromptsPage {
  return {
    success: true,
    data,
    links: { first: 'f', last: 'l', prev: null, next: null },
    meta: { current_page: current, last_page: last, per_page: 5, total: data.length },
  };
}

/** What Telegram would display: the HTML must parse, and the result must fit. */
function displayed(html: string): string {
  const { text } = parseHtml(html);
  expect(text.length).toBeLessThanOrEqual(4096);
  return text;
}

const callbackData = (keyboard: InlineKeyboard) =>
  keyboard.inline_keyboard.flat().map((b) => ('callback_data' in b ? b.callback_data : ''));

describe('truncation', () => {
  it('cuts by characters, never inside an emoji, and marks the cut', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
    expect(truncate('😀😀😀😀😀😀', 3)).toBe('😀😀…');
    expect(excerpt('a\n\n b\t c', 10)).toBe('a b c');
  });

  it('cuts to UTF-16 units (how Telegram counts) without splitting a surrogate pair', () => {
    expect(cutToUnits('abc', 3)).toEqual({ text: 'abc', cut: false });
    const cut = cutToUnits('ab😀cd', 4);
    expect(cut).toEqual({ text: 'ab…', cut: true });
    expect(cutToUnits('x'.repeat(5000), 100).text).toHaveLength(100);
  });
});

describe('prompt language', () => {
  it("shows the user's language, or the other one and says which", () => {
    expect(localizePrompt(prompt(), 'ru')).toEqual({
      title: 'Портрет',
      text: 'Портрет при мягком свете',
      shownIn: undefined,
    });
    const enOnly = prompt({ title_ru: null, prompt_ru: null });
    expect(localizePrompt(enOnly, 'ru')).toEqual({
      title: 'Portrait',
      text: 'Portrait in soft light',
      shownIn: 'en',
    });
    expect(localizePrompt(prompt({ title_en: null, prompt_en: null }), 'en').shownIn).toBe('ru');
  });
});

describe('screens', () => {
  const context: ListContext = { kind: 'c', type: 'i', category: prompt().category };
  const ref: ListRef = { kind: 'c', type: 'i', key: shortId('portrait'), page: 1 };

  it('a detail view of a huge prompt full of markup still parses and fits, and says it is cut', () => {
    const huge = prompt({
      title_en: `<b>${'T'.repeat(500)}</b>`,
      prompt_en: '<i>&amp;</i> 😀 '.repeat(2000),
    });
    const screen = detailScreen(en, context, ref, huge);
    const text = displayed(screen.text);
    expect(text).toContain('<i>&amp;</i> 😀');
    expect(text).toContain('The text is shortened here');
    expect(callbackData(screen.keyboard)).toEqual([`pr:u:7:ci${ref.key}.1`, `pr:l:ci${ref.key}.1`]);
  });

  it('a detail view from a search names the query, in bold, so Back can find it again', () => {
    const search: ListContext = { kind: 's', type: 'a', query: 'неон <b> & co' };
    const screen = detailScreen(
      ru,
      search,
      { kind: 's', type: 'a', key: shortId(search.query), page: 2 },
      prompt(),
    );
    const parsed = parseHtml(screen.text);
    expect(parsed.text).toContain('🔎 Поиск: неон <b> & co');
    const message = {
      message_id: 1,
      date: 1,
      chat: { id: 1, type: 'private' },
      ...parsed,
    } as unknown as Message;
    expect(queryFromMessage(message, shortId(search.query))).toBe(search.query);
    expect(queryFromMessage(message, shortId('другое'))).toBeUndefined();
  });

  it('a full list page of long prompts fits, with buttons and Prev/Next', () => {
    const long = Array.from({ length: 5 }, (_, i) =>
      prompt({ id: 1_000_000_000 + i, title_en: 'W'.repeat(900), prompt_en: 'P'.repeat(9000) }),
    );
    const screen = listScreen(en, context, page(long, 2, 3));
    const text = displayed(screen.text);
    expect(text).toContain('Page 2 of 3');
    const data = callbackData(screen.keyboard);
    expect(data).toContain(`pr:l:ci${ref.key}.1`);
    expect(data).toContain(`pr:l:ci${ref.key}.3`);
    for (const d of data) expect(Buffer.byteLength(d)).toBeLessThanOrEqual(64);
  });

  it('a prompt too long for the model is explained with the original to copy, cut to fit', () => {
    const model = { name: 'Lumen <X>' } as Model;
    const text = displayed(
      promptMisfitText(en, model, 'y'.repeat(6000), { length: 6000, min: 1, max: 2000 }),
    );
    expect(text).toMatch(/6,000 characters long, and Lumen <X> takes at most 2,000/);
  });
});

describe('callback data', () => {
  it('round-trips every button and stays within 64 bytes at the largest values', () => {
    const ref: ListRef = { kind: 's', type: 'v', key: shortId('x'.repeat(64)), page: 9999 };
    const buttons = [
      promptButtons.type('a'),
      promptButtons.search('i'),
      promptButtons.list(ref),
      promptButtons.details(9_999_999_999, ref),
      promptButtons.use(9_999_999_999, ref),
      promptButtons.model(9_999_999_999, 9_999_999_999, ref),
    ];
    for (const data of buttons) {
      expect(Buffer.byteLength(data), data).toBeLessThanOrEqual(64);
      expect(parsePromptButton(data), data).toBeDefined();
    }
    expect(parsePromptButton(buttons[5])).toEqual({
      kind: 'model',
      id: 9_999_999_999,
      modelId: 9_999_999_999,
      ref,
    });
  });

  it('rejects forged or truncated data', () => {
    for (const data of [
      'pr:',
      'pr:t:x',
      'pr:l:ci.1',
      'pr:l:xiabc.1',
      'pr:l:ciABC.1',
      'pr:l:ciabc.0',
      'pr:l:ciabc.10000',
      'pr:d:0:ciabc.1',
      'pr:d:1:ciabc',
      'pr:m:1:ciabc.1',
      'pr:d:99999999999:ciabc.1',
      'pr:l:ciabcdefgh.1',
      `pr:l:ciabc.1${' '.repeat(70)}`,
    ]) {
      expect(parsePromptButton(data), data).toBeUndefined();
    }
    expect(codeFromType('image')).toBe('i');
    expect(codeFromType('nonsense')).toBe('a');
  });

  it('search words are normalized before they are hashed and shown', () => {
    expect(normalizeSearch('  neon\u200b\n\tportrait\u0007 ')).toBe('neon portrait');
    expect(normalizeSearch('\n \t')).toBe('');
  });
});

describe('the English library', () => {
  const context: ListContext = { kind: 'c', type: 'i', category: prompt().category };
  const ruOnly = prompt({ id: 8, title_en: null, prompt_en: null, title_ru: 'Только по-русски' });
  const both = prompt({ id: 9, title_en: 'Neon city', prompt_en: 'A neon city at night' });

  it('shows no Russian-only entries; the Russian library shows them all', () => {
    const enScreen = displayed(listScreen(en, context, page([ruOnly, both])).text);
    expect(enScreen).toContain('Neon city');
    expect(enScreen).not.toContain('Только по-русски');
    expect(enScreen).not.toMatch(/Russian/);
    expect(
      callbackData(listScreen(en, context, page([ruOnly, both])).keyboard).filter((d) =>
        d.startsWith('pr:d:'),
      ),
    ).toHaveLength(1);
    const ruScreen = displayed(listScreen(ru, context, page([ruOnly, both])).text);
    expect(ruScreen).toContain('Только по-русски');
  });

  it('a page of Russian-only entries reads as empty in English', () => {
    expect(displayed(listScreen(en, context, page([ruOnly])).text)).toContain(en.t('prompts-empty'));
  });
});
