/**
 * Recovery after a Telegram outage: the real bot process polls the emulator, Telegram becomes
 * unreachable for OUTAGE_S seconds (default 60) while a user sends /help, then comes back.
 * Prints the time from Telegram's return to the bot's answer (goal: under 5 s), and the log lines
 * that mark the outage. TRIALS outages (default 3) run one after another, each about a second longer
 * than the last, so Telegram returns at a different point of the bot's retry cycle each time.
 *
 *   npx tsx bench/telegram-outage.ts                  # 3 outages of 60 s, 61.1 s, 62.2 s
 *   OUTAGE_S=20 TRIALS=1 npx tsx bench/telegram-outage.ts
 */
import { startStack } from '../test/support/e2e/stack.js';

const outageMs = Number(process.env.OUTAGE_S ?? 60) * 1000;
const trials = Number(process.env.TRIALS ?? 3);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stack = await startStack({ env: { LOG_LEVEL: 'info' } });
try {
  const user = stack.emulator.createUser({ first_name: 'Bench', language_code: 'en' });
  await user.sendCommand('start');
  await user.waitForMessage(/Hi, Bench!/);
  const figures: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const length = outageMs + trial * 1_100;
    await stack.handledAll();
    const logFrom = stack.bot.lines.length;
    stack.emulator.setOutage(true);
    console.log(`Telegram down for ${(length / 1000).toFixed(1)} s...`);
    await sleep(length / 2);
    const seq = stack.emulator.seq();
    await user.sendCommand('help');
    await sleep(length / 2);

    stack.emulator.setOutage(false);
    const back = performance.now();
    await user.waitForMessage(/how it works/, { after: seq, timeoutMs: 120_000 });
    const recovered = performance.now() - back;
    figures.push(recovered);
    console.log(`  answered ${(recovered / 1000).toFixed(2)} s after Telegram came back (goal < 5 s)`);
    for (const line of stack.bot.lines.slice(logFrom).filter((l) => /Telegram is/.test(l))) {
      const { msg, downMs, failures } = JSON.parse(line) as {
        msg: string;
        downMs?: number;
        failures?: number;
      };
      const detail = downMs ? ` (down ${(downMs / 1000).toFixed(1)} s, ${failures} failed calls)` : '';
      console.log(`  log: ${msg}${detail}`);
    }
  }
  const worst = Math.max(...figures) / 1000;
  console.log(`recovery after ${trials} outages: worst ${worst.toFixed(2)} s (goal < 5 s)`);
} finally {
  await stack.close();
}
