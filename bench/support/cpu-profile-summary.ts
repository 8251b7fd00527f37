/**
 * Where a process spent its CPU: the top functions of a V8 CPU profile (`node --cpu-prof`) by self
 * time, and the self time per module (file, or package under node_modules).
 *
 *   npx tsx bench/support/cpu-profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

/** A short module name: the package under node_modules, else the path inside the repository. */
function moduleOf(url: string): string {
  if (!url) return '(native/vm)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  if (url.startsWith('node:')) return url;
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url;
}

/** Where a function is: the file inside its package, or inside the repository. */
function fileOf(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) return url.slice(nm + 'node_modules/'.length);
  const src = url.indexOf('/src/');
  return src >= 0 ? url.slice(src + 1) : url || '(native/vm)';
}

const fns = new Map<string, number>();
const modules = new Map<string, number>();
let total = 0;
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id)!;
  const mod = moduleOf(f.url);
  const name = `${f.functionName || '(anonymous)'}  ${fileOf(f.url)}:${f.lineNumber + 1}`;
  fns.set(name, (fns.get(name) ?? 0) + us);
  modules.set(mod, (modules.get(mod) ?? 0) + us);
  total += us;
}
const idle = [...fns].filter(([n]) => n.startsWith('(idle)')).reduce((s, [, us]) => s + us, 0);
const busy = total - idle;
const print = (title: string, rows: Map<string, number>) => {
  console.log(`\n${title} (of ${(busy / 1e6).toFixed(2)} s busy, ${(idle / 1e6).toFixed(2)} s idle)`);
  for (const [name, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    if (name.startsWith('(idle)')) continue;
    console.log(
      `  ${((us / busy) * 100).toFixed(1).padStart(5)}%  ${(us / 1e3).toFixed(0).padStart(7)} ms  ${name}`,
    );
  }
};
print('Top functions by self time', fns);
print('Self time by module', modules);

// Total (inclusive) time of the repository's own functions: what each part of the path costs.
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { callFrame: f } = byId.get(at)!;
    if (!f.url.includes('/src/') || f.url.includes('node_modules')) continue;
    const name = `${f.functionName || '(anonymous)'}  ${fileOf(f.url)}:${f.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
}
print("The repository's functions by total time (self + callees, sampled stacks)", inclusive);

// Each sample charged to the nearest of the repository's files on its stack (the file and the library
// code it called): which part of the bot the time is spent for. Work after an `await` has no caller
// on the stack: it is charged to whatever resumed it (a library, or "(no repository frame)").
const nearest = new Map<string, number>();
for (const [id, us] of selfUs) {
  let charged = '(no repository frame)';
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const { url } = byId.get(at)!.callFrame;
    if (url.includes('/src/') && !url.includes('node_modules')) {
      charged = fileOf(url);
      break;
    }
  }
  if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
  nearest.set(charged, (nearest.get(charged) ?? 0) + us);
}
print('Charged to the nearest repository file on the stack', nearest);
