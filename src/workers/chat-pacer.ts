import { sleepOn, type Timers } from '../lib/timers.js';

/**
 * One status-message operation per chat at a time, each starting at least `gapMs` after the
 * previous one started. Chats do not wait for each other.
 */
export class ChatPacer {
  readonly #chains = new Map<number, Promise<void>>();
  readonly #lastStart = new Map<number, number>();

  constructor(
    private readonly gapMs: number,
    private readonly now: () => number,
    private readonly timers: Timers,
  ) {}

  run<T>(chatId: number, fn: () => Promise<T>): Promise<T> {
    const previous = this.#chains.get(chatId) ?? Promise.resolve();
    const task = previous.then(async () => {
      const wait = (this.#lastStart.get(chatId) ?? Number.NEGATIVE_INFINITY) + this.gapMs - this.now();
      if (wait > 0) await sleepOn(this.timers, wait);
      this.#lastStart.set(chatId, this.now());
      return fn();
    });
    const settled = task.then(
      () => undefined,
      () => undefined,
    );
    this.#chains.set(chatId, settled);
    void settled.then(() => {
      if (this.#chains.get(chatId) === settled) this.#chains.delete(chatId);
      if (this.#lastStart.size > 1000) {
        const stale = this.now() - this.gapMs;
        for (const [id, t] of this.#lastStart)
          if (t < stale && !this.#chains.has(id)) this.#lastStart.delete(id);
      }
    });
    return task;
  }
}
