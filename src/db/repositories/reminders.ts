/**
 * The reminders the bot owes or sent (issue 44): who is due for which rule (one query per rule, over
 * the bot's own subscriptions, ledger and orders), the rows planned for them (one per key, so nothing
 * is reminded of twice), and the sender's steps: `sending` stored before the request goes out, the
 * outcome after, and rows a dead sender left `sending` settled as `unconfirmed` (maybe delivered:
 * never sent again), as the broadcasts do.
 */
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lte,
  max,
  notExists,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReminderRule, ReminderStatus } from '../../domain/reminders.js';
import type { BotScope } from '../bot-scope.js';
import { changed, type Engine, first } from '../engine.js';
import type { ReminderRecord, UserRecord } from '../records.js';

/** A reminder to plan: its key (domain/reminders.ts), whom and what it is about. */
export interface PlannedReminder {
  key: string;
  userId: number;
  rule: ReminderRule;
  subject: string;
}

/** A due reminder with what the sender needs of its customer. */
export interface DueReminder {
  reminder: ReminderRecord;
  user: Pick<UserRecord, 'locale' | 'languageCode' | 'remindersOff' | 'blocked' | 'bannedAt'> | undefined;
}

/** The statuses that mean a request went out (the daily limit counts them). */
const WENT_OUT: ReminderStatus[] = ['sending', 'sent', 'unconfirmed'];

/** Paid orders: a submission was made (stages from `submitting` on, refused ones aside). */
const ORDERED_STAGES = ['submitting', 'submitted'] as const;

export class RemindersRepository {
  constructor(
    private readonly engine: Engine,
    readonly scope: BotScope,
    private readonly now: () => number,
  ) {}

