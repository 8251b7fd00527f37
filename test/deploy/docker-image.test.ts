/**
 * `docker run --env-file .env IMAGE` with .env copied from .env.example, without docker: the
 * Dockerfile's runtime stage is replayed on this machine (its COPY layout, its ENV, its /data
 * volume, its unprivileged user) and the built dist/main.js runs there, as the image's CMD does.
 * The image's paths are mapped into a temporary folder (/app and /data below it); the process runs
 * as `nobody` when the test runs as root (CI), else as this user with the app folder read-only.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelegramEmulator, type TelegramEmulator } from '../support/telegram/emulator.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NOBODY = 65534;

/** The runtime stage: everything after the Dockerfile's last FROM. */
function runtimeStage(): string[] {
  const lines = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split('\n');
  const from = lines.map((l, i) => (/^FROM /.test(l) ? i : -1)).filter((i) => i >= 0);
  return lines.slice(from.at(-1)! + 1).filter((l) => l.trim() && !l.startsWith('#'));
}

/** `ENV A=1 B=2` lines of the stage. */
function imageEnv(stage: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of stage.filter((l) => l.startsWith('ENV '))) {
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[key!] = value!;
  }
  return env;
}

/** What `docker run --env-file` takes from a file: KEY=VALUE lines, literally; # lines skipped. */
function dockerEnvFile(path: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at > 0) env[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return env;
}

let work: string;
let emulator: TelegramEmulator;
let bot: ChildProcess | undefined;
let output = '';
const asRoot = process.getuid?.() === 0;
const canDropPrivileges = asRoot && spawnSync('setpriv', ['--help']).status === 0;

/** An image path (/app/..., /data/...) at its place in the replayed image. */
const mapped = (path: string) => path.replace(/^\/(app|data)(?=\/|$)/, (_m, top: string) => join(work, top));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'image-'));
  chmodSync(work, 0o755);
  const stage = runtimeStage();
  const app = join(work, 'app');
  mkdirSync(app);
  // The build stage's products: dist compiled here, node_modules this checkout's.
  const tsc = spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      join(app, 'dist'),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);
  for (const line of stage.filter((l) => l.startsWith('COPY '))) {
    const parts = line.split(/\s+/).slice(1);
    const fromBuild = parts[0]!.startsWith('--from=');
    const [source, target] = fromBuild ? parts.slice(1) : parts;
    const to = join(app, target!);
    if (fromBuild && source === '/app/node_modules')
      symlinkSync(join(ROOT, 'node_modules'), to.replace(/\/$/, ''));
    else if (fromBuild) expect(source).toBe('/app/dist');
    else {
      mkdirSync(dirname(to), { recursive: true });
      cpSync(join(ROOT, source!), target!.endsWith('/') ? join(to, source!) : to, { recursive: true });
    }
  }
  // RUN: the volume, writable by the image's user; ./data pointing at it where the image says so.
  const run = stage.filter((l) => l.startsWith('RUN ')).join('\n');
  expect(run).toMatch(/mkdir -p \/data/);
  const data = join(work, 'data');
  mkdirSync(data);
  if (canDropPrivileges) chownSync(data, NOBODY, NOBODY);
  if (run.includes('ln -s /data /app/data')) symlinkSync(data, join(app, 'data'));
  // The app folder is not the image user's: read-only to it.
  if (!canDropPrivileges) chmodSync(app, 0o555);
  emulator = await startTelegramEmulator();
}, 300_000);

afterAll(async () => {
  if (bot && bot.exitCode === null) bot.kill('SIGKILL');
  await emulator?.close();
  if (!work) return;
  if (!canDropPrivileges) chmodSync(join(work, 'app'), 0o755);
  // Symlinks (node_modules, ./data) are removed, never followed.
  rmSync(work, { recursive: true, force: true });
});

function waitForOutput(pattern: RegExp, timeoutMs: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const check = () => {
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolvePromise();
      } else if (bot?.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`the bot exited (${bot?.exitCode}):\n${output}`));
      } else setTimeout(check, 50);
    };
    check();
  });
}

describe('the Docker image, run with --env-file .env copied from .env.example', () => {
  it('starts as an unprivileged user, keeps its database in /data and answers', async () => {
    const stage = runtimeStage();
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const [key, value] of Object.entries(imageEnv(stage))) env[key] = mapped(value);
    // --env-file wins over the image's ENV, as in docker.
    Object.assign(env, dockerEnvFile(join(ROOT, '.env.example')));
    // What a reseller puts in the copied file: their token (here, the emulator's).
    env.BOT_TOKEN = emulator.token;
    env.TELEGRAM_API_ROOT = emulator.apiRoot;
    if (env.DATABASE_PATH) env.DATABASE_PATH = mapped(env.DATABASE_PATH);

    const cmd = JSON.parse(/^CMD (.*)$/m.exec(stage.join('\n'))![1]!) as string[];
    expect(cmd[0]).toBe('node');
    const user = canDropPrivileges
      ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups']
      : [];
    const [command, ...args] = [...user, process.execPath, ...cmd.slice(1)];
    expect(stage.some((l) => /^USER (node|\d+)/.test(l))).toBe(true);
    bot = spawn(command!, args, { cwd: join(work, 'app'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    bot.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    bot.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    await waitForOutput(/"msg":"bot started"/, 120_000);
    expect(existsSync(join(work, 'data', 'bot.sqlite'))).toBe(true);
    const customer = emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    await customer.sendCommand('start');
    await customer.waitForMessage(/Hi, Ann/, { timeoutMs: 30_000 });

    bot.kill('SIGTERM');
    const code = await new Promise((done) =>
      bot!.exitCode !== null ? done(bot!.exitCode) : bot!.once('exit', done),
    );
    expect(code, output).toBe(0);
  }, 240_000);
});
