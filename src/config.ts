/**
 * Configuration from the environment, validated once at start-up.
 *
 * Every problem is collected and reported together, by variable name, and no value is echoed
 * back, so a mistyped secret never lands in a log.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { z } from 'zod';
import { compareMoney, isMoneyString, moneyToString, parseMoney, ZERO_MONEY } from './domain/money.js';
import type { ReferralRules } from './domain/referral.js';
import {
  DEFAULT_REMINDER_RULES,
  isReminderRule,
  REMINDER_RULES,
  type ReminderRule,
} from './domain/reminders.js';
import { parsePlans, SUBSCRIPTION_PERIOD_SECONDS, type SubscriptionPlan } from './domain/subscription.js';
import { MAX_STARS_PER_PAYMENT } from './domain/wallet.js';
import type { UrlPolicy } from './lib/url-policy.js';
import { loadPriceOverrides } from './services/wallet/prices-file.js';
import type { PriceOverride } from './services/wallet/star-pricing.js';
import { type Branding, loadBrandTexts } from './texts/branding.js';
import { checkInstalledLocales } from './texts/locale-check.js';
import { LOCALES_DIR, type Locale, SHIPPED_LOCALES } from './texts/locales.js';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const idList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (!v || v.trim() === '') return [] as number[];
    const parts = v.split(',').map((p) => p.trim());
    const ids: number[] = [];
    for (const part of parts) {
      if (!/^\d{1,15}$/.test(part)) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a comma-separated list of numeric Telegram user ids',
        });
        return z.NEVER;
      }
      ids.push(Number(part));
    }
    return ids;
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A whole number from `min` to `max`, with the reason said in the variable's terms. */
const intBetween = (min: number, max: number, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(min, { message: `must be at least ${min}` })
    .max(max, { message: `must be at most ${max}` })
    .default(fallback);

/** Messages a second the bot posts: 1 to Telegram's 30 per bot. */
const messagesPerSecond = (fallback: number, least = 1) =>
  z.coerce
    .number()
    .int()
    .min(least, { message: `must be at least ${least}` })
    .max(30, { message: "must be at most 30 (Telegram's limit per bot)" })
    .default(fallback);

/** A non-negative decimal USD amount ("10", "10.00"), kept as the exact string. */
const usdAmount = (fallback: string) =>
  z
    .string()
    .refine((v) => isMoneyString(v) && compareMoney(parseMoney(v), ZERO_MONEY) >= 0, {
      message: 'must be a non-negative USD amount such as 10.00',
    })
    .default(fallback);

// ── White label: branding, the models offered, who may use the bot, per-user limits ──
/** A comma-separated list whose every item matches `item`; unset is an empty list. */
const commaList = (item: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parts = (v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      if (parts.some((p) => !item.test(p))) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return [...new Set(parts)];
    });

/** Reseller text shown to users (escaped there): one line, bounded. */
const oneLine = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .regex(/^[^\p{Cc}]+$/u, message)
    .optional();

const whiteLabelEnv = {
  BRAND_NAME: oneLine(64, 'must be one line of at most 64 characters'),
  BRAND_TEXTS_DIR: z.string().optional(),
  SUPPORT_CONTACT: oneLine(100, 'must be one line of at most 100 characters, such as @your_support'),
  ALLOWED_MODEL_IDS: commaList(/^[1-9]\d{0,8}$/, 'must be a comma-separated list of numeric model ids'),
  HIDDEN_MODEL_TYPES: commaList(
    /^[a-z][a-z0-9_]*$/,
    'must be a comma-separated list of model types, such as video,upscale',
  ),
  /**
   * The reminders the bot sends first (issue 44): a comma-separated list of plan_ending,
   * welcome_unused, quote_unconfirmed, win_back, or "off"; unset: the first three.
   */
  REMINDERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return [...DEFAULT_REMINDER_RULES];
      if (v.trim() === 'off') return [];
      const parts = [
        ...new Set(
          v
            .split(',')
            .map((p) => p.trim())
            .filter((p) => p !== ''),
        ),
      ];
      if (!parts.every(isReminderRule)) {
        ctx.addIssue({
          code: 'custom',
          message: `must be "off" or a comma-separated list of ${REMINDER_RULES.join(', ')}`,
        });
        return z.NEVER;
      }
      return parts;
    }),
  /** With BILLING=stars: a one-time promo code of this many Stars in each win-back reminder (0: none). */
  WIN_BACK_PROMO_STARS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of Stars (0 turns it off)')
    .default('0')
    .transform(Number),
  ACCESS_MODE: z.enum(['open', 'allowlist'], { message: 'must be "open" or "allowlist"' }).default('open'),
  /**
   * Generations in groups the bot is a member of (issue 42): off (default), allowlist (a group
   * works once an admin of the bot turns it on with /group there), or on (every group).
   */
  GROUPS: z
    .enum(['off', 'allowlist', 'on'], { message: 'must be "off", "allowlist" or "on"' })
    .default('off'),
  /**
   * Guest mode (issue 42; Bot API 10.0, switched on in @BotFather): `@bot <description>` in any chat,
   * the bot not a member, answered with a card only its caller can use. off (default) or on.
   */
  GUEST_MODE: z.enum(['off', 'on'], { message: 'must be "off" or "on"' }).default('off'),
  ALLOWED_USER_IDS: idList,
  BANNED_USER_IDS: idList,
  MAX_ACTIVE_ORDERS_PER_USER: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number (0 turns the limit off)')
    .transform(Number)
    .default(3),
  DAILY_ORDERS_PER_USER: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'must be a positive whole number')
    .transform(Number)
    .optional(),
  DAILY_SPEND_PER_USER_USD: z
    .string()
    .refine((v) => isMoneyString(v) && compareMoney(parseMoney(v), ZERO_MONEY) > 0, {
      message: 'must be a positive USD amount such as 5.00',
    })
    .transform((v) => moneyToString(parseMoney(v)))
    .optional(),
};

