/**
 * How one bot's updates come in, the same for the main bot and every added one: its webhook (the
 * route's handler, and setWebhook naming the update types it handles) or its own long poll. Either
 * way an update goes to the bot's inbox first (its worker handles it later, on any replica).
 */
import type { Update } from 'grammy/types';
import { botLabel, metrics } from '../metrics.js';
import type { RouteHandler } from '../server/router.js';
import { webhookHandler } from '../server/webhook.js';
import { allowedUpdates } from '../telegram/allowed-updates.js';
import { startPolling } from '../workers/polling.js';
import type { BotRuntime } from './bot-runtime.js';

/** Stores an update in the bot's inbox; resolves once it is durable. */
function acceptInto(rt: BotRuntime): (update: Update) => Promise<void> {
  return async (update) => {
    await rt.inboxWorker.accept(update);
  };
}

/** The bot's webhook route handler, checked against `secret`, counted under the bot's label. */
export function webhookIntake(rt: BotRuntime, secret: string): RouteHandler {
  const bot = botLabel(rt.botId);
  return webhookHandler({
    secret,
    accept: acceptInto(rt),
    logger: rt.logger,
    onRequest: (outcome) => metrics.webhookRequests.inc({ bot, outcome }),
  });
}

/** Tells Telegram where the bot's webhook is (`path` on `baseUrl`) and which updates it wants. */
export async function registerWebhook(
  rt: BotRuntime,
  baseUrl: string,
  path: string,
  secret: string,
): Promise<void> {
  await rt.bot.api.setWebhook(new URL(path, baseUrl).href, {
    secret_token: secret,
    allowed_updates: allowedUpdates(rt.config),
  });
}

/** Drops any webhook and polls; the returned function stops polling. `onStopped`: Telegram ended it for good. */
export async function pollIntake(
  rt: BotRuntime,
  onStopped: (err: unknown) => void,
): Promise<() => Promise<void>> {
  await rt.bot.api.deleteWebhook();
  return startPolling({
    api: rt.bot.api,
    accept: acceptInto(rt),
    logger: rt.logger,
    onStopped,
    allowedUpdates: allowedUpdates(rt.config),
  });
}
