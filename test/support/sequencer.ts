/**
 * Longest files first, across both projects: with three workers the suite ends when its last long
 * file does, so those must not start last. Vitest's own order runs one project after the other and,
 * on a clean clone, larger files first, which left broadcast-scale (100 s) and the PostgreSQL
 * project's end-to-end files (20-40 s each) for the end of the run.
 *
 * A file's weight: its duration in vitest's results cache (a developer's machine), else its seconds
 * in test/durations.json (written by scripts/test-durations.ts from a full run; a clean clone in
 * CI has no cache), else an estimate: an unknown end-to-end file about 20 s, anything else by size.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS: Record<string, number> = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../durations.json'), 'utf8'),
);
const UNKNOWN_E2E_MS = 20_000;
/** A file not in durations.json took under 2 s: a tenth of a second per KB keeps them below. */
const MS_PER_KB = 100;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weighed = await Promise.all(
      files.map(async (spec) => {
        const path = relative(root, spec.moduleId);
        const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
        // A failure last time goes first, so it shows early.
        if (cached?.failed) return { spec, ms: Number.MAX_SAFE_INTEGER };
        if (cached) return { spec, ms: cached.duration };
        const listed = DURATIONS[path];
        if (listed !== undefined) return { spec, ms: listed * 1000 };
        if (path.startsWith('test/e2e/')) return { spec, ms: UNKNOWN_E2E_MS };
        return { spec, ms: ((await stat(spec.moduleId)).size / 1024) * MS_PER_KB };
      }),
    );
    return weighed.sort((a, b) => b.ms - a.ms).map((w) => w.spec);
  }
}
