/**
 * Builds the admin Mini App's page (miniapp/ → dist/miniapp) with Vite. Runs by itself after
 * `npm ci` (the `prepare` script), in `npm test` and in `npm run build`, so the README's two commands
 * need no extra step. Skipped, saying why, where it cannot run: a production-only install has no
 * Vite, and Docker's dependency layer is installed before the sources are copied in.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const config = fileURLToPath(new URL('../miniapp/vite.config.ts', import.meta.url));

if (!existsSync(config)) {
  console.log('build-miniapp: no miniapp/ sources here yet, skipped');
} else {
  let vite: typeof import('vite') | undefined;
  try {
    vite = await import('vite');
  } catch {
    console.log('build-miniapp: Vite is not installed (production install), skipped');
  }
  if (vite) {
    await vite.build({ configFile: config, logLevel: 'warn' });
    console.log('build-miniapp: dist/miniapp built');
  }
}