/** A decimal such as 77 or 12.5, kept as the exact string; `positive` refuses 0. */
const decimal = (message: string, positive: boolean) =>
  z
    .string()
    .refine((v) => isMoneyString(v) && compareMoney(parseMoney(v), ZERO_MONEY) >= (positive ? 1 : 0), {
      message,
    })
    .transform((v) => moneyToString(parseMoney(v)));

// ── Selling in Telegram Stars (BILLING=stars) ──
const billingEnv = {
  BILLING: z.enum(['off', 'stars'], { message: 'must be "off" or "stars"' }).default('off'),
  STARS_PER_USD: decimal('must be a positive number of Stars per 1 USD, such as 77', true).optional(),
  MARKUP_PERCENT: decimal('must be a non-negative percent, such as 30', false).default('0'),
  /** What Telegram pays the bot's owner per Star (USD), for the margin in /stats. */
  STARS_PAYOUT_USD: decimal('must be a positive USD amount per Star, such as 0.013', true).default('0.013'),
  /**
   * Whether customers see amounts. Unset: with BILLING=stars (their price in Stars), not with
   * BILLING=off (the USD amount is the reseller's cost, not a price: generations are free for them).
   * true with BILLING=off shows that cost, labelled as the bot's; false is refused with Stars.
   */
  SHOW_PRICES: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes')),
  /** off: no ↗️ Share button and no inline results (the customers' results stay in their chats). */
  SHARING: z.enum(['on', 'off'], { message: 'must be "on" or "off"' }).default('on'),
  MIN_PRICE_STARS: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'must be a whole number of Stars, at least 1')
    .transform(Number)
    .default(1),
  PRICES_FILE: z.string().optional(),
  WELCOME_STARS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of Stars (0 turns it off)')
    .transform(Number)
    .default(0),
  /** The referral program: Stars for a referee's first paid top-up, a share of their top-ups. */
  REFERRAL_BONUS_STARS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of Stars (0 turns it off)')
    .transform(Number)
    .default(0),
  REFERRAL_PERCENT: z
    .string()
    .regex(/^(\d{1,2}|100)$/, 'must be a whole percent from 0 to 100 (0 turns it off)')
    .transform(Number)
    .default(0),
  REFERRAL_DAYS: z
    .string()
    .regex(/^[1-9]\d{0,3}$/, 'must be a whole number of days, at least 1')
    .transform(Number)
    .default(90),
  REFERRAL_DAILY_CAP_STARS: z
    .string()
    .regex(/^\d{1,7}$/, 'must be a whole number of Stars')
    .transform(Number)
    .default(1000),
  /** Stars subscriptions: `id:price_stars:allowance_stars`, comma-separated; unset: none. */
  SUBSCRIPTION_PLANS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return [];
      const plans = parsePlans(v);
      if (typeof plans === 'string') {
        ctx.addIssue({ code: 'custom', message: plans });
        return z.NEVER;
      }
      return plans;
    }),
  /** Tests and sandboxes only (not with Telegram's own API): a shorter subscription period. */
  SUBSCRIPTION_PERIOD_SECONDS: z
    .string()
    .regex(/^[1-9]\d{0,7}$/, 'must be a whole number of seconds')
    .transform(Number)
    .optional(),
  TOPUP_PACKS_STARS: z
    .string()
    .default('50,100,250,500')
    .transform((v, ctx) => {
      const packs = v.split(',').map((p) => p.trim());
      const valid = packs.every(
        (p) => /^\d{1,5}$/.test(p) && Number(p) >= 1 && Number(p) <= MAX_STARS_PER_PAYMENT,
      );
      if (!valid || packs.length > 8) {
        ctx.addIssue({
          code: 'custom',
          message: `must be up to 8 comma-separated whole numbers of Stars from 1 to ${MAX_STARS_PER_PAYMENT}`,
        });
        return z.NEVER;
      }
      return [...new Set(packs.map(Number))].sort((a, b) => a - b);
    }),
};

