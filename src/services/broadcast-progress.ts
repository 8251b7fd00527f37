/**
 * A broadcast's progress as the admin sees it: what is sent, and the time left at a given pace. The
 * sender measures it; the admin's broadcast screen estimates it before the sender's first report.
 */
import type { RecipientCounts } from '../db/index.js';

export interface ProgressSnapshot {
  counts: RecipientCounts;
  /** Messages per second: the sender's measure over the last 10 s, else BROADCAST_RATE. */
  rate: number;
  /** Seconds until the pending ones are sent at the current pace. */
  secondsLeft: number;
}

/** A snapshot at a given pace (msg/s): the time left is what is pending or in flight at that pace. */
export function estimateProgress(counts: RecipientCounts, pace: number): ProgressSnapshot {
  return { counts, rate: pace, secondsLeft: Math.ceil((counts.pending + counts.sending) / pace) };
}
