/**
 * Jobs that must run once in the whole cluster (the balance monitor and its alerts, the Stars
 * reconciliation, re-sending stuck submissions, closing old drafts) run on the replica that holds
 * the store's singleton lock. Every replica asks for it every `retryMs`; the holder checks it still
 * has it as often. When the holder dies its database session ends, the lock with it, and another
 * replica takes the jobs over within one `retryMs` (10 s by default). With SQLite the one process
 * always holds it.
 */
import type { SingletonHold } from '../db/index.js';
import { realTimers, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

export interface SingletonJob {
  name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

export interface SingletonJobsOptions {
  /** Takes the lock if free (Store.holdSingleton with a fixed name). */
  acquire(): Promise<SingletonHold | undefined>;
  jobs: SingletonJob[];
  logger: Logger;
  retryMs?: number;
  timers?: Timers;
}

export class SingletonJobs {
  readonly #opts: SingletonJobsOptions;
  readonly #timers: Timers;
  readonly #retryMs: number;
  readonly #log: Logger;
  /** The jobs, the ones given first, then those added while running (an added bot's). */
  readonly #jobs: SingletonJob[];
  #hold: SingletonHold | undefined;
  #timer: unknown;
  #running = false;
  #turn: Promise<void> | undefined;

  constructor(opts: SingletonJobsOptions) {
    this.#opts = opts;
    this.#timers = opts.timers ?? realTimers;
    this.#retryMs = opts.retryMs ?? 10_000;
    this.#log = opts.logger.child({ component: 'singleton-jobs' });
    this.#jobs = [...opts.jobs];
  }

  /**
   * Adds jobs (a bot added at run time brings its own): started at once where this replica leads,
   * at its next turn otherwise, like the others.
   */
  async add(jobs: readonly SingletonJob[]): Promise<void> {
    await this.#turn;
    this.#jobs.push(...jobs);
    if (this.#hold) await this.#startAll(jobs);
  }

  /** Stops and forgets these jobs (a bot no longer served here); the others keep running. */
  async remove(jobs: readonly SingletonJob[]): Promise<void> {
    await this.#turn;
    for (const job of jobs) {
      const at = this.#jobs.indexOf(job);
      if (at < 0) continue;
      this.#jobs.splice(at, 1);
      if (this.#hold) await this.#stopOne(job);
    }
  }

  /** Whether this replica runs the jobs now. */
  get leading(): boolean {
    return this.#hold !== undefined;
  }

  /** Tries at once (the jobs start now if the lock is free), then every retryMs. */
  async start(): Promise<void> {
    this.#running = true;
    await this.#check();
  }

  /** Resolves once the check running now (if any) has ended. */
  async whenIdle(): Promise<void> {
    await this.#turn;
  }

  /** Stops the jobs (each finishes what it is doing) and lets another replica take them. */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
    await this.#turn;
    await this.#stepDown('stopping');
  }

  #check(): Promise<void> {
    this.#turn ??= this.#once().finally(() => {
      this.#turn = undefined;
      if (this.#running) {
        this.#timer = this.#timers.set(() => void this.#check(), this.#retryMs);
      }
    });
    return this.#turn;
  }

  async #once(): Promise<void> {
    try {
      if (this.#hold && !(await this.#hold.alive())) {
        // Not asked for again in the same turn: another replica takes it meanwhile, and this one
        // (whose database session just died) asks again at its next retry.
        await this.#stepDown('lost the singleton lock');
        return;
      }
      if (this.#hold || !this.#running) return;
      this.#hold = await this.#opts.acquire();
      if (!this.#hold) return;
      this.#log.info({ jobs: this.#jobs.map((j) => j.name) }, 'this replica runs the singleton jobs');
      await this.#startAll(this.#jobs);
    } catch (err) {
      this.#log.warn({ err }, 'singleton lock check failed');
    }
  }

  async #stepDown(why: string): Promise<void> {
    const hold = this.#hold;
    if (!hold) return;
    this.#hold = undefined;
    this.#log.warn({ why }, 'this replica stops the singleton jobs');
    for (const job of this.#jobs) await this.#stopOne(job);
    await hold.release().catch(() => undefined);
  }

  async #startAll(jobs: readonly SingletonJob[]): Promise<void> {
    for (const job of jobs) {
      try {
        await job.start();
      } catch (err) {
        this.#log.error({ err, job: job.name }, 'a singleton job failed to start');
      }
    }
  }

  async #stopOne(job: SingletonJob): Promise<void> {
    await job.stop().catch((err: unknown) => this.#log.error({ err, job: job.name }, 'job did not stop'));
  }
}
