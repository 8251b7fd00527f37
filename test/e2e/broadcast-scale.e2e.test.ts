/**
 * A broadcast at scale, end to end: 2,000 recipients (50 of whom silently blocked the bot), the
 * emulator enforcing Telegram's flood limits (about 30 messages a second per bot, one a second per
 * chat) and three extra 429s injected on the way, and the bot killed with SIGKILL halfway through
 * (while a message is in flight) and started again. Everyone else gets the message exactly once,
 * the 50 are marked, and no 429 is ignored.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 7_300_001;
const FIRST_CUSTOMER = 9_000_001;
const CUSTOMERS = 1_999; // and the admin: 2,000 recipients
const BLOCKED_EVERY = 40; // 50 of them
const TEXT = 'Scale news: new models are here';

let stack: Stack;
let store: Store;
let admin: ScriptedUser;
let customers: ScriptedUser[];
const blockers = () => customers.filter((_, i) => i % BLOCKED_EVERY === 0);

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_IDS: String(ADMIN) }, emulator: { floodLimits: true } });
  admin = stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
  await admin.sendCommand('start');
  await admin.waitForMessage(/Hi, Ada!/);
  store = await stack.database.open();
  customers = stack.emulator.createUsers(CUSTOMERS, { firstId: FIRST_CUSTOMER, language_code: 'en' });
  for (const u of customers) {
    await store.users.touch({ id: u.id, firstName: u.user.first_name, languageCode: 'en' }, false);
  }
  // Blocked without telling the bot: it learns from Telegram's 403 when it writes.
  for (const u of blockers()) u.block({ silently: true });
}, 120_000);
afterAll(async () => {
  stack?.emulator.observeCalls(undefined);
  await store?.close();
  await stack?.close();
});

it('reaches 2,000 recipients exactly once through flood limits, 429s and a kill -9 halfway', async () => {
  const blocked = new Set(blockers().map((u) => u.id));
  expect(blocked.size).toBe(50);

  await admin.sendCommand('broadcast');
  await admin.waitForMessage(/New broadcast/);
  await admin.sendText(TEXT);
  await admin.waitForMessage(/Add a link button/);
  await admin.pressButton(/Continue without a button/);
  const preview = await admin.waitForMessage((m) => m.text === TEXT);
  await admin.waitForMessage(/Who should get it/);
  await admin.pressButton(/Everyone/);
  await admin.waitForMessage(/Send this message to 2,000 recipients/);

  // Halfway, the bot dies while a broadcast message is in flight (the emulator holds the request).
  let seen = 0;
  let killedAt: number | undefined;
  const firstBot = stack.bot;
  stack.emulator.observeCalls((method, params) => {
    if (method !== 'sendMessage' || params['text'] !== TEXT) return;
    seen++;
    if (seen === 300)
      stack.emulator.injectError(
        'sendMessage',
        { error_code: 429, description: 'Too Many Requests: retry after 2', retry_after: 2 },
        3,
      );
    if (seen === 1_000 && killedAt === undefined) {
      killedAt = seen;
      void firstBot.kill();
    }
  });
  await admin.pressButton(/Send to 2,000/);
  await expect.poll(() => killedAt, { timeout: 120_000 }).toBe(1_000);
  await firstBot.kill();
  const afterKill = stack.emulator.seq();
  await stack.restartBot();

  const report = await admin.waitForMessage(/Broadcast #1 is finished/, {
    after: afterKill,
    timeoutMs: 180_000,
  });
  stack.emulator.observeCalls(undefined);
  await stack.settled();

  const copies = (u: ScriptedUser) =>
    u.messages().filter((m) => m.text === TEXT && m.message_id !== preview.message_id).length;
  for (const u of customers) expect(copies(u), `customer ${u.id}`).toBe(blocked.has(u.id) ? 0 : 1);
  expect(copies(admin)).toBe(1);

  const counts = await store.broadcasts.counts(1);
  expect(counts.blocked).toBe(50);
  expect(counts.sent + counts.unconfirmed).toBe(1_950);
  expect(counts).toMatchObject({ pending: 0, sending: 0, failed: 0 });
  // The message in flight at the kill reached Telegram: unconfirmed, and not sent again.
  expect(counts.unconfirmed).toBeGreaterThanOrEqual(1);
  for (const id of blocked) expect((await store.users.find(id))?.blocked, `user ${id}`).toBe(true);
  expect(report.text).toMatch(/Blocked the bot: 50/);
  expect(report.text).toMatch(new RegExp(`Sent: ${counts.sent.toLocaleString('en-US')} of 2,000`));

  const flood = stack.emulator.floodStats();
  expect(flood.ignoredDetails).toEqual([]);
  // The injected 429s were honoured like real ones (their chats waited, then got the message).
  const limited = stack.emulator
    .callsTo('sendMessage')
    .filter((c) => c.errorCode === 429 && c.params['text'] === TEXT)
    .map((c) => Number(c.params['chat_id']));
  expect(limited.length).toBeGreaterThanOrEqual(3);
  expect(stack.emulator.problems).toEqual([]);
}, 300_000);
