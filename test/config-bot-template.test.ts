/**
 * BOT_TEMPLATE (issue 40): the file of settings every added bot starts from, read at start-up by
 * the environment's own rules; deployment variables, unknown ones and bad values stop the start,
 * named, never echoed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsDefaults } from '../src/app/services.js';
import { addedBotBase, ConfigError, loadConfig } from '../src/config.js';
import { EMPTY_SETTINGS } from '../src/domain/live-settings.js';
import { effectiveSettings } from '../src/services/live-settings.js';
import { makeJpeg, makePng } from './support/media-fixtures.js';

const TOKEN = '123456:SECRET-token-value';
const API_KEY = 'rk_live_do_not_echo';
const MAIN = {
  BOT_TOKEN: TOKEN,
  RESELLER_API_URL: 'https://api.example.com/api/v1',
  RESELLER_API_KEY: API_KEY,
  BILLING: 'stars',
  STARS_PER_USD: '77',
  SUPPORT_CONTACT: '@main_support',
  TOPUP_PACKS_STARS: '50,100',
  WELCOME_STARS: '5',
  ADMIN_IDS: '42',
};

/** A template file in a folder of its own, with these lines (and any other files given). */
function template(lines: string[], files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'bot-template-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const file = join(dir, 'shop.env');
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('BOT_TEMPLATE', () => {
  it('without one, added bots start from the main bot’s settings exactly', () => {
    const config = loadConfig(MAIN);
    expect(config.botTemplate).toBeNull();
    expect(addedBotBase(config)).toBe(config);
  });

  it('gives added bots its business settings, parsed by the environment’s rules; the main bot keeps its own', () => {
    const file = template(
      [
        '# the shop bots',
        'STARS_PER_USD=100',
        'MARKUP_PERCENT=25',
        'TOPUP_PACKS_STARS=300, 30',
        'WELCOME_STARS=0',
        'REFERRAL_BONUS_STARS=12',
        'SUBSCRIPTION_PLANS=pro:450:600',
        'BRAND_NAME="Shop Studio"',
        'DEFAULT_LOCALE=ru',
        'PRICES_FILE=prices.json',
        'BOT_PHOTO=art/face.jpg',
      ],
      { 'prices.json': '{ "101": { "stars": 9 } }', 'art/face.jpg': makeJpeg(64, 64) },
    );
    const config = loadConfig({ ...MAIN, BOT_TEMPLATE: file });
    // The main bot: untouched.
    expect(config.billing).toMatchObject({ starsPerUsd: '77.00', topupPacks: [50, 100], welcomeStars: 5 });
    expect(config.branding.name).toBeNull();
    expect(config.defaultLocale).toBe('en');

    const added = addedBotBase(config);
    expect(added.billing).toMatchObject({
      mode: 'stars',
      starsPerUsd: '100.00',
      markupPercent: '25.00',
      topupPacks: [30, 300],
      welcomeStars: 0,
      referral: { bonusStars: 12 },
      subscriptions: { plans: [{ id: 'pro', priceStars: 450, allowanceStars: 600 }] },
    });
    // Paths are read from the template's folder.
    expect(added.billing.mode === 'stars' && added.billing.overrides.get(101)).toEqual({
      kind: 'fixed',
      stars: 9,
    });
    expect(config.botTemplate?.photoPath).toBe(join(file, '..', 'art', 'face.jpg'));
    expect(added.branding).toMatchObject({ name: 'Shop Studio', supportContact: '@main_support' });
    expect(added.defaultLocale).toBe('ru');
    // What the template does not name stays the main bot's, deployment settings included.
    expect(added.billing.mode === 'stars' && added.billing.minPriceStars).toBe(1);
    expect(added.botToken).toBe(TOKEN);
    expect(added.reseller).toEqual(config.reseller);
    expect(added.adminIds).toEqual([42]);
  });

  it('is what a bot’s live settings fall back to: what its admin stored still wins', () => {
    const file = template(['MARKUP_PERCENT=25', 'TOPUP_PACKS_STARS=30,60', 'WELCOME_STARS=3']);
    const defaults = settingsDefaults(addedBotBase(loadConfig({ ...MAIN, BOT_TEMPLATE: file })));
    expect(effectiveSettings(EMPTY_SETTINGS, defaults)).toMatchObject({
      markupPercent: '25.00',
      topupPacks: [30, 60],
      welcomeStars: 3,
    });
    const stored = {
      ...EMPTY_SETTINGS,
      global: { markupPercent: '10', welcomeStars: null, topupPacks: [500], reminders: null },
    };
    expect(effectiveSettings(stored, defaults)).toMatchObject({
      markupPercent: '10',
      topupPacks: [500],
      welcomeStars: 3,
    });
  });

  it('an empty value unsets one of the main bot’s settings: a free bot beside a paid one', () => {
    const file = template(['BILLING=off', 'SUBSCRIPTION_PLANS=']);
    const config = loadConfig({ ...MAIN, SUBSCRIPTION_PLANS: 'pro:450:600', BOT_TEMPLATE: file });
    expect(config.billing.mode).toBe('stars');
    expect(addedBotBase(config).billing).toEqual({ mode: 'off' });
    // Without the empty line the main bot's plans would need Stars billing in the added bots too.
    const kept = template(['BILLING=off']);
    expect(problemsOf({ ...MAIN, SUBSCRIPTION_PLANS: 'pro:450:600', BOT_TEMPLATE: kept })).toEqual([
      `BOT_TEMPLATE (${kept}): SUBSCRIPTION_PLANS needs BILLING=stars`,
    ]);
  });

  it('refuses a deployment variable, a secret above all, naming it and never its value', () => {
    const file = template([
      `BOT_TOKEN=${TOKEN}`,
      `RESELLER_API_KEY=${API_KEY}`,
      'DATABASE_URL=postgres://bot:hunter2@db/bot',
      'WEBHOOK_SECRET=s3cret-value',
      'ADMIN_IDS=7',
      'TIME_ZONE=Europe/Moscow',
      'WELCOME_STARS=3',
    ]);
    const problems = problemsOf({ ...MAIN, BOT_TEMPLATE: file });
    expect(problems.map((p) => /\): (\w+) is the whole deployment's/.exec(p)?.[1])).toEqual([
      'BOT_TOKEN',
      'RESELLER_API_KEY',
      'DATABASE_URL',
      'WEBHOOK_SECRET',
      'ADMIN_IDS',
      'TIME_ZONE',
    ]);
    const said = problems.join('\n');
    for (const secret of [TOKEN, API_KEY, 'hunter2', 's3cret-value']) expect(said).not.toContain(secret);
  });

  it('refuses an unknown variable (a typo), named', () => {
    const file = template(['TOPUP_PACK_STARS=30,60', 'BOT_TEMPLATE=other.env']);
    expect(problemsOf({ ...MAIN, BOT_TEMPLATE: file })).toEqual([
      `BOT_TEMPLATE (${file}): TOPUP_PACK_STARS is not a setting a bot template can have (mistyped?)`,
      expect.stringMatching(/\): BOT_TEMPLATE is the whole deployment's/),
    ]);
  });

  it('refuses a bad value the way the environment would, naming the file and the variable only', () => {
    const file = template(['MARKUP_PERCENT=lots-of-7f3a', 'TOPUP_PACKS_STARS=0', 'DEFAULT_LOCALE=de']);
    const problems = problemsOf({ ...MAIN, BOT_TEMPLATE: file });
    expect(problems).toEqual([
      `BOT_TEMPLATE (${file}): MARKUP_PERCENT must be a non-negative percent, such as 30`,
      expect.stringMatching(/^BOT_TEMPLATE \(.*shop\.env\): TOPUP_PACKS_STARS must be up to 8/),
      expect.stringMatching(
        /^BOT_TEMPLATE \(.*shop\.env\): DEFAULT_LOCALE must be one of the installed languages \(locales\/\*\.ftl\): en, ru, uk$/,
      ),
    ]);
    expect(problems.join('\n')).not.toContain('lots-of-7f3a');
    // Rules across variables too: Stars billing in the bots needs a rate from somewhere.
    const noRate = template(['BILLING=stars']);
    expect(problemsOf({ ...MAIN, BILLING: 'off', STARS_PER_USD: '', BOT_TEMPLATE: noRate }).join()).toMatch(
      /^BOT_TEMPLATE \(.*\): STARS_PER_USD is required when BILLING is stars/,
    );
    // A PRICES_FILE the template names is checked as the environment's is.
    const prices = template(['PRICES_FILE=missing.json']);
    expect(problemsOf({ ...MAIN, BOT_TEMPLATE: prices })).toEqual([
      `BOT_TEMPLATE (${prices}): PRICES_FILE cannot be read (ENOENT)`,
    ]);
  });

  it('a file that cannot be read stops the start, named; so do the environment’s own problems beside it', () => {
    const missing = join(tmpdir(), 'no-such-template.env');
    expect(problemsOf({ ...MAIN, BOT_TEMPLATE: missing })).toEqual([
      `BOT_TEMPLATE ${missing} cannot be read`,
    ]);
    const file = template(['ADMIN_IDS=7']);
    const problems = problemsOf({ ...MAIN, MARKUP_PERCENT: 'x', BOT_TEMPLATE: file });
    expect(problems).toEqual([
      expect.stringMatching(/^MARKUP_PERCENT /),
      expect.stringMatching(/^BOT_TEMPLATE .*ADMIN_IDS is the whole deployment's/),
    ]);
  });

  it('BOT_PHOTO must be a readable JPEG, checked at start-up and named', () => {
    const missing = template(['BOT_PHOTO=face.jpg']);
    expect(problemsOf({ ...MAIN, BOT_TEMPLATE: missing })).toEqual([
      `BOT_TEMPLATE (${missing}): BOT_PHOTO ${join(missing, '..', 'face.jpg')} cannot be read`,
    ]);
    const png = template(['BOT_PHOTO=face.png'], { 'face.png': makePng(8, 8) });
    expect(problemsOf({ ...MAIN, BOT_TEMPLATE: png })[0]).toMatch(
      /BOT_PHOTO .*face\.png must be a \.jpg file/,
    );
    const fake = template(['BOT_PHOTO=face.jpg'], { 'face.jpg': makePng(8, 8) });
    expect(problemsOf({ ...MAIN, BOT_TEMPLATE: fake })[0]).toMatch(
      /BOT_PHOTO .*face\.jpg is not a JPEG image/,
    );
    const none = template(['BOT_PHOTO=', 'WELCOME_STARS=1']);
    expect(loadConfig({ ...MAIN, BOT_TEMPLATE: none }).botTemplate?.photoPath).toBeNull();
  });
});
