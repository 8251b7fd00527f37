/**
 * What the playground takes from the repository's .env, the one the README's step 2 creates for the
 * real bot. The playground always runs its own simulator, its own Telegram stand-in and a temporary
 * database: the bot it starts never reads .env itself (BotProcess points dotenv elsewhere). It takes
 * only what changes how the bot looks and prices, so a reseller sees their own brand, and names on
 * its first screen what it took and what it left out (names only: values may be secrets).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'dotenv';

/** How the bot looks, whatever the billing. */
const LOOK = [
  'BRAND_NAME',
  'BRAND_TEXTS_DIR',
  'SUPPORT_CONTACT',
  'DEFAULT_LOCALE',
  'TIME_ZONE',
  'SHOW_PRICES',
  'ALLOWED_MODEL_IDS',
  'HIDDEN_MODEL_TYPES',
  'SHARING',
];

/** Prices and wallet settings: taken with --billing stars, where they mean something. */
const STARS_PRICING = [
  'STARS_PER_USD',
  'MARKUP_PERCENT',
  'MIN_PRICE_STARS',
  'PRICES_FILE',
  'WELCOME_STARS',
  'TOPUP_PACKS_STARS',
  'SUBSCRIPTION_PLANS',
  'REFERRAL_BONUS_STARS',
  'REFERRAL_PERCENT',
];

export interface PlaygroundDotenv {
  /** The file read, or undefined when there is none. */
  path?: string;
  /** Variables passed to the playground's bot, by name. */
  taken: Record<string, string>;
  /** Names left out: the playground's own (database, upstream, Telegram, billing flag) and the rest. */
  ignored: string[];
}

/** Splits a .env's variables into what the playground's bot gets and what it leaves out. */
export function playgroundEnvFrom(
  text: string | undefined,
  billing: 'off' | 'stars',
  path?: string,
): PlaygroundDotenv {
  const parsed = text === undefined ? {} : parse(text);
  const allowed = new Set(billing === 'stars' ? [...LOOK, ...STARS_PRICING] : LOOK);
  const taken: Record<string, string> = {};
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(parsed)) {
    // An empty line such as `BRAND_NAME=` in a copied .env.example sets nothing.
    if (value === '') continue;
    if (allowed.has(name)) taken[name] = value;
    else ignored.push(name);
  }
  return { ...(path ? { path } : {}), taken, ignored };
}

/** Reads the file if there is one. */
export function readPlaygroundDotenv(path: string, billing: 'off' | 'stars'): PlaygroundDotenv {
  return existsSync(path)
    ? playgroundEnvFrom(readFileSync(path, 'utf8'), billing, path)
    : playgroundEnvFrom(undefined, billing);
}

/** The first screen's lines about .env: nothing when there is none. */
export function describePlaygroundDotenv(dotenv: PlaygroundDotenv): string[] {
  if (!dotenv.path) return [];
  const taken = Object.keys(dotenv.taken);
  return [
    taken.length > 0
      ? `From ${dotenv.path}: ${taken.join(', ')}.`
      : `From ${dotenv.path}: nothing (only branding and, with --billing stars, prices are taken).`,
    ...(dotenv.ignored.length > 0
      ? [
          `Not used here (the playground runs its own simulator, Telegram stand-in and temporary database): ${dotenv.ignored.join(', ')}.`,
        ]
      : []),
  ];
}
