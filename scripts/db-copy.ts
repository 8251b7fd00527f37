/**
 * npm run db:copy -- <sqlite path> <postgres url>
 *
 * Copies every table of the bot's SQLite file into an empty PostgreSQL database (migrating both to
 * this version first), checks the row counts and prints them. Stop the bot first. Refuses a target
 * that already has rows, and changes nothing on any failure.
 */
import { existsSync } from 'node:fs';
import { CopyRefusedError, copyStore } from '../src/db/copy.js';
import { openPostgres, redactDatabaseUrl } from '../src/db/engines/postgres.js';
import { openSqlite } from '../src/db/engines/sqlite.js';

const [path, url] = process.argv.slice(2);
if (path && !existsSync(path)) {
  process.stderr.write(`db:copy refused: ${path} does not exist\n`);
  process.exit(1);
}
if (!path || !url || !/^postgres(ql)?:\/\//.test(url)) {
  process.stderr.write('usage: npm run db:copy -- <sqlite path> <postgres://user:password@host/db>\n');
  process.exit(2);
}
const shownUrl = redactDatabaseUrl(url);
const password = new URL(url).password;
const redact = (text: string) =>
  password ? text.split(password).join('***').split(decodeURIComponent(password)).join('***') : text;

try {
  const source = openSqlite(path, { unscoped: true });
  const target = await openPostgres(url, { poolSize: 2, unscoped: true });
  try {
    const copied = await copyStore(source, target);
    process.stdout.write(`copied ${path} into ${shownUrl}\n`);
    for (const { table, rows } of copied) process.stdout.write(`  ${table.padEnd(20)} ${rows} rows\n`);
  } finally {
    await source.close();
    await target.close();
  }
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  const why = err instanceof CopyRefusedError ? 'refused' : 'failed';
  process.stderr.write(`db:copy ${why}: ${redact(message)}\nNothing was written to ${shownUrl}.\n`);
  process.exit(1);
}
