/**
 * `docker build` then `docker run --env-file .env IMAGE` with .env copied from .env.example, without
 * docker. The build stage is replayed as written, each COPY and RUN in order in a folder of its own
 * (the real `npm ci`, with npm's cache preferred to the network, the real build and prune): a step
 * that needs a file not copied yet fails here as in docker. The runtime stage is then replayed on
 * what the build stage left (its COPY layout, its ENV, its /data volume, its unprivileged user) and
 * the built dist/main.js runs there, as the image's CMD does. The image's paths are mapped into a
 * temporary folder; the process runs as `nobody` when the test runs as root (CI), else as this user
 * with the app folder read-only.
 *
 * The build stage costs about three minutes on a 2-core machine, most of it better-sqlite3
 * compiling from source as in the image; test/durations.json makes this file start first.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aptPackages,
  parseDockerfile,
  type ReplayResult,
  replayStage,
  runShell,
} from '../support/docker/dockerfile.js';
import { startTelegramEmulator, type TelegramEmulator } from '../support/telegram/emulator.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NOBODY = 65534;

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

/**
 * What a RUN of the build stage sees: a clean environment (nothing of vitest's or of an outer npm
 * run), npm's cache preferred to the registry (CI's own `npm ci` has just filled it).
 */
function buildEnv(): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
  };
  for (const key of ['TMPDIR', 'npm_config_cache', 'LANG'] as const) {
    const value = process.env[key];
    if (value) env[key] = value;
  }
  return env;
}

let work: string;
let image: ReplayResult;
let emulator: TelegramEmulator;
let bot: ChildProcess | undefined;
let output = '';
const buildSteps: string[] = [];
const asRoot = process.getuid?.() === 0;
const canDropPrivileges = asRoot && spawnSync('setpriv', ['--help']).status === 0;

/** An image path (/app/..., /data/...) at its place in the replayed runtime image. */
const mapped = (path: string) =>
  path.replace(/^\/(app|data)(?=\/|$)/, (_m, top: string) => join(work, 'image', top));

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'image-'));
  chmodSync(work, 0o755);
  const stages = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  expect(stages.length).toBe(2);
  const [build, runtime] = stages as [(typeof stages)[0], (typeof stages)[0]];
  expect(build.name).toBe('build');

  // The build stage, as written.
  replayStage(build, {
    context: ROOT,
    root: join(work, 'build'),
    baseEnv: buildEnv(),
    run: (command, cwd, env) => {
      buildSteps.push(command);
      if (/^apt-get /.test(command)) {
        // The image's compilers: this machine must have them already (it compiled better-sqlite3).
        for (const tool of aptPackages(command))
          expect(spawnSync('sh', ['-c', `command -v ${tool}`]).status, `${tool} on PATH`).toBe(0);
        return;
      }
      runShell(command, cwd, env);
    },
  });
  expect(buildSteps.some((step) => /npm ci/.test(step))).toBe(true);

  // The runtime stage on what the build stage left; its RUN with image paths mapped and the image's
  // user standing for `node`.
  image = replayStage(runtime, {
    context: ROOT,
    root: join(work, 'image'),
    stages: { build: join(work, 'build') },
    run: (command, cwd) => {
      const here = command
        .replace(
          /(^|\s)\/(app|data)(?=\/|\s|$)/g,
          (_m, before: string, top: string) => before + join(work, 'image', top),
        )
        .replace(/chown node:node /g, canDropPrivileges ? `chown ${NOBODY}:${NOBODY} ` : 'true ');
      runShell(here, cwd, { PATH: process.env.PATH ?? '/usr/bin:/bin' });
    },
  });
  // The app folder is not the image user's: read-only to it.
  if (!canDropPrivileges) chmodSync(join(work, 'image', 'app'), 0o555);
  emulator = await startTelegramEmulator();
}, 1_200_000);

afterAll(async () => {
  if (bot && bot.exitCode === null) bot.kill('SIGKILL');
  await emulator?.close();
  if (!work) return;
  if (!canDropPrivileges && existsSync(join(work, 'image', 'app')))
    chmodSync(join(work, 'image', 'app'), 0o755);
  // Symlinks (./data) are removed, never followed.
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

describe('the Docker image, built from the Dockerfile and run with --env-file .env copied from .env.example', () => {
  it('builds: every step of the build stage finds what it needs, and the image has the built bot', () => {
    expect(existsSync(join(work, 'image', 'app', 'dist', 'main.js'))).toBe(true);
    // The admin Mini App's page was built in the build stage and shipped.
    expect(existsSync(join(work, 'image', 'app', 'dist', 'miniapp', 'index.html'))).toBe(true);
    // Pruned to production dependencies: the test runner does not ship.
    expect(existsSync(join(work, 'image', 'app', 'node_modules', 'better-sqlite3'))).toBe(true);
    expect(existsSync(join(work, 'image', 'app', 'node_modules', 'vitest'))).toBe(false);
  });

  it('starts as an unprivileged user, keeps its database in /data and answers', async () => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const [key, value] of Object.entries(image.env)) env[key] = mapped(value);
    // --env-file wins over the image's ENV, as in docker.
    Object.assign(env, dockerEnvFile(join(ROOT, '.env.example')));
    // What a reseller puts in the copied file: their token (here, the emulator's).
    env.BOT_TOKEN = emulator.token;
    env.TELEGRAM_API_ROOT = emulator.apiRoot;
    if (env.DATABASE_PATH) env.DATABASE_PATH = mapped(env.DATABASE_PATH);

    const cmd = image.cmd!;
    expect(cmd[0]).toBe('node');
    expect(image.user).toMatch(/^(node|\d+)$/);
    expect(image.volumes).toContain('/data');
    const user = canDropPrivileges
      ? ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups']
      : [];
    const [command, ...args] = [...user, process.execPath, ...cmd.slice(1)];
    bot = spawn(command!, args, {
      cwd: mapped(image.workdir),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    bot.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    bot.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

    await waitForOutput(/"msg":"bot started"/, 120_000);
    expect(existsSync(join(work, 'image', 'data', 'bot.sqlite'))).toBe(true);
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
