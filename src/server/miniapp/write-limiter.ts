/**
 * At most `perMinute` writes per admin in any one-minute window, on this replica (a few replicas
 * multiply it by their count, which still bounds a runaway page). Driven by an injected clock.
 */
export class WriteLimiter {
  readonly #recent = new Map<number, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number,
  ) {}

  /** True (and counted) if `adminId` may write now. */
  take(adminId: number): boolean {
    const now = this.now();
    const times = (this.#recent.get(adminId) ?? []).filter((t) => now - t < 60_000);
    if (times.length >= this.perMinute) {
      this.#recent.set(adminId, times);
      return false;
    }
    times.push(now);
    this.#recent.set(adminId, times);
    return true;
  }
}
