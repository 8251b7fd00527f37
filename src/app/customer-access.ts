/**
 * Who may use a bot's customers' app and its file links (issue 43): whom the bot itself serves
 * (bot/middlewares/access.ts: not banned, on the allowlist if there is one), read afresh each time.
 */
import { accessVerdict } from '../bot/middlewares/access.js';
import type { BotRuntime } from './bot-runtime.js';

export function customerMayUse(rt: BotRuntime): (userId: number) => Promise<boolean> {
  return async (userId) => {
    const user = await rt.services.accounts.find(userId);
    return accessVerdict(rt.config, userId, user?.bannedAt ?? null) === 'allowed';
  };
}
