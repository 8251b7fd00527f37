/** CPU time of processes, from /proc: where the time of a benchmark went (Linux only; 0 elsewhere). */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process and its children have used, from /proc. */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process on the machine. */
export function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-f', 'postgres'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** The whole machine's busy CPU seconds so far (all cores), from /proc/stat: the load of others too. */
export function machineBusySeconds(): number {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    return (ticks.reduce((a, b) => a + b, 0) - idle) / 100;
  } catch {
    return 0;
  }
}
