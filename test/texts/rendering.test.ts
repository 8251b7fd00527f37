/**
 * Every text in every language, rendered with representative arguments in every setup the bot can
 * run in (billing off or in Stars, with or without SUPPORT_CONTACT), must read as a finished
 * message: not empty, no sentence nested in brackets, no ∞, no raw slug, no stiff English, no
 * gendered «я» in Russian or Ukrainian, no "charged" without Stars billing, a support contact wherever a text
 * sends the customer to support, and non-breaking spaces before units.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, LOCALES_DIR, SUPPORTED_LOCALES } from '../../src/telegram/i18n.js';
import { type BillingMode, NO_BRANDING } from '../../src/texts/branding.js';

const source = (locale: string) => readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8');
const KEYS = [...source('en').matchAll(/^([a-z][\w-]*)\s*=/gm)].map((m) => m[1]!);

/** Arguments a customer or admin would really see: names, amounts, dates, words (no punctuation). */
const ARGS: Record<string, string | number> = {
  name: 'Ann',
  model: 'Lumen Text to Image',
  type: '🖼 Images',
  amount: '⭐\u00a050',
  price: '⭐\u00a05',
  old: '⭐\u00a05',
  new: '⭐\u00a06',
  balance: '⭐\u00a010',
  missing: '⭐\u00a05',
  remaining: '$0.02',
  limit: '$0.10',
  threshold: '$10.00',
  spent: '$1.00',
  spentToday: '$0.10',
  earned: '⭐\u00a0100',
  earnedUsd: '$1.20',
  margin: '$0.20',
  paid: '⭐\u00a0100',
  refunded: '⭐\u00a010',
  held: '⭐\u00a05',
  granted: '⭐\u00a07',
  welcome: '⭐\u00a03',
  confirmed: '$0.04',
  charged: '$0.12',
  required: '10',
  deposited: '5',
  date: '22 Nov, 14:05 UTC',
  since: '21 Nov, 09:30 UTC',
  time: '14:05 UTC',
  first: '20 Nov, 10:00 UTC',
  last: '22 Nov, 14:05 UTC',
  duration: '2\u00a0min 5\u00a0sec',
  detail: 'rejected by the safety filter',
  reason: 'the price is missing',
  error: 'timeout',
  query: '@eve',
  username: ' @eve',
  what: 'Photos',
  kind: 'image',
  mode: 'range',
  formats: 'jpg, png',
  input: 'Photos',
  value: '16:9',
  names: 'Resolution',
  hint: ' Or type a number from 1 to 4.',
  limits: ' Up to 2,000 characters.',
  note: '',
  title: 'Mountain lake',
  category: 'Landscapes',
  prompt: 'A fox in the snow',
  icon: '✅',
  status: 'done',
  state: 'finished',
  language: 'en',
  audience: 'everyone',
  caps: '3 at a time',
  support: '@shop_support',
  target: '424242',
  actor: '900001',
  actorName: ' Ada',
  action: 'banned 424242',
  details: 'topup:abc differs',
  period: 'Today',
  ratio: '1:3',
  id: 12,
  user: 424242,
};
/** Every variable the files use; any not named above is a count. */
const VARIABLES = Object.fromEntries(
  SUPPORTED_LOCALES.flatMap((locale) => [...source(locale).matchAll(/\{\s*\$(\w+)/g)]).map((m) => [
    m[1]!,
    ARGS[m[1]!] ?? 3,
  ]),
);

const SETUPS: Array<{ billing: BillingMode; support: string | null }> = [
  { billing: 'off', support: null },
  { billing: 'off', support: '@shop_support' },
  { billing: 'stars', support: '@shop_support' },
];

function renderAll(billing: BillingMode, support: string | null) {
  const i18n = createI18n('en', { ...NO_BRANDING, supportContact: support }, billing);
  return SUPPORTED_LOCALES.flatMap((locale) =>
    KEYS.map((key) => ({ locale, key, text: i18n.t(locale, key, VARIABLES) })),
  );
}

/** Texts shown only with BILLING=stars (the wallet section of each file). */
const STARS_ONLY = (() => {
  const text = source('en');
  const section = text.slice(text.indexOf('# ── Stars wallet'), text.indexOf('## Broadcasts'));
  return new Set(
    [...section.matchAll(/^([a-z][\w-]*)\s*=/gm)].map((m) => m[1]!).concat('limits-daily-spend-stars'),
  );
})();

/** A word joined by _ or - that came from a key rather than from a translator. */
const RAW_SLUG = /(?<![\w/&;.@-])[a-z]+(?:[_-][a-z]+)+(?![\w/.-])/g;
/** Hyphenated words a translator writes on purpose. */
const REAL_WORDS = new Set(['top-up', 'top-ups', 'mid-send', 'ready-made', 'api-ключ', 'comma-separated']);

describe.each(SETUPS)('every text with billing $billing and support $support', ({ billing, support }) => {
  const texts = renderAll(billing, support);

  it('is rendered, not empty, and not left with a placeholder', () => {
    for (const { locale, key, text } of texts) {
      expect(text.trim(), `${locale}/${key}`).not.toBe('');
      expect(text, `${locale}/${key}`).not.toBe(key);
      expect(text, `${locale}/${key}`).not.toMatch(/\{\s*\$?[\w-]+\s*\}|\{\?\?\?\}/);
    }
  });

  it('nests no sentence in brackets and shows no ∞', () => {
    for (const { locale, key, text } of texts) {
      expect(text, `${locale}/${key}`).not.toMatch(/\([^()]*[.!?](\s[^()]*)?\)/);
      expect(text, `${locale}/${key}`).not.toContain('∞');
    }
  });

  it('shows no raw slug', () => {
    for (const { locale, key, text } of texts) {
      const visible = text.replace(/<code>[\s\S]*?<\/code>/g, '').replace(/https?:\/\/\S+/g, '');
      const slugs = (visible.match(RAW_SLUG) ?? []).filter((w) => !REAL_WORDS.has(w.toLowerCase()));
      expect(slugs, `${locale}/${key}`).toEqual([]);
    }
  });

  it('speaks English with contractions, Russian and Ukrainian without a gendered «я»', () => {
    for (const { locale, key, text } of texts) {
      if (locale === 'en')
        expect(text, key).not.toMatch(
          /\b(do|does|did|is|are|was|were|has|have|could|would|should|will) not\b|\bcannot\b|\bI am\b/i,
        );
      else
        expect(text, `${locale}/${key}`).not.toMatch(
          /(^|[\s«(—])я\s|(?<!\p{L})(понял|нашёл|взял|смог|зрозумів|знайшов|взяв|зміг)(?!\p{L})/iu,
        );
    }
  });

  /** Buttons that say what the customer says: "Enter my code", "My results". */
  const BUTTONS_IN_CUSTOMERS_WORDS = new Set([
    'promo-button-enter',
    'customer-app-menu-button',
    'orders-button-app',
    'after-result-button-app',
  ]);

  it('speaks for the bot as "we" in English, never "I" or "me" (a button in the customer\'s words aside)', () => {
    for (const { locale, key, text } of texts) {
      if (locale !== 'en' || BUTTONS_IN_CUSTOMERS_WORDS.has(key)) continue;
      expect(text, key).not.toMatch(/\bI\b|\bI'|\bme\b|\bmy\b/);
    }
  });

  it('keeps a non-breaking space before units and after ⭐ and №', () => {
    for (const { locale, key, text } of texts)
      expect(text, `${locale}/${key}`).not.toMatch(
        /\d (MB|МБ|sec|сек|min|мин|px|пикс|с|хв|год|пікс)(?![\w\p{L}])|[⭐№] \d/u,
      );
  });

  // Registered only where the rule applies, so no test is reported as skipped.
  if (billing === 'off')
    it('speaks of no charge when customers do not pay', () => {
      for (const { locale, key, text } of texts) {
        // Admins read about charges in any mode: only customers' texts follow the billing.
        // The customers' app's Wallet tab exists only with Stars billing (its API answers 404 without).
        if (STARS_ONLY.has(key) || key.startsWith('admin-') || key.startsWith('app-wallet-')) continue;
        expect(text, `${locale}/${key}`).not.toMatch(/charg|списа|спиш|списуєм/i);
      }
    });

  if (support !== null)
    it('ends with the support contact wherever it sends the customer to support', () => {
      const line: Record<string, string> = {
        en: '💬 Support: @shop_support',
        ru: '💬 Поддержка: @shop_support',
        uk: '💬 Підтримка: @shop_support',
      };
      const sending = texts.filter(
        ({ key, text }) =>
          key !== 'access-support' && /(?<!\/pay)\bsupport\b(?!:)|поддержк(?!а:)|підтримк(?!а:)/i.test(text),
      );
      expect(sending.map((t) => t.key)).toContain('paysupport-text');
      for (const { locale, key, text } of sending) {
        expect(line[locale], `the support line in ${locale}`).toBeDefined();
        expect(text.endsWith(line[locale]!), `${locale}/${key}`).toBe(true);
      }
    });
});

describe('terminology', () => {
  it('is written at the top of each file', () => {
    expect(source('en').split('\n')[0]).toMatch(/^# Terminology/);
    expect(source('ru').split('\n')[0]).toMatch(/^# Термины/);
    expect(source('uk').split('\n')[0]).toMatch(/^# Терміни/);
  });

  it('calls what the customer writes a description; "prompt" belongs to the library', () => {
    const i18n = createI18n('en');
    const library = (key: string) =>
      /^(prompts-|menu-prompts|command-prompts|upstream-error-deposit-required)/.test(key);
    for (const key of KEYS) {
      if (library(key)) continue;
      // A text may point to the library by its name ("ready-made prompts", «готовые промпты», /prompts).
      const libraryName = /ready-made prompts?|готов\p{L}* промпт\p{L}*|\/prompts\b/giu;
      const en = i18n.t('en', key, VARIABLES).replace(libraryName, '');
      expect(en, key).not.toMatch(/\bprompts?\b/i);
      for (const locale of ['ru', 'uk']) {
        const text = i18n.t(locale, key, VARIABLES).replace(libraryName, '');
        expect(text, `${locale}/${key}`).not.toMatch(/промпт/i);
      }
    }
  });

  it('says «картинки» for what the bot makes, never «изображения»; in Ukrainian «зображення», never «картинки»', () => {
    const i18n = createI18n('en');
    for (const key of KEYS) {
      expect(i18n.t('ru', key, VARIABLES), key).not.toMatch(/изображени/i);
      expect(i18n.t('uk', key, VARIABLES), key).not.toMatch(/картин/i);
    }
  });

  it('keeps the Ukrainian texts free of Russian letters', () => {
    const i18n = createI18n('en');
    for (const key of KEYS) expect(i18n.t('uk', key, VARIABLES), key).not.toMatch(/[ыэъё]/i);
  });
});
