import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { parseSimAccounts, SimEnvError, simulatorOptionsFromEnv } from '../../src/simulator/env.js';

describe('parseSimAccounts', () => {
  it('returns undefined (default account) when unset or blank', () => {
    expect(parseSimAccounts(undefined)).toBeUndefined();
    expect(parseSimAccounts('  ')).toBeUndefined();
  });

  it('parses accounts, keeping amounts as decimal strings', () => {
    expect(
      parseSimAccounts(
        '[{"key":"a","balance_usd":"10.50","deposit_usd":"60"},{"key":"b","balance_usd":5,"deposit_usd":0}]',
      ),
    ).toEqual([
      { key: 'a', balance_usd: '10.50', deposit_usd: '60' },
      { key: 'b', balance_usd: '5', deposit_usd: '0' },
    ]);
    expect(parseSimAccounts('[{"key":"c","balance_usd":"1.00"}]')).toEqual([
      { key: 'c', balance_usd: '1.00', deposit_usd: '0' },
    ]);
  });

  it('explains invalid JSON and invalid entries', () => {
    expect(() => parseSimAccounts('[{key:')).toThrow(/SIM_ACCOUNTS is not valid JSON/);
    expect(() => parseSimAccounts('{"key":"a"}')).toThrow(/non-empty JSON array/);
    expect(() => parseSimAccounts('[]')).toThrow(SimEnvError);
    expect(() => parseSimAccounts('[{"balance_usd":"1.00"}]')).toThrow(/SIM_ACCOUNTS\[0\]\.key/);
    expect(() => parseSimAccounts('[{"key":"a","balance_usd":"-1"}]')).toThrow(/balance_usd/);
    expect(() => parseSimAccounts('[{"key":"a","balance_usd":"ten"}]')).toThrow(/balance_usd/);
    expect(() => parseSimAccounts('[{"key":"a","balance_usd":"1"},{"key":"a","balance_usd":"2"}]')).toThrow(
      /duplicated/,
    );
  });
});

describe('simulatorOptionsFromEnv', () => {
  it('defaults the port to 8787 and reads SIM_ORDER_MS and SIM_CATALOG', () => {
    expect(simulatorOptionsFromEnv({})).toEqual({ port: 8787 });
    expect(
      simulatorOptionsFromEnv({ SIM_PORT: '9000', SIM_ORDER_MS: '250', SIM_CATALOG: '/x.json' }),
    ).toEqual({
      port: 9000,
      orderStageMs: 250,
      catalogPath: '/x.json',
    });
    expect(() => simulatorOptionsFromEnv({ SIM_ORDER_MS: 'fast' })).toThrow(/SIM_ORDER_MS/);
  });
});

function runMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, output: () => ({ stdout, stderr }) };
}

describe('main.ts process', () => {
  it('logs the base URL, serves, and exits 0 on SIGTERM', async () => {
    const { child, output } = runMain({
      SIM_PORT: '0',
      SIM_ACCOUNTS: '[{"key":"proc-key","balance_usd":"3.00"}]',
    });
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(output().stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`exited early: ${JSON.stringify(output())}`)));
    });
    const balance = await fetch(`${baseUrl}/balance`, { headers: { authorization: 'Bearer proc-key' } });
    expect(await balance.json()).toEqual({ success: true, balance_usd: '3.00' });
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('exits 1 with a clear message on invalid SIM_ACCOUNTS', async () => {
    const { child, output } = runMain({ SIM_PORT: '0', SIM_ACCOUNTS: 'not json' });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output().stderr).toContain('SIM_ACCOUNTS is not valid JSON');
  });
});
