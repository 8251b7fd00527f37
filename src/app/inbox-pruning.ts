/**
 * Forgets what the update inbox and the poll budget no longer need: handled update ids after a day
 * (Telegram resends an update within minutes; a day is ample to recognise one) and the polls'
 * per-second counts after two minutes (the budget only looks at the current second).
 */
import type { PollBudgetRepository, UpdateInboxRepository } from '../db/index.js';

const HANDLED_KEPT_MS = 24 * 60 * 60_000;
const POLL_SECONDS_KEPT = 120;

export async function pruneInbox(
  store: { inbox: Pick<UpdateInboxRepository, 'prune'>; pollBudget: Pick<PollBudgetRepository, 'prune'> },
  now: number,
): Promise<void> {
  await store.inbox.prune(new Date(now - HANDLED_KEPT_MS));
  await store.pollBudget.prune(Math.floor(now / 1000) - POLL_SECONDS_KEPT);
}
