import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretsOf } from '../src/config.js';
import { parsePriceOverrides } from '../src/services/wallet/prices-file.js';

const TOKEN = '123456:SECRET-token-value';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('config', () => {
  it('applies defaults and runs in sandbox mode without an API key', () => {
    const config = loadConfig({ BOT_TOKEN: TOKEN });
    expect(config.reseller).toBeNull();
    expect(config.mode).toEqual({ kind: 'polling' });
    expect(config.database).toEqual({ path: './data/bot.sqlite' });
    expect(config.defaultLocale).toBe('en');
    expect(config.telegram.apiRoot).toBe('https://api.telegram.org');
    expect(config.adminIds).toEqual([]);
  });

  it('parses admin ids, locale, polling bounds and the upstream', () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      ADMIN_IDS: '42, 7',
      DEFAULT_LOCALE: 'ru',
      ORDER_POLL_MIN_MS: '1000',
      ORDER_POLL_MAX_MS: '5000',
      ORDER_POLL_RPS: '12',
      DRAIN_GRACE_MS: '7000',
      RESELLER_API_URL: 'https://api.example.com/api/v1/',
      RESELLER_API_KEY: 'rk_live_secret',
    });
    expect(config.adminIds).toEqual([42, 7]);
    expect(config.defaultLocale).toBe('ru');
    expect(config.orderPolling).toEqual({ minMs: 1000, maxMs: 5000, resubmitMs: 60_000, perSecond: 12 });
    expect(config.drainGraceMs).toBe(7000);
    expect(config.reseller).toEqual({ url: 'https://api.example.com/api/v1', apiKey: 'rk_live_secret' });
    expect(secretsOf(config)).toEqual([TOKEN, 'rk_live_secret']);
  });

  it('BROADCAST_RATE: 25 messages a second by default, at most Telegram’s 30', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).broadcastRate).toBe(25);
    expect(loadConfig({ BOT_TOKEN: TOKEN, BROADCAST_RATE: '10' }).broadcastRate).toBe(10);
    expect(problemsOf({ BOT_TOKEN: TOKEN, BROADCAST_RATE: '31' })[0]).toMatch(/^BROADCAST_RATE .*at most 30/);
    expect(problemsOf({ BOT_TOKEN: TOKEN, BROADCAST_RATE: '0' })[0]).toMatch(/^BROADCAST_RATE .*at least 1/);
  });

  it('TELEGRAM_SEND_RATE: 30 messages posted a second by default (Telegram’s limit), 0 (no budget) to 30', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).telegram.sendRate).toBe(30);
    expect(loadConfig({ BOT_TOKEN: TOKEN, TELEGRAM_SEND_RATE: '15' }).telegram.sendRate).toBe(15);
    expect(problemsOf({ BOT_TOKEN: TOKEN, TELEGRAM_SEND_RATE: '31' })[0]).toMatch(
      /^TELEGRAM_SEND_RATE .*at most 30/,
    );
    expect(loadConfig({ BOT_TOKEN: TOKEN, TELEGRAM_SEND_RATE: '0' }).telegram.sendRate).toBe(0);
    expect(problemsOf({ BOT_TOKEN: TOKEN, TELEGRAM_SEND_RATE: '-1' })[0]).toMatch(
      /^TELEGRAM_SEND_RATE .*at least 0/,
    );
  });

  it('INBOX_CONCURRENCY: 64 updates handled at once by default, any positive number up to 10,000', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).inboxConcurrency).toBe(64);
    expect(loadConfig({ BOT_TOKEN: TOKEN, INBOX_CONCURRENCY: '256' }).inboxConcurrency).toBe(256);
    expect(problemsOf({ BOT_TOKEN: TOKEN, INBOX_CONCURRENCY: '0' })[0]).toMatch(
      /^INBOX_CONCURRENCY .*at least 1/,
    );
    expect(problemsOf({ BOT_TOKEN: TOKEN, INBOX_CONCURRENCY: 'many' })[0]).toMatch(/^INBOX_CONCURRENCY/);
  });

  it("INBOX_LEASE_SECONDS: a claim's lease, 30 s by default, from 2 s to 10 minutes", () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).inboxLeaseMs).toBe(30_000);
    expect(loadConfig({ BOT_TOKEN: TOKEN, INBOX_LEASE_SECONDS: '4' }).inboxLeaseMs).toBe(4_000);
    expect(problemsOf({ BOT_TOKEN: TOKEN, INBOX_LEASE_SECONDS: '1' })[0]).toMatch(
      /^INBOX_LEASE_SECONDS .*at least 2/,
    );
    expect(problemsOf({ BOT_TOKEN: TOKEN, INBOX_LEASE_SECONDS: '601' })[0]).toMatch(
      /^INBOX_LEASE_SECONDS .*at most 600/,
    );
  });

  it('REPLICA_ID names this process among those sharing a database; the host name by default', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).replicaId).toBe(hostname());
    expect(loadConfig({ BOT_TOKEN: TOKEN, REPLICA_ID: 'bot-2' }).replicaId).toBe('bot-2');
    expect(problemsOf({ BOT_TOKEN: TOKEN, REPLICA_ID: 'a b' })[0]).toMatch(/^REPLICA_ID may contain only/);
  });

  it('DATABASE_URL picks PostgreSQL; its password counts as a secret, raw and percent-decoded', () => {
    const config = loadConfig({ BOT_TOKEN: TOKEN, DATABASE_URL: 'postgres://bot:p%40ss@db:5432/bot' });
    expect(config.database).toEqual({ url: 'postgres://bot:p%40ss@db:5432/bot' });
    expect(secretsOf(config)).toEqual([TOKEN, 'p%40ss', 'p@ss']);
    const problems = problemsOf({ BOT_TOKEN: TOKEN, DATABASE_URL: 'mysql://root:hunter2@db/bot' });
    expect(problems).toEqual(['DATABASE_URL must be a postgres:// or postgresql:// URL']);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('BOT_TOKENS_SECRET seals added bots: a secret, at least 32 characters, never echoed', () => {
    const secret = 'operator-secret-0123456789-abcdefgh';
    const config = loadConfig({ BOT_TOKEN: TOKEN, BOT_TOKENS_SECRET: secret });
    expect(config.bots).toEqual({ tokensSecret: secret, managed: 'admins' });
    expect(secretsOf(config)).toEqual([TOKEN, secret]);
    expect(loadConfig({ BOT_TOKEN: TOKEN }).bots).toEqual({ tokensSecret: null, managed: 'admins' });
    const problems = problemsOf({ BOT_TOKEN: TOKEN, BOT_TOKENS_SECRET: 'short-secret-7' });
    expect(problems).toEqual([
      'BOT_TOKENS_SECRET must be at least 32 characters (for example: openssl rand -base64 32)',
    ]);
    expect(problems.join('\n')).not.toContain('short-secret-7');
  });

  it('MANAGED_BOTS: the admins by default, off or everyone, anything else named', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).bots.managed).toBe('admins');
    expect(loadConfig({ BOT_TOKEN: TOKEN, MANAGED_BOTS: 'off' }).bots.managed).toBe('off');
    expect(loadConfig({ BOT_TOKEN: TOKEN, MANAGED_BOTS: 'everyone' }).bots.managed).toBe('everyone');
    expect(loadConfig({ BOT_TOKEN: TOKEN, MANAGED_BOTS: 'admins' }).bots.managed).toBe('admins');
    expect(problemsOf({ BOT_TOKEN: TOKEN, MANAGED_BOTS: 'all' })).toEqual([
      'MANAGED_BOTS must be "off", "admins" or "everyone"',
    ]);
  });

  it('TIME_ZONE: UTC by default, an IANA zone, an unknown zone stops the start naming the variable', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).timeZone).toBe('UTC');
    expect(loadConfig({ BOT_TOKEN: TOKEN, TIME_ZONE: 'Europe/Moscow' }).timeZone).toBe('Europe/Moscow');
    expect(loadConfig({ BOT_TOKEN: TOKEN, TIME_ZONE: 'Asia/Tashkent' }).timeZone).toBe('Asia/Tashkent');
    expect(problemsOf({ BOT_TOKEN: TOKEN, TIME_ZONE: 'Moscow' })).toEqual([
      'TIME_ZONE must be an IANA time zone such as Europe/Moscow or UTC',
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, TIME_ZONE: 'UTC+3' })[0]).toMatch(/^TIME_ZONE /);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ ADMIN_IDS: '42,abc', DEFAULT_LOCALE: 'de', LOG_LEVEL: 'loud' });
    expect(problems.join('\n')).toMatch(/^BOT_TOKEN is required/m);
    expect(problems.join('\n')).toMatch(/^ADMIN_IDS /m);
    expect(problems.join('\n')).toMatch(/^DEFAULT_LOCALE /m);
    expect(problems.join('\n')).toMatch(/^LOG_LEVEL /m);
  });

  it('requires the webhook settings in webhook mode', () => {
    const problems = problemsOf({ BOT_TOKEN: TOKEN, BOT_MODE: 'webhook' });
    expect(problems).toEqual(['WEBHOOK_URL is required', 'WEBHOOK_SECRET is required']);
  });

  it('never echoes a secret value in its messages', () => {
    const error = (() => {
      try {
        loadConfig({ BOT_TOKEN: 'not a token but secret-xyz', RESELLER_API_KEY: 'key-secret-abc' });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toContain('BOT_TOKEN');
    expect(error?.message).toContain('RESELLER_API_URL is required when RESELLER_API_KEY is set');
    expect(error?.message).not.toContain('secret-xyz');
    expect(error?.message).not.toContain('key-secret-abc');
  });

  it('rejects a poll minimum above the maximum', () => {
    expect(problemsOf({ BOT_TOKEN: TOKEN, ORDER_POLL_MIN_MS: '9000', ORDER_POLL_MAX_MS: '100' })).toEqual([
      'ORDER_POLL_MIN_MS must not exceed ORDER_POLL_MAX_MS',
    ]);
  });
});

describe('config: admin alerts', () => {
  it('defaults the low-balance threshold to 10.00 USD and the check to every 5 minutes', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).balanceAlert).toEqual({ lowUsd: '10.00', checkMs: 300_000 });
    expect(
      loadConfig({ BOT_TOKEN: TOKEN, LOW_BALANCE_USD: '25.5', BALANCE_CHECK_MS: '60000' }).balanceAlert,
    ).toEqual({ lowUsd: '25.5', checkMs: 60_000 });
  });

  it('names a bad threshold or interval without echoing it', () => {
    for (const bad of ['-1', '1e3', '10,00', 'ten', '0.1234567']) {
      const problems = problemsOf({ BOT_TOKEN: TOKEN, LOW_BALANCE_USD: bad });
      expect(problems).toEqual(['LOW_BALANCE_USD must be a non-negative USD amount such as 10.00']);
    }
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      const problems = problemsOf({ BOT_TOKEN: TOKEN, BALANCE_CHECK_MS: bad });
      expect(problems).toEqual(['BALANCE_CHECK_MS must be a whole number of milliseconds (at least 1)']);
    }
  });
});

