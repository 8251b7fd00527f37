/**
 * kill -9 between a batch's commit and its acknowledgement (issue 28): the bot stored a whole
 * getUpdates batch in one transaction, but Telegram never heard the next offset (its getUpdates
 * calls fail), so after the restart Telegram sends the same batch again. Nothing is lost (every
 * message answered) and nothing is stored twice (dedup by update_id), on the run's engine.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const USERS = 10;
const EACH = 5;
let stack: Stack;
let users: ScriptedUser[];

beforeAll(async () => {
  stack = await startStack({
    beforeBot: (emulator) => {
      users = Array.from({ length: USERS }, (_, i) =>
        emulator.createUser({ first_name: `U${i}`, language_code: 'en' }),
      );
      // Queued before the bot starts: its first getUpdates returns them all as one batch.
      for (const user of users) for (let k = 0; k < EACH; k++) void user.sendCommand('help');
      let polls = 0;
      emulator.observeCalls((method) => {
        // The first poll takes the batch; the next ones (which would confirm it) fail for a while.
        if (method === 'getUpdates' && ++polls === 1) {
          emulator.injectError(
            'getUpdates',
            { error_code: 400, description: 'Bad Request: test outage' },
            15,
          );
        }
      });
    },
  });
});
afterAll(async () => {
  await stack?.close();
});

async function inboxRows(): Promise<{ all: number; pending: number }> {
  const [row] = await stack.database.query<{ n_all: number | string; n_pending: number | string | null }>`
    select count(*) as n_all, sum(case when done_at is null then 1 else 0 end) as n_pending from update_inbox`;
  return { all: Number(row?.n_all ?? 0), pending: Number(row?.n_pending ?? 0) };
}

describe('kill -9 after a batch is stored, before Telegram hears its offset', () => {
  it('the resent batch is recognised; every message is answered, none stored twice', async () => {
    await vi.waitFor(async () => expect((await inboxRows()).all).toBe(USERS * EACH), {
      timeout: 20_000,
      interval: 50,
    });
    await stack.bot.kill();
    stack.emulator.observeCalls(undefined);
    // The offset never moved on: Telegram sends the whole batch again to the restarted bot.
    const [first] = stack.emulator.callsTo('getUpdates').filter((c) => c.ok && Array.isArray(c.result));
    const batch = ((first?.result ?? []) as Array<{ update_id: number }>).map((u) => u.update_id);
    expect(batch).toHaveLength(USERS * EACH);
    for (const updateId of batch) stack.emulator.redeliver(updateId);
    await stack.restartBot();
    for (const user of users) {
      await vi.waitFor(
        () =>
          expect(
            user.messages().filter((m) => /how it works/.test(m.text ?? '')).length,
          ).toBeGreaterThanOrEqual(EACH),
        { timeout: 60_000, interval: 200 },
      );
    }
    await vi.waitFor(async () => expect(await inboxRows()).toEqual({ all: USERS * EACH, pending: 0 }), {
      timeout: 30_000,
      interval: 200,
    });
  }, 120_000);
});
