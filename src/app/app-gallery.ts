/**
 * The customers' app (issue 43): the endpoints of its Results tab for one bot, on that bot's
 * services (built in the gallery's slice).
 */
import type { CustomerRoute } from '../server/miniapp/customer-api.js';
import type { BotRuntime } from './bot-runtime.js';

export function galleryEndpoints(_rt: BotRuntime): CustomerRoute[] {
  return [];
}