const baseSchema = z.object({
  ...whiteLabelEnv,
  ...billingEnv,
  BOT_TOKEN: z
    .string({ message: 'is required (get one from @BotFather)' })
    .regex(/^\d+:[\w-]+$/, 'does not look like a bot token (expected "123456:ABC...")'),
  TELEGRAM_API_ROOT: z.url({ message: 'must be a URL' }).default('https://api.telegram.org'),
  TELEGRAM_LOCAL_FILES: booleanFromEnv,
  /** Result URLs the bot downloads itself: plain http and private addresses only where said (tests). */
  RESULT_URLS_ALLOW_HTTP: booleanFromEnv,
  RESULT_URLS_ALLOW_PRIVATE: booleanFromEnv,
  /**
   * The origin of a built-in simulator run beside the bot (the playground, `npm run simulator`): its
   * results are fetched although plain http on loopback. Exactly that origin; nothing else widens.
   */
  RESULT_URLS_TRUSTED_ORIGIN: z
    .url({ protocol: /^https?$/, message: 'must be an origin such as http://127.0.0.1:8787' })
    .optional(),
  /** Polling mode: serve /metrics (and /healthz) on this port. Webhook mode serves them on PORT. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The same as METRICS_PORT (it serves the admin Mini App too); METRICS_PORT wins when both are set. */
  HTTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The https origin Telegram opens the admin Mini App at (webhook mode: WEBHOOK_URL's origin by default). */
  PUBLIC_URL: z
    .url({ protocol: /^https$/, message: 'must be an https origin such as https://bot.example.com' })
    .optional(),
  /** How old a Mini App's signed initData may be, in seconds. */
  MINIAPP_AUTH_MAX_AGE: positiveInt(3_600),
  RESELLER_API_URL: z.url({ message: 'must be a URL ending with /api/v1' }).optional(),
  RESELLER_API_KEY: z.string().min(1).optional(),
  DATABASE_PATH: z.string().min(1).default('./data/bot.sqlite'),
  /** PostgreSQL instead of the SQLite file (several replicas, or simply a bigger machine). */
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/[^\s]+$/.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_IDS: idList,
  /** Seals the tokens of bots added at run time (/bot_add, managed bots); never stored. */
  BOT_TOKENS_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (for example: openssl rand -base64 32)')
    .optional(),
  /** Who may create bots through the main bot's /newbot (Telegram's managed bots, Bot API 9.6). */
  MANAGED_BOTS: z
    .enum(['off', 'admins', 'everyone'], { message: 'must be "off", "admins" or "everyone"' })
    .default('admins'),
  /** A file of the settings added bots start from instead of the main bot's (loadBotTemplate). */
  BOT_TEMPLATE: z.string().optional(),
  // Which languages are installed depends on BRAND_TEXTS_DIR too: checked with it (configFrom).
  DEFAULT_LOCALE: z.string().default('en'),
  /** The zone every date and time shown to customers and admins is written in (IANA name). */
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Moscow or UTC')
    .default('UTC'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ORDER_POLL_MIN_MS: positiveInt(2_000),
  ORDER_POLL_MAX_MS: positiveInt(30_000),
  /** Upstream polls per second for the whole cluster (every replica on the database shares it). */
  ORDER_POLL_RPS: positiveInt(5),
  /**
   * Broadcast messages per second for the whole bot: Telegram allows about 30; the rest is left
   * for the bot's answers to users while a broadcast runs.
   */
  BROADCAST_RATE: messagesPerSecond(25),
  /**
   * Messages this process posts a second, replies and broadcasts together (Telegram allows a bot
   * about 30); replicas that all send split it between them. 0: no budget of the bot's own, for a
   * Bot API stand-in that does not limit (the benchmarks measure the bot, not Telegram's limit).
   */
  TELEGRAM_SEND_RATE: messagesPerSecond(30, 0),
  /** On SIGTERM, how long updates already in hand may run before their claims are handed back. */
  DRAIN_GRACE_MS: positiveInt(20_000),
  /**
   * Updates this process handles at once (each of a different chat); payments have slots of their
   * own beside these, and a chat only waiting out Telegram's per-chat limit takes none.
   */
  INBOX_CONCURRENCY: intBetween(1, 10_000, 64),
  /**
   * How long a replica's claim on an update holds without renewal (renewed every third of it): the
   * longest a dead replica's chats wait before another replica takes them.
   */
  INBOX_LEASE_SECONDS: intBetween(2, 600, 30),
  /** How often orders stuck before upstream (network down at Confirm) are sent again. */
  ORDER_RESUBMIT_MS: positiveInt(60_000),
  /** This process among those sharing a database (its delivery and poll claims); default: the host name. */
  REPLICA_ID: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'may contain only letters, digits, "_", "." and "-" (at most 64)')
    .optional(),
  /** Drafts (priced, never confirmed) untouched this long are closed. */
  DRAFT_EXPIRY_HOURS: positiveInt(72),
  /** Admins are alerted when the upstream balance drops below this (USD). */
  LOW_BALANCE_USD: usdAmount('10.00'),
  /** How often the upstream balance is checked (ms). */
  BALANCE_CHECK_MS: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be a whole number of milliseconds (at least 1)')
    .default('300000')
    .transform(Number),
  /** Simulator knobs for sandbox mode (no RESELLER_API_KEY). */
  SANDBOX_ORDER_MS: positiveInt(3_000),
});

const pollingSchema = baseSchema.extend({
  BOT_MODE: z.literal('polling').default('polling'),
});
const webhookSchema = baseSchema.extend({
  BOT_MODE: z.literal('webhook'),
  WEBHOOK_URL: z.url({ message: 'must be the public https URL Telegram should call' }),
  WEBHOOK_SECRET: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, 'may contain only A-Z, a-z, 0-9, _ and -'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
});

const envSchema = z
  .discriminatedUnion('BOT_MODE', [pollingSchema, webhookSchema], {
    message: 'must be "polling" or "webhook"',
  })
  .superRefine((env, ctx) => {
    if (env.ORDER_POLL_MIN_MS > env.ORDER_POLL_MAX_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['ORDER_POLL_MIN_MS'],
        message: 'must not exceed ORDER_POLL_MAX_MS',
      });
    }
    if (env.ACCESS_MODE === 'allowlist' && env.ALLOWED_USER_IDS.length === 0 && env.ADMIN_IDS.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOWED_USER_IDS'],
        message: 'is required when ACCESS_MODE is allowlist (or nobody could use the bot)',
      });
    }
    if (env.ACCESS_MODE === 'open' && env.ALLOWED_USER_IDS.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOWED_USER_IDS'],
        message: 'has no effect unless ACCESS_MODE is allowlist',
      });
    }
    if (env.BILLING === 'stars' && env.STARS_PER_USD === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['STARS_PER_USD'],
        message:
          'is required when BILLING is stars (how many Stars a customer pays per 1 USD of upstream price)',
      });
    }
    if (env.BILLING === 'stars' && env.SUPPORT_CONTACT === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPPORT_CONTACT'],
        message:
          'is required when BILLING is stars (customers who pay must be able to reach you: /paysupport and payment problems show it), such as @your_support',
      });
    }
    if (env.BILLING === 'stars' && env.SHOW_PRICES === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHOW_PRICES'],
        message: 'must be true when BILLING is stars (customers see what they pay before confirming)',
      });
    }
    if (env.SUBSCRIPTION_PLANS.length > 0 && env.BILLING !== 'stars') {
      ctx.addIssue({ code: 'custom', path: ['SUBSCRIPTION_PLANS'], message: 'needs BILLING=stars' });
    }
    if (
      env.SUBSCRIPTION_PERIOD_SECONDS !== undefined &&
      env.TELEGRAM_API_ROOT === 'https://api.telegram.org'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUBSCRIPTION_PERIOD_SECONDS'],
        message: "is for tests only: Telegram's own API accepts only 2592000 (30 days)",
      });
    }
    if (env.BANNED_USER_IDS.some((id) => env.ADMIN_IDS.includes(id))) {
      ctx.addIssue({
        code: 'custom',
        path: ['BANNED_USER_IDS'],
        message: 'must not contain ids from ADMIN_IDS (admins always pass)',
      });
    }
  });

