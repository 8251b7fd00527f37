/**
 * Recovery after a Telegram outage: the real bot process polls the emulator, Telegram becomes
 * unreachable for OUTAGE_S seconds (default 60) while a user sends /help, then comes back.
 * Prints the time from Telegram's return to the bot's answer (goal: under 5 s), and the log lines
 * that mark the outage.
 *
 *   npx tsx bench/telegram-outage.ts            # 60 s outage
 *   OUTAGE_S=20 npx tsx bench/telegram-outage.ts
 */
import { startStack } from '../test/support/e2e/stack.js';

const outageMs = Number(process.env.OUTAGE_S ?? 60) * 1000;

const stack = await startStack({ env: { LOG_LEVEL: 'info' } });
try {
  const user = stack.emulator.createUser({ first_name: 'Bench', language_code: 'en' });
  await user.sendCommand('start');
  await user.waitForMessage(/Hi, Bench!/);
  await user.waitForIdle();

  stack.emulator.setOutage(true);
  console.log(`Telegram down for ${outageMs / 1000} s...`);
  await new Promise((r) => setTimeout(r, outageMs / 2));
  const seq = stack.emulator.seq();
  await user.sendCommand('help');
  await new Promise((r) => setTimeout(r, outageMs / 2));

  stack.emulator.setOutage(false);
  const back = performance.now();
  await user.waitForMessage(/how it works/, { after: seq, timeoutMs: 120_000 });
  const recovered = performance.now() - back;
  console.log(`answered ${(recovered / 1000).toFixed(2)} s after Telegram came back (goal < 5 s)`);
  for (const line of stack.bot.lines.filter((l) => /Telegram is/.test(l))) {
    const { msg, downMs, failures } = JSON.parse(line) as { msg: string; downMs?: number; failures?: number };
    console.log(
      `  log: ${msg}${downMs ? ` (down ${(downMs / 1000).toFixed(1)} s, ${failures} failed calls)` : ''}`,
    );
  }
} finally {
  await stack.close();
}
