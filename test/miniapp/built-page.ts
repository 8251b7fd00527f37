/**
 * The built Mini App (dist/miniapp) for the tests that read or serve it: `npm test` builds it first;
 * a single test file run on its own builds it here when it is missing or older than its sources.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { MINIAPP_BUILD_DIR } from '../../src/server/miniapp/static.js';
import { haveChromium, launchChromium } from '../support/chromium.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCES = ['miniapp', 'locales', 'src/services/admin/dashboard-types.ts'].map((p) => join(ROOT, p));

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export async function ensureMiniAppBuilt(): Promise<string> {
  const index = join(MINIAPP_BUILD_DIR, 'index.html');
  if (!existsSync(index) || statSync(index).mtimeMs < Math.max(...SOURCES.map(newest))) {
    // As `npm run build:miniapp` builds it: under vitest NODE_ENV is "test", and the libraries'
    // development code would then be bundled (and counted by the size budget).
    const nodeEnv = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    try {
      await build({ configFile: join(ROOT, 'miniapp/vite.config.ts'), logLevel: 'warn' });
    } finally {
      process.env['NODE_ENV'] = nodeEnv;
    }
  }
  return MINIAPP_BUILD_DIR;
}

/**
 * Headless Chromium for one test file's pages: launched once before them (the page built, the
 * screenshots' folder made), closed after. Undefined where Chromium is missing (the file's suites
 * skip then).
 */
export function chromiumForFile(shots: string): () => Browser | undefined {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!haveChromium) return;
    mkdirSync(shots, { recursive: true });
    await ensureMiniAppBuilt();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser;
}