  get #t() {
    return this.engine.tables;
  }

  /** The customer may be written to: not turned off, not blocked, not banned. */
  #reachable(userId: AnyColumn) {
    const { users: u } = this.#t;
    return exists(
      this.engine.db
        .select({ one: sql`1` })
        .from(u)
        .where(
          this.scope.where(
            u,
            eq(u.telegramId, userId),
            eq(u.remindersOff, false),
            eq(u.blocked, false),
            isNull(u.bannedAt),
          ),
        ),
    );
  }

  /**
   * Not planned yet: no reminder's key is `prefix` followed by `id` (the primary key's index, so
   * every run looks at the customers still due, not again at the first ones it planned).
   */
  #unplanned(prefix: string, id: AnyColumn) {
    const { reminders: r } = this.#t;
    return notExists(
      this.engine.db
        .select({ one: sql`1` })
        .from(r)
        .where(this.scope.where(r, sql`${r.key} = ${prefix} || ${id}`)),
    );
  }

  /**
   * Live subscriptions whose paid period ends after `fromMs` and within `toMs` from now, and that
   * have no reminder keyed `prefix` + their charge yet.
   */
  async plansEnding(
    fromMs: number,
    toMs: number,
    prefix: string,
  ): Promise<Array<{ userId: number; chargeId: string; expiresAt: Date }>> {
    const { subscriptions: s } = this.#t;
    const now = this.now();
    return this.engine.run((db) =>
      db
        .select({ userId: s.userId, chargeId: s.chargeId, expiresAt: s.expiresAt })
        .from(s)
        .where(
          this.scope.where(
            s,
            eq(s.state, 'active'),
            gt(s.expiresAt, new Date(now + fromMs)),
            lte(s.expiresAt, new Date(now + toMs)),
            this.#unplanned(prefix, s.chargeId),
            this.#reachable(s.userId),
          ),
        )
        .limit(500),
    );
  }

  /** Customers given welcome Stars between `lookBackMs` and `afterMs` ago who have ordered nothing since. */
  async welcomeUnused(afterMs: number, lookBackMs: number, prefix: string): Promise<number[]> {
    const { walletEntries: w, orders: o } = this.#t;
    const now = this.now();
    const rows = await this.engine.run((db) =>
      db
        .select({ userId: w.userId })
        .from(w)
        .where(
          this.scope.where(
            w,
            eq(w.kind, 'welcome'),
            lte(w.createdAt, new Date(now - afterMs)),
            gt(w.createdAt, new Date(now - afterMs - lookBackMs)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(o)
                .where(this.scope.where(o, eq(o.userId, w.userId), inArray(o.stage, [...ORDERED_STAGES]))),
            ),
            this.#unplanned(prefix, w.userId),
            this.#reachable(w.userId),
          ),
        )
        .limit(500),
    );
    return rows.map((r) => r.userId);
  }

  /** Drafts priced between `lookBackMs` and `afterMs` ago and still waiting for their Confirm. */
  async quotesUnconfirmed(
    afterMs: number,
    lookBackMs: number,
    prefix: string,
  ): Promise<Array<{ userId: number; orderId: string }>> {
    const { orders: o } = this.#t;
    const now = this.now();
    return this.engine.run((db) =>
      db
        .select({ userId: o.userId, orderId: o.id })
        .from(o)
        .where(
          this.scope.where(
            o,
            eq(o.stage, 'awaiting_confirmation'),
            lte(o.updatedAt, new Date(now - afterMs)),
            gt(o.updatedAt, new Date(now - afterMs - lookBackMs)),
            this.#unplanned(prefix, o.id),
            this.#reachable(o.userId),
          ),
        )
        .limit(500),
    );
  }

  /**
   * Customers who paid before (a top-up or a plan) and whose last order was placed between
   * `lookBackMs` and `quietMs` ago: the id of that last order names the quiet spell.
   */
  async quietPayers(
    quietMs: number,
    lookBackMs: number,
    prefix: string,
  ): Promise<Array<{ userId: number; lastOrderId: string }>> {
    const { orders: o, starTopups: t, subscriptionPeriods: p } = this.#t;
    const later = alias(o, 'later');
    const now = this.now();
    const db = this.engine.db;
    const paid = sql`(${exists(
      db
        .select({ one: sql`1` })
        .from(t)
        .where(this.scope.where(t, eq(t.userId, o.userId), eq(t.status, 'paid'))),
    )} or ${exists(
      db
        .select({ one: sql`1` })
        .from(p)
        .where(this.scope.where(p, eq(p.userId, o.userId), eq(p.status, 'paid'))),
    )})`;
    // Each customer's last order, when it falls in the window: no later one of theirs exists.
    const rows = await this.engine.run((db) =>
      db
        .select({ userId: o.userId, lastOrderId: o.id })
        .from(o)
        .where(
          this.scope.where(
            o,
            inArray(o.stage, [...ORDERED_STAGES]),
            lte(o.createdAt, new Date(now - quietMs)),
            gt(o.createdAt, new Date(now - quietMs - lookBackMs)),
            notExists(
              db
                .select({ one: sql`1` })
                .from(later)
                .where(
                  this.scope.where(
                    later,
                    eq(later.userId, o.userId),
                    inArray(later.stage, [...ORDERED_STAGES]),
                    gt(later.createdAt, o.createdAt),
                  ),
                ),
            ),
            paid,
            this.#unplanned(prefix, o.id),
            this.#reachable(o.userId),
          ),
        )
        .limit(500),
    );
    return rows;
  }

  /** Whether the customer placed an order after `since` (win-back and welcome checks). */
  async orderedSince(userId: number, since: Date): Promise<boolean> {
    const { orders: o } = this.#t;
    const row = first(
      await this.engine.run((db) =>
        db
          .select({ id: o.id })
          .from(o)
          .where(
            this.scope.where(
              o,
              eq(o.userId, userId),
              inArray(o.stage, [...ORDERED_STAGES]),
              gt(o.createdAt, since),
            ),
          )
          .limit(1),
      ),
    );
    return row !== undefined;
  }

  /** Plans these reminders as `due`; a key planned before is left as it is. How many are new. */
  async plan(reminders: readonly PlannedReminder[]): Promise<number> {
    if (reminders.length === 0) return 0;
    const { reminders: r } = this.#t;
    const createdAt = new Date(this.now());
    const rows = await this.engine.run((db) =>
      db
        .insert(r)
        .values(reminders.map((x) => this.scope.row({ ...x, status: 'due' as const, createdAt })))
        .onConflictDoNothing()
        .returning({ key: r.key }),
    );
    return rows.length;
  }

  /** Due reminders, oldest first, with their customer's language and reachability. */
  async due(limit = 200): Promise<DueReminder[]> {
    const { reminders: r, users: u } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .select({
          reminder: r,
          locale: u.locale,
          languageCode: u.languageCode,
          remindersOff: u.remindersOff,
          blocked: u.blocked,
          bannedAt: u.bannedAt,
        })
        .from(r)
        .leftJoin(u, and(eq(u.botId, r.botId), eq(u.telegramId, r.userId)))
        .where(this.scope.where(r, eq(r.status, 'due')))
        .orderBy(asc(r.createdAt), asc(r.key))
        .limit(limit),
    );
    return rows.map(({ reminder, remindersOff, ...user }) => ({
      reminder,
      user: remindersOff === null ? undefined : { ...user, remindersOff },
    })) as DueReminder[];
  }

  /** When the customer's last reminder went out (the daily limit), if ever. */
  async lastSentAt(userId: number): Promise<Date | undefined> {
    const { reminders: r } = this.#t;
    const row = first(
      await this.engine.run((db) =>
        db
          .select({ at: max(r.sentAt) })
          .from(r)
          .where(this.scope.where(r, eq(r.userId, userId), inArray(r.status, WENT_OUT))),
      ),
    );
    return row?.at ?? undefined;
  }

  /** due -> sending, stored before the request goes out; true for exactly one caller. */
  async startSending(key: string): Promise<boolean> {
    const { reminders: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(r)
        .set({ status: 'sending', sentAt: new Date(this.now()) })
        .where(this.scope.where(r, eq(r.key, key), eq(r.status, 'due')))
        .returning({ key: r.key }),
    );
    return changed(rows) === 1;
  }

  /**
   * The outcome of a reminder in hand (sent, failed; unconfirmed: no answer came, maybe delivered)
   * or one dropped before sending (skipped).
   */
  async settle(
    key: string,
    status: 'sent' | 'skipped' | 'failed' | 'unconfirmed',
    note?: string,
  ): Promise<void> {
    const { reminders: r } = this.#t;
    await this.engine.run((db) =>
      db
        .update(r)
        .set({ status, note: note ?? null })
        .where(this.scope.where(r, eq(r.key, key), inArray(r.status, ['due', 'sending']))),
    );
  }

  /** sending -> due: Telegram said nothing was sent (429, unreachable); it goes out in a later run. */
  async release(key: string): Promise<void> {
    const { reminders: r } = this.#t;
    await this.engine.run((db) =>
      db
        .update(r)
        .set({ status: 'due', sentAt: null })
        .where(this.scope.where(r, eq(r.key, key), eq(r.status, 'sending'))),
    );
  }

  /** Rows a sender left `sending` (it died): maybe delivered, so `unconfirmed`, never sent again. */
  async settleInterrupted(): Promise<number> {
    const { reminders: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .update(r)
        .set({ status: 'unconfirmed' })
        .where(this.scope.where(r, eq(r.status, 'sending')))
        .returning({ key: r.key }),
    );
    return rows.length;
  }

  /** The reminders of one customer, newest first (tests, the customer card). */
  of(userId: number): Promise<ReminderRecord[]> {
    const { reminders: r } = this.#t;
    return this.engine.run((db) =>
      db
        .select()
        .from(r)
        .where(this.scope.where(r, eq(r.userId, userId)))
        .orderBy(desc(r.createdAt), desc(r.key)),
    );
  }

  /**
   * Marks the reminders sent within the last `withinMs` whose customer has since done what they
   * asked: ordered (any rule), paid a plan period (plan_ending), confirmed that very draft
   * (quote_unconfirmed). One statement; each row is marked once. How many were marked now.
   */
  async markActed(withinMs: number): Promise<number> {
    const { reminders: r, orders: o, subscriptionPeriods: p } = this.#t;
    const now = new Date(this.now());
    const ordered = exists(
      this.engine.db
        .select({ one: sql`1` })
        .from(o)
        .where(
          this.scope.where(
            o,
            eq(o.userId, r.userId),
            eq(o.stage, 'submitted'),
            // Upstream took it after the reminder (a draft confirmed then counts: it was made before).
            gt(o.submittedAt, r.sentAt),
          ),
        ),
    );
    const renewed = exists(
      this.engine.db
        .select({ one: sql`1` })
        .from(p)
        .where(this.scope.where(p, eq(p.userId, r.userId), gt(p.startsAt, r.sentAt))),
    );
    const rows = await this.engine.run((db) =>
      db
        .update(r)
        .set({ actedAt: now })
        .where(
          this.scope.where(
            r,
            inArray(r.status, ['sent', 'unconfirmed']),
            isNull(r.actedAt),
            gt(r.sentAt, new Date(now.getTime() - withinMs)),
            sql`(${ordered} or (${r.rule} = 'plan_ending' and ${renewed}))`,
          ),
        )
        .returning({ key: r.key }),
    );
    return rows.length;
  }

  /** Per rule, the reminders sent since `since` and how many of them the customer acted on. */
  async figures(since: Date): Promise<Array<{ rule: ReminderRule; sent: number; acted: number }>> {
    const { reminders: r } = this.#t;
    const rows = await this.engine.run((db) =>
      db
        .select({ rule: r.rule, sent: count(), acted: count(r.actedAt) })
        .from(r)
        .where(this.scope.where(r, inArray(r.status, ['sent', 'unconfirmed']), gt(r.sentAt, since)))
        .groupBy(r.rule),
    );
    return rows.map((row) => ({ rule: row.rule, sent: Number(row.sent), acted: Number(row.acted) }));
  }
}
