/**
 * Runs the real bot entry point as a child process, so end-to-end tests exercise the unmodified bot
 * over HTTP: under vitest the run's compiled build (bot-build.ts, as the Docker image runs it),
 * elsewhere (benchmarks) src/main.ts through tsx, as `npm start` does. Logs are kept for
 * assertions and for failure messages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { devNull } from 'node:os';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The bot's environment is only what a test passes: a developer's .env in the repository (the
 * README's step 2) must not reach it. The variables a test leaves unset would otherwise come from
 * that file (dotenv never overrides a set one, but fills every gap): its DATABASE_URL, its billing.
 * dotenv reads the empty device instead, quietly; a test may still name a file of its own.
 */
const BASE_ENV = { DOTENV_CONFIG_PATH: devNull, DOTENV_CONFIG_QUIET: 'true', NODE_ENV: 'test' };

/** node's arguments for the bot's entry point: the compiled build when the run made one. */
function entryArgs(): string[] {
  const compiled = process.env.TEST_BOT_ENTRY;
  return compiled ? [compiled] : ['--import', 'tsx', 'src/main.ts'];
}

export interface BotProcessOptions {
  env: Record<string, string>;
  /** Resolve start() once a log line matches this (default: the "bot started" line). */
  readyPattern?: RegExp;
  startTimeoutMs?: number;
  /** Flags for node itself (benchmarks: --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** Called with the process as soon as it is spawned (a test may kill it before it is ready). */
  onSpawn?: (bot: BotProcess) => void;
}

export class BotProcess {
  readonly lines: string[] = [];
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exited: Promise<void>;
  private lineWaiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];

  private constructor(private readonly child: ChildProcess) {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let newline = buffered.indexOf('\n');
      while (newline >= 0) {
        this.onLine(buffered.slice(0, newline));
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf('\n');
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        if (buffered) this.onLine(buffered);
        this.exitInfo = { code, signal };
        done();
      }),
    );
  }

  static async start(opts: BotProcessOptions): Promise<BotProcess> {
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entryArgs()], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...BASE_ENV, LOG_LEVEL: 'debug', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const bot = new BotProcess(child);
    opts.onSpawn?.(bot);
    const ready = bot.waitForLine(opts.readyPattern ?? /"msg":"bot started"/, opts.startTimeoutMs ?? 30_000);
    try {
      await Promise.race([
        ready,
        bot.exited.then(() => {
          throw new Error(`bot exited during start-up (${JSON.stringify(bot.exitInfo)}):\n${bot.output()}`);
        }),
      ]);
    } catch (err) {
      // A start that timed out leaves a bot the caller never gets to stop: it would go on answering
      // (and polling) beside the next test's bot, so it goes now.
      if (bot.exitInfo === undefined) {
        child.kill('SIGKILL');
        await bot.exited;
      }
      throw err;
    }
    return bot;
  }

  /** Runs the entry point to completion (for start-up failures such as a bad config). */
  static async runToExit(
    env: Record<string, string>,
    timeoutMs = 30_000,
  ): Promise<{ code: number | null; output: string }> {
    const child = spawn(process.execPath, entryArgs(), {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...BASE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const bot = new BotProcess(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    await bot.exited;
    clearTimeout(timer);
    return { code: bot.exitInfo?.code ?? null, output: bot.output() };
  }

  private onLine(line: string) {
    this.lines.push(line);
    for (const waiter of [...this.lineWaiters]) {
      if (waiter.pattern.test(line)) {
        this.lineWaiters = this.lineWaiters.filter((w) => w !== waiter);
        waiter.resolve(line);
      }
    }
  }

  /** Resolves with the first line (already logged or future) that matches. */
  waitForLine(pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    const existing = this.lines.find((l) => pattern.test(l));
    if (existing) return Promise.resolve(existing);
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.lineWaiters = this.lineWaiters.filter((w) => w.pattern !== pattern);
        reject(new Error(`no log line matched ${pattern} within ${timeoutMs} ms:\n${this.output()}`));
      }, timeoutMs);
      this.lineWaiters.push({
        pattern,
        resolve: (line) => {
          clearTimeout(timer);
          resolvePromise(line);
        },
      });
    });
  }

  output(): string {
    return this.lines.slice(-200).join('\n');
  }

  /** The process id (benchmarks read its CPU time). */
  get pid(): number {
    return this.child.pid ?? 0;
  }

  get exitCode(): number | null | undefined {
    return this.exitInfo?.code;
  }

  /** SIGKILL: the crash case, nothing is flushed or closed. */
  async kill(): Promise<void> {
    if (this.exitInfo) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM: graceful shutdown; resolves with the exit code. */
  async stop(timeoutMs = 15_000): Promise<number | null> {
    if (!this.exitInfo) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
      await this.exited;
      clearTimeout(timer);
    }
    return this.exitInfo?.code ?? null;
  }
}
