/**
 * The process around the bot: reading the config (with first-run help), the last-resort handlers of
 * errors nobody caught, and the fatal line printed when start-up fails.
 */
import { type Config, ConfigError, loadConfig } from '../config.js';
import { redactSecrets } from '../lib/redact.js';
import type { Logger } from '../logger.js';
import { metrics } from '../metrics.js';
import { checkInstalledLocales } from '../texts/locale-check.js';
import type { Locale } from '../texts/locales.js';

/** No BOT_TOKEN at all: most likely the first `npm start` on a fresh clone. */
const FIRST_RUN_HELP = `
To run the bot in Telegram you need a bot token:
  1. In Telegram, open @BotFather, send /newbot and follow the steps; it answers with a token
     such as 123456789:AAE...
  2. cp .env.example .env, put the token in it (BOT_TOKEN=...), then npm start again.

To try the bot first, without any token: npm run playground (a chat with the bot in this terminal).
See README.md, "Getting started", and .env.example for every variable.
`;

/** The config, or every bad variable named on stderr (with help on a first run) and exit 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      const firstRun = !process.env.BOT_TOKEN?.trim();
      process.stderr.write(
        `${error.message}\n${firstRun ? FIRST_RUN_HELP : 'See .env.example for every variable.\n'}`,
      );
      process.exit(1);
    }
    throw error;
  }
}

export function handleStrayErrors(logger: Logger): void {
  // Last resort: a promise nobody awaited must never end the process silently. It is logged loudly
  // and the bot keeps serving: every state that matters is in the database, and exiting would drop
  // the updates in flight for every other user.
  process.on('unhandledRejection', (reason: unknown) => {
    metrics.unhandledRejections.inc();
    logger.error({ err: reason }, 'unhandled rejection: a bug, but the bot keeps running');
  });
  // A synchronous exception nobody caught unwound a stack half-way: the state it left is unknown,
  // so the process still ends (code 1), as Node intends, but through our logger (secrets redacted,
  // one JSON line an operator can alert on) rather than a raw stack trace. A restart is safe: every
  // order and delivery is resumed from the database (docs/architecture.md, "A result delivered once").
  process.on('uncaughtException', (err: Error) => {
    logger.fatal({ err }, 'uncaught exception: exiting so the orchestrator restarts the bot');
    logger.flush();
    process.exit(1);
  });
}

/** Start-up failed: one line on stderr, without any secret we know of (`known`: the config's). */
export function exitWithFatal(error: unknown, known: readonly string[]): never {
  const message = error instanceof Error ? error.message : String(error);
  const fromEnv = [process.env.BOT_TOKEN, process.env.RESELLER_API_KEY].filter((s): s is string => !!s);
  process.stderr.write(`Fatal: ${redactSecrets(message, [...fromEnv, ...known])}\n`);
  process.exit(1);
}

/**
 * Lists once, at start-up, the texts an installed language file lacks (texts/locale-check.ts):
 * its readers see them in DEFAULT_LOCALE, else English, until the translator adds them.
 */
export function reportMissingTexts(logger: Logger, defaultLocale: Locale): void {
  for (const [locale, { missing }] of checkInstalledLocales()) {
    if (missing.length === 0) continue;
    logger.warn(
      { locale, missing },
      `${missing.length} texts missing in ${locale}.ftl: shown in ${defaultLocale}, else English`,
    );
  }
}
