/**
 * Time source for the simulator. Every time-dependent behaviour (order progress, quote, upload and
 * result expiry, HEIC conversion) is derived lazily from `now()`, so tests move time with a
 * ManualClock instead of sleeping.
 */
export interface SimClock {
  now(): number;
}

export const systemClock: SimClock = { now: () => Date.now() };

/** A clock that only moves when told to. Starts at 2025-01-01T00:00:00Z unless given a start. */
export class ManualClock implements SimClock {
  private current: number;

  constructor(startMs: number = Date.UTC(2025, 0, 1)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`cannot advance by ${ms} ms`);
    this.current += ms;
  }

  set(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError(`cannot set the clock to ${ms}`);
    this.current = ms;
  }
}
