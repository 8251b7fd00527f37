/**
 * The inbox workers of the bots in one process share its CPU: a bot flooded with updates would keep
 * all its slots (INBOX_CONCURRENCY) busy, and every other bot's customers would wait behind them
 * (bench/many-bots.ts: a probe bot's p99 went from 71 to 573 ms while another bot was flooded). So
 * while more than one bot has updates in hand, each may hold only a share of its slots; alone, it
 * has them all. An eighth (at least 4) is what the bench measured to keep the others within about
 * twice their idle answer time, and slots beyond what the CPU serves only queue work anyway.
 */

/** A bot's worker as the share sees it. */
export type ShareHolder = object;

export class SlotShare {
  readonly #working = new Map<ShareHolder, number>();

  constructor(
    private readonly contendedFraction = 1 / 8,
    private readonly contendedMin = 4,
  ) {}

  /** The holder has `working` updates in hand now (0: it competes with nobody). */
  report(holder: ShareHolder, working: number): void {
    if (working > 0) this.#working.set(holder, working);
    else this.#working.delete(holder);
  }

  /** How many of its `slots` the holder may use now. */
  limit(holder: ShareHolder, slots: number): number {
    const others = this.#working.size - (this.#working.has(holder) ? 1 : 0);
    if (others === 0) return slots;
    return Math.min(slots, Math.max(this.contendedMin, Math.floor(slots * this.contendedFraction)));
  }
}
