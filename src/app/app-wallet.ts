/**
 * The customers' app (issue 43): the endpoints of its Models and Wallet tabs for one bot, on that
 * bot's services (built in the models and wallet slice).
 */
import type { CustomerRoute } from '../server/miniapp/customer-api.js';
import type { BotRuntime } from './bot-runtime.js';

export function walletEndpoints(_rt: BotRuntime): CustomerRoute[] {
  return [];
}
