/**
 * Timers on a ManualClock: callbacks fire only when the test moves time, so pacing and backoff are
 * asserted in virtual milliseconds, whatever the load on the machine.
 */
import type { Timers } from '../../src/lib/timers.js';
import type { ManualClock } from '../../src/simulator/clock.js';

const flushIo = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ManualTimers implements Timers {
  #seq = 0;
  readonly #pending = new Map<number, { at: number; fn: () => void }>();
  #autoScheduled = false;

  /**
   * `auto`: time jumps to each timer by itself (earliest first, one per turn of the event loop),
   * for code that awaits its own waits; otherwise only fireDue/runUntilIdle move it.
   */
  constructor(
    private readonly clock: ManualClock,
    private readonly opts: { auto?: boolean } = {},
  ) {}

  set = (fn: () => void, ms: number): unknown => {
    const id = ++this.#seq;
    this.#pending.set(id, { at: this.clock.now() + Math.max(0, ms), fn });
    if (this.opts.auto) this.#scheduleAuto();
    return id;
  };

  #scheduleAuto(): void {
    if (this.#autoScheduled) return;
    this.#autoScheduled = true;
    setImmediate(() => {
      this.#autoScheduled = false;
      const earliest = [...this.#pending].sort((a, b) => a[1].at - b[1].at)[0];
      if (!earliest) return;
      const [id, timer] = earliest;
      if (timer.at > this.clock.now()) this.clock.set(timer.at);
      this.#pending.delete(id);
      timer.fn();
      if (this.#pending.size > 0) this.#scheduleAuto();
    });
  }

  clear = (handle: unknown): void => {
    this.#pending.delete(handle as number);
  };

  get pending(): number {
    return this.#pending.size;
  }

  /** Fires every timer due at the clock's current time, earliest first. */
  fireDue(): void {
    const due = [...this.#pending]
      .filter(([, t]) => t.at <= this.clock.now())
      .sort((a, b) => a[1].at - b[1].at);
    for (const [id, t] of due) if (this.#pending.delete(id)) t.fn();
  }

  /**
   * Lets the work settle, moving the clock to each next timer, until no timer is left (or `maxMs`
   * of virtual time has passed). Returns the virtual time that passed.
   */
  async runUntilIdle(maxMs = 24 * 3_600_000): Promise<number> {
    const start = this.clock.now();
    for (;;) {
      for (let i = 0; i < 5; i++) await flushIo();
      const next = Math.min(...[...this.#pending.values()].map((t) => t.at));
      if (!Number.isFinite(next) || next - start > maxMs) return this.clock.now() - start;
      if (next > this.clock.now()) this.clock.set(next);
      this.fireDue();
    }
  }
}
