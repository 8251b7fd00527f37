/**
 * Reconciliation: the ledger's top-ups, subscription payments and refunds against Telegram's own record
 * (getStarTransactions), at start-up and daily. Any difference is logged and sent to admins; nothing
 * is corrected automatically (a person decides: /grant or /refund).
 *
 * Telegram's transactions are read liberally: an incoming payment is a transaction with a `source`
 * of type `user` (its affiliate's commission, if any, added back: the ledger books what the customer
 * paid); a refund has a `receiver` of type `user` and the id of the payment it refunds (also one
 * Telegram made on its own: refunded_payment marks the invoice refunded). Anything else
 * (withdrawals, ads, paid media, the bot's own commissions as an affiliate program partner) is not
 * ours to compare and is skipped.
 */
import type { WalletRepository } from '../../db/index.js';
import { DAY_MS } from '../../domain/utc-day.js';
import { realTimers, type Timers } from '../../lib/timers.js';
import type { Logger } from '../../logger.js';

interface StarTransactionLike {
  id?: unknown;
  amount?: unknown;
  nanostar_amount?: unknown;
  source?:
    | {
        type?: unknown;
        user?: { id?: unknown };
        /** Telegram's affiliate program: the affiliate's commission taken out of this payment. */
        affiliate?: { amount?: unknown; nanostar_amount?: unknown };
      }
    | undefined;
  receiver?: { type?: unknown; user?: { id?: unknown } } | undefined;
  /** Unix time in seconds. */
  date?: unknown;
}

const NANO = 1_000_000_000n;

/** Stars and nanostars (either may be absent or signed) as nanostars. */
function nanostars(amount: unknown, nano: unknown): bigint {
  const whole = typeof amount === 'number' && Number.isInteger(amount) ? BigInt(amount) : 0n;
  const part = typeof nano === 'number' && Number.isInteger(nano) ? BigInt(nano) : 0n;
  return whole * NANO + part;
}

/**
 * What the customer paid: Telegram's `amount` is what reached the bot, so an affiliate's commission
 * (TransactionPartnerUser.affiliate) is added back; whole Stars once the nanostars are summed.
 */
function paidByCustomer(t: StarTransactionLike, stars: number): number {
  const affiliate = t.source?.affiliate;
  if (!affiliate) return stars;
  const total = nanostars(stars, t.nanostar_amount) + nanostars(affiliate.amount, affiliate.nanostar_amount);
  return Number((total + NANO / 2n) / NANO);
}

/** The subscription periods paid (SubscriptionsRepository.allPeriods), if the bot sells plans. */
export type SubscriptionPayments = () => Promise<
  Array<{ chargeId: string; stars: number; status: 'paid' | 'refunded'; startsAt?: Date }>
>;

export type FetchStarTransactions = (offset: number, limit: number) => Promise<{ transactions: unknown[] }>;

interface Movement {
  stars: number;
  userId: number | undefined;
}

const PAGE = 100;
/**
 * Telegram keeps the whole list, oldest first (the Bot API: "in chronological order"). A bot with
 * more transactions than these pages hold reads only the newest part of the list, and compares only
 * the ledger's entries booked within that part's dates (see `Window`): the older ones were compared
 * while they were new.
 */
const MAX_PAGES = 200;
/**
 * How far a ledger entry's booking time may lie from its Telegram transaction's date: a payment
 * Telegram redelivers after an outage is booked up to a day later, and the two clocks differ.
 */
const SLACK_MS = DAY_MS;

/** The dates (ms) of the part of Telegram's list that was read; undefined: that end was reached. */
interface Window {
  from: number | undefined;
  until: number | undefined;
}

/**
 * Whether a ledger entry booked at `at` (ms) has its Telegram transaction inside the window read, so
 * that its absence there means something. An entry on the edge is left out rather than reported.
 */
function inWindow(window: Window, at: Date | null | undefined): boolean {
  if (!at) return window.from === undefined && window.until === undefined;
  const ms = at.getTime();
  return (
    (window.from === undefined || ms >= window.from + SLACK_MS) &&
    (window.until === undefined || ms < window.until - SLACK_MS)
  );
}

