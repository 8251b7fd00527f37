/**
 * Reminders through a kill -9 (issue 44), end to end: the real bot process with REMINDERS, forty
 * customers whose welcome Stars have waited three days (seeded in the bot's database), and the bot
 * killed while a reminder is in flight (the emulator holds that request). After the restart every
 * customer has exactly one reminder: the one in flight is not sent again, the rest are not lost.
 * On the run's engine.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { BotProcess } from '../support/e2e/bot-process.js';
import { STARS_STACK_ENV, type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const CUSTOMERS = 40;
const DAY = 24 * 60 * 60_000;
const REMINDER = /Your welcome Stars are waiting/;

let stack: Stack;
let store: Store;
let customers: ScriptedUser[];

beforeAll(async () => {
  stack = await startStack({ env: { ...STARS_STACK_ENV, REMINDERS: 'welcome_unused' } });
  // Their welcome Stars were given three days ago, and they have ordered nothing since.
  store = await stack.database.open(() => Date.now() - 3 * DAY);
  customers = stack.emulator.createUsers(CUSTOMERS, { firstId: 7_100_000, language_code: 'en' });
  for (const u of customers) {
    await store.users.touch({ id: u.id, firstName: u.user.first_name, languageCode: 'en' }, false);
    await store.wallet.book({ key: `welcome:${u.id}`, userId: u.id, kind: 'welcome', delta: 10, stars: 10 });
  }
}, 60_000);
afterAll(async () => {
  stack?.emulator.observeCalls(undefined);
  await store?.close();
  await stack?.close();
});

it('sends each reminder once through a kill -9 in the middle of a run', async () => {
  // The reminders run as soon as a bot takes the cluster's jobs: at the next start, which is
  // killed while its 15th reminder is in flight (the emulator is about to run that request).
  await stack.bot.stop();
  let dying: BotProcess | undefined;
  let seen = 0;
  let killed = false;
  stack.emulator.observeCalls((method, params) => {
    if (method !== 'sendMessage' || !REMINDER.test(String(params['text']))) return;
    seen++;
    if (seen === 15 && !killed) {
      killed = true;
      void dying?.kill();
    }
  });
  const starting = BotProcess.start({ env: stack.env, onSpawn: (bot) => (dying = bot) });
  // Killed before or after it said it was ready: either way it is gone.
  await starting.catch(() => undefined);
  await expect.poll(() => killed, { timeout: 60_000 }).toBe(true);
  await dying!.kill();
  stack.emulator.observeCalls(undefined);
  await stack.restartBot();

  const pending = async () => {
    const rows = await stack.database.query<{ n: number | string }>`
      select count(*) as n from reminders where status in ('due', 'sending')`;
    return Number(rows[0]!.n);
  };
  await expect.poll(pending, { timeout: 60_000 }).toBe(0);
  for (const u of customers)
    expect(u.messages().filter((m) => REMINDER.test(m.text ?? '')).length, `customer ${u.id}`).toBe(1);
  const statuses = await stack.database.query<{ status: string; n: number | string }>`
    select status, count(*) as n from reminders group by status order by status`;
  const counts = Object.fromEntries(statuses.map((r) => [r.status, Number(r.n)]));
  // The one in flight at the kill reached Telegram: unconfirmed, not sent again.
  expect(counts.unconfirmed).toBeGreaterThanOrEqual(1);
  expect((counts.sent ?? 0) + counts.unconfirmed!).toBe(CUSTOMERS);
  expect(stack.emulator.problems).toEqual([]);
}, 180_000);
