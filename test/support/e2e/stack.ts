/**
 * One end-to-end stack: the Telegram Bot API emulator and the upstream simulator as real HTTP
 * servers in the test process, and the real bot as a child process talking to both.
 */
import { expect } from 'vitest';
import {
  type RunningSimulator,
  type SimulatorOptions,
  startSimulator,
} from '../../../src/simulator/server.js';
import { createTestDatabase, type EngineName, type TestDatabase } from '../databases.js';
import { type EmulatorOptions, startTelegramEmulator, type TelegramEmulator } from '../telegram/emulator.js';
import { BotProcess } from './bot-process.js';
import { waitUntilHandled, waitUntilSettled } from './handled.js';

export const E2E_API_KEY = 'e2e-secret-api-key';
/**
 * How long to wait for an order's outcome after a kill -9. A kill that lands while a poll is in
 * flight leaves that order claimed; the restarted bot (same REPLICA_ID, the host name) takes the
 * claim back at once. The wait still covers a whole poll lease (60 s), so a test about the outcome
 * never fails on how fast that happened on a loaded machine.
 */
export const POLL_LEASE_WAIT_MS = 75_000;

export interface Stack {
  emulator: TelegramEmulator;
  simulator: RunningSimulator;
  bot: BotProcess;
  /** The bot's database (SQLite, or PostgreSQL with TEST_ENGINE=postgres), for assertions. */
  database: TestDatabase;
  env: Record<string, string>;
  /** Starts the bot again on the same database (after kill() or stop()). */
  restartBot(extraEnv?: Record<string, string>): Promise<BotProcess>;
  /**
   * Resolves once the bot has stored every update sent so far and handled each (handled.ts): the
   * positive signal a negative check waits for ("after this update, no message was sent").
   */
  handledAll(timeoutMs?: number): Promise<void>;
  /** handledAll, and no order or broadcast with work in hand (handled.ts). */
  settled(timeoutMs?: number): Promise<void>;
  /**
   * Stops everything, then fails if the bot broke a Telegram rule the emulator enforces (its
   * `problems`): every suite checks that, and a failing check still leaves nothing running.
   */
  close(): Promise<void>;
}

/**
 * Stops the bot, then the rest whatever fails on the way, then asserts that the emulator saw no broken
 * Telegram rule (what the bot did up to its stop).
 */
export async function closeAndCheck(
  emulator: Pick<TelegramEmulator, 'problems'>,
  stops: ReadonlyArray<() => Promise<unknown>>,
): Promise<void> {
  const errors: unknown[] = [];
  for (const stop of stops) {
    try {
      await stop();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length > 0) throw errors[0];
  if (emulator.problems.length > 0)
    expect.fail(`the bot broke Telegram rules:\n${emulator.problems.join('\n')}`);
}

export async function startStack(
  opts: {
    env?: Record<string, string>;
    emulator?: EmulatorOptions;
    simulator?: SimulatorOptions;
    /** The bot's engine; by default the run's (TEST_ENGINE). */
    engine?: EngineName;
    /** Runs once emulator and simulator are up, before the bot starts (users, faults, catalog shape). */
    beforeBot?: (emulator: TelegramEmulator, simulator: RunningSimulator) => void;
  } = {},
): Promise<Stack> {
  const database = await createTestDatabase(opts.engine);
  const emulator = await startTelegramEmulator(opts.emulator);
  const simulator = await startSimulator({
    accounts: [{ key: E2E_API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
    orderStageMs: 300,
    // Many scripted users share one account; the cap has tests of its own.
    activeOrderCap: 1000,
    ...opts.simulator,
  });
  opts.beforeBot?.(emulator, simulator);
  const env: Record<string, string> = {
    BOT_TOKEN: emulator.token,
    TELEGRAM_API_ROOT: emulator.apiRoot,
    RESELLER_API_URL: simulator.baseUrl,
    RESELLER_API_KEY: E2E_API_KEY,
    ...database.env,
    ORDER_POLL_MIN_MS: '100',
    ORDER_POLL_MAX_MS: '1000',
    // The simulator serves results from http://127.0.0.1: allowed here, never by default.
    RESULT_URLS_ALLOW_HTTP: 'true',
    RESULT_URLS_ALLOW_PRIVATE: 'true',
    // The suite checks the amounts upstream states (quotes, re-quotes, charge mismatches): without
    // billing they are shown only on request, as the bot's cost (the default, hidden, is covered
    // in-process by test/bot/show-prices.test.ts).
    SHOW_PRICES: 'true',
    ...opts.env,
  };
  const stack: Stack = {
    emulator,
    simulator,
    database,
    env,
    bot: await BotProcess.start({ env }),
    async restartBot(extraEnv = {}) {
      await stack.bot.stop();
      stack.bot = await BotProcess.start({ env: { ...env, ...extraEnv } });
      return stack.bot;
    },
    handledAll: (timeoutMs) => waitUntilHandled(emulator, database, timeoutMs),
    settled: (timeoutMs) => waitUntilSettled(emulator, database, timeoutMs),
    close: () =>
      closeAndCheck(emulator, [
        () => stack.bot.stop(),
        () => emulator.close(),
        () => simulator.close(),
        () => database.drop(),
      ]),
  };
  return stack;
}

/** The bot selling in Stars, as most e2e suites about money start it (77 Stars per USD). */
export const STARS_STACK_ENV: Readonly<Record<string, string>> = {
  BILLING: 'stars',
  SUPPORT_CONTACT: '@shop_support',
  STARS_PER_USD: '77',
};
