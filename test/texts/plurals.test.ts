/**
 * Every number that meets a noun goes through Fluent's plural categories (ru and uk: one/few/many,
 * plus other for fractions; en: one/other). Each such text is rendered with 1, 2, 5 and 21 in every
 * language and must show the noun form a native speaker expects; a new plural selector in any file
 * must join the table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, LOCALES_DIR, SUPPORTED_LOCALES } from '../../src/telegram/i18n.js';

const COUNTS = [1, 2, 5, 21] as const;
type Forms = readonly [string, string, string, string];

interface PluralCase {
  key: string;
  /** The number the noun agrees with. */
  variable: string;
  /** Other arguments the text needs. */
  args?: Record<string, string | number>;
  /** What must appear for 1, 2, 5 and 21 (`#` is the number); undefined: no noun follows it there. */
  en: Forms;
  ru?: Forms;
  uk?: Forms;
}

const characters = (
  en: 'character',
  form: 'nominative' | 'genitive',
): Pick<PluralCase, 'en' | 'ru' | 'uk'> => ({
  en: [`1 ${en}`, `2 ${en}s`, `5 ${en}s`, `21 ${en}s`],
  ru:
    form === 'nominative'
      ? ['1 символ', '2 символа', '5 символов', '21 символ']
      : ['1 символа', '2 символов', '5 символов', '21 символа'],
  uk:
    form === 'nominative'
      ? ['1 символ', '2 символи', '5 символів', '21 символ']
      : ['1 символу', '2 символів', '5 символів', '21 символу'],
});

