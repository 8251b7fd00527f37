/**
 * Where the Reseller API lives: the real one when RESELLER_API_KEY is set, otherwise a simulator
 * started in this process (sandbox mode), so anyone can try the bot without spending money.
 */
import type { Config } from './config.js';
import type { Logger } from './logger.js';

export interface Upstream {
  baseUrl: string;
  apiKey: string;
  sandbox: boolean;
  close(): Promise<void>;
}

const SANDBOX_API_KEY = 'sim-key';

export async function connectUpstream(config: Config, logger: Logger): Promise<Upstream> {
  if (config.reseller) {
    return {
      baseUrl: config.reseller.url,
      apiKey: config.reseller.apiKey,
      sandbox: false,
      close: async () => {},
    };
  }
  const { startSimulator } = await import('./simulator/server.js');
  const simulator = await startSimulator({
    accounts: [{ key: SANDBOX_API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
    orderStageMs: config.sandbox.orderStageMs,
    // A long-running sandbox must not keep every request it ever served.
    requestLogLimit: 10_000,
  });
  logger.warn(
    { baseUrl: simulator.baseUrl },
    '!!! SANDBOX MODE: RESELLER_API_KEY is not set, so generations run against the built-in simulator. Nothing is real and nothing is charged. !!!',
  );
  return {
    baseUrl: simulator.baseUrl,
    apiKey: SANDBOX_API_KEY,
    sandbox: true,
    close: () => simulator.close(),
  };
}
