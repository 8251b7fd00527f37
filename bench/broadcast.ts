/**
 * A broadcast to 10,000 recipients through the Telegram emulator with Telegram's flood limits on
 * (about 30 messages per second per bot, one per second per chat), from the real bot process on
 * SQLite: the admin composes it in the chat as usual.
 *
 * Prints the achieved messages per second (first to last arrival at the emulator) against
 * BROADCAST_RATE (the goal is at least 90% of it), the busiest second, 429s given and ignored, and
 * the bot's RSS (sampled from /proc every second: at the start, peak, at the end).
 *
 *   npx tsx bench/broadcast.ts [recipients=10000] [rate=25]
 */
import { readFileSync } from 'node:fs';
import { startSimulator } from '../src/simulator/server.js';
import { createDatabase } from '../test/support/database-factory.js';
import { BotProcess } from '../test/support/e2e/bot-process.js';
import { startTelegramEmulator } from '../test/support/telegram/emulator.js';

const [RECIPIENTS, RATE] = [10_000, 25].map((d, i) => Number(process.argv[2 + i] ?? d)) as [number, number];
const ADMIN = 7_400_001;
const FIRST = 10_000_001;
const TEXT = 'Bench broadcast';

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

async function main(): Promise<void> {
  const database = await createDatabase('sqlite');
  const emulator = await startTelegramEmulator({ floodLimits: true });
  const simulator = await startSimulator({
    accounts: [{ key: 'bench-key', balance_usd: '100.00', deposit_usd: '100.00' }],
  });
  const store = await database.open();
  const admin = emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
  // The admin is a recipient too.
  const customers = emulator.createUsers(RECIPIENTS - 1, { firstId: FIRST, language_code: 'en' });
  for (const u of customers) await store.users.touch({ id: u.id, firstName: u.user.first_name }, false);
  const bot = await BotProcess.start({
    env: {
      BOT_TOKEN: emulator.token,
      TELEGRAM_API_ROOT: emulator.apiRoot,
      RESELLER_API_URL: simulator.baseUrl,
      RESELLER_API_KEY: 'bench-key',
      ...database.env,
      ADMIN_IDS: String(ADMIN),
      BROADCAST_RATE: String(RATE),
      LOG_LEVEL: 'info',
    },
  });
  await admin.sendCommand('start');
  await admin.waitForMessage(/Hi, Ada!/);

  const arrivals: number[] = [];
  emulator.observeCalls((method, params) => {
    if (method === 'sendMessage' && params['text'] === TEXT) arrivals.push(performance.now());
  });
  await admin.sendCommand('broadcast');
  await admin.waitForMessage(/New broadcast/);
  await admin.sendText(TEXT);
  await admin.waitForMessage(/Add a link button/);
  await admin.pressButton(/Continue without a button/);
  await admin.waitForMessage(/Who should get it/);
  await admin.pressButton(/Everyone/);
  await admin.waitForMessage(/Send this message to/);
  const rss: number[] = [rssMb(bot.pid)];
  const sampler = setInterval(() => rss.push(rssMb(bot.pid)), 1000);
  await admin.pressButton(/Send to/);
  process.stdout.write(
    `sending ${RECIPIENTS} messages at BROADCAST_RATE=${RATE} (about ${Math.ceil(RECIPIENTS / RATE)} s)...\n`,
  );
  await admin.waitForMessage(/Broadcast #1 is finished/, { timeoutMs: (RECIPIENTS / RATE) * 3000 + 60_000 });
  clearInterval(sampler);
  rss.push(rssMb(bot.pid));

  // The first arrival is the admin's preview.
  const sends = arrivals.slice(1);
  const seconds = (sends.at(-1)! - sends[0]!) / 1000;
  const achieved = (sends.length - 1) / seconds;
  let busiest = 0;
  for (let i = 0, j = 0; i < sends.length; i++) {
    while (sends[i]! - sends[j]! >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  const counts = await store.broadcasts.counts(1);
  const flood = emulator.floodStats();
  const lines = [
    `recipients:            ${RECIPIENTS} (sent ${counts.sent}, blocked ${counts.blocked}, failed ${counts.failed})`,
    `BROADCAST_RATE:        ${RATE}/s`,
    `achieved:              ${achieved.toFixed(2)} msg/s over ${seconds.toFixed(1)} s = ${((achieved / RATE) * 100).toFixed(1)}% of the rate (goal >= 90%)`,
    `busiest second:        ${busiest} messages (Telegram's limit: 30)`,
    `429s given / ignored:  ${flood.limited} / ${flood.ignored}`,
    `bot RSS:               start ${rss[0]!.toFixed(0)} MB, peak ${Math.max(...rss).toFixed(0)} MB, end ${rss.at(-1)!.toFixed(0)} MB`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  await bot.stop();
  await store.close();
  await emulator.close();
  await simulator.close();
  await database.drop();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
