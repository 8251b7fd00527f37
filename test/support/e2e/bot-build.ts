/**
 * The bot compiled to JavaScript once per test run, as the Docker image runs it (`node
 * dist/main.js`): an end-to-end file starts the bot several times, and each start under tsx costs
 * about 1.4 s more CPU than the compiled entry (a full run starts it about 150 times on two cores).
 *
 * esbuild transpiles each module on its own (no bundling), like tsx does. The output keeps the
 * source tree's depth under `.tmp/bot-build-<hash>/src`, with links to the folders the code finds
 * relative to itself (locales, migrations, the Mini App's build), so every path resolves as from
 * `src/`. The hash of the sources names the folder: a build is reused while they are unchanged,
 * and two projects building at once each rename a finished folder into place.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');
const SOURCES = join(REPO_ROOT, 'src');
/** Folders the code reaches relative to its own file (`../../locales` from src/texts, ...). */
const LINKED = ['locales', 'migrations', 'dist'];

async function sourceFiles(): Promise<string[]> {
  const entries = await readdir(SOURCES, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Builds (or reuses) the compiled bot; returns the path of its `main.js`. */
export async function buildBot(): Promise<string> {
  const files = await sourceFiles();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(SOURCES, file));
    hash.update(await readFile(file));
  }
  const name = `bot-build-${hash.digest('hex').slice(0, 16)}`;
  const target = join(REPO_ROOT, '.tmp', name);
  const entry = join(target, 'src', 'main.js');
  if (existsSync(entry)) return entry;

  const staging = join(REPO_ROOT, '.tmp', `${name}.${process.pid}.${Date.now()}`);
  await mkdir(staging, { recursive: true });
  await build({
    entryPoints: files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
    outdir: join(staging, 'src'),
    outbase: SOURCES,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node}`,
    logLevel: 'error',
  });
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    await cp(file, join(staging, 'src', relative(SOURCES, file)));
  }
  await writeFile(join(staging, 'package.json'), '{ "type": "module" }\n');
  for (const folder of LINKED) await symlink(join(REPO_ROOT, folder), join(staging, folder));
  try {
    await rename(staging, target);
  } catch {
    // Another project finished the same build first: use theirs.
    await rm(staging, { recursive: true, force: true });
  }
  // Builds of older sources are of no further use.
  for (const old of await readdir(join(REPO_ROOT, '.tmp'))) {
    if (/^bot-build-[0-9a-f]{16}$/.test(old) && old !== name) {
      await rm(join(REPO_ROOT, '.tmp', old), { recursive: true, force: true });
    }
  }
  return entry;
}