describe('config: white label', () => {
  it('offers everything to everyone by default, with 3 active orders per user', () => {
    const config = loadConfig({ BOT_TOKEN: TOKEN });
    expect(config.branding).toEqual({
      name: null,
      supportContact: null,
      texts: {},
      languages: [],
      showPrices: false,
    });
    expect(config.catalog).toEqual({ allowedModelIds: null, hiddenModelTypes: [] });
    expect(config.access).toEqual({ mode: 'open', allowedUserIds: [], bannedUserIds: [] });
    expect(config.userLimits).toEqual({ maxActiveOrders: 3, dailyOrders: null, dailySpendUsd: null });
  });

  it('parses branding, models, access and limits', () => {
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      BRAND_NAME: 'Tom & Jerry <AI>',
      SUPPORT_CONTACT: '@reseller_support',
      ALLOWED_MODEL_IDS: '203, 101,203',
      HIDDEN_MODEL_TYPES: 'video,remove_bg',
      ACCESS_MODE: 'allowlist',
      ALLOWED_USER_IDS: '5,6',
      ADMIN_IDS: '7',
      BANNED_USER_IDS: '8',
      MAX_ACTIVE_ORDERS_PER_USER: '0',
      DAILY_ORDERS_PER_USER: '20',
      DAILY_SPEND_PER_USER_USD: '2.5',
    });
    expect(config.branding).toMatchObject({ name: 'Tom & Jerry <AI>', supportContact: '@reseller_support' });
    expect(config.catalog).toEqual({ allowedModelIds: [203, 101], hiddenModelTypes: ['video', 'remove_bg'] });
    expect(config.access).toEqual({ mode: 'allowlist', allowedUserIds: [5, 6], bannedUserIds: [8] });
    expect(config.userLimits).toEqual({ maxActiveOrders: null, dailyOrders: 20, dailySpendUsd: '2.50' });
  });

  it('names every bad white-label variable without echoing it', () => {
    const problems = problemsOf({
      BOT_TOKEN: TOKEN,
      BRAND_NAME: 'two\nlines-secret',
      SUPPORT_CONTACT: 'x'.repeat(101),
      ALLOWED_MODEL_IDS: '203,abc-secret',
      HIDDEN_MODEL_TYPES: 'Video!',
      ACCESS_MODE: 'closed',
      BANNED_USER_IDS: '@someone',
      MAX_ACTIVE_ORDERS_PER_USER: '-1',
      DAILY_ORDERS_PER_USER: '1.5',
      DAILY_SPEND_PER_USER_USD: '0',
    });
    expect(problems).toEqual([
      'BRAND_NAME must be one line of at most 64 characters',
      'SUPPORT_CONTACT must be one line of at most 100 characters, such as @your_support',
      'ALLOWED_MODEL_IDS must be a comma-separated list of numeric model ids',
      'HIDDEN_MODEL_TYPES must be a comma-separated list of model types, such as video,upscale',
      'ACCESS_MODE must be "open" or "allowlist"',
      'BANNED_USER_IDS must be a comma-separated list of numeric Telegram user ids',
      'MAX_ACTIVE_ORDERS_PER_USER must be a whole number (0 turns the limit off)',
      'DAILY_ORDERS_PER_USER must be a positive whole number',
      'DAILY_SPEND_PER_USER_USD must be a positive USD amount such as 5.00',
    ]);
    expect(problems.join('\n')).not.toContain('secret');
  });

  it('REMINDERS: the first three rules by default, "off" for none, a list of known rules (issue 44)', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).reminders).toEqual([
      'plan_ending',
      'welcome_unused',
      'quote_unconfirmed',
    ]);
    expect(loadConfig({ BOT_TOKEN: TOKEN, REMINDERS: 'off' }).reminders).toEqual([]);
    expect(loadConfig({ BOT_TOKEN: TOKEN, REMINDERS: 'win_back, plan_ending,win_back' }).reminders).toEqual([
      'win_back',
      'plan_ending',
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, REMINDERS: 'plan_ending,nag-secret' })).toEqual([
      'REMINDERS must be "off" or a comma-separated list of plan_ending, welcome_unused, quote_unconfirmed, win_back',
    ]);
  });

  it('rejects access settings that contradict each other', () => {
    expect(problemsOf({ BOT_TOKEN: TOKEN, ACCESS_MODE: 'allowlist' })).toEqual([
      'ALLOWED_USER_IDS is required when ACCESS_MODE is allowlist (or nobody could use the bot)',
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, ALLOWED_USER_IDS: '5' })).toEqual([
      'ALLOWED_USER_IDS has no effect unless ACCESS_MODE is allowlist',
    ]);
    expect(problemsOf({ BOT_TOKEN: TOKEN, ADMIN_IDS: '7,8', BANNED_USER_IDS: '8' })).toEqual([
      'BANNED_USER_IDS must not contain ids from ADMIN_IDS (admins always pass)',
    ]);
    expect(loadConfig({ BOT_TOKEN: TOKEN, ACCESS_MODE: 'allowlist', ADMIN_IDS: '7' }).access.mode).toBe(
      'allowlist',
    );
  });

  it('names a missing BRAND_TEXTS_DIR', () => {
    expect(problemsOf({ BOT_TOKEN: TOKEN, BRAND_TEXTS_DIR: '/nonexistent/brand' })).toEqual([
      'BRAND_TEXTS_DIR: /nonexistent/brand cannot be read',
    ]);
  });
});

