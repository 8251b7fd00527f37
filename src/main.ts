/**
 * Composition root: config -> logger -> database -> upstream -> bot -> polling or webhook.
 * Shuts down gracefully on SIGINT/SIGTERM: stops taking updates, lets in-flight ones finish,
 * then closes the upstream and the database.
 */
import 'dotenv/config';
import { run } from '@grammyjs/runner';
import { registerCommands } from './bot/commands.js';
import { createBot } from './bot/index.js';
import { ConfigError, loadConfig, secretsOf } from './config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { redactSecrets } from './lib/redact.js';
import { createLogger } from './logger.js';
import { createHttpServer, WEBHOOK_PATH } from './server/http-server.js';
import { createServices } from './services/container.js';
import { connectUpstream } from './upstream.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger({ level: config.logLevel, secrets: secretsOf(config) });
  const database = openDatabase(config.databasePath);
  migrateDatabase(database.db);
  const upstream = await connectUpstream(config, logger);

  const services = createServices({ config, logger, db: database.db, upstream });
  const bot = createBot(config.botToken, {
    db: database.db,
    deps: { config, logger, sandbox: upstream.sandbox, ...services },
  });
  services.bindGetFile((fileId) => bot.api.getFile(fileId));
  await bot.init();
  await registerCommands(bot.api, config.defaultLocale);
  services.catalog.start();
  // A crash between sending an order and hearing back leaves rows `submitting`: send them again
  // with the same key, which upstream answers with the order it already has.
  const resumed = await services.ordering.resumeSubmissions();
  if (resumed.length > 0) logger.info({ count: resumed.length }, 'resumed interrupted submissions');
  await services.ordering.resumeFinalHooks();
  logger.info({ username: bot.botInfo.username, mode: config.mode.kind }, 'bot started');

  let stopReceiving: () => Promise<void>;
  if (config.mode.kind === 'webhook') {
    const { url, secret, port } = config.mode;
    const server = createHttpServer(bot, secret);
    await new Promise<void>((resolve) => server.listen(port, resolve));
    await bot.api.setWebhook(new URL(WEBHOOK_PATH, url).href, { secret_token: secret });
    stopReceiving = () => new Promise((resolve) => server.close(() => resolve()));
  } else {
    await bot.api.deleteWebhook();
    const runner = run(bot);
    stopReceiving = () => runner.stop();
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await stopReceiving();
    services.catalog.stop();
    await upstream.close();
    database.close();
    logger.info('bye');
    logger.flush();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const secrets = [process.env.BOT_TOKEN, process.env.RESELLER_API_KEY].filter((s): s is string => !!s);
  process.stderr.write(`Fatal: ${redactSecrets(message, secrets)}\n`);
  process.exit(1);
});