/**
 * Where the newest `pages` pages of the list begin: 0 while the list is no longer; else the end is
 * found by probing single transactions (doubling, then halving to a page), a few dozen requests.
 */
async function windowStart(fetch: FetchStarTransactions, pages: number): Promise<number> {
  const size = pages * PAGE;
  const exists = async (offset: number) => (await fetch(offset, 1)).transactions.length > 0;
  if (!(await exists(size))) return 0;
  let lo = size; // a transaction exists at lo
  let hi = size * 2; // none at hi, once the loop ends
  while (await exists(hi)) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > PAGE) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (await exists(mid)) lo = mid;
    else hi = mid;
  }
  return hi - size; // the list ends at or before hi
}

async function readTelegram(fetch: FetchStarTransactions, log: Logger, pages: number) {
  const payments = new Map<string, Movement>();
  const refunds = new Map<string, Movement>();
  const start = await windowStart(fetch, pages);
  let first: number | undefined;
  let last: number | undefined;
  let reachedEnd = false;
  // One page more than the window holds, so that a list ending on a page boundary is seen to end.
  for (let page = 0; page <= pages; page++) {
    const { transactions } = await fetch(start + page * PAGE, PAGE);
    for (const raw of transactions) {
      const t = raw as StarTransactionLike;
      if (typeof t.date === 'number') {
        first ??= t.date * 1000;
        last = t.date * 1000;
      }
      const id = typeof t.id === 'string' ? t.id : undefined;
      const stars = typeof t.amount === 'number' && Number.isInteger(t.amount) ? t.amount : undefined;
      if (id === undefined || stars === undefined) {
        log.warn({ transaction: raw }, 'unreadable Star transaction skipped');
        continue;
      }
      const userOf = (p: StarTransactionLike['source']) =>
        typeof p?.user?.id === 'number' ? p.user.id : undefined;
      if (t.source?.type === 'user')
        payments.set(id, { stars: paidByCustomer(t, stars), userId: userOf(t.source) });
      else if (t.receiver?.type === 'user') refunds.set(id, { stars, userId: userOf(t.receiver) });
    }
    if (transactions.length < PAGE) {
      reachedEnd = true;
      break;
    }
  }
  // Without a date at an end that was not reached, nothing booked can be placed: compare none of it.
  const window: Window = {
    from: start === 0 ? undefined : (first ?? Number.POSITIVE_INFINITY),
    until: reachedEnd ? undefined : (last ?? Number.NEGATIVE_INFINITY),
  };
  if (!reachedEnd || start > 0) log.info({ start, window }, 'stars reconciliation compares part of the list');
  return { payments, refunds, window };
}

/**
 * One way the two books disagree, by charge id (amounts in Stars): admins read it in their own
 * language (the admin notifier renders it).
 */
export type StarsDifference =
  /** Telegram has a payment the ledger never booked. */
  | { kind: 'missing'; chargeId: string; stars: number; userId: number | undefined }
  /** Both have the payment, with different amounts. */
  | { kind: 'amount'; chargeId: string; ledgerStars: number; telegramStars: number }
  /** The ledger has a payment (top-up or subscription period) Telegram does not. */
  | { kind: 'unknown'; chargeId: string; stars: number }
  /** Telegram refunded a payment the ledger does not show as refunded. */
  | { kind: 'refund_unbooked'; chargeId: string }
  /** The ledger shows a refund Telegram does not know of. */
  | { kind: 'refund_unknown'; chargeId: string };

/**
 * Every difference (charge ids and amounts only). Empty: the books agree. Every Telegram transaction
 * read is compared; a ledger entry only when its Telegram transaction falls in the part read.
 */
