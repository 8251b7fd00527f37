/** Reads simulator settings from environment variables (pure, so it is testable without a process). */
import { isUsdString } from './money.js';
import type { SimAccount, SimulatorOptions } from './server.js';

export class SimEnvError extends Error {
  override name = 'SimEnvError';
}

function money(value: unknown, where: string): string {
  // Numbers are tolerated for convenience (`100`), but converted to decimal strings at once.
  const text = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? String(value) : value;
  if (typeof text !== 'string' || !isUsdString(text)) {
    throw new SimEnvError(`${where} must be a non-negative decimal USD amount like "100.00"`);
  }
  return text;
}

/**
 * SIM_ACCOUNTS: a JSON array of `{ key, balance_usd, deposit_usd }`. Undefined or blank: the
 * default account. Anything malformed throws a SimEnvError naming the problem.
 */
export function parseSimAccounts(raw: string | undefined): SimAccount[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new SimEnvError(`SIM_ACCOUNTS is not valid JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value) || value.length === 0) {
    throw new SimEnvError('SIM_ACCOUNTS must be a non-empty JSON array of {key, balance_usd, deposit_usd}');
  }
  const keys = new Set<string>();
  return value.map((item: unknown, index) => {
    const where = `SIM_ACCOUNTS[${index}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new SimEnvError(`${where} must be an object`);
    const { key, balance_usd, deposit_usd } = item as Record<string, unknown>;
    if (typeof key !== 'string' || key.trim() === '' || /\s/.test(key)) {
      throw new SimEnvError(`${where}.key must be a non-empty string without spaces`);
    }
    if (keys.has(key)) throw new SimEnvError(`${where}.key ${key} is duplicated`);
    keys.add(key);
    return {
      key,
      balance_usd: money(balance_usd, `${where}.balance_usd`),
      deposit_usd: money(deposit_usd ?? '0', `${where}.deposit_usd`),
    };
  });
}

function nonNegativeInteger(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\d+$/.test(raw.trim())) throw new SimEnvError(`${name} must be a non-negative integer, got ${raw}`);
  return Number(raw.trim());
}

/** SIM_PORT (default 8787), SIM_HOST, SIM_ACCOUNTS, SIM_ORDER_MS, SIM_CATALOG. */
export function simulatorOptionsFromEnv(env: NodeJS.ProcessEnv): SimulatorOptions {
  const options: SimulatorOptions = { port: nonNegativeInteger(env['SIM_PORT'], 'SIM_PORT') ?? 8787 };
  if (env['SIM_HOST']) options.host = env['SIM_HOST'];
  const accounts = parseSimAccounts(env['SIM_ACCOUNTS']);
  if (accounts) options.accounts = accounts;
  const orderMs = nonNegativeInteger(env['SIM_ORDER_MS'], 'SIM_ORDER_MS');
  if (orderMs !== undefined) options.orderStageMs = orderMs;
  if (env['SIM_CATALOG']) options.catalogPath = env['SIM_CATALOG'];
  return options;
}
