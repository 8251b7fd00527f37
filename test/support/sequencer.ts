/**
 * Longest files first, across both projects: with a few workers the suite ends when its last long
 * file does, so those must not start last. Vitest's own order runs one project after the other,
 * which left the PostgreSQL project's end-to-end files (20-40 s each) for the end of the run.
 *
 * A file's weight is its duration from vitest's results cache when there is one (a developer's
 * machine); on a clean clone (CI) it is estimated from where the file lives and how big it is.
 */
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Rough seconds per KB of test source, by kind: end-to-end files wait on real processes. */
const SECONDS_PER_KB: ReadonlyArray<[RegExp, number]> = [
  [/^test\/e2e\//, 2],
  [/^test\/(miniapp|playground)\//, 1.5],
  [/\.contract\.test\.ts$/, 1],
  [/^test\/(services|workers|bot)\//, 0.5],
];
const OTHER_SECONDS_PER_KB = 0.2;

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weighed = await Promise.all(
      files.map(async (spec) => {
        const path = relative(root, spec.moduleId);
        const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`);
        if (cached && !cached.failed) return { spec, ms: cached.duration };
        const kb = (await stat(spec.moduleId)).size / 1024;
        const rate = SECONDS_PER_KB.find(([pattern]) => pattern.test(path))?.[1] ?? OTHER_SECONDS_PER_KB;
        // Unknown or failed last time: estimated, and a failure goes first so it shows early.
        return { spec, ms: cached?.failed ? Number.MAX_SAFE_INTEGER : kb * rate * 1000 };
      }),
    );
    return weighed.sort((a, b) => b.ms - a.ms).map((w) => w.spec);
  }
}