const TABLE: PluralCase[] = [
  {
    key: 'content-model-needs-orders',
    variable: 'needed',
    args: { model: 'Flux', have: 0 },
    en: ['your first paid generation', '2 paid generations', '5 paid generations', '21 paid generations'],
    ru: [
      '1 оплаченной генерации',
      '2 оплаченных генераций',
      '5 оплаченных генераций',
      '21 оплаченной генерации',
    ],
    uk: ['1 оплаченої генерації', '2 оплачених генерацій', '5 оплачених генерацій', '21 оплаченої генерації'],
  },
  {
    key: 'admin-audit-content-rules-changed',
    variable: 'lines',
    args: { before: 0 },
    en: ['1 blocked line', '2 blocked lines', '5 blocked lines', '21 blocked lines'],
  },
  {
    key: 'rules-strikes',
    variable: 'limit',
    args: { hours: 24 },
    en: [
      '1 refused description ',
      '2 refused descriptions',
      '5 refused descriptions',
      '21 refused descriptions',
    ],
    ru: [
      '1 отклонённое описание',
      '2 отклонённых описания',
      '5 отклонённых описаний',
      '21 отклонённое описание',
    ],
    uk: ['1 відхилений опис', '2 відхилені описи', '5 відхилених описів', '21 відхилений опис'],
  },
  {
    key: 'admin-audit-user-auto-banned',
    variable: 'strikes',
    args: { target: '42', hours: 24 },
    en: [
      '1 refused description ',
      '2 refused descriptions',
      '5 refused descriptions',
      '21 refused descriptions',
    ],
    ru: [
      '1 отклонённое описание',
      '2 отклонённых описания',
      '5 отклонённых описаний',
      '21 отклонённое описание',
    ],
    uk: ['1 відхилений опис', '2 відхилені описи', '5 відхилених описів', '21 відхилений опис'],
  },
  {
    key: 'group-status-today',
    variable: 'used',
    en: ['1 generation', '2 generations', '5 generations', '21 generations'],
    ru: ['1 генерация', '2 генерации', '5 генераций', '21 генерация'],
    uk: ['1 генерація', '2 генерації', '5 генерацій', '21 генерація'],
  },
  {
    key: 'rules-models-gated',
    variable: 'count',
    en: ['1 model is', '2 models are', '5 models are', '21 models are'],
    ru: ['1 модель —', '2 модели —', '5 моделей —', '21 модель —'],
    uk: ['1 модель —', '2 моделі —', '5 моделей —', '21 модель —'],
  },
  {
    key: 'admin-promo-created',
    variable: 'uses',
    args: { code: 'GIFT', amount: '⭐ 5', validity: 'no end date' },
    en: ['⭐ 5, redeemable once', 'for up to 2 customers', 'for up to 5 customers', 'for up to 21 customers'],
    ru: ['⭐ 5, на одну активацию', 'для 2 клиентов', 'для 5 клиентов', 'для 21 клиента'],
    uk: ['⭐ 5, на одну активацію', 'для 2 клієнтів', 'для 5 клієнтів', 'для 21 клієнта'],
  },
  {
    key: 'admin-promo-batch-done',
    variable: 'count',
    args: { amount: '⭐ 5', validity: 'no end date' },
    en: ['1 code', '2 codes', '5 codes', '21 codes'],
    ru: ['1 одноразовый код', '2 одноразовых кода', '5 одноразовых кодов', '21 одноразовый код'],
    uk: ['1 одноразовий код', '2 одноразові коди', '5 одноразових кодів', '21 одноразовий код'],
  },
  {
    key: 'admin-stats-promo',
    variable: 'redemptions',
    args: { amount: '⭐ 5' },
    en: ['1 redemption', '2 redemptions', '5 redemptions', '21 redemptions'],
    ru: ['1 активацию', '2 активации', '5 активаций', '21 активацию'],
    uk: ['1 активацію', '2 активації', '5 активацій', '21 активацію'],
  },
  {
    key: 'admin-stats-subscriptions',
    variable: 'periods',
    args: { plans: '-', revenue: '⭐ 5', refunded: 0, churn: 0 },
    en: ['from 1 payment (', '2 payments', '5 payments', '21 payments'],
    // «платежей: 21»
  },
  {
    key: 'admin-audit-promo-batch-created',
    variable: 'count',
    args: { stars: 5 },
    en: ['created 1 promo code of', '2 promo codes', '5 promo codes', '21 promo codes'],
    // «одноразовых промокодов: 21»
  },
  { key: 'gen-prompt-limit', variable: 'max', ...characters('character', 'genitive') },
  {
    key: 'gen-prompt-too-long',
    variable: 'length',
    args: { max: 1 },
    ...characters('character', 'nominative'),
  },
  { key: 'gen-prompt-too-short', variable: 'min', ...characters('character', 'nominative') },
  {
    key: 'gen-media-count-exact',
    variable: 'n',
    args: { kind: 'image' },
    en: ['send one photo', 'send 2 photos', 'send 5 photos', 'send 21 photos'],
    // «фото» and «видео» do not change with the number.
    ru: ['отправьте 1 фото', 'отправьте 2 фото', 'отправьте 5 фото', 'отправьте 21 фото'],
    uk: ['надішліть одне фото', 'надішліть 2 фото', 'надішліть 5 фото', 'надішліть 21 фото'],
  },
  {
    key: 'gen-media-count-exact',
    variable: 'n',
    args: { kind: 'video' },
    en: ['send one video', 'send 2 videos', 'send 5 videos', 'send 21 videos'],
    ru: ['отправьте 1 видео', 'отправьте 2 видео', 'отправьте 5 видео', 'отправьте 21 видео'],
    uk: ['надішліть одне відео', 'надішліть 2 відео', 'надішліть 5 відео', 'надішліть 21 відео'],
  },
  {
    key: 'gen-media-count-range',
    variable: 'max',
    args: { min: 1, kind: 'any' },
    en: [
      '1 to 1 photo or video',
      '1 to 2 photos or videos',
      '1 to 5 photos or videos',
      '1 to 21 photos or videos',
    ],
    ru: ['от 1 до 1 фото или видео', 'от 1 до 2 фото', 'от 1 до 5 фото', 'от 1 до 21 фото'],
    uk: ['від 1 до 1 фото чи відео', 'від 1 до 2 фото', 'від 1 до 5 фото', 'від 1 до 21 фото'],
  },
  {
    key: 'gen-media-count-optional',
    variable: 'max',
    args: { kind: 'image' },
    en: ['send one photo if you like', 'send up to 2 photos', 'send up to 5 photos', 'send up to 21 photos'],
    ru: ['отправьте 1 фото или', 'отправьте до 2 фото', 'отправьте до 5 фото', 'отправьте до 21 фото'],
    uk: ['надішліть одне фото або', 'надішліть до 2 фото', 'надішліть до 5 фото', 'надішліть до 21 фото'],
  },
  {
    key: 'media-problem-too-many',
    variable: 'max',
    en: ['1 file.', '2 files', '5 files', '21 files'],
    ru: ['1 файла', '2 файлов', '5 файлов', '21 файла'],
    uk: ['1 файл', '2 файли', '5 файлів', '21 файл'],
  },
  {
    key: 'admin-stats-top-line',
    variable: 'orders',
    args: { n: 1, model: 'Lumen' },
    en: ['1 order', '2 orders', '5 orders', '21 orders'],
    ru: ['1 заказ', '2 заказа', '5 заказов', '21 заказ'],
    uk: ['1 замовлення', '2 замовлення', '5 замовлень', '21 замовлення'],
  },
  {
    key: 'subscription-status-several',
    variable: 'count',
    args: { left: '⭐ 5' },
    en: ['1 subscription', '2 subscriptions', '5 subscriptions', '21 subscriptions'],
    ru: ['1 подписка', '2 подписки', '5 подписок', '21 подписка'],
    uk: ['1 підписка', '2 підписки', '5 підписок', '21 підписка'],
  },
  {
    key: 'admin-alert-upstream-down',
    variable: 'failures',
    args: { minutes: 3, error: 'timeout' },
    en: ['1 failed request', '2 failed requests', '5 failed requests', '21 failed requests'],
    // «ошибок подряд — 21»: the number follows the noun, which stays as it is.
  },
  {
    key: 'admin-alert-catalog-stale',
    variable: 'count',
    args: { error: 'timeout' },
    en: ['1 model.', '2 models', '5 models', '21 models'],
    // «(моделей: 21)»
  },
  {
    key: 'admin-alert-reconciliation',
    variable: 'count',
    args: { details: '-' },
    en: ['1 difference)', '2 differences', '5 differences', '21 differences'],
    // «(расхождений: 21)»
  },
  { key: 'prompts-search-ask', variable: 'max', ...characters('character', 'genitive') },
  { key: 'prompts-search-too-long', variable: 'max', ...characters('character', 'genitive') },
  {
    key: 'prompts-too-long',
    variable: 'length',
    args: { model: 'Lumen', max: 1 },
    ...characters('character', 'nominative'),
  },
  {
    key: 'prompts-too-short',
    variable: 'min',
    args: { model: 'Lumen' },
    ...characters('character', 'nominative'),
  },
  {
    key: 'limits-daily-orders',
    variable: 'max',
    args: { reset: '00:00 UTC' },
    en: ['1 order.', '2 orders', '5 orders', '21 orders'],
    ru: ['1 заказа в день', '2 заказов в день', '5 заказов в день', '21 заказа в день'],
    uk: ['1 замовлення на день', '2 замовлення на день', '5 замовлень на день', '21 замовлення на день'],
  },
  { key: 'broadcast-button-invalid', variable: 'max', ...characters('character', 'genitive') },
  {
    key: 'broadcast-days',
    variable: 'days',
    en: ['1 day', '2 days', '5 days', '21 days'],
    ru: ['1 день', '2 дня', '5 дней', '21 день'],
    uk: ['1 день', '2 дні', '5 днів', '21 день'],
  },
  {
    key: 'broadcast-label-active',
    variable: 'days',
    en: ['1 day', '2 days', '5 days', '21 days'],
    ru: ['последний 1 день', 'последние 2 дня', 'последние 5 дней', 'последний 21 день'],
    uk: ['останній 1 день', 'останні 2 дні', 'останні 5 днів', 'останній 21 день'],
  },
  {
    key: 'broadcast-confirm',
    variable: 'count',
    args: { audience: 'everyone', rate: 25, duration: '1 min' },
    en: ['1 recipient', '2 recipients', '5 recipients', '21 recipients'],
    ru: ['1 получателю', '2 получателям', '5 получателям', '21 получателю'],
    uk: ['1 одержувачу', '2 одержувачам', '5 одержувачам', '21 одержувачу'],
  },
  {
    key: 'broadcast-confirm',
    variable: 'rate',
    args: { audience: 'everyone', count: 3, duration: '1 min' },
    en: ['1 message per', '2 messages per', '5 messages per', '21 messages per'],
    ru: ['около 1 сообщения', 'около 2 сообщений', 'около 5 сообщений', 'около 21 сообщения'],
    uk: [
      'близько 1 повідомлення',
      'близько 2 повідомлень',
      'близько 5 повідомлень',
      'близько 21 повідомлення',
    ],
  },
  {
    key: 'admin-user-limits',
    variable: 'ordersToday',
    args: { spentToday: '$1', active: 0 },
    en: ['1 order,', '2 orders', '5 orders', '21 orders'],
    // «Сегодня: заказов 21»
  },
  {
    key: 'upstream-key-in-flight',
    variable: 'orders',
    en: ['1 order is', '2 orders are', '5 orders are', '21 orders are'],
    ru: ['выполняется 1 заказ', 'выполняются 2 заказа', 'выполняются 5 заказов', 'выполняется 21 заказ'],
    uk: [
      'виконується 1 замовлення',
      'виконуються 2 замовлення',
      'виконуються 5 замовлень',
      'виконується 21 замовлення',
    ],
  },
  {
    key: 'admin-user-cap-daily-orders',
    variable: 'n',
    en: ['1 order a day', '2 orders a day', '5 orders a day', '21 orders a day'],
    ru: ['1 заказ в день', '2 заказа в день', '5 заказов в день', '21 заказ в день'],
    uk: ['1 замовлення на день', '2 замовлення на день', '5 замовлень на день', '21 замовлення на день'],
  },
  {
    key: 'admin-audit-broadcast-started',
    variable: 'count',
    args: { id: 4 },
    en: ['1 recipient', '2 recipients', '5 recipients', '21 recipients'],
    // «(получателей: 21)»
  },
  {
    key: 'invite-rule-percent',
    variable: 'days',
    args: { percent: 10 },
    en: ['in their first day', 'in their first 2 days', 'in their first 5 days', 'in their first 21 days'],
    ru: ['в первый день', 'в первые 2 дня', 'в первые 5 дней', 'в первые 21 день'],
    uk: ['за перший день', 'за перші 2 дні', 'за перші 5 днів', 'за перші 21 день'],
  },
  {
    key: 'admin-stats-referrals',
    variable: 'customers',
    args: { topups: 1, bought: '⭐ 5', rewards: '⭐ 1' },
    en: ['1 customer joined', '2 customers joined', '5 customers joined', '21 customers joined'],
    ru: ['1 клиент пришёл', '2 клиента пришли', '5 клиентов пришли', '21 клиент пришёл'],
    uk: ['1 клієнт прийшов', '2 клієнти прийшли', '5 клієнтів прийшли', '21 клієнт прийшов'],
  },
  {
    key: 'admin-stats-referrals',
    variable: 'topups',
    args: { customers: 1, bought: '⭐ 5', rewards: '⭐ 1' },
    en: ['1 paid top-up', '2 paid top-ups', '5 paid top-ups', '21 paid top-ups'],
    ru: ['1 платное пополнение', '2 платных пополнения', '5 платных пополнений', '21 платное пополнение'],
    uk: ['1 платне поповнення', '2 платні поповнення', '5 платних поповнень', '21 платне поповнення'],
  },
];

