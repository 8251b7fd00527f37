/**
 * `npm run simulator`: runs the Reseller API simulator as a process.
 * Env: SIM_PORT (default 8787), SIM_HOST, SIM_ACCOUNTS (JSON array of {key, balance_usd, deposit_usd}),
 * SIM_ORDER_MS (time per order stage), SIM_CATALOG (catalog JSON file).
 */
import { SimEnvError, simulatorOptionsFromEnv } from './env.js';
import { startSimulator } from './server.js';

async function main(): Promise<void> {
  let options: ReturnType<typeof simulatorOptionsFromEnv>;
  try {
    options = simulatorOptionsFromEnv(process.env);
  } catch (error) {
    if (error instanceof SimEnvError) {
      console.error(`[simulator] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const simulator = await startSimulator({ requestLogLimit: 10_000, ...options });
  const keys = simulator.state.listAccountKeys().join(', ');
  console.log(`[simulator] Reseller API simulator listening at ${simulator.baseUrl} (accounts: ${keys})`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`[simulator] ${signal} received, shutting down`);
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('[simulator] error while closing', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[simulator] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
