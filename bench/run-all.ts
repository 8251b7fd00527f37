/**
 * The benchmarks' index: `npm run bench` lists them with what each measures (the first sentence of
 * its header comment); `npm run bench -- <name> [args...]` runs one (bench/<name>.ts) in a process
 * of its own, with its own arguments, exactly as `npx tsx bench/<name>.ts [args...]` would.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const SELF = 'run-all';

interface Benchmark {
  name: string;
  summary: string;
}

/** The first sentence of the file's leading block comment, on one line. */
function summaryOf(source: string): string {
  const comment = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source)?.[1] ?? '';
  const text = comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const end = /[.:](\s|$)/.exec(text);
  return end ? text.slice(0, end.index) : text;
}

function benchmarks(): Benchmark[] {
  return readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.ts') && file !== `${SELF}.ts`)
    .map((file) => ({
      name: file.slice(0, -'.ts'.length),
      summary: summaryOf(readFileSync(join(BENCH_DIR, file), 'utf8')),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function list(all: Benchmark[]): void {
  const width = Math.max(...all.map((b) => b.name.length));
  process.stdout.write('Benchmarks (npm run bench -- <name> [args...]; each file says its arguments):\n\n');
  for (const b of all) process.stdout.write(`  ${b.name.padEnd(width)}  ${b.summary}\n`);
  process.stdout.write('\nFigures depend on the machine: compare runs on the same one, idle.\n');
}

function run(name: string, args: string[]): void {
  // tsx as a loader of this Node: the child reads its own arguments from process.argv[2...].
  const child = spawn(process.execPath, ['--import', 'tsx', join(BENCH_DIR, `${name}.ts`), ...args], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const [name, ...args] = process.argv.slice(2);
const all = benchmarks();
if (!name || name === '--list') {
  list(all);
} else if (all.some((b) => b.name === name)) {
  run(name, args);
} else {
  process.stderr.write(`No benchmark named "${name}".\n\n`);
  list(all);
  process.exitCode = 1;
}