/** Rules across variables that must be reported even when other variables are invalid too. */
function crossVariableProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.RESELLER_API_KEY && !env.RESELLER_API_URL) {
    problems.push('RESELLER_API_URL is required when RESELLER_API_KEY is set');
  }
  // Without a key the bot runs the simulator: customers would pay real Stars for simulated results.
  if (env.BILLING === 'stars' && !env.RESELLER_API_KEY) {
    problems.push(
      'BILLING=stars needs RESELLER_API_KEY: without it the bot runs in sandbox mode, and customers would pay real Stars for simulated results',
    );
  }
  return problems;
}

type Env = z.infer<typeof envSchema>;

function miniAppConfig(env: Env): Config['miniApp'] {
  const authMaxAgeSeconds = env.MINIAPP_AUTH_MAX_AGE;
  const origin = env.PUBLIC_URL
    ? new URL(env.PUBLIC_URL).origin
    : env.BOT_MODE === 'webhook' && env.WEBHOOK_URL.startsWith('https:')
      ? new URL(env.WEBHOOK_URL).origin
      : undefined;
  if (!origin) return { url: null, off: 'no_public_url', authMaxAgeSeconds };
  if (env.BOT_MODE === 'polling' && !(env.METRICS_PORT ?? env.HTTP_PORT)) {
    return { url: null, off: 'no_http_port', authMaxAgeSeconds };
  }
  return { url: `${origin}/miniapp/`, off: null, authMaxAgeSeconds };
}

