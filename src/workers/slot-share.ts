/**
 * The inbox workers of the bots in one process share its CPU: a bot flooded with updates would keep
 * all its slots (INBOX_CONCURRENCY) busy, and every other bot's customers would wait behind them
 * (bench/many-bots.ts: a probe bot's p99 went from 71 to 573 ms while another bot was flooded). So
 * while more than one bot has updates in hand, each may hold only a share of its slots; alone, it
 * has them all. An eighth (at least 4) is what the bench measured to keep the others within about
 * twice their idle answer time, and slots beyond what the CPU serves only queue work anyway.
 *
 * Slots bound how many updates are in hand, not how long one turn of the event loop runs: a pass
 * starting its claims together runs their handlers back to back (on SQLite most of a handler is
 * synchronous), and another bot's answer waits for all of them. So while another bot claimed
 * updates within `recentMs`, a worker starts its handlers one per turn of the event loop
 * (`contended`); alone, it starts a pass's handlers together (their answers and completions are
 * then recorded in one transaction: x1.2 the CPU per update otherwise, bench/inbox-throughput.ts).
 */

/** A bot's worker as the share sees it. */
export type ShareHolder = object;

export interface SlotShareOptions {
  /** The fraction of its slots a bot may hold while another has updates in hand; default 1/8. */
  contendedFraction?: number;
  /** ...but at least this many; default 4. */
  contendedMin?: number;
  /**
   * How long after another bot's last claim a worker still starts its handlers one per turn; default
   * 10 s: a flood's first pass must not find the others quiet for a moment and start all at once.
   */
  recentMs?: number;
  now?: () => number;
}

export class SlotShare {
  readonly #working = new Map<ShareHolder, number>();
  /** Each holder's last claim, if within `recentMs` when last looked at. */
  readonly #claimedAt = new Map<ShareHolder, number>();
  readonly #fraction: number;
  readonly #min: number;
  readonly #recentMs: number;
  readonly #now: () => number;

  constructor(opts: SlotShareOptions = {}) {
    this.#fraction = opts.contendedFraction ?? 1 / 8;
    this.#min = opts.contendedMin ?? 4;
    this.#recentMs = opts.recentMs ?? 10_000;
    this.#now = opts.now ?? Date.now;
  }

  /** The holder has `working` updates in hand now (0: it competes with nobody). */
  report(holder: ShareHolder, working: number): void {
    if (working > 0) this.#working.set(holder, working);
    else this.#working.delete(holder);
  }

  /** How many of its `slots` the holder may use now. */
  limit(holder: ShareHolder, slots: number): number {
    const others = this.#working.size - (this.#working.has(holder) ? 1 : 0);
    if (others === 0) return slots;
    return Math.min(slots, Math.max(this.#min, Math.floor(slots * this.#fraction)));
  }

  /** The holder claimed updates just now. */
  claimed(holder: ShareHolder): void {
    this.#claimedAt.set(holder, this.#now());
  }

  /** Whether another holder claimed updates within `recentMs`: then start handlers one per turn. */
  contended(holder: ShareHolder): boolean {
    const since = this.#now() - this.#recentMs;
    for (const [other, at] of this.#claimedAt) {
      if (at < since) this.#claimedAt.delete(other);
      else if (other !== holder) return true;
    }
    return false;
  }
}
