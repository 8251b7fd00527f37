/**
 * Long polling through @grammyjs/runner, with a shutdown that loses nothing: stop fetching, let
 * every update in flight finish (the runner's own stop does not wait for them), then confirm the
 * handled updates to Telegram so the next start does not receive them again.
 */
import { run } from '@grammyjs/runner';
import type { Bot, Transformer } from 'grammy';
import type { Logger } from '../logger.js';
import type { BotContext } from './context.js';

const DRAIN_TIMEOUT_MS = 15_000;

/**
 * The runner retries a failed getUpdates on its own, silently (see below): Telegram's own refusals
 * (a 4xx) are logged here, once each until polling works again, so a stuck poll is never silent.
 */
function logPollRefusals(logger: Logger): Transformer {
  let last: string | undefined;
  return async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    if (method !== 'getUpdates') return res;
    if (res.ok) {
      last = undefined;
      return res;
    }
    const refusal = `${res.error_code} ${res.description}`;
    if (refusal !== last) {
      logger.warn({ code: res.error_code, description: res.description }, 'Telegram refused getUpdates');
    }
    last = refusal;
    return res;
  };
}

export function startPolling(
  bot: Bot<BotContext>,
  lastUpdateId: () => number,
  logger: Logger,
  /** Polling ended by itself for good (401: token revoked; 409: another instance or a webhook). */
  onStopped: (error: unknown) => void,
): () => Promise<void> {
  bot.api.config.use(logPollRefusals(logger));
  // Network failures are retried (and logged) by the API's TelegramLink; the runner's own retries
  // would back off for hours and print to the console, so they stay short and quiet.
  const runner = run(bot, { runner: { retryInterval: 1_000, silent: true } });
  // The runner rejects its task on 401 and 409 and never polls again. Unobserved, that rejection
  // would leave a process that looks alive but answers nobody.
  runner.task()?.catch(onStopped);
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
