/**
 * The one way background work waits: through a `Timers` it is given, so tests move a manual clock
 * instead of sleeping, and no test depends on how fast the machine happens to be.
 */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Real timers; unref'd, so a pending timer never keeps the process alive on its own. */
export const realTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Real timers that keep the process alive while pending (a loop that is the process's reason to run). */
export const keepAliveTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Resolves after `ms` on the given timers. */
export function sleepOn(timers: Timers, ms: number): Promise<void> {
  return new Promise((resolve) => timers.set(resolve, ms));
}