describe('result URL policy', () => {
  it('strict by default; RESULT_URLS_TRUSTED_ORIGIN trusts exactly one origin', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).resultUrls).toEqual({
      allowHttp: false,
      allowPrivate: false,
      trustedOrigins: [],
    });
    const config = loadConfig({
      BOT_TOKEN: TOKEN,
      RESULT_URLS_TRUSTED_ORIGIN: 'http://127.0.0.1:8787/api/v1',
    });
    expect(config.resultUrls).toEqual({
      allowHttp: false,
      allowPrivate: false,
      trustedOrigins: ['http://127.0.0.1:8787'],
    });
    expect(problemsOf({ BOT_TOKEN: TOKEN, RESULT_URLS_TRUSTED_ORIGIN: 'file:///etc' })[0]).toMatch(
      /^RESULT_URLS_TRUSTED_ORIGIN must be an origin/,
    );
  });
});

describe('billing configuration', () => {
  /** Selling Stars needs the real upstream. */
  const UPSTREAM = { RESELLER_API_URL: 'https://api.example.com/api/v1', RESELLER_API_KEY: 'rk_live_secret' };
  /** Stars billing needs a support contact and the real upstream; most cases here are about other variables. */
  const STARS = { BILLING: 'stars', SUPPORT_CONTACT: '@shop_support', ...UPSTREAM };

  it('requires a support contact with Stars billing, and says why', () => {
    expect(problemsOf({ BOT_TOKEN: TOKEN, BILLING: 'stars', STARS_PER_USD: '77', ...UPSTREAM })).toEqual([
      'SUPPORT_CONTACT is required when BILLING is stars (customers who pay must be able to reach you: /paysupport and payment problems show it), such as @your_support',
    ]);
    expect(loadConfig({ BOT_TOKEN: TOKEN, ...STARS, STARS_PER_USD: '77' }).branding.supportContact).toBe(
      '@shop_support',
    );
  });

  it('is off by default; stars needs a rate and takes the documented defaults', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).billing).toEqual({ mode: 'off' });
    expect(problemsOf({ BOT_TOKEN: TOKEN, BILLING: 'stars', SUPPORT_CONTACT: '@help', ...UPSTREAM })).toEqual(
      [
        'STARS_PER_USD is required when BILLING is stars (how many Stars a customer pays per 1 USD of upstream price)',
      ],
    );
    const billing = loadConfig({ BOT_TOKEN: TOKEN, ...STARS, STARS_PER_USD: '76.5' }).billing;
    expect(billing).toMatchObject({
      mode: 'stars',
      starsPerUsd: '76.50',
      markupPercent: '0',
      minPriceStars: 1,
      welcomeStars: 0,
      topupPacks: [50, 100, 250, 500],
    });
  });

  it('REFERRAL_*: off by default (90 days, 1000 a day), whole numbers only, each refused by name', () => {
    const env = { BOT_TOKEN: TOKEN, ...STARS, STARS_PER_USD: '77' };
    expect(loadConfig(env).billing).toMatchObject({
      referral: { bonusStars: 0, percent: 0, days: 90, dailyCapStars: 1000 },
    });
    expect(
      loadConfig({
        ...env,
        REFERRAL_BONUS_STARS: '10',
        REFERRAL_PERCENT: '5',
        REFERRAL_DAYS: '30',
        REFERRAL_DAILY_CAP_STARS: '200',
      }).billing,
    ).toMatchObject({ referral: { bonusStars: 10, percent: 5, days: 30, dailyCapStars: 200 } });
    const problems = problemsOf({
      ...env,
      REFERRAL_BONUS_STARS: '-1',
      REFERRAL_PERCENT: '101',
      REFERRAL_DAYS: '0',
      REFERRAL_DAILY_CAP_STARS: '1.5',
    });
    for (const name of [
      'REFERRAL_BONUS_STARS',
      'REFERRAL_PERCENT',
      'REFERRAL_DAYS',
      'REFERRAL_DAILY_CAP_STARS',
    ]) {
      expect(problems.some((p) => p.startsWith(name))).toBe(true);
    }
  });

  it('BILLING=stars without RESELLER_API_KEY is refused: real Stars for simulated results', () => {
    const problems = problemsOf({
      BOT_TOKEN: TOKEN,
      BILLING: 'stars',
      STARS_PER_USD: '77',
      SUPPORT_CONTACT: '@help',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^BILLING=stars needs RESELLER_API_KEY/);
    expect(problems[0]).toMatch(/sandbox mode/);
    // With the key (and its URL) the same wallet starts; without billing, sandbox mode stays fine.
    expect(loadConfig({ BOT_TOKEN: TOKEN, ...STARS, STARS_PER_USD: '77' }).billing.mode).toBe('stars');
    expect(loadConfig({ BOT_TOKEN: TOKEN, BILLING: 'off' }).reseller).toBeNull();
  });

  it('names every bad billing variable', () => {
    const problems = problemsOf({
      BOT_TOKEN: TOKEN,
      BILLING: 'gold',
      STARS_PER_USD: '0',
      MARKUP_PERCENT: '-5',
      MIN_PRICE_STARS: '0',
      TOPUP_PACKS_STARS: '50,0,abc',
      WELCOME_STARS: '1.5',
    }).join('\n');
    for (const name of [
      'BILLING',
      'STARS_PER_USD',
      'MARKUP_PERCENT',
      'MIN_PRICE_STARS',
      'TOPUP_PACKS_STARS',
      'WELCOME_STARS',
    ]) {
      expect(problems).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('PRICES_FILE is read at start-up; each bad rule is named by its model id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prices-'));
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ '203': { stars: 9 }, '101': { markup_percent: 12.5 } }));
    const billing = loadConfig({
      BOT_TOKEN: TOKEN,
      ...STARS,
      STARS_PER_USD: '77',
      PRICES_FILE: good,
      ...UPSTREAM,
    }).billing;
    if (billing.mode !== 'stars') throw new Error('unreachable');
    expect([...billing.overrides]).toEqual([
      [101, { kind: 'markup', markupPercent: '12.5' }],
      [203, { kind: 'fixed', stars: 9 }],
    ]);

    expect(
      problemsOf({
        BOT_TOKEN: TOKEN,
        ...STARS,
        STARS_PER_USD: '77',
        PRICES_FILE: join(dir, 'missing.json'),
        ...UPSTREAM,
      }),
    ).toEqual(['PRICES_FILE cannot be read (ENOENT)']);
    expect(
      parsePriceOverrides('{"203": {"stars": 0}, "x": {}, "5": {"stars": 1, "markup_percent": 1}}').problems,
    ).toEqual([
      // Numeric keys come first, ascending: JSON object order as JavaScript reads it.
      'model 5: give exactly one of "stars" and "markup_percent"',
      'model 203: "stars" must be a whole number from 1 to 10000',
      '"x" is not a model id',
    ]);
    expect(parsePriceOverrides('[1]').problems).toHaveLength(1);
    expect(parsePriceOverrides('{').problems[0]).toMatch(/not valid JSON/);
  });
});