export async function reconcile(
  ledger: Pick<WalletRepository, 'topupEntries' | 'paidTopups'>,
  fetch: FetchStarTransactions,
  log: Logger,
  periods: SubscriptionPayments = async () => [],
  maxPages: number = MAX_PAGES,
): Promise<StarsDifference[]> {
  const telegram = await readTelegram(fetch, log, maxPages);
  const differences: StarsDifference[] = [];
  const booked = new Map<string, { stars: number; at: Date | undefined }>(
    (await ledger.topupEntries()).map((e) => [e.chargeId ?? '', { stars: e.stars, at: e.createdAt }]),
  );
  // A subscription's payments (first and renewals) are booked as periods, not top-ups.
  const paidPeriods = await periods();
  for (const period of paidPeriods) booked.set(period.chargeId, { stars: period.stars, at: period.startsAt });
  for (const [id, payment] of telegram.payments) {
    const entry = booked.get(id);
    if (!entry)
      differences.push({ kind: 'missing', chargeId: id, stars: payment.stars, userId: payment.userId });
    else if (entry.stars !== payment.stars)
      differences.push({
        kind: 'amount',
        chargeId: id,
        ledgerStars: entry.stars,
        telegramStars: payment.stars,
      });
  }
  for (const [id, entry] of booked) {
    if (!telegram.payments.has(id) && inWindow(telegram.window, entry.at))
      differences.push({ kind: 'unknown', chargeId: id, stars: entry.stars });
  }
  // A refund comes after its payment: placed by the refund's time where the ledger keeps it.
  const refundedHere = new Map<string, Date | undefined>([
    ...(await ledger.paidTopups())
      .filter((t) => t.status === 'refunded')
      .map((t): [string, Date | undefined] => [t.chargeId ?? '', t.refundedAt ?? undefined]),
    ...paidPeriods
      .filter((p) => p.status === 'refunded')
      .map((p): [string, Date | undefined] => [p.chargeId, p.startsAt]),
  ]);
  for (const id of telegram.refunds.keys()) {
    if (!refundedHere.has(id)) differences.push({ kind: 'refund_unbooked', chargeId: id });
  }
  for (const [id, at] of refundedHere) {
    if (!telegram.refunds.has(id) && inWindow(telegram.window, at))
      differences.push({ kind: 'refund_unknown', chargeId: id });
  }
  return differences;
}

/** Runs `reconcile` now and then daily; differences go to the log and to the admins. */
export class StarsReconciler {
  readonly #run: () => Promise<StarsDifference[]>;
  readonly #report: (differences: StarsDifference[]) => void;
  readonly #log: Logger;
  readonly #timers: Timers;
  readonly #intervalMs: number;
  #timer: unknown;
  #running: Promise<void> | undefined;

  constructor(opts: {
    ledger: Pick<WalletRepository, 'topupEntries' | 'paidTopups'>;
    fetch: FetchStarTransactions;
    report: (differences: StarsDifference[]) => void;
    logger: Logger;
    timers?: Timers;
    intervalMs?: number;
    /** Subscription payments, compared like top-ups. */
    periods?: SubscriptionPayments;
  }) {
    this.#log = opts.logger.child({ component: 'stars-reconciliation' });
    this.#run = () => reconcile(opts.ledger, opts.fetch, this.#log, opts.periods);
    this.#report = opts.report;
    this.#timers = opts.timers ?? realTimers;
    this.#intervalMs = opts.intervalMs ?? DAY_MS;
  }

  /** One comparison; a failure to read Telegram is logged and tried again next time. */
  runOnce(): Promise<void> {
    this.#running ??= (async () => {
      try {
        const differences = await this.#run();
        if (differences.length === 0) this.#log.info('stars ledger agrees with Telegram');
        else {
          this.#log.error({ differences }, 'stars ledger and Telegram disagree');
          this.#report(differences);
        }
      } catch (err) {
        this.#log.warn({ err }, 'stars reconciliation could not run');
      }
    })().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  start(): void {
    const tick = () => {
      void this.runOnce().then(() => {
        if (this.#timer !== undefined) this.#timer = this.#timers.set(tick, this.#intervalMs);
      });
    };
    this.#timer = this.#timers.set(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }
}
