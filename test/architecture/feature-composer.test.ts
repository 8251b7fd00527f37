/**
 * Features build their middleware with the bot's Composer (src/bot/composer.ts): grammY's builds a
 * new Composer at every filter for every update, which was 40% of the bot's CPU per update.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = join(import.meta.dirname, '../../src/bot/features');
const files = readdirSync(FEATURES).filter((f) => f.endsWith('.ts'));

describe('features use the Composer built once', () => {
  it.each(files)('%s takes Composer from ../composer.js, not from grammY', (file) => {
    const source = readFileSync(join(FEATURES, file), 'utf8');
    const fromGrammy = /import\s*\{[^}]*\bComposer\b[^}]*\}\s*from\s*'grammy'/.test(source);
    expect(fromGrammy).toBe(false);
    if (/new Composer\b/.test(source)) expect(source).toContain("from '../composer.js'");
  });
});
