/** The WAL flush off the thread (db/engines/wal-sync.ts) on a real file, as SQLite leaves it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WalSync } from '../../src/db/engines/wal-sync.js';

describe('WalSync', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('flushes the log; waits for it to exist; follows a log made anew', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
    dirs.push(dir);
    const db = join(dir, 'bot.sqlite');
    const wal = new WalSync(db);
    // No log yet (nothing written): the flush fails, and is tried afresh next time.
    await expect(wal.sync()).rejects.toMatchObject({ code: 'ENOENT' });
    writeFileSync(`${db}-wal`, 'frames');
    await expect(wal.sync()).resolves.toBeUndefined();
    // Replaced by a new file (a new inode): the flush goes to the new one, not the old handle.
    rmSync(`${db}-wal`);
    writeFileSync(`${db}-wal`, 'new frames');
    await expect(wal.sync()).resolves.toBeUndefined();
    rmSync(`${db}-wal`);
    await expect(wal.sync()).rejects.toMatchObject({ code: 'ENOENT' });
    await wal.close();
  });
});
