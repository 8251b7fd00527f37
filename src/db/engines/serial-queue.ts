/**
 * Runs async work one piece at a time, in call order. SQLite has one connection per process: while a
 * transaction awaits its own statements, another caller's statement must not slip into it (it would
 * be rolled back with it), so every use of the connection waits its turn here.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(work);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
