/**
 * The layer rules of .dependency-cruiser.cjs (run by npm run lint) catch the imports they forbid:
 * a small tree of modules, one wrong import per rule, cruised with the repository's own config.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IFlattenedRuleSet } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as IFlattenedRuleSet & {
  options: Record<string, unknown>;
};

/** path -> the modules it imports (relative specifiers, as the code writes them). */
const TREE: Record<string, string[]> = {
  'src/main.ts': ['./app/container.js'],
  'src/app/container.ts': ['../bot/handler.js', '../workers/loop.js', '../server/router.js'],
  'src/bot/handler.ts': ['../telegram/view.js', '../services/use-case.js', '../workers/loop.js'],
  'src/workers/loop.ts': ['../telegram/view.js', '../bot/handler.js'],
  'src/telegram/view.ts': ['../services/use-case.js', '../bot/handler.js'],
  'src/services/use-case.ts': ['../domain/stage.js', '../db/repo.js', '../telegram/view.js'],
  'src/domain/stage.ts': ['../lib/helper.js'],
  'src/db/repo.ts': ['../domain/stage.js', '../services/use-case.js'],
  'src/server/router.ts': ['../app/container.js'],
  'src/lib/helper.ts': [],
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  for (const [path, imports] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    const lines = imports.map((spec, i) => `import * as m${i} from '${spec}';\nexport const v${i} = m${i};`);
    writeFileSync(join(dir, path), `${lines.join('\n')}\nexport const here = 1;\n`);
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('import rules', () => {
  it('report every forbidden import of the tree, and only those', async () => {
    const { tsConfig: _own, ...options } = config.options;
    const result = await cruise(['src'], {
      ...options,
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
    });
    if (typeof result.output === 'string') throw new Error('expected a cruise result');
    const found = result.output.summary.violations
      .filter((v) => v.rule.name !== 'no-circular')
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
      .sort();
    expect(found).toEqual(
      [
        'bot-not-workers: src/bot/handler.ts -> src/workers/loop.ts',
        'workers-not-bot: src/workers/loop.ts -> src/bot/handler.ts',
        'telegram-below-bot-and-workers: src/telegram/view.ts -> src/bot/handler.ts',
        'services-free-of-telegram: src/services/use-case.ts -> src/telegram/view.ts',
        'domain-imports-nothing: src/domain/stage.ts -> src/lib/helper.ts',
        'db-below-services: src/db/repo.ts -> src/services/use-case.ts',
        'only-main-uses-app: src/server/router.ts -> src/app/container.ts',
      ].sort(),
    );
    // The tree's cycles (bot <-> workers, services <-> db, ...) are reported as such.
    expect(result.output.summary.violations.some((v) => v.rule.name === 'no-circular')).toBe(true);
  });
});
