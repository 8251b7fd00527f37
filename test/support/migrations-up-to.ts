/**
 * An engine's migrations cut at one of them: the schema an older version of the bot had, for tests
 * of a migration on the data that version left.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const MIGRATIONS = resolve(import.meta.dirname, '../../migrations');

/** Copies `engine`'s migrations up to number `last` (its journal cut there) into `dir`; returns it. */
export function migrationsUpTo(engine: 'sqlite' | 'postgres', last: number, dir: string): string {
  const from = join(MIGRATIONS, engine);
  const to = join(dir, `${engine}-migrations-${last}`);
  mkdirSync(join(to, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(from, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  for (const e of journal.entries) copyFileSync(join(from, `${e.tag}.sql`), join(to, `${e.tag}.sql`));
  writeFileSync(join(to, 'meta/_journal.json'), JSON.stringify(journal));
  return to;
}
