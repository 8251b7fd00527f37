/**
 * The bot speaks first (issue 44): the reminders it may send, when, and how often. Pure: the store
 * finds who is due (db/repositories/reminders.ts), the sender checks and sends
 * (workers/reminder-sender.ts).
 * - plan_ending: plan Stars left and the period ends within 3 days (again within 1 day);
 * - welcome_unused: welcome Stars given 2 days ago and nothing ordered since;
 * - quote_unconfirmed: an order priced 2 hours ago and not confirmed (once, before the draft closes);
 * - win_back: a customer who paid before and ordered nothing for 30 days.
 * A customer gets at most one reminder a day, and none once they turned reminders off.
 */
export const REMINDER_RULES = ['plan_ending', 'welcome_unused', 'quote_unconfirmed', 'win_back'] as const;
export type ReminderRule = (typeof REMINDER_RULES)[number];

/**
 * due: planned, not sent yet; sending: its request is going out (a sender that dies here leaves it
 * `unconfirmed`: maybe delivered, never sent again); sent; skipped: no longer true when its turn came
 * (renewed, confirmed, ordered, turned off), or too old; failed: Telegram refused it (blocked).
 */
export const REMINDER_STATUSES = ['due', 'sending', 'sent', 'skipped', 'unconfirmed', 'failed'] as const;
export type ReminderStatus = (typeof REMINDER_STATUSES)[number];

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export const REMINDER_TIMING = {
  /** Before a plan's period ends: one reminder in each window, the widest first. */
  planEndingMs: [3 * DAY_MS, DAY_MS] as const,
  welcomeUnusedMs: 2 * DAY_MS,
  quoteUnconfirmedMs: 2 * HOUR_MS,
  winBackMs: 30 * DAY_MS,
  /** A customer who orders, renews or confirms within this long of a reminder acted on it. */
  actedWithinMs: 2 * DAY_MS,
  /** At most one reminder a day per customer. */
  spacingMs: DAY_MS,
  /**
   * Only what became due within this much is looked for: turning a rule on reminds the customers it
   * concerns now, not everyone it ever could have.
   */
  lookBackMs: 7 * DAY_MS,
  /** A reminder still due this long after it was planned (the daily limit held it back) is dropped. */
  staleMs: 3 * DAY_MS,
} as const;

/**
 * Each reminder's unique key: a prefix per rule (and window) and what it is about. The store finds
 * who is due without those already planned by the same prefix + id (db/repositories/reminders.ts).
 */
export const reminderKeyPrefix = {
  /** `windowMs` tells the 3-day one from the 1-day one. */
  planEnding: (windowMs: number) => `plan:${Math.round(windowMs / HOUR_MS)}h:`,
  welcomeUnused: 'welcome:',
  quoteUnconfirmed: 'quote:',
  /** One per quiet spell: the customer's last order names it. */
  winBack: 'winback:',
} as const;

export const reminderKeys = {
  planEnding: (chargeId: string, windowMs: number) => `${reminderKeyPrefix.planEnding(windowMs)}${chargeId}`,
  welcomeUnused: (userId: number) => `${reminderKeyPrefix.welcomeUnused}${userId}`,
  quoteUnconfirmed: (orderId: string) => `${reminderKeyPrefix.quoteUnconfirmed}${orderId}`,
  winBack: (lastOrderId: string) => `${reminderKeyPrefix.winBack}${lastOrderId}`,
};

/** REMINDERS: the rules a reseller turned on ("off": none). Unknown names are the caller's to refuse. */
export const DEFAULT_REMINDER_RULES: readonly ReminderRule[] = [
  'plan_ending',
  'welcome_unused',
  'quote_unconfirmed',
];

export function isReminderRule(value: string): value is ReminderRule {
  return (REMINDER_RULES as readonly string[]).includes(value);
}