const i18n = createI18n('en');
/** Displayed text: tags dropped, non-breaking spaces read as spaces. */
const render = (locale: string, key: string, args: Record<string, string | number>) =>
  i18n
    .t(locale, key, args)
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');

describe('plural forms', () => {
  for (const entry of TABLE) {
    for (const locale of ['en', 'ru', 'uk'] as const) {
      const forms = entry[locale];
      if (!forms) continue;
      it(`${locale}/${entry.key} agrees with $${entry.variable}${entry.args?.kind ? ` (${entry.args.kind})` : ''}`, () => {
        COUNTS.forEach((n, i) => {
          const text = render(locale, entry.key, { ...entry.args, [entry.variable]: n });
          expect(text, `${entry.variable} = ${n}`).toContain(forms[i]);
        });
      });
    }
  }

  it('invite-rule-percent reads "first day" for one day, and "within N days" (agreeing) for any other number', () => {
    const rule = (locale: string, days: number) =>
      render(locale, 'invite-rule-percent', { percent: 10, days });
    expect([1, 3, 21, 90].map((days) => rule('en', days))).toEqual([
      '💫 10% of the bought Stars a friend spends on results they get in their first day',
      '💫 10% of the bought Stars a friend spends on results they get in their first 3 days',
      '💫 10% of the bought Stars a friend spends on results they get in their first 21 days',
      '💫 10% of the bought Stars a friend spends on results they get in their first 90 days',
    ]);
    expect([1, 3, 21, 90].map((days) => rule('ru', days))).toEqual([
      '💫 10% от купленных звёзд, которые друг потратит на полученные результаты в первый день',
      '💫 10% от купленных звёзд, которые друг потратит на полученные результаты в первые 3 дня',
      '💫 10% от купленных звёзд, которые друг потратит на полученные результаты в первые 21 день',
      '💫 10% от купленных звёзд, которые друг потратит на полученные результаты в первые 90 дней',
    ]);
    expect([1, 3, 21, 90].map((days) => rule('uk', days))).toEqual([
      '💫 10 % від куплених зірок, які друг витратить на отримані результати за перший день',
      '💫 10 % від куплених зірок, які друг витратить на отримані результати за перші 3 дні',
      '💫 10 % від куплених зірок, які друг витратить на отримані результати за перші 21 день',
      '💫 10 % від куплених зірок, які друг витратить на отримані результати за перші 90 днів',
    ]);
  });

  it('reads 0.5 with the fraction form in ru and uk', () => {
    // A fraction is CLDR's `other` in ru and uk (not one/few/many): the number is written with a
    // decimal comma and the noun stands in the genitive singular («0,5 символа», «0,5 символу»).
    const half = (locale: 'ru' | 'uk', entry: Pick<PluralCase, 'key' | 'variable' | 'args'>) =>
      render(locale, entry.key, { ...entry.args, [entry.variable]: 0.5 });
    for (const entry of TABLE) {
      for (const locale of ['ru', 'uk'] as const) {
        if (!entry[locale]) continue;
        const text = half(locale, entry);
        expect(text, `${locale}/${entry.key} $${entry.variable}`).toContain('0,5');
        expect(text, `${locale}/${entry.key} $${entry.variable}`).not.toContain(entry.key);
      }
    }
    const FRACTIONS: { key: string; variable: string; args?: PluralCase['args']; ru: string; uk: string }[] =
      [
        { key: 'gen-prompt-limit', variable: 'max', ru: 'До 0,5 символа.', uk: 'До 0,5 символу.' },
        {
          key: 'gen-prompt-too-long',
          variable: 'length',
          args: { max: 1 },
          ru: ': 0,5 символа,',
          uk: ': 0,5 символу,',
        },
        { key: 'broadcast-days', variable: 'days', ru: '0,5 дня', uk: '0,5 дня' },
        {
          key: 'admin-promo-batch-done',
          variable: 'count',
          args: { amount: '⭐ 5', validity: 'no end date' },
          ru: '0,5 одноразового кода',
          uk: '0,5 одноразового коду',
        },
        {
          key: 'admin-stats-referrals',
          variable: 'customers',
          args: { topups: 1, bought: '⭐ 5', rewards: '⭐ 1' },
          ru: '0,5 клиента',
          uk: '0,5 клієнта',
        },
        {
          key: 'admin-stats-promo',
          variable: 'redemptions',
          args: { amount: '⭐ 5' },
          ru: 'за 0,5 активации',
          uk: 'за 0,5 активації',
        },
      ];
    for (const entry of FRACTIONS) {
      for (const locale of ['ru', 'uk'] as const) {
        expect
          .soft(half(locale, entry), `${locale}/${entry.key} $${entry.variable} = 0.5`)
          .toContain(entry[locale]);
      }
    }
  });

  it('covers every plural selector in every file', () => {
    const covered = new Set(TABLE.map((e) => `${e.key} $${e.variable}`));
    const found = new Set<string>();
    for (const locale of SUPPORTED_LOCALES) {
      const source = readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8');
      let key = '';
      const lines = source.split('\n');
      lines.forEach((line, i) => {
        key = /^([a-z][\w-]*)\s*=/.exec(line)?.[1] ?? key;
        const selector = /\{\s*\$(\w+)\s*->\s*$/.exec(line);
        // A selector on a number: a variant is a plural category or an exact number. One with only
        // `*[other]` is a hook for overriding a text per value (subscription-plan-name), not a plural.
        const variants: string[] = [];
        for (let j = i + 1; selector && j < lines.length; j++) {
          const variant = /^\s*\*?\[([\w-]+)\]/.exec(lines[j]!);
          if (!variant) break;
          variants.push(variant[1]!);
        }
        if (variants.some((v) => /^(one|few|many|\d+)$/.test(v))) found.add(`${key} $${selector![1]}`);
      });
    }
    expect([...found].filter((f) => !covered.has(f))).toEqual([]);
  });
});
