/**
 * Flushes a SQLite database's write-ahead log to disk on libuv's thread pool. A FULL commit makes
 * better-sqlite3 fsync the WAL inside the call, which blocks the whole process for the disk
 * (about 6 ms here: under load a getUpdates batch stored every few dozen milliseconds held every
 * chat for that long). A commit made with `synchronous = NORMAL` writes the same WAL frames without
 * the flush; `sync()` then flushes them while the process goes on, and resolves once they are on
 * disk: together, FULL's durability without its stall.
 */
import { type FileHandle, open, stat } from 'node:fs/promises';

export class WalSync {
  readonly #path: string;
  #file: Promise<{ handle: FileHandle; inode: number }> | undefined;

  /** `databasePath`: the database file; its log is `<path>-wal`, beside it. */
  constructor(databasePath: string) {
    this.#path = `${databasePath}-wal`;
  }

  /** Resolves once every WAL frame written before the call is on disk. */
  async sync(): Promise<void> {
    const file = await this.#open();
    // The log is the same file for the connection's whole life; should it ever be made anew, the
    // flush goes to the new one. Both asked at once: one trip to the thread pool, not two, in the
    // time a getUpdates batch waits before its offset may be confirmed.
    const [now] = await Promise.all([stat(this.#path), file.handle.datasync()]);
    if (now.ino !== file.inode) {
      this.#file = undefined;
      await file.handle.close().catch(() => undefined);
      return this.sync();
    }
  }

  #open() {
    this.#file ??= (async () => {
      const handle = await open(this.#path, 'r');
      return { handle, inode: (await handle.stat()).ino };
    })();
    // A failed open is tried again next time (the log appears with the first write).
    this.#file.catch(() => {
      this.#file = undefined;
    });
    return this.#file;
  }

  async close(): Promise<void> {
    const file = this.#file;
    this.#file = undefined;
    if (file) await (await file.catch(() => undefined))?.handle.close();
  }
}