describe('SHOW_PRICES and STARS_PAYOUT_USD', () => {
  const STARS = {
    BOT_TOKEN: TOKEN,
    BILLING: 'stars',
    STARS_PER_USD: '77',
    SUPPORT_CONTACT: '@help',
    RESELLER_API_URL: 'https://api.example.com/api/v1',
    RESELLER_API_KEY: 'rk_live_secret',
  };

  it('a free bot shows no amounts by default (they are its cost, not a price); a Stars shop shows its prices', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).branding.showPrices).toBe(false);
    expect(loadConfig(STARS).branding.showPrices).toBe(true);
    expect(loadConfig({ BOT_TOKEN: TOKEN, SHOW_PRICES: 'false' }).branding.showPrices).toBe(false);
    expect(loadConfig({ BOT_TOKEN: TOKEN, SHOW_PRICES: 'true' }).branding.showPrices).toBe(true);
    expect(problemsOf({ BOT_TOKEN: TOKEN, SHOW_PRICES: 'maybe' })).toEqual([
      'SHOW_PRICES must be true or false',
    ]);
  });

  it('a Stars shop cannot hide its prices', () => {
    expect(problemsOf({ ...STARS, SHOW_PRICES: 'false' })).toEqual([
      'SHOW_PRICES must be true when BILLING is stars (customers see what they pay before confirming)',
    ]);
  });

  it("the payout per Star defaults to Telegram's 0.013 USD and stays an exact decimal string", () => {
    const billing = (env: Record<string, string>) => loadConfig({ ...STARS, ...env }).billing;
    expect(billing({})).toMatchObject({ payoutUsdPerStar: '0.013' });
    expect(billing({ STARS_PAYOUT_USD: '0.0125' })).toMatchObject({ payoutUsdPerStar: '0.0125' });
    for (const bad of ['0', '-0.01', '1e-2', 'abc', '0.0000001']) {
      expect(problemsOf({ ...STARS, STARS_PAYOUT_USD: bad })).toEqual([
        'STARS_PAYOUT_USD must be a positive USD amount per Star, such as 0.013',
      ]);
    }
  });
});

