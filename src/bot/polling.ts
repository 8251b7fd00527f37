/**
 * Long polling through @grammyjs/runner, with a shutdown that loses nothing: stop fetching, let
 * every update in flight finish (the runner's own stop does not wait for them), then confirm the
 * handled updates to Telegram so the next start does not receive them again.
 */
import { run } from '@grammyjs/runner';
import type { Bot } from 'grammy';
import type { Logger } from '../logger.js';
import type { BotContext } from './context.js';

const DRAIN_TIMEOUT_MS = 15_000;

export function startPolling(
  bot: Bot<BotContext>,
  lastUpdateId: () => number,
  logger: Logger,
): () => Promise<void> {
  // Network failures are retried (and logged) by the API's TelegramLink; the runner's own retries
  // would back off for hours and print to the console, so they stay short and quiet.
  const runner = run(bot, { runner: { retryInterval: 1_000, silent: true } });
  return async () => {
    await runner.stop();
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (runner.size() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    if (runner.size() > 0) logger.warn({ inFlight: runner.size() }, 'shutdown: updates still in flight');
    const last = lastUpdateId();
    if (last > 0) {
      await bot.api
        .getUpdates({ offset: last + 1, limit: 1, timeout: 0 })
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'shutdown: could not confirm handled updates'),
        );
    }
  };
}
