import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createI18n, LOCALES_DIR, SUPPORTED_LOCALES, textsFor } from '../../src/telegram/i18n.js';
import { type Branding, checkBrandText, loadBrandTexts, NO_BRANDING } from '../../src/texts/branding.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';

/** What help.ts passes to help-text. */
const HELP_VARS = { billing: 'free', wallet: '', commands: '/help: How it works' };
const OWN = { dir: LOCALES_DIR, locales: SUPPORTED_LOCALES };
const ownSource = (locale: string) => readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'brand-texts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, source: string): string {
  writeFileSync(join(dir, name), source);
  return join(dir, name);
}

const check = (source: string, locale = 'en') => checkBrandText('en.ftl', locale, source, ownSource(locale));

describe('override files (BRAND_TEXTS_DIR)', () => {
  it('loads a good file: messages, comments, a term, multi-line texts and selectors', () => {
    write(
      'en.ftl',
      [
        '# Our shop',
        '-shop = Pixel Shop',
        'start-welcome =',
        '    Hello { $name }, this is <b>{ -shop }</b> ({ brand-name }).',
        '',
        '    Pick something:',
        'gen-prompt-too-short = Too short: { $min ->',
        '    [one] one character',
        '   *[other] { $min } characters',
        '  } at least.',
        '',
      ].join('\n'),
    );
    write('README.md', 'not a text file: ignored');
    const { texts, problems } = loadBrandTexts(dir, OWN);
    expect(problems).toEqual([]);
    expect(Object.keys(texts)).toEqual(['en']);
  });

  it('names the file, line and key of a message that does not parse', () => {
    const file = write('ru.ftl', 'help-text = Помощь\nstart-welcome = Привет, { $name\n');
    expect(loadBrandTexts(dir, OWN).problems).toEqual([`${file} line 2: "start-welcome" does not parse`]);
  });

  it('refuses a plan name with bidirectional control characters, which could spoof the menu (issue 38)', () => {
    const plan = (name: string) =>
      `subscription-plan-name = { $id ->\n    [pro] ${name}\n   *[other] { $id }\n}\n`;
    expect(check(plan('Pro'))).toEqual([]);
    expect(check(plan('Pro \u202E05 ⭐'))).toEqual([
      'en.ftl line 2: contains bidirectional control characters (U+202A-U+202E, U+2066-U+2069), which could make a menu read differently: remove them',
    ]);
    expect(check(plan('\u2067Pro\u2069'), 'ru')).toHaveLength(1);
  });

  it('reports lines Fluent cannot read at all', () => {
    expect(check('help-text = Help\nthis line is not indented\n')).toEqual([
      'en.ftl line 2: not valid Fluent (a text goes on a "key = ..." line, its next lines indented)',
    ]);
  });

  it('rejects keys we do not have, duplicates and command descriptions', () => {
    expect(
      check(
        'start-welcom = Hi\nhelp-text = A\nhelp-text = B\ncommand-start = Menu\nadmin-command-stats = S\n',
      ),
    ).toEqual([
      'en.ftl line 1: "start-welcom" is not one of our texts (a typo?)',
      'en.ftl line 3: "help-text" is defined twice',
      'en.ftl line 4: "command-start" is a command description, which cannot be rebranded',
      'en.ftl line 5: "admin-command-stats" is a command description, which cannot be rebranded',
    ]);
  });

  it('rejects variables and references the text would not get', () => {
    const [unknownVariable, unknownMessage] = [
      check('start-welcome = Hi { $nmae }!\n'),
      check('help-text = See { help-txt }\n'),
    ];
    expect(unknownVariable).toEqual([
      'en.ftl line 1: "start-welcome": Unknown variable: $nmae (variables of this text: $name)',
    ]);
    expect(unknownMessage).toEqual([
      'en.ftl line 1: "help-text": Unknown message: help-txt (variables of this text: $billing, $wallet, $commands)',
    ]);
  });

  it('reports a misnamed file, an empty folder and a missing folder', () => {
    const installed = SUPPORTED_LOCALES.map((locale) => `${locale}.ftl`).join(', ');
    expect(installed).toMatch(/^en\.ftl, ru\.ftl, uk\.ftl/);
    expect(loadBrandTexts(dir, OWN).problems).toEqual([`${dir} holds none of ${installed}`]);
    const misnamed = write('english.ftl', 'help-text = Hilfe\n');
    expect(loadBrandTexts(dir, OWN).problems).toEqual([
      `${misnamed}: a language's file is named by its language code (de.ftl, pt.ftl); ours are ${installed}`,
    ]);
    expect(loadBrandTexts(join(dir, 'nope'), OWN).problems).toEqual([`${join(dir, 'nope')} cannot be read`]);
  });

  it('adds a language we do not ship from its file, checked as ours are: its texts, the rest left to fall back', () => {
    const de = write('de.ftl', 'language-name = 🇩🇪 Deutsch\nbutton-back = ◀️ Zurück\n');
    const loaded = loadBrandTexts(dir, OWN);
    expect(loaded).toEqual({ texts: {}, languages: [{ locale: 'de', file: de }], problems: [] });
    // Written wrong, it is refused with its line, like a file of ours.
    write('de.ftl', 'language-name = 🇩🇪 Deutsch\nhelp-text = Hilfe für { $nme }\n');
    expect(loadBrandTexts(dir, OWN).problems).toEqual([
      expect.stringMatching(/de\.ftl line 2: "help-text" uses \$nme, English uses \$billing/),
    ]);
  });

  it('stops the configuration with every problem named, after BRAND_TEXTS_DIR', () => {
    write('en.ftl', 'start-welcom = Hi\n');
    mkdirSync(join(dir, 'drafts')); // folders and other files are ignored
    const error = (() => {
      try {
        loadConfig({ BOT_TOKEN: '123:TEST', BRAND_TEXTS_DIR: dir });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      `BRAND_TEXTS_DIR: ${join(dir, 'en.ftl')} line 1: "start-welcom" is not one of our texts (a typo?)`,
    ]);
  });

  it('keeps the files it read in the configuration', () => {
    write('ru.ftl', 'help-text = Своя справка\n');
    const config = loadConfig({ BOT_TOKEN: '123:TEST', BRAND_TEXTS_DIR: dir });
    expect(config.branding.texts).toEqual({ ru: 'help-text = Своя справка\n' });
  });
});

describe('createI18n with branding', () => {
  const brand = (over: Partial<Branding>): Branding => ({ ...NO_BRANDING, ...over });

  it('puts the escaped brand name into every text that names the brand, in both languages', () => {
    const i18n = createI18n('en', brand({ name: 'Tom & Jerry <AI> "studio" {x} \\' }));
    for (const locale of SUPPORTED_LOCALES) {
      expect(i18n.t(locale, 'help-text', HELP_VARS)).toContain(
        '<b>Tom &amp; Jerry &lt;AI&gt; "studio" {x} \\:',
      );
      expect(i18n.t(locale, 'start-welcome', { name: 'A' })).toContain('Tom &amp; Jerry &lt;AI&gt;');
      expect(i18n.t(locale, 'start-welcome', { name: 'A' })).not.toContain('AI Studio');
    }
  });

  it('applies an override in its language only; its own brand-name wins over BRAND_NAME there', () => {
    const i18n = createI18n(
      'en',
      brand({
        name: 'Pixel',
        texts: { ru: 'brand-name = Пиксель\nstart-welcome = Привет, { $name }! Это { brand-name }.\n' },
      }),
    );
    expect(i18n.t('ru', 'start-welcome', { name: 'Оля' })).toBe('Привет, Оля! Это Пиксель.');
    expect(i18n.t('en', 'start-welcome', { name: 'Ann' })).toContain('Welcome to <b>Pixel</b>');
  });

  it('adds the support line to help and error texts only when SUPPORT_CONTACT is set', () => {
    const plain = createI18n('en', NO_BRANDING);
    expect(plain.t('en', 'help-text', HELP_VARS)).not.toContain('Support');
    const supported = createI18n('en', brand({ supportContact: '@shop_support <1>' }));
    expect(supported.t('en', 'help-text', HELP_VARS)).toMatch(
      /\/help: How it works\n\n💬 Support: @shop_support &lt;1&gt;$/,
    );
    expect(textsFor(supported, 'ru').t('error-generic')).toContain('💬 Поддержка: @shop_support &lt;1&gt;');
    expect(supported.t('en', 'menu-title')).toBe(plain.t('en', 'menu-title'));
  });

  it('gives the contact to every delivery failure that sends the customer to support', () => {
    const supported = createI18n('en', brand({ supportContact: '@shop_support' }));
    // The one message of an order nothing of which reached the customer ends with the contact too.
    expect(supported.t('en', 'tracking-undelivered', { next: 'resend' })).toMatch(
      /\n\n💬 Support: @shop_support$/,
    );
    expect(supported.t('ru', 'tracking-undelivered', { next: 'resend' })).toMatch(
      /\n\n💬 Поддержка: @shop_support$/,
    );
    // Without a contact the text does not send anyone to a support it cannot name.
    expect(createI18n('en').t('en', 'tracking-undelivered', { next: 'resend' })).not.toMatch(/support/i);
  });

  it('speaks of charges only when customers pay in Stars (BILLING)', () => {
    const off = createI18n('en', NO_BRANDING, 'off');
    const stars = createI18n('en', NO_BRANDING, 'stars');
    expect(off.t('en', 'order-refused')).toBe("⚠️ The order couldn't be placed.");
    expect(stars.t('en', 'order-refused')).toBe("⚠️ The order couldn't be placed. Nothing was charged.");
    expect(off.t('ru', 'order-pending')).not.toContain('спишется');
    expect(stars.t('ru', 'order-pending')).toContain('дважды ничего не спишется');
  });
});

describe('branding in the bot (in-process)', () => {
  let harness: InProcessBot;
  afterEach(async () => {
    await harness?.close();
  });
  const texts = () =>
    harness.calls.filter((c) => c.method === 'sendMessage').map((c) => String(c.payload.text));

  it('greets and helps with the brand and the support contact, in both languages', async () => {
    harness = await createInProcessBot({ env: { BRAND_NAME: 'Nova & Co', SUPPORT_CONTACT: '@nova_help' } });
    await harness.send(textMessage({ id: 1, language_code: 'en', first_name: 'Ann' }, '/start'));
    await harness.send(textMessage({ id: 2, language_code: 'ru', first_name: 'Оля' }, '/help'));
    await harness.send(callbackQuery({ id: 1, language_code: 'en' }, 'menu:help'));
    const [welcome, help] = texts();
    expect(welcome).toContain('Welcome to <b>Nova &amp; Co</b>');
    expect(welcome).not.toContain('Support');
    expect(help).toContain('<b>Nova &amp; Co: как это работает</b>');
    expect(help).toContain('💬 Поддержка: @nova_help');
    const edited = harness.calls.find((c) => c.method === 'editMessageText');
    expect(edited?.payload.text).toContain('💬 Support: @nova_help');
  });
});