/** MANAGED_BOTS: who may create a bot through the main bot (/newbot). */
export type ManagedBotsPolicy = 'off' | 'admins' | 'everyone';

export interface Config {
  botToken: string;
  /** `sendRate`: messages posted a second by this process (TELEGRAM_SEND_RATE). */
  telegram: { apiRoot: string; localFiles: boolean; sendRate: number };
  /** Which result URLs the bot may fetch (lib/url-policy.ts). */
  resultUrls: UrlPolicy;
  metricsPort: number | null;
  /**
   * The admin Mini App: `url` is the page Telegram opens (PUBLIC_URL + /miniapp/), or null with the
   * reason it is off (no PUBLIC_URL, or polling mode without an HTTP port).
   */
  miniApp: { url: string | null; off: 'no_public_url' | 'no_http_port' | null; authMaxAgeSeconds: number };
  /** `null` means sandbox mode: the simulator runs in-process and nothing costs money. */
  reseller: { url: string; apiKey: string } | null;
  /** The SQLite file (default), or the PostgreSQL server when DATABASE_URL is set. */
  database: { path: string } | { url: string };
  adminIds: number[];
  /**
   * Bots beyond BOT_TOKEN: the secret sealing their tokens (null: none can be added), and who may
   * create one with /newbot (MANAGED_BOTS: nobody, the main bot's admins, or every user).
   */
  bots: { tokensSecret: string | null; managed: ManagedBotsPolicy };
  defaultLocale: Locale;
  /** TIME_ZONE: the IANA zone dates and times are shown in (telegram/date-time.ts); default UTC. */
  timeZone: string;
  logLevel: Env['LOG_LEVEL'];
  mode: { kind: 'polling' } | { kind: 'webhook'; url: string; secret: string; port: number };
  /** perSecond: upstream polls per second, cluster-wide (ORDER_POLL_RPS). */
  orderPolling: { minMs: number; maxMs: number; resubmitMs: number; perSecond: number };
  /** SIGTERM: how long updates in hand may finish before their claims are handed back. */
  drainGraceMs: number;
  /** Updates handled at once by this process (INBOX_CONCURRENCY). */
  inboxConcurrency: number;
  /** How long a claim on an update holds without renewal (INBOX_LEASE_SECONDS). */
  inboxLeaseMs: number;
  /** Broadcast messages per second, for the whole bot (BROADCAST_RATE). */
  broadcastRate: number;
  /** How long an unconfirmed draft stays open. */
  draftExpiryMs: number;
  /** Who this process is among those sharing a database (REPLICA_ID, else the host name). */
  replicaId: string;
  /** Balance monitor: alert admins below `lowUsd` (decimal string), check every `checkMs`. */
  balanceAlert: { lowUsd: string; checkMs: number };
  sandbox: { orderStageMs: number };
  /** BRAND_NAME, BRAND_TEXTS_DIR (read and checked here), SUPPORT_CONTACT: see bot/branding.ts. */
  branding: Branding;
  /** The models offered: ALLOWED_MODEL_IDS (null: every model) minus HIDDEN_MODEL_TYPES. */
  catalog: { allowedModelIds: number[] | null; hiddenModelTypes: string[] };
  /** The reminder rules turned on (REMINDERS); empty: the bot never speaks first. */
  reminders: readonly ReminderRule[];
  /** Stars of the one-time promo code a win-back reminder carries (WIN_BACK_PROMO_STARS; 0: none). */
  winBackPromoStars: number;
  /** Groups the bot takes orders in (GROUPS; issue 42). */
  groups: { mode: 'off' | 'allowlist' | 'on' };
  /** Guest queries answered (GUEST_MODE; issue 42): guest_message is asked for only when on. */
  guestMode: boolean;
  /** Who may use the bot; ADMIN_IDS always may. */
  access: { mode: 'open' | 'allowlist'; allowedUserIds: number[]; bannedUserIds: number[] };
  /** Per-user caps checked before an order is sent (null: none); the amount is a decimal string. */
  userLimits: { maxActiveOrders: number | null; dailyOrders: number | null; dailySpendUsd: string | null };
  /** BILLING: `off` (the reseller pays upstream, customers pay nothing) or a Stars wallet. */
  billing: { mode: 'off' } | StarsBilling;
  /** SHARING: customers share their own results through the bot's inline mode (↗️ Share). */
  sharing: boolean;
  /** BOT_TEMPLATE: what every added bot starts from instead of these settings (null: these). */
  botTemplate: BotTemplate | null;
}

/** The settings a bot may have of its own (BOT_TEMPLATE): what it sells, at what price, in whose name. */
export type BotSettings = Pick<
  Config,
  'defaultLocale' | 'branding' | 'catalog' | 'userLimits' | 'billing' | 'sharing'