describe('SHARING', () => {
  it('is on by default; SHARING=off turns the Share button and the inline results off', () => {
    expect(loadConfig({ BOT_TOKEN: TOKEN }).sharing).toBe(true);
    expect(loadConfig({ BOT_TOKEN: TOKEN, SHARING: 'off' }).sharing).toBe(false);
    expect(problemsOf({ BOT_TOKEN: TOKEN, SHARING: 'no' })).toEqual(['SHARING must be "on" or "off"']);
  });
});

describe('subscription configuration', () => {
  const STARS_PLANS = {
    BOT_TOKEN: TOKEN,
    BILLING: 'stars',
    SUPPORT_CONTACT: '@shop_support',
    STARS_PER_USD: '77',
    RESELLER_API_URL: 'https://api.example.com',
    RESELLER_API_KEY: 'key',
  };

  it('config: plans only with BILLING=stars; the 30-day period unless a test API root is used', () => {
    const config = loadConfig({ ...STARS_PLANS, SUBSCRIPTION_PLANS: 'pro:450:600' });
    expect(config.billing.mode === 'stars' && config.billing.subscriptions).toEqual({
      plans: [{ id: 'pro', priceStars: 450, allowanceStars: 600 }],
      periodSeconds: 2_592_000,
    });
    expect(problemsOf({ BOT_TOKEN: TOKEN, SUBSCRIPTION_PLANS: 'pro:450:600' }).join()).toMatch(
      /SUBSCRIPTION_PLANS.*needs BILLING=stars/,
    );
    expect(problemsOf({ ...STARS_PLANS, SUBSCRIPTION_PERIOD_SECONDS: '60' }).join()).toMatch(
      /SUBSCRIPTION_PERIOD_SECONDS.*for tests only/,
    );
    const test = loadConfig({
      ...STARS_PLANS,
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081',
      SUBSCRIPTION_PLANS: 'pro:450:600',
      SUBSCRIPTION_PERIOD_SECONDS: '60',
    });
    expect(test.billing.mode === 'stars' && test.billing.subscriptions?.periodSeconds).toBe(60);
  });
});
