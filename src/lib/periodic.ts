/**
 * A chore run now and then on injected timers: `runOnce` (concurrent calls share the pass), `start`
 * (every interval from now on), `stop` (waits for the pass running). A failing pass is logged and
 * never ends the schedule.
 */
import type { Logger } from '../logger.js';
import { realTimers, type Timers } from './timers.js';

export interface PeriodicOptions<T> {
  name: string;
  intervalMs: number;
  run(): Promise<T>;
  logger: Logger;
  timers?: Timers;
}

export class Periodic<T = void> {
  readonly #opts: PeriodicOptions<T>;
  readonly #timers: Timers;
  #timer: unknown;
  #running: Promise<T | undefined> | undefined;
  #stopped = true;

  constructor(opts: PeriodicOptions<T>) {
    this.#opts = opts;
    this.#timers = opts.timers ?? realTimers;
  }

  /** One pass: its result, or undefined if it failed (logged). */
  runOnce(): Promise<T | undefined> {
    this.#running ??= this.#opts
      .run()
      .catch((err: unknown) => {
        this.#opts.logger.warn({ err, job: this.#opts.name }, 'periodic job failed');
        return undefined;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /** Runs every interval from now on (the first pass after one interval). */
  start(): void {
    this.#stopped = false;
    this.#arm();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer !== undefined) this.#timers.clear(this.#timer);
    this.#timer = undefined;
    await this.#running;
  }

  #arm(): void {
    // Armed once: a start() while a pass runs (after a stop) and that pass's end do not both arm.
    if (this.#timer !== undefined || this.#stopped) return;
    this.#timer = this.#timers.set(() => {
      this.#timer = undefined;
      void this.runOnce().finally(() => {
        if (!this.#stopped) this.#arm();
      });
    }, this.#opts.intervalMs);
  }
}
