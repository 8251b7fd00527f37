/**
 * `npm run playground` as a child process, typed into as a person types: lines on stdin, and
 * waits on what it prints. Every wait is for an event (a line printed), never a fixed delay.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

export class PlaygroundProcess {
  #output = '';
  /** Where the next wait starts reading: what was printed before the last line typed is old. */
  #cursor = 0;
  readonly #exited: Promise<number | null>;
  #waiters: Array<() => void> = [];

  private constructor(private readonly child: ChildProcess) {
    const onData = (chunk: Buffer) => {
      this.#output += chunk.toString('utf8');
      for (const wake of this.#waiters) wake();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.#exited = new Promise((done) => child.once('exit', (code) => done(code)));
    void this.#exited.then(() => {
      for (const wake of this.#waiters) wake();
    });
  }

  /** `repo`: another checkout to run it in (a copy with a .env of its own, say). */
  static start(args: string[] = [], options: { repo?: string } = {}): PlaygroundProcess {
    const child = spawn('npm', ['run', '--silent', 'playground', '--', ...args], {
      cwd: options.repo ?? REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
      // Its own process group: npm, the playground and the bot it starts go down together.
      detached: true,
    });
    return new PlaygroundProcess(child);
  }

  get output(): string {
    return this.#output;
  }

  /** Types one line, as a person presses Enter. */
  type(line: string): void {
    this.#cursor = this.#output.length;
    this.child.stdin?.write(`${line}\n`);
  }

  /** The first match of `pattern` in what was printed since the last line typed. */
  waitFor(pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
    return new Promise((resolvePromise, reject) => {
      const check = () => {
        const match = pattern.exec(this.#output.slice(this.#cursor));
        if (match) {
          finish();
          resolvePromise(match);
        } else if (this.child.exitCode !== null) {
          finish();
          reject(new Error(`playground exited before printing ${pattern}:\n${this.#output}`));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(
          new Error(`playground printed nothing matching ${pattern} in ${timeoutMs} ms:\n${this.#output}`),
        );
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((w) => w !== check);
      };
      this.#waiters.push(check);
      check();
    });
  }

  /** Waits for a numbered button whose label matches, and presses it (types `#N`). */
  async press(label: RegExp, timeoutMs?: number): Promise<string> {
    const match = await this.waitFor(new RegExp(`^  #(\\d+) (${label.source})$`, 'm'), timeoutMs);
    this.type(`#${match[1]}`);
    return match[2]!;
  }

  /** Types `:quit` and resolves with the exit code. */
  async quit(): Promise<number | null> {
    this.type(':quit');
    const timer = setTimeout(() => this.kill(), 60_000);
    const code = await this.#exited;
    clearTimeout(timer);
    return code;
  }

  /** The whole process group (npm, the playground, the bot), whatever state it is in. */
  kill(): void {
    try {
      if (this.child.pid) process.kill(-this.child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
