/**
 * Sends the reminders (issue 44), once in the cluster (a singleton chore, every `intervalMs`): plans
 * what became due (RemindersService), then sends the due ones oldest first, each after checking it
 * is still true, at most one a day per customer, none to a customer who turned them off, blocked the
 * bot or is banned; none while a broadcast is being sent. As the broadcasts: paced at `rate` messages a second; `sending` is stored before
 * the request goes out, so a sender killed mid-run leaves that one `unconfirmed` (maybe delivered,
 * never sent twice) and the rest `due` (sent by the next run: nothing lost); a 429 or an unreachable
 * Telegram puts the reminder back and ends the run; a 403 marks the customer blocked.
 * It runs whatever REMINDERS says, since an admin may turn a rule on live (the control room): while
 * no rule is in force a run plans and sends nothing and asks the store nothing, except for the two
 * days after the last rule went off, when it still marks what customers did after the last
 * reminders (the growth screen's figures).
 */
import type { InlineKeyboard } from 'grammy';
import type { DueReminder, RemindersRepository } from '../db/index.js';
import { REMINDER_TIMING } from '../domain/reminders.js';
import { Periodic } from '../lib/periodic.js';
import { realTimers, sleepOn, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';
import type { ReminderFacts, RemindersService } from '../services/reminders.js';
import type { SendOutcome } from '../telegram/broadcast-transport.js';

export interface ReminderMessage {
  text: string;
  keyboard: InlineKeyboard;
}

export interface ReminderSenderOptions {
  reminders: Pick<
    RemindersRepository,
    'due' | 'lastSentAt' | 'startSending' | 'settle' | 'release' | 'settleInterrupted' | 'markActed'
  >;
  service: Pick<RemindersService, 'planDue' | 'facts' | 'anyOn'>;
  /**
   * What the reminder carries beyond its facts, made once it is claimed for sending (a win-back
   * reminder's promo code): a run that dies after this leaves the reminder unconfirmed, never sent
   * twice, and at worst one unused one-time code behind.
   */
  enrich?(facts: ReminderFacts): Promise<ReminderFacts>;
  /** The message, in the customer's language (telegram/reminder-message.ts). */
  compose(due: DueReminder, facts: ReminderFacts): ReminderMessage;
  /** One message to the customer's private chat; what Telegram said (broadcast-transport.ts). */
  send(chatId: number, message: ReminderMessage): Promise<SendOutcome>;
  markBlocked(userId: number): Promise<void>;
  /**
   * A broadcast is being sent: it takes the bot's messages a second (BROADCAST_RATE), so the
   * reminders wait for the next run rather than add to it.
   */
  broadcastRunning(): Promise<boolean>;
  /** Messages per second (BROADCAST_RATE). */
  rate: number;
  intervalMs: number;
  logger: Logger;
  timers?: Timers;
  now?: () => number;
}

export interface ReminderRun {
  sent: number;
  skipped: number;
  /** Held back by the daily limit: still due. */
  waiting: number;
}

export class ReminderSender {
  readonly #opts: ReminderSenderOptions;
  readonly #periodic: Periodic<ReminderRun>;
  readonly #now: () => number;
  readonly #timers: Timers;
  readonly #log: Logger;
  /** When a run last found a rule in force (this process): the acted marks go on for two days after. */
  #lastOnAt: number | undefined;

  constructor(opts: ReminderSenderOptions) {
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
    this.#timers = opts.timers ?? realTimers;
    this.#log = opts.logger.child({ component: 'reminder-sender' });
    this.#periodic = new Periodic({
      name: 'reminders',
      intervalMs: opts.intervalMs,
      logger: opts.logger,
      timers: this.#timers,
      run: () => this.#run(),
    });
  }

  /** One run (concurrent calls share it); undefined if it failed (logged). */
  runOnce(): Promise<ReminderRun | undefined> {
    return this.#periodic.runOnce();
  }

  start(): void {
    this.#periodic.start();
  }

  stop(): Promise<void> {
    return this.#periodic.stop();
  }

  async #run(): Promise<ReminderRun> {
    const { reminders, service } = this.#opts;
    const run: ReminderRun = { sent: 0, skipped: 0, waiting: 0 };
    // Asked once a run: the rules in force (REMINDERS, or the live settings over it).
    const on = service.anyOn();
    if (on) this.#lastOnAt = this.#now();
    else if (this.#lastOnAt === undefined || this.#now() - this.#lastOnAt > REMINDER_TIMING.actedWithinMs)
      return run;
    const interrupted = await reminders.settleInterrupted();
    if (interrupted > 0)
      this.#log.warn({ interrupted }, 'reminders left sending by a stopped sender: not sent again');
    // What customers did after the reminders of the last two days (the control room's figures).
    await reminders.markActed(REMINDER_TIMING.actedWithinMs);
    // Every rule off: nothing planned, nothing sent (what is still due waits, and is checked again).
    if (!on) return run;
    await service.planDue();
    if (await this.#opts.broadcastRunning()) return run;
    const gapMs = 1000 / Math.max(this.#opts.rate, 0.1);
    for (const due of await reminders.due()) {
      const verdict = await this.#sendOne(due);
      if (verdict === 'stop') break;
      run[verdict] += 1;
      if (verdict === 'sent') await sleepOn(this.#timers, gapMs);
    }
    if (run.sent + run.skipped > 0) this.#log.info(run, 'reminders run');
    return run;
  }

  async #sendOne(due: DueReminder): Promise<'sent' | 'skipped' | 'waiting' | 'stop'> {
    const { reminders, service } = this.#opts;
    const { reminder, user } = due;
    const skip = async (why: string) => {
      await reminders.settle(reminder.key, 'skipped', why);
      return 'skipped' as const;
    };
    if (!user) return skip('no such customer');
    if (user.remindersOff) return skip('reminders off');
    if (user.blocked || user.bannedAt) return skip('blocked or banned');
    const now = this.#now();
    if (now - reminder.createdAt.getTime() > REMINDER_TIMING.staleMs) return skip('stale');
    const last = await reminders.lastSentAt(reminder.userId);
    if (last && now - last.getTime() < REMINDER_TIMING.spacingMs) return 'waiting';
    const facts = await service.facts(reminder);
    if (!facts) return skip('no longer true');
    if (!(await reminders.startSending(reminder.key))) return 'waiting';
    const full = this.#opts.enrich ? await this.#opts.enrich(facts) : facts;
    const outcome = await this.#opts.send(reminder.userId, this.#opts.compose(due, full));
    switch (outcome.kind) {
      case 'sent':
        await reminders.settle(reminder.key, 'sent');
        return 'sent';
      case 'blocked':
        await this.#opts.markBlocked(reminder.userId).catch(() => undefined);
        await reminders.settle(reminder.key, 'failed', outcome.description);
        return 'skipped';
      case 'failed':
        await reminders.settle(reminder.key, 'failed', outcome.description);
        return 'skipped';
      case 'unknown':
        await reminders.settle(reminder.key, 'unconfirmed', outcome.description);
        return 'skipped';
      case 'retry_after':
      case 'unreachable':
        // Nothing went out: it stays due, and this run ends (a 429 holds for every chat).
        await reminders.release(reminder.key);
        this.#log.warn({ outcome }, 'reminders paused until the next run');
        return 'stop';
    }
  }
}
