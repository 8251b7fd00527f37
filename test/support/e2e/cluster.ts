/**
 * Several replicas of the real bot on one PostgreSQL database, in webhook mode, behind the
 * emulator playing Telegram and the load balancer (it POSTs each update to one replica,
 * round-robin, some to two at once). The upstream simulator is shared.
 */
import {
  type RunningSimulator,
  type SimulatorOptions,
  startSimulator,
} from '../../../src/simulator/server.js';
import { createTestDatabase, type TestDatabase } from '../databases.js';
import { type EmulatorOptions, startTelegramEmulator, type TelegramEmulator } from '../telegram/emulator.js';
import { BotProcess } from './bot-process.js';
import { freePort } from './free-port.js';
import { waitUntilHandled, waitUntilSettled } from './handled.js';
import { closeAndCheck, E2E_API_KEY } from './stack.js';

const SECRET = 'whsec_cluster-test';

/** What makes a process replica `index` in webhook mode on `port` (the rest of its env is shared). */
export function webhookReplicaEnv(index: number, port: number, secret = SECRET): Record<string, string> {
  return {
    BOT_MODE: 'webhook',
    WEBHOOK_URL: 'https://bot.example.com',
    WEBHOOK_SECRET: secret,
    PORT: String(port),
    REPLICA_ID: `replica-${index}`,
  };
}

export interface Cluster {
  emulator: TelegramEmulator;
  simulator: RunningSimulator;
  database: TestDatabase;
  /** replicas[i] is REPLICA_ID replica-i on ports[i]; undefined while killed. */
  replicas: Array<BotProcess | undefined>;
  /** kill -9 of replica i. */
  kill(i: number): Promise<void>;
  /** Starts replica i again (same REPLICA_ID and port). */
  restart(i: number): Promise<BotProcess>;
  /** The replica running the singleton jobs now, by its last word in the log. */
  singletonHolder(): number | undefined;
  /** Every update sent so far stored by some replica and handled (handled.ts). */
  handledAll(timeoutMs?: number): Promise<void>;
  /** handledAll, and no order or broadcast with work in hand (handled.ts). */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startCluster(opts: {
  replicas: number;
  env?: Record<string, string>;
  simulator?: SimulatorOptions;
  emulator?: Omit<EmulatorOptions, 'webhook'>;
  /** Every Nth update is POSTed to two replicas at once. */
  duplicateEvery?: number;
}): Promise<Cluster> {
  const database = await createTestDatabase('postgres');
  const ports = await Promise.all(Array.from({ length: opts.replicas }, () => freePort()));
  const emulator = await startTelegramEmulator({
    ...opts.emulator,
    webhook: {
      targets: ports.map((p) => `http://127.0.0.1:${p}`),
      ...(opts.duplicateEvery ? { duplicateEvery: opts.duplicateEvery } : {}),
    },
  });
  const simulator = await startSimulator({
    accounts: [{ key: E2E_API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
    orderStageMs: 300,
    activeOrderCap: 5000,
    ...opts.simulator,
  });
  const envOf = (i: number): Record<string, string> => ({
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: simulator.baseUrl,
    RESELLER_API_KEY: E2E_API_KEY,
    ...database.env,
    ...webhookReplicaEnv(i, ports[i]!),
    ORDER_POLL_MIN_MS: '100',
    ORDER_POLL_MAX_MS: '1000',
    RESULT_URLS_ALLOW_HTTP: 'true',
    RESULT_URLS_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'debug',
    ...opts.env,
  });
  // One after another: the first applies the migrations, the others find them applied.
  const replicas: Array<BotProcess | undefined> = [];
  for (let i = 0; i < opts.replicas; i++) replicas.push(await BotProcess.start({ env: envOf(i) }));

  const cluster: Cluster = {
    emulator,
    simulator,
    database,
    replicas,
    async kill(i) {
      await replicas[i]?.kill();
      replicas[i] = undefined;
    },
    async restart(i) {
      await replicas[i]?.stop();
      const bot = await BotProcess.start({ env: envOf(i) });
      replicas[i] = bot;
      return bot;
    },
    singletonHolder() {
      const live = replicas
        .map((bot, i) => ({ bot, i }))
        .filter((r): r is { bot: BotProcess; i: number } => r.bot !== undefined);
      for (const { bot, i } of live) {
        const said = bot.lines.filter((l) => /this replica (runs|stops) the singleton jobs/.test(l)).at(-1);
        if (said && /runs the singleton jobs/.test(said)) return i;
      }
      return undefined;
    },
    handledAll: (timeoutMs) => waitUntilHandled(emulator, database, timeoutMs),
    settled: (timeoutMs) => waitUntilSettled(emulator, database, timeoutMs),
    close: () =>
      closeAndCheck(emulator, [
        () => Promise.all(replicas.map((bot) => bot?.stop())),
        () => emulator.close(),
        () => simulator.close(),
        () => database.drop(),
      ]),
  };
  return cluster;
}
