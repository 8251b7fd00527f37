/**
 * The bot process: read the config, build and start the app (src/app/), and stop it gracefully on
 * SIGINT/SIGTERM or when Telegram ends polling for good (the shutdown order is in app/app.ts).
 */
import 'dotenv/config';
import { type App, createApp } from './app/app.js';
import { exitWithFatal, handleStrayErrors, loadConfigOrExit, reportMissingTexts } from './app/process.js';
import { secretsOf } from './config.js';
import { createLogger } from './logger.js';
import { installLanguages } from './texts/locales.js';

/** Every secret of the loaded config (database password included), for the last-resort error line. */
let knownSecrets: string[] = [];

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  knownSecrets = secretsOf(config);
  const logger = createLogger({ level: config.logLevel, secrets: knownSecrets });
  handleStrayErrors(logger);
  installLanguages(config.branding.languages ?? []);
  reportMissingTexts(logger, config.defaultLocale);

  let app: App | undefined;
  let stopping = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app?.stop();
    logger.info('bye');
    logger.flush();
    process.exit(exitCode);
  };
  app = await createApp(config, logger);
  await app.start((reason) => void shutdown(reason, 1));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => exitWithFatal(error, knownSecrets));
