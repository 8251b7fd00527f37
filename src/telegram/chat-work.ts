/**
 * Long upstream work a chat is waiting for (a file being relayed to POST /upload), registered so
 * that /cancel, which is handled beside the chat's sequence rather than behind it, can stop it at
 * once. In-process: a replica can only stop what it runs itself.
 */
class ChatWork {
  readonly #running = new Map<number, Set<AbortController>>();

  /** Runs `fn` with a signal that `abort(chatId)` fires. */
  async run<T>(chatId: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let set = this.#running.get(chatId);
    if (!set) {
      set = new Set();
      this.#running.set(chatId, set);
    }
    set.add(controller);
    try {
      return await fn(controller.signal);
    } finally {
      set.delete(controller);
      if (set.size === 0) this.#running.delete(chatId);
    }
  }

  /** Whether the chat's current update is waiting for long upstream work. */
  isBusy(chatId: number): boolean {
    return this.#running.has(chatId);
  }

  /** Stops everything the chat is waiting for; returns how many were stopped. */
  abort(chatId: number): number {
    const set = this.#running.get(chatId);
    if (!set) return 0;
    for (const controller of set) controller.abort(new Error('cancelled by the user'));
    return set.size;
  }
}

/** The process's registry. */
export const chatWork = new ChatWork();