>;

/** BOT_TEMPLATE, read and checked at start-up. */
export interface BotTemplate {
  /** The file, as BOT_TEMPLATE names it. */
  file: string;
  /** Its settings, parsed by the environment's own rules over the environment's values. */
  settings: BotSettings;
  /** BOT_PHOTO: the JPEG a bot created through the main bot (/newbot) gets as its profile photo. */
  photoPath: string | null;
}

export interface StarsBilling {
  mode: 'stars';
  starsPerUsd: string;
  /** STARS_PAYOUT_USD: USD that Telegram pays out per Star earned (decimal string). */
  payoutUsdPerStar: string;
  markupPercent: string;
  minPriceStars: number;
  /** From PRICES_FILE: model id -> fixed Stars or a markup of its own. */
  overrides: ReadonlyMap<number, PriceOverride>;
  welcomeStars: number;
  /** Ascending, distinct. */
  topupPacks: number[];
  /** REFERRAL_*: what a referee's paid top-ups earn their referrer. */
  referral: ReferralRules;
  /** SUBSCRIPTION_PLANS (empty: no subscriptions) and the period invoices ask for. */
  subscriptions?: { plans: SubscriptionPlan[]; periodSeconds: number };
}

/** Whether this runtime's Intl knows `zone` (IANA names and aliases, any case). */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Blank values count as unset, as in most .env files. */
function withoutBlanks(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v.trim() !== '') out[k] = v.trim();
  return out;
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const env0 = withoutBlanks(rawEnv);
  const main = configFrom(env0);
  const template =
    env0.BOT_TEMPLATE === undefined
      ? { template: null, problems: [] }
      : loadBotTemplate(env0.BOT_TEMPLATE, env0, !Array.isArray(main));
  const problems = [...(Array.isArray(main) ? main : []), ...template.problems];
  if (problems.length > 0 || Array.isArray(main)) throw new ConfigError(problems);
  return { ...main, botTemplate: template.template };
}

