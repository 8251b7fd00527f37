/**
 * A reseller followed the README's step 2 and has a production .env in the repository's root: a
 * real token, upstream and key, a PostgreSQL database, Stars billing. `npm test` and `npm run
 * playground` must not care: tests build their own environment, and the playground runs its own
 * simulator and temporary database, taking only the brand (and saying so on its first screen).
 *
 * Run in a temporary copy of the repository (its files, this checkout's node_modules), so that no
 * .env is ever left in the real one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PlaygroundProcess } from '../playground/playground-process.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = '987654321:AAE-production-token-never-shown';
const KEY = 'rk_live_production_key_never_shown';
const PRODUCTION_ENV = [
  `BOT_TOKEN=${TOKEN}`,
  'RESELLER_API_URL=https://upstream.example/api/v1',
  `RESELLER_API_KEY=${KEY}`,
  // Unreachable on purpose: whoever connects to it fails at once.
  'DATABASE_URL=postgres://bot:prod-db-secret@127.0.0.1:1/prod',
  // Stars billing without its rate: any bot that read this file would refuse to start.
  'BILLING=stars',
  'BRAND_NAME=PixelShop',
  'SUPPORT_CONTACT=@pixelshop_help',
  'ADMIN_IDS=123456789',
  '',
].join('\n');

let repo: string;
let playground: PlaygroundProcess | undefined;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'repo-with-env-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(listed.status, listed.stderr).toBe(0);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (file === 'node_modules' || file.startsWith('node_modules/')) continue;
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    // A file listed but deleted in the working tree is simply not copied.
    try {
      cpSync(join(ROOT, file), join(repo, file));
    } catch {}
  }
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(repo, 'node_modules'));
  writeFileSync(join(repo, '.env'), PRODUCTION_ENV);
});

afterAll(() => {
  playground?.kill();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** Runs vitest in the copy, on the given files and tests; resolves with its exit code and output. */
function childVitest(args: string[]): Promise<{ code: number | null; output: string }> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    // Nothing of this run's vitest (its worker ids, its compiled bot) reaches the child run.
    if (value !== undefined && !/^(VITEST|TEST_BOT_ENTRY|TEST_ENGINE)/.test(key)) env[key] = value;
  }
  // The child uses this run's PostgreSQL server rather than starting one of its own.
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) env.TEST_DATABASE_URL = postgresUrl;
  else delete env.REQUIRE_POSTGRES;
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(repo, 'node_modules/vitest/vitest.mjs'), 'run', ...args], {
      cwd: repo,
      env: { ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

describe('a production .env in the repository root', () => {
  it('does not reach the tests: an e2e generation and sandbox mode pass as without it', async () => {
    const { code, output } = await childVitest([
      'test/e2e/generation.e2e.test.ts',
      'test/e2e/sandbox.e2e.test.ts',
      '--project',
      'all',
      '-t',
      'text-to-image: prompt, default settings|delivers the generated picture',
    ]);
    expect(output).toMatch(/Tests\s+2 passed/);
    expect(code, output).toBe(0);
  }, 300_000);

  it('the playground runs on its own simulator and database, takes the brand and names what it took', async () => {
    playground = PlaygroundProcess.start([], { repo });
    await playground.waitFor(/Playground ready/, 120_000);
    const envFile = join(repo, '.env');
    await playground.waitFor(new RegExp(`From ${envFile}: BRAND_NAME, SUPPORT_CONTACT\\.`));
    const ignored = /Not used here \([^)]*\): (.+)\./.exec(playground.output)?.[1]?.split(', ');
    expect(ignored?.sort()).toEqual(
      ['ADMIN_IDS', 'BILLING', 'BOT_TOKEN', 'DATABASE_URL', 'RESELLER_API_KEY', 'RESELLER_API_URL'].sort(),
    );
    // The brand from .env, and the catalog of the playground's own simulator.
    playground.type('/start');
    await playground.waitFor(/PixelShop/);
    playground.type('/generate');
    await playground.press(/🖼 Images/);
    await playground.waitFor(/#\d+ Lumen Text to Image/);
    // Names only: no value of that file is ever printed.
    for (const secret of [TOKEN, KEY, 'prod-db-secret', 'upstream.example'])
      expect(playground.output).not.toContain(secret);
    expect(await playground.quit()).toBe(0);
  }, 240_000);
});
