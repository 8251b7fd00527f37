/**
 * Writes test/durations.json from a vitest JSON report (`npm test -- --reporter=json
 * --outputFile=.tmp/vitest.json`): each file's seconds, the longer of its two projects, for the
 * files that take 2 s or more. The test sequencer orders a clean clone's run (CI, no vitest cache)
 * by it. Run after a full run when files were added or got much slower:
 *   npx tsx scripts/test-durations.ts .tmp/vitest.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(process.argv[2] ?? '.tmp/vitest.json', 'utf8')) as {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
};
const seconds = new Map<string, number>();
for (const file of report.testResults) {
  const path = relative(REPO_ROOT, file.name);
  const s = Math.round((file.endTime - file.startTime) / 1000);
  seconds.set(path, Math.max(seconds.get(path) ?? 0, s));
}
const kept = [...seconds].filter(([, s]) => s >= 2).sort(([a], [b]) => a.localeCompare(b));
writeFileSync(
  resolve(REPO_ROOT, 'test/durations.json'),
  `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`,
);
console.log(`test/durations.json: ${kept.length} files`);