/** The config these variables make (BOT_TEMPLATE aside), or every problem with them. */
function configFrom(env0: Record<string, string>): Config | string[] {
  const parsed = envSchema.safeParse(env0);
  const brandTexts = env0.BRAND_TEXTS_DIR
    ? loadBrandTexts(env0.BRAND_TEXTS_DIR, { dir: LOCALES_DIR, locales: SHIPPED_LOCALES })
    : { texts: {}, languages: [], problems: [] };
  const languages = [...SHIPPED_LOCALES, ...brandTexts.languages.map((added) => added.locale)];
  const prices = env0.PRICES_FILE
    ? loadPriceOverrides(env0.PRICES_FILE)
    : { overrides: new Map<number, PriceOverride>(), problems: [] };
  const crossProblems = [
    // A language file that would show a broken text stops every start, whatever the variables.
    ...[...checkInstalledLocales().values()].flatMap((check) => check.problems),
    ...crossVariableProblems(env0),
    ...brandTexts.problems.map((p) => `BRAND_TEXTS_DIR: ${p}`),
    ...(languages.includes(env0.DEFAULT_LOCALE ?? 'en')
      ? []
      : [
          `DEFAULT_LOCALE must be one of the installed languages (locales/*.ftl${env0.BRAND_TEXTS_DIR ? ', BRAND_TEXTS_DIR' : ''}): ${languages.join(', ')}`,
        ]),
    ...prices.problems.map((p) => `PRICES_FILE ${p}`),
  ];
  if (!parsed.success || crossProblems.length > 0) {
    const issues = parsed.success ? [] : parsed.error.issues;
    const problems = issues.map((issue) => {
      const name = issue.path.length > 0 ? issue.path.join('.') : 'BOT_MODE';
      // Only our own messages: zod's defaults can quote the received value, which may be a secret.
      const message =
        issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
      return `${name} ${message}`;
    });
    return [...problems, ...crossProblems];
  }
  const env = parsed.data!;
  return {
    botToken: env.BOT_TOKEN,
    telegram: {
      apiRoot: env.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
      localFiles: env.TELEGRAM_LOCAL_FILES,
      sendRate: env.TELEGRAM_SEND_RATE,
    },
    resultUrls: {
      allowHttp: env.RESULT_URLS_ALLOW_HTTP,
      allowPrivate: env.RESULT_URLS_ALLOW_PRIVATE,
      trustedOrigins: env.RESULT_URLS_TRUSTED_ORIGIN ? [new URL(env.RESULT_URLS_TRUSTED_ORIGIN).origin] : [],
    },
    metricsPort: env.METRICS_PORT ?? env.HTTP_PORT ?? null,
    miniApp: miniAppConfig(env),
    reseller:
      env.RESELLER_API_KEY && env.RESELLER_API_URL
        ? { url: env.RESELLER_API_URL.replace(/\/+$/, ''), apiKey: env.RESELLER_API_KEY }
        : null,
    database: env.DATABASE_URL ? { url: env.DATABASE_URL } : { path: env.DATABASE_PATH },
    adminIds: env.ADMIN_IDS,
    bots: { tokensSecret: env.BOT_TOKENS_SECRET ?? null, managed: env.MANAGED_BOTS },
    defaultLocale: env.DEFAULT_LOCALE,
    timeZone: env.TIME_ZONE,
    logLevel: env.LOG_LEVEL,
    mode:
      env.BOT_MODE === 'webhook'
        ? { kind: 'webhook', url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET, port: env.PORT }
        : { kind: 'polling' },
    orderPolling: {
      minMs: env.ORDER_POLL_MIN_MS,
      maxMs: env.ORDER_POLL_MAX_MS,
      resubmitMs: env.ORDER_RESUBMIT_MS,
      perSecond: env.ORDER_POLL_RPS,
    },
    drainGraceMs: env.DRAIN_GRACE_MS,
    inboxConcurrency: env.INBOX_CONCURRENCY,
    inboxLeaseMs: env.INBOX_LEASE_SECONDS * 1000,
    broadcastRate: env.BROADCAST_RATE,
    draftExpiryMs: env.DRAFT_EXPIRY_HOURS * 3_600_000,
    replicaId: env.REPLICA_ID ?? hostname(),
    balanceAlert: { lowUsd: env.LOW_BALANCE_USD, checkMs: env.BALANCE_CHECK_MS },
    sandbox: { orderStageMs: env.SANDBOX_ORDER_MS },
    branding: {
      name: env.BRAND_NAME ?? null,
      supportContact: env.SUPPORT_CONTACT ?? null,
      texts: brandTexts.texts,
      languages: brandTexts.languages,
      showPrices: env.SHOW_PRICES ?? env.BILLING === 'stars',
    },
    catalog: {
      allowedModelIds: env.ALLOWED_MODEL_IDS.length > 0 ? env.ALLOWED_MODEL_IDS.map(Number) : null,
      hiddenModelTypes: env.HIDDEN_MODEL_TYPES,
    },
    reminders: env.REMINDERS,
    winBackPromoStars: env.WIN_BACK_PROMO_STARS,
    groups: { mode: env.GROUPS },
    guestMode: env.GUEST_MODE === 'on',
    access: {
      mode: env.ACCESS_MODE,
      allowedUserIds: env.ALLOWED_USER_IDS,
      bannedUserIds: env.BANNED_USER_IDS,
    },
    userLimits: {
      maxActiveOrders: env.MAX_ACTIVE_ORDERS_PER_USER > 0 ? env.MAX_ACTIVE_ORDERS_PER_USER : null,
      dailyOrders: env.DAILY_ORDERS_PER_USER ?? null,
      dailySpendUsd: env.DAILY_SPEND_PER_USER_USD ?? null,
    },
    billing:
      env.BILLING === 'stars' && env.STARS_PER_USD !== undefined
        ? {
            mode: 'stars',
            starsPerUsd: env.STARS_PER_USD,
            payoutUsdPerStar: env.STARS_PAYOUT_USD,
            markupPercent: env.MARKUP_PERCENT,
            minPriceStars: env.MIN_PRICE_STARS,
            overrides: prices.overrides,
            welcomeStars: env.WELCOME_STARS,
            topupPacks: env.TOPUP_PACKS_STARS,
            referral: {
              bonusStars: env.REFERRAL_BONUS_STARS,
              percent: env.REFERRAL_PERCENT,
              days: env.REFERRAL_DAYS,
              dailyCapStars: env.REFERRAL_DAILY_CAP_STARS,
            },
            subscriptions: {
              plans: env.SUBSCRIPTION_PLANS,
              periodSeconds: env.SUBSCRIPTION_PERIOD_SECONDS ?? SUBSCRIPTION_PERIOD_SECONDS,
            },
          }
        : { mode: 'off' },
    sharing: env.SHARING === 'on',
    botTemplate: null,
  };
}

// ── BOT_TEMPLATE: what every added bot starts from ──

/**
 * The variables a template may set: a bot's business (what it sells, at what price, to whom it
 * gives what, in whose name). Every other variable is the deployment's: tokens, secrets, the
 * database, addresses, ports, admins, access lists, replicas, the time zone.
 */
const TEMPLATE_KEYS = new Set<string>([
  'BILLING',
  'STARS_PER_USD',
  'MARKUP_PERCENT',
  'MIN_PRICE_STARS',
  'PRICES_FILE',
  'SHOW_PRICES',
  'TOPUP_PACKS_STARS',
  'SUBSCRIPTION_PLANS',
  'WELCOME_STARS',
  'REFERRAL_BONUS_STARS',
  'REFERRAL_PERCENT',
  'REFERRAL_DAYS',
  'REFERRAL_DAILY_CAP_STARS',
  'SHARING',
  'BRAND_NAME',
  'BRAND_TEXTS_DIR',
  'SUPPORT_CONTACT',
  'DEFAULT_LOCALE',
  'ALLOWED_MODEL_IDS',
  'HIDDEN_MODEL_TYPES',
  'REMINDERS',
  'WIN_BACK_PROMO_STARS',
  'GROUPS',
  'GUEST_MODE',
  'MAX_ACTIVE_ORDERS_PER_USER',
  'DAILY_ORDERS_PER_USER',
  'DAILY_SPEND_PER_USER_USD',
] satisfies Array<keyof Env>);

