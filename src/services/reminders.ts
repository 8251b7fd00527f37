/**
 * The bot speaks first (issue 44): which reminders are due now (the rules the reseller turned on:
 * REMINDERS, or the control room's live choice, read at every run), planned once per thing they
 * are about, and, when each one's turn comes, whether it is still true and what it says
 * (ReminderFacts). Sending is the worker's (workers/reminder-sender.ts).
 */
import type {
  OrderRecord,
  OrdersRepository,
  PlannedReminder,
  ReminderRecord,
  RemindersRepository,
  SubscriptionsRepository,
  WalletRepository,
} from '../db/index.js';
import { REMINDER_TIMING, type ReminderRule, reminderKeyPrefix, reminderKeys } from '../domain/reminders.js';
import { allowanceLeft } from '../domain/subscription-ledger.js';
import type { Logger } from '../logger.js';

/** What a reminder says, read when it is sent; undefined from `facts` when it is no longer true. */
export type ReminderFacts =
  | { rule: 'plan_ending'; planId: string; left: number; endsAt: Date }
  | { rule: 'welcome_unused'; balance: number }
  | { rule: 'quote_unconfirmed'; order: OrderRecord }
  /** `gift`: a one-time promo code made for this customer (WIN_BACK_PROMO_STARS), added when sent. */
  | { rule: 'win_back'; gift?: { code: string; stars: number; expiresAt: Date } };

export interface RemindersServiceDeps {
  reminders: RemindersRepository;
  subscriptions: Pick<SubscriptionsRepository, 'live'>;
  ledger: Pick<WalletRepository, 'balance' | 'pools'>;
  orders: Pick<OrdersRepository, 'find'>;
  /**
   * The rules turned on: a fixed list, or the ones in force now (the live settings over REMINDERS),
   * asked at every run and every check, so a change takes effect without a restart.
   */
  rules: readonly ReminderRule[] | (() => readonly ReminderRule[]);
  logger: Logger;
  now?: () => number;
}

export class RemindersService {
  readonly #deps: RemindersServiceDeps;
  readonly #rules: () => readonly ReminderRule[];
  readonly #now: () => number;
  readonly #log: Logger;

  constructor(deps: RemindersServiceDeps) {
    this.#deps = deps;
    const { rules } = deps;
    this.#rules = typeof rules === 'function' ? rules : () => rules;
    this.#now = deps.now ?? Date.now;
    this.#log = deps.logger.child({ component: 'reminders' });
  }

  /** The rules in force now (what /stats, /language and the sender go by). */
  rulesInForce(): ReadonlySet<ReminderRule> {
    return new Set(this.#rules());
  }

  /** Whether the bot sends any reminder now. */
  anyOn(): boolean {
    return this.#rules().length > 0;
  }

  /** Plans every reminder due now under the rules in force; how many are new (none when all are off). */
  async planDue(): Promise<number> {
    const { reminders } = this.#deps;
    const rules = this.rulesInForce();
    if (rules.size === 0) return 0;
    const t = REMINDER_TIMING;
    const planned: PlannedReminder[] = [];
    const on = (rule: ReminderRule) => rules.has(rule);
    const add = (rule: ReminderRule, key: string, userId: number, subject: string) =>
      planned.push({ key, userId, rule, subject });
    if (on('plan_ending')) {
      // Each window asks for the periods ending in it and not in a narrower one: the 1-day reminder
      // is another key than the 3-day one.
      const windows = [...t.planEndingMs].sort((a, b) => a - b);
      for (const [i, window] of windows.entries()) {
        const prefix = reminderKeyPrefix.planEnding(window);
        for (const s of await reminders.plansEnding(windows[i - 1] ?? 0, window, prefix))
          add('plan_ending', prefix + s.chargeId, s.userId, s.chargeId);
      }
    }
    const k = reminderKeyPrefix;
    if (on('welcome_unused'))
      for (const userId of await reminders.welcomeUnused(t.welcomeUnusedMs, t.lookBackMs, k.welcomeUnused))
        add('welcome_unused', reminderKeys.welcomeUnused(userId), userId, String(userId));
    if (on('quote_unconfirmed'))
      for (const q of await reminders.quotesUnconfirmed(
        t.quoteUnconfirmedMs,
        t.lookBackMs,
        k.quoteUnconfirmed,
      ))
        add('quote_unconfirmed', reminderKeys.quoteUnconfirmed(q.orderId), q.userId, q.orderId);
    if (on('win_back'))
      for (const q of await reminders.quietPayers(t.winBackMs, t.lookBackMs, k.winBack))
        add('win_back', reminderKeys.winBack(q.lastOrderId), q.userId, q.lastOrderId);
    const added = await reminders.plan(planned);
    if (added > 0) this.#log.info({ added }, 'reminders planned');
    return added;
  }

  /**
   * What the reminder says now, or undefined when it is no longer true: the plan renewed (its period
   * moved on) or has no Stars left, the draft was confirmed or closed, the customer ordered, or the
   * rule was turned off meanwhile (by REMINDERS at a restart, or live).
   */
  async facts(reminder: ReminderRecord): Promise<ReminderFacts | undefined> {
    if (!this.rulesInForce().has(reminder.rule)) return undefined;
    const { reminders, subscriptions, ledger, orders } = this.#deps;
    const { userId, subject } = reminder;
    switch (reminder.rule) {
      case 'plan_ending': {
        const live = (await subscriptions.live(userId)).find((s) => s.chargeId === subject);
        if (!live || live.expiresAt.getTime() <= this.#now()) return undefined;
        const left = allowanceLeft(await ledger.pools(userId));
        return left > 0
          ? { rule: 'plan_ending', planId: live.planId, left, endsAt: live.expiresAt }
          : undefined;
      }
      case 'welcome_unused': {
        if (await reminders.orderedSince(userId, new Date(0))) return undefined;
        const balance = await ledger.balance(userId);
        return balance > 0 ? { rule: 'welcome_unused', balance } : undefined;
      }
      case 'quote_unconfirmed': {
        const order = await orders.find(subject);
        return order?.stage === 'awaiting_confirmation' && order.userId === userId
          ? { rule: 'quote_unconfirmed', order }
          : undefined;
      }
      case 'win_back': {
        const last = await orders.find(subject);
        if (!last || (await reminders.orderedSince(userId, last.createdAt))) return undefined;
        return { rule: 'win_back' };
      }
    }
  }
}
