/**
 * The texts the bot composes in code: catalog words (translated, else shown as upstream wrote them
 * and reported once), media refusals with only the bounds a model states, the daily-spend refusal
 * in the customer's currency, and the quote note from the quote's own expiry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/db/index.js';
import { LimitError } from '../../src/services/user-limits.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import { orderSummary } from '../../src/telegram/order-summary.js';
import {
  mediaInputLabel,
  modelTypeLabel,
  optionValueLabel,
  reportUntranslatedTo,
} from '../../src/telegram/texts/labels.js';
import { mediaProblemText, ratioText } from '../../src/telegram/texts/media-problems.js';
import { refusalText } from '../../src/telegram/texts/refusals.js';

const i18n = createI18n('en');
const en = textsFor(i18n, 'en');
const ru = textsFor(i18n, 'ru');
const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('catalog words', () => {
  afterEach(() => reportUntranslatedTo(() => {}));

  it('translates the option values we know, in both languages', () => {
    expect(optionValueLabel(ru, 'aspect_ratio', 'adaptive', 'adaptive')).toBe('Авто');
    expect(optionValueLabel(en, 'aspect_ratio', 'adaptive', 'adaptive')).toBe('Auto');
    expect(optionValueLabel(ru, 'duration', 5)).toBe('5\u00a0сек');
  });

  it('shows an unknown word as upstream wrote it and reports it once per language', () => {
    const reported: string[] = [];
    reportUntranslatedTo((kind, slug, locale) => reported.push(`${locale} ${kind} ${slug}`));
    expect(optionValueLabel(ru, 'style', 'cinematic', 'Cinematic')).toBe('Cinematic');
    expect(optionValueLabel(ru, 'style', 'cinematic', 'Cinematic')).toBe('Cinematic');
    expect(modelTypeLabel(ru, 'face_swap')).toBe('Face swap');
    expect(mediaInputLabel(ru, 'mask_image')).toBe('Mask image');
    expect(mediaInputLabel(en, 'mask_image')).toBe('Mask image');
    expect(reported).toEqual([
      'ru option-value cinematic',
      'ru model-type face_swap',
      'ru media-input mask_image',
      'en media-input mask_image',
    ]);
  });

  it('leaves sizes, ratios and formats alone and reports nothing for them or for known words', () => {
    const reported: string[] = [];
    reportUntranslatedTo((_, slug) => reported.push(slug));
    expect(optionValueLabel(ru, 'resolution', '720p', '720p')).toBe('720p');
    expect(optionValueLabel(ru, 'aspect_ratio', '9:16', '9:16')).toBe('9:16');
    expect(optionValueLabel(ru, 'output_format', 'png', 'png')).toBe('png');
    expect(modelTypeLabel(ru, 'image')).toBe('🖼 Картинки');
    expect(mediaInputLabel(ru, 'target_image')).toBe('Фото, куда вставить лицо');
    expect(reported).toEqual([]);
  });
});

describe('media refusals', () => {
  it('writes ratios as proportions people know, else as a short decimal', () => {
    expect(ratioText(en, 9 / 16)).toBe('9:16');
    expect(ratioText(en, 2.5)).toBe('5:2');
    expect(ratioText(en, 0.4)).toBe('2:5');
    expect(ratioText(en, 1)).toBe('1:1');
    expect(ratioText(ru, Math.PI * 10)).toBe('31,42');
  });

  it('names only the bounds the model states: no 0, ∞ or 100000 in their place', () => {
    const both = mediaProblemText(ru, { code: 'aspect_ratio_out_of_range', ratio: 3, min: 0.4, max: 2.5 });
    expect(nbsp(both)).toContain('— 3:1 (ширина к высоте), а эта модель принимает от 2:5 до 5:2.');
    const minOnly = mediaProblemText(en, { code: 'aspect_ratio_out_of_range', ratio: 1 / 3, min: 0.5 });
    expect(minOnly).toContain('is 1:3, but this model accepts 1:2 or wider.');
    const maxOnly = mediaProblemText(en, { code: 'aspect_ratio_out_of_range', ratio: 3, max: 2 });
    expect(maxOnly).toContain('is 3:1, but this model accepts 2:1 or narrower.');
    const smallSide = mediaProblemText(ru, {
      code: 'dimensions_out_of_range',
      width: 300,
      height: 200,
      min: 512,
    });
    expect(nbsp(smallSide)).toBe(
      '⚠️ Размер файла — 300×200 пикс. Каждая сторона должна быть не меньше 512 пикс.',
    );
    const bigSide = mediaProblemText(en, {
      code: 'dimensions_out_of_range',
      width: 5000,
      height: 200,
      max: 4096,
    });
    expect(nbsp(bigSide)).toContain('Each side must be at most 4,096 px.');
    for (const text of [both, minOnly, maxOnly, smallSide, bigSide])
      expect(text).not.toMatch(/∞|100[ ,]?000/);
  });
});

describe('the daily spend refusal', () => {
  const breach = new LimitError({
    code: 'daily_spend',
    limitUsd: '0.10',
    spentUsd: '0.08',
    remainingUsd: '0.02',
    priceUsd: '0.04',
    resetsAt: Date.UTC(2030, 10, 22),
  });

  it('shows a Stars customer Stars, never USD', () => {
    const text = nbsp(refusalText(ru, breach, { priceStars: 5 }));
    expect(text).toContain('Этот заказ (⭐ 5) не укладывается в дневной лимит расходов.');
    expect(text).not.toMatch(/\$|USD/);
  });

  it('without billing, a customer who sees no amounts is told only that the generations are used up', () => {
    for (const texts of [en, ru]) {
      const text = refusalText({ ...texts, showPrices: false }, breach, { priceStars: null });
      expect(text).not.toMatch(/\$|USD|0[.,]0|spend|потрат|стоит/);
    }
    expect(refusalText({ ...en, showPrices: false }, breach, { priceStars: null })).toContain(
      "You've reached today's limit of generations.",
    );
    expect(refusalText({ ...ru, showPrices: false }, breach, { priceStars: null })).toContain(
      'Дневной лимит генераций на сегодня исчерпан.',
    );
  });

  it("with SHOW_PRICES=true and no billing, the USD figures are the bot's cost, not the customer's spending", () => {
    const text = nbsp(refusalText(en, breach, { priceStars: null }));
    expect(text).toContain(
      "This order costs the bot $0.04, and today's budget for your generations has only $0.02 left",
    );
    expect(text).not.toMatch(/you can spend/);
  });

  it('says when the limit resets, in the bot’s zone (TIME_ZONE): UTC by default, Moscow time there', () => {
    expect(refusalText(en, breach, { priceStars: null })).toContain(
      'again after 00:00 UTC, when the budget resets',
    );
    expect(refusalText(ru, breach, { priceStars: 5 })).toContain(
      'ещё раз после 00:00 UTC, когда лимит обновится',
    );
    const moscow = createI18n('en', undefined, 'off', 'Europe/Moscow');
    const free = { priceStars: null };
    expect(refusalText({ ...textsFor(moscow, 'en'), showPrices: false }, breach, free)).toContain(
      'again after 03:00 UTC+3, when the limit resets',
    );
    expect(refusalText(textsFor(moscow, 'ru'), breach, { priceStars: 5 })).toContain(
      'ещё раз после 03:00 UTC+3, когда лимит обновится',
    );
  });
});

describe("the bot's daily cap refusal", () => {
  const breach = new LimitError({ code: 'bot_daily_cap', resetsAt: Date.UTC(2030, 10, 22) });

  it('says the bot reached its limit and when it resets, with no amounts, whatever the billing', () => {
    for (const priceStars of [5, null]) {
      expect(refusalText(en, breach, { priceStars })).toBe(
        '📅 This bot has reached its limit for today. Your order is saved: tap <b>Confirm</b> again after 00:00 UTC, when the limit resets.',
      );
      expect(refusalText(ru, breach, { priceStars })).toContain(
        'Этот бот исчерпал дневной лимит заказов. Заказ сохранён: нажмите «Подтвердить» ещё раз после 00:00 UTC',
      );
    }
    const moscow = createI18n('en', undefined, 'off', 'Europe/Moscow');
    expect(refusalText(textsFor(moscow, 'en'), breach, { priceStars: null })).toContain(
      'again after 03:00 UTC+3, when the limit resets',
    );
  });
});

describe('the priced summary', () => {
  const order = {
    id: 'o1',
    modelName: 'Vega Video',
    request: { model_id: 101, prompt: 'a kite' },
    priceUsd: '0.20',
    priceStars: null,
    costUsd: null,
    quoteId: 'q1',
    quoteExpiresAt: new Date(Date.UTC(2030, 10, 21, 14, 5)),
    idempotencyKey: 'k',
  } as unknown as OrderRecord;

  it('says until when the quote holds, as upstream stated it', async () => {
    expect((await orderSummary(en, order, undefined)).text).toContain('The price holds until 14:05 UTC.');
    expect((await orderSummary(ru, order, undefined)).text).toContain('Цена действует до 14:05 UTC.');
    const later = { ...order, quoteExpiresAt: new Date(Date.UTC(2030, 10, 21, 14, 37)) };
    expect((await orderSummary(en, later, undefined)).text).toContain('until 14:37 UTC');
    const moscow = createI18n('en', undefined, 'off', 'Europe/Moscow');
    expect((await orderSummary(textsFor(moscow, 'ru'), order, undefined)).text).toContain(
      'Цена действует до 17:05 UTC+3.',
    );
  });
});