/** Every variable the loader reads: those a template may not set are the deployment's. */
const ENV_KEYS = new Set<string>(Object.keys(webhookSchema.shape));

/** Paths in a template are read from the template's folder. */
const TEMPLATE_PATHS = new Set(['PRICES_FILE', 'BRAND_TEXTS_DIR']);

/** Telegram's limit on an uploaded photo. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * Reads BOT_TEMPLATE: a file like .env naming the settings added bots get instead of the main
 * bot's. Its values are parsed by the same loader as the environment, over the environment's own
 * (`{...env, ...template}`; an empty value unsets one), and only the bot's settings are taken from
 * the result. A deployment variable or an unknown one is refused by name, a bad value as the
 * environment's would be; no value is ever echoed. `mainValid`: the environment alone loads (else
 * only the file's own problems are told: the environment's are told already).
 */
function loadBotTemplate(
  file: string,
  env: Record<string, string>,
  mainValid: boolean,
): { template: BotTemplate | null; problems: string[] } {
  const where = `BOT_TEMPLATE (${file}):`;
  let values: Record<string, string>;
  try {
    values = parseDotenv(readFileSync(file, 'utf8'));
  } catch {
    return { template: null, problems: [`BOT_TEMPLATE ${file} cannot be read`] };
  }
  const problems: string[] = [];
  const merged = { ...env };
  let photoPath: string | null = null;
  for (const [key, raw] of Object.entries(values)) {
    const name = key.slice(0, 64);
    const value = raw.trim();
    if (key === 'BOT_PHOTO') {
      if (value === '') continue;
      photoPath = resolve(dirname(file), value);
      const problem = photoProblem(photoPath);
      if (problem) problems.push(`${where} BOT_PHOTO ${problem}`);
    } else if (TEMPLATE_KEYS.has(key)) {
      if (value === '') delete merged[key];
      else
        merged[key] = TEMPLATE_PATHS.has(key) && !isAbsolute(value) ? resolve(dirname(file), value) : value;
    } else if (ENV_KEYS.has(key)) {
      problems.push(
        `${where} ${name} is the whole deployment's, not one bot's: set it in the environment (a template never carries a token, a secret, an address or an admin)`,
      );
    } else {
      problems.push(`${where} ${name} is not a setting a bot template can have (mistyped?)`);
    }
  }
  if (problems.length > 0 || !mainValid) return { template: null, problems };
  const loaded = configFrom(merged);
  if (Array.isArray(loaded)) return { template: null, problems: loaded.map((p) => `${where} ${p}`) };
  const { defaultLocale, branding, catalog, userLimits, billing, sharing } = loaded;
  return {
    template: {
      file,
      settings: { defaultLocale, branding, catalog, userLimits, billing, sharing },
      photoPath,
    },
    problems: [],
  };
}

/** Why this file cannot be a bot's profile photo (Telegram takes a JPEG of up to 10 MB), if it cannot. */
function photoProblem(path: string): string | undefined {
  if (!/\.jpe?g$/i.test(path)) return `${path} must be a .jpg file (a profile photo is a JPEG)`;
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return `${path} cannot be read`;
  }
  if (bytes.length > MAX_PHOTO_BYTES) return `${path} is larger than 10 MB`;
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return `${path} is not a JPEG image`;
  return undefined;
}

/**
 * The config an added bot starts from: BOT_TEMPLATE's settings over this one's, or this one as it
 * is without a template.
 */
export function addedBotBase(config: Config): Config {
  return config.botTemplate ? { ...config, ...config.botTemplate.settings } : config;
}

/** The values that must never appear in logs, errors or messages. */
export function secretsOf(config: Config): string[] {
  const secrets = [config.botToken];
  if (config.reseller) secrets.push(config.reseller.apiKey);
  if (config.mode.kind === 'webhook') secrets.push(config.mode.secret);
  if ('url' in config.database) secrets.push(...databasePassword(config.database.url));
  if (config.bots.tokensSecret) secrets.push(config.bots.tokensSecret);
  return secrets;
}

/** The password in a database URL, as written and percent-decoded (either may reach a log line). */
function databasePassword(url: string): string[] {
  try {
    const { password } = new URL(url);
    if (!password) return [];
    const decoded = decodeURIComponent(password);
    return decoded === password ? [password] : [password, decoded];
  } catch {
    return [];
  }
}
