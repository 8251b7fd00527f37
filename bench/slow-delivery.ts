/**
 * Delivery latency for a normal user while 4 result downloads trickle a byte a second (Telegram
 * refused their URLs, so the bot downloads them itself). Prints confirm-to-photo for the normal
 * user with and without the slow downloads running, and how long SIGTERM takes with them in flight.
 *
 *   npx tsx bench/slow-delivery.ts
 */
import { confirmOrder, continueToPrice, openModel } from '../test/support/e2e/flows.js';
import { startStack } from '../test/support/e2e/stack.js';

const stack = await startStack({ env: { LOG_LEVEL: 'info' } });

async function timedOrder(name: string): Promise<number> {
  const user = stack.emulator.createUser({ first_name: name, language_code: 'en' });
  await openModel(user, 'image', 'Lumen Text to Image');
  await user.waitForMessage(/Describe what you want/);
  await user.sendText(`${name}'s picture`);
  await user.waitForMessage(/Settings/);
  await continueToPrice(user);
  const started = performance.now();
  await confirmOrder(user);
  await user.waitForMessage((m) => m.kind === 'photo', { after: 0, timeoutMs: 120_000 });
  return performance.now() - started;
}

try {
  const alone = await timedOrder('Alone');
  stack.emulator.injectError(
    'sendPhoto',
    { error_code: 400, description: 'Bad Request: failed to get HTTP URL content' },
    4,
  );
  stack.simulator.faults.add({
    path: /^\/g\//,
    times: 4,
    action: { kind: 'trickle', intervalMs: 1_000, contentType: 'image/png' },
  });
  // Started, not awaited: their photos never come while the downloads trickle.
  for (let i = 0; i < 4; i++) void timedOrder(`Slow${i}`).catch(() => undefined);
  while (stack.bot.lines.filter((l) => /uploading the file instead/.test(l)).length < 4) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const beside = await timedOrder('Beside');
  const stopStarted = performance.now();
  const code = await stack.bot.stop(60_000);
  const stopMs = performance.now() - stopStarted;
  console.log('confirm -> photo for a normal user (simulator stages 2 x 300 ms):');
  console.log(`  alone:                          ${alone.toFixed(0)} ms`);
  console.log(`  beside 4 trickling downloads:   ${beside.toFixed(0)} ms`);
  console.log(`SIGTERM with 4 downloads in flight: exit ${code} after ${stopMs.toFixed(0)} ms`);
} finally {
  await stack.close();
}
