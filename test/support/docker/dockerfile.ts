/**
 * Reads the Dockerfile and replays its instructions on this machine, which has no docker daemon.
 * Each stage gets a folder of its own standing for the image's `/`; image paths (`/app`, `/data`)
 * map into it. COPY follows docker's rules for the few forms we use (files and folders from the
 * build context minus `.dockerignore`, or `--from=<stage>` out of an earlier stage's folder), RUN runs
 * through `sh -c` in the WORKDIR with the stage's ENV. Written here rather than taken from a library:
 * the parsers on npm parse but do not replay, and replaying our six instructions is a page.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join, posix, relative } from 'node:path';

export interface Instruction {
  op: string;
  args: string;
}

export interface Stage {
  name?: string;
  instructions: Instruction[];
}

/** Stages in order; line continuations joined, comments and parser directives dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of logical) {
    const [, op, args = ''] = /^(\w+)\s*(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === 'FROM') {
      const name = /\sAS\s+(\S+)/i.exec(args)?.[1];
      stages.push({ ...(name ? { name } : {}), instructions: [] });
    } else stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

/** `.dockerignore` patterns of the context (plain names and `*` globs, from the context's root). */
export function dockerIgnore(context: string): RegExp[] {
  const file = join(context, '.dockerignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((pattern) => {
      const glob = (part: string) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '[^/]*')
          .replace(/\?/g, '[^/]');
      const body = pattern
        .replace(/^\/+|\/+$/g, '')
        .split('**')
        .map(glob)
        .join('.*');
      // A pattern naming a folder leaves out everything under it too.
      return new RegExp(`^${body}(/.*)?$`);
    });
}

export interface ReplayOptions {
  /** The build context (the repository). */
  context: string;
  /** The folder standing for the stage's `/`. */
  root: string;
  /** Earlier stages' roots, by name, for `COPY --from=`. */
  stages?: Record<string, string>;
  /** What to do with a RUN; the default runs it. */
  run?: (command: string, cwd: string, env: Record<string, string>) => void;
  /** Variables every RUN gets besides the stage's ENV (PATH, HOME...). */
  baseEnv?: Record<string, string>;
}

export interface ReplayResult {
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  volumes: string[];
}

/** An image path at its place under `root`. */
export const inImage = (root: string, path: string) => join(root, path);

function copyFromContext(context: string, ignore: RegExp[], source: string, to: string) {
  const from = join(context, source);
  const ignored = (path: string) => {
    const rel = relative(context, path).split('\\').join('/');
    return rel !== '' && ignore.some((re) => re.test(rel));
  };
  if (!existsSync(from) || ignored(from)) throw new Error(`COPY ${source}: not in the build context`);
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, filter: (path) => !ignored(path) });
}

/** Replays one stage's instructions in order. */
export function replayStage(stage: Stage, options: ReplayOptions): ReplayResult {
  const { context, root } = options;
  const ignore = dockerIgnore(context);
  const result: ReplayResult = { workdir: '/', env: {}, volumes: [] };
  mkdirSync(root, { recursive: true });
  for (const { op, args } of stage.instructions) {
    if (op === 'WORKDIR') {
      result.workdir = posix.resolve(result.workdir, args);
      mkdirSync(inImage(root, result.workdir), { recursive: true });
    } else if (op === 'ENV') {
      for (const [, key, value] of args.matchAll(/(\w+)=(\S+)/g)) result.env[key!] = value!;
    } else if (op === 'USER') result.user = args;
    else if (op === 'VOLUME') result.volumes.push(...(JSON.parse(args) as string[]));
    else if (op === 'CMD') result.cmd = JSON.parse(args) as string[];
    else if (op === 'COPY') {
      const parts = args.split(/\s+/);
      const from = parts[0]!.startsWith('--from=') ? parts.shift()!.slice('--from='.length) : undefined;
      const dest = parts.pop()!;
      const target = posix.resolve(result.workdir, dest);
      const intoFolder = dest.endsWith('/') || parts.length > 1;
      for (const source of parts) {
        let to = inImage(root, intoFolder ? posix.join(target, basename(source)) : target);
        if (from) {
          const fromRoot = options.stages?.[from];
          if (!fromRoot) throw new Error(`COPY --from=${from}: no such stage before this one`);
          const path = inImage(fromRoot, source);
          if (!existsSync(path)) throw new Error(`COPY --from=${from} ${source}: not in that stage`);
          // The earlier stage is done with: its files move rather than copy (node_modules is big).
          mkdirSync(dirname(to), { recursive: true });
          renameSync(path, to);
        } else {
          // A folder's contents go into the target folder, as docker does.
          const isFolder = statSync(join(context, source)).isDirectory();
          if (isFolder && intoFolder) to = inImage(root, target);
          copyFromContext(context, ignore, source, to);
        }
      }
    } else if (op === 'RUN') {
      const cwd = inImage(root, result.workdir);
      const env = { ...options.baseEnv, ...result.env };
      if (options.run) options.run(args, cwd, env);
      else runShell(args, cwd, env);
    } else throw new Error(`replaying ${op} is not supported`);
  }
  return result;
}

/**
 * One RUN, to its end or its bound: `npm ci` compiling better-sqlite3 takes about 3 minutes on an
 * idle 2-core machine and 7 under a load of 10; a step that takes longer than this is stuck.
 */
export function runShell(command: string, cwd: string, env: Record<string, string>, timeoutMs = 15 * 60_000) {
  const out = spawnSync('sh', ['-c', command], {
    cwd,
    env,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
  });
  if (out.status !== 0)
    throw new Error(
      `RUN ${command} failed (${out.error ? out.error.message : `exit ${out.status}`}):\n${out.stdout}\n${out.stderr}`,
    );
}

/** `apt-get install ... a b c`: the packages it names. */
export function aptPackages(command: string): string[] {
  const install = /apt-get install([^&;]*)/.exec(command)?.[1] ?? '';
  return install
    .trim()
    .split(/\s+/)
    .filter((word) => word && !word.startsWith('-'));
}
