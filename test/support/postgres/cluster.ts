/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: initdb + pg_ctl from the Debian
 * `postgresql` package in a temp folder, on a free loopback port, trust auth, durability off (the
 * data is thrown away). When the process runs as root, the server runs as the `postgres` user:
 * PostgreSQL refuses to run as root.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/free-port.js';

export interface PostgresCluster {
  /** The superuser's URL, to the `postgres` database. */
  readonly url: string;
  stop(): void;
}

/** The folder holding initdb and pg_ctl, or undefined when the package is not installed. */
export function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = join(root, version, 'bin');
      if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
    }
  }
  return undefined;
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const run = (program: string, args: string[]) => {
    const command = join(bin, program);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: dir });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The PostgreSQL server of a benchmark: BENCH_DATABASE_URL, else a throwaway cluster, else none
 * (said on the console). `stop()` ends the cluster if one was started.
 */
export async function benchPostgres(): Promise<{ url: string | undefined; stop(): void }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const bin = findPostgresBin();
  if (!bin) {
    console.log('(no PostgreSQL: install the postgresql package or set BENCH_DATABASE_URL)');
    return { url: undefined, stop: () => {} };
  }
  const cluster = await startPostgresCluster(bin);
  return { url: cluster.url, stop: () => cluster.stop() };
}
