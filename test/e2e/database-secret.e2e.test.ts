/**
 * The password in DATABASE_URL is a secret like the bot token: the bot on PostgreSQL logs at debug
 * level through start-up, an order and a shutdown without it, and db:copy's refusal names the
 * database without it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from '../support/databases.js';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

const PASSWORD = 'Pg-Secret-7f3e9a';

describe.skipIf(!availableEngines().includes('postgres'))('DATABASE_URL password', () => {
  let stack: Stack;
  let url: string;

  beforeAll(async () => {
    stack = await startStack({ engine: 'postgres' });
    // The test server trusts local connections, so any password opens it: what matters here is
    // where the bot might repeat it.
    const withPassword = new URL(stack.env.DATABASE_URL!);
    withPassword.password = PASSWORD;
    url = withPassword.toString();
    await stack.restartBot({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('never appears in the log, from start-up to shutdown', async () => {
    const user = stack.emulator.createUser({ first_name: 'Sid', language_code: 'en' });
    await pricedTextImage(user, 'A quiet harbour');
    await confirmOrder(user);
    await user.waitForMessage((m) => m.mediaType === 'photo', { timeoutMs: 15_000 });
    const bot = stack.bot;
    await bot.stop();
    expect(bot.output()).toContain('"msg":"bye"');
    expect(bot.output()).not.toContain(PASSWORD);
  });

  it('db:copy names the target without it when it fails', async () => {
    // A source that is not a SQLite file: the copy fails before it writes anything.
    const notSqlite = join(mkdtempSync(join(tmpdir(), 'not-sqlite-')), 'bot.sqlite');
    writeFileSync(notSqlite, Buffer.alloc(4096, 0x42));
    const output = await new Promise<{ code: number | null; text: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-copy.ts', notSqlite, url], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: { PATH: process.env.PATH ?? '' },
      });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.stderr.on('data', (chunk) => (text += chunk));
      child.on('exit', (code) => done({ code, text }));
    });
    expect(output.code).toBe(1);
    expect(output.text).toMatch(/db:copy (refused|failed)/);
    expect(output.text).toContain(':***@');
    expect(output.text).not.toContain(PASSWORD);
  });
});
