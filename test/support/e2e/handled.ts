/**
 * "The bot has handled everything so far", as positive signals read from the emulator and the bot's
 * own database rather than as a quiet window: a negative check then reads "once update N is
 * handled, nothing came of it", whatever the load on the machine.
 *
 * - Updates: the bot asks for the next batch (polling) only once the last one is stored, and the
 *   emulator's webhook pusher polls again only once every replica it POSTed to answered 2xx, which a
 *   replica does once the update is stored. So a long poll waiting in the emulator means every update
 *   sent so far is in the inbox; the inbox worker marks one done once its handler has returned, and
 *   a handler awaits the Bot API calls and store writes it makes.
 * - Orders: none is being submitted, and every one upstream finished (or lost) has had its outcome
 *   delivered and its final step (capture or release) recorded. (The result files a delivery sent
 *   are stored after its last file: `waitForResultFiles` waits for those.)
 * - Broadcasts: no send in flight, and every finished or cancelled broadcast reported.
 */
import { expect, vi } from 'vitest';
import type { TestDatabase } from '../databases.js';
import type { TelegramEmulator } from '../telegram/emulator.js';

type Emulator = Pick<TelegramEmulator, 'hasWaitingPoll'>;
type Database = Pick<TestDatabase, 'query'>;

const DEFAULT_TIMEOUT_MS = 20_000;

async function count(rows: Promise<Array<{ n: number | string }>>): Promise<number> {
  const [row] = await rows;
  return Number(row?.n);
}

/** Checked before the database: a row stored after the count would be missed the other way round. */
function expectAllStored(emulator: Emulator): void {
  expect(emulator.hasWaitingPoll(), 'the bot has not stored every update sent yet').toBe(true);
}

interface Pending {
  updates: number | string;
  orders: number | string;
  broadcasts: number | string;
}

/** One statement (one connection on PostgreSQL) per look. */
async function pendingWork(database: Database): Promise<Pending> {
  const [row] = await database.query<Pending>`select
    (select count(*) from update_inbox where done_at is null) as updates,
    (select count(*) from orders where stage = 'submitting'
      or ((finished_at is not null or lost_at is not null)
        and (delivered_at is null or final_handled_at is null))) as orders,
    (select count(*) from broadcast_recipients where status = 'sending')
      + (select count(*) from broadcasts where status in ('done', 'cancelled') and reported_at is null)
      as broadcasts`;
  return row!;
}

/** Every update sent so far is stored and handled. */
export async function waitUntilHandled(
  emulator: Emulator,
  database: Database,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await vi.waitFor(
    async () => {
      expectAllStored(emulator);
      const pending = await count(
        database.query<{ n: number | string }>`select count(*) as n from update_inbox where done_at is null`,
      );
      expect(pending, 'stored updates not handled yet').toBe(0);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** Every update handled, and no order or broadcast with work in hand. */
export async function waitUntilSettled(
  emulator: Emulator,
  database: Database,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await vi.waitFor(
    async () => {
      expectAllStored(emulator);
      const pending = await pendingWork(database);
      expect(Number(pending.updates), 'stored updates not handled yet').toBe(0);
      expect(
        Number(pending.orders),
        'orders being submitted, or finished and not delivered and settled',
      ).toBe(0);
      expect(Number(pending.broadcasts), 'broadcast sends in flight, or ended broadcasts not reported').toBe(
        0,
      );
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/**
 * The files a delivery sent are stored for "Use as input" and sharing, the last step of a delivery,
 * after its last file reached the chat.
 */
export async function waitForResultFiles(
  database: Database,
  upstreamOrderId: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await vi.waitFor(
    async () => {
      const stored = await count(
        database.query<{ n: number | string }>`select count(*) as n from orders
          where upstream_order_id = ${upstreamOrderId} and result_files_json is not null`,
      );
      expect(stored, `the result files of order ${upstreamOrderId} are not stored yet`).toBe(1);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
