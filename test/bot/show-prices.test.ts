/**
 * With BILLING=off the USD amount is the reseller's cost, not the customer's price: by default (and
 * with SHOW_PRICES=false) customers see no amount anywhere on the way to a result; SHOW_PRICES=true
 * shows it labelled as the bot's cost, never as a price and never on Confirm.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../src/simulator/server.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, startBotSimulator } from '../support/in-process-helpers.js';

let sim: RunningSimulator;
let upstream: { baseUrl: string; apiKey: string };
let harness: InProcessBot;
beforeEach(async () => {
  ({ sim, upstream } = await startBotSimulator());
});
afterEach(async () => {
  await harness?.close();
  await sim?.close();
});

/** Everything the customer was shown: texts and button labels of sent and edited messages. */
const shown = (h: InProcessBot) =>
  h.calls
    .filter((c) => c.method === 'sendMessage' || c.method === 'editMessageText')
    .flatMap((c) => [String(c.payload.text), ...buttonsOf(c.payload).map((b) => b.text)]);

/** From the model list to a placed order and the /orders list, as a customer does it. */
async function orderLumen(user: { id: number; language_code: string }) {
  await harness.send(textMessage(user, '/generate'));
  await harness.send(callbackQuery(user, 'gt:image'));
  await harness.send(callbackQuery(user, 'gm:203'));
  await harness.send(textMessage(user, 'a lighthouse at dawn'));
  await harness.send(callbackQuery(user, 'g:next'));
  const summary = harness.calls.findLast((c) =>
    buttonsOf(c.payload).some((b) => b.callback_data?.startsWith('o:ok:')),
  )!;
  const confirm = buttonsOf(summary.payload)[0]!;
  await harness.send(callbackQuery(user, confirm.callback_data!));
  await harness.send(textMessage(user, '/orders'));
  return { summary: String(summary.payload.text), confirm: confirm.text };
}

describe('SHOW_PRICES', () => {
  for (const [lang, confirmLabel, env] of [
    ['en', '✅ Confirm', { SHOW_PRICES: 'false' }],
    ['ru', '✅ Подтвердить', { SHOW_PRICES: 'false' }],
    ['en', '✅ Confirm', {}],
    ['ru', '✅ Подтвердить', {}],
  ] as const) {
    it(`${JSON.stringify(env)}: no amount in the model list, the summary, the Confirm button or /orders (${lang})`, async () => {
      harness = await createInProcessBot({ env, upstream });
      const { confirm } = await orderLumen({ id: 80, language_code: lang });
      expect(confirm).toBe(confirmLabel);
      expect(sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders')).toHaveLength(1);
      const everything = shown(harness);
      expect(everything.some((t) => t.includes('Lumen Text to Image'))).toBe(true);
      expect(everything.filter((t) => /\$|0[.,]04|price|цен|cost|стоимост/i.test(t))).toEqual([]);
    });
  }

  it("true with billing off: the amount is labelled as the bot's cost, free for the customer; Confirm has no sum", async () => {
    harness = await createInProcessBot({ env: { SHOW_PRICES: 'true' }, upstream });
    const { summary, confirm } = await orderLumen({ id: 81, language_code: 'en' });
    expect(confirm).toBe('✅ Confirm');
    expect(summary).toContain('💸 Cost to the bot: <b>$0.04</b> (free for you)');
    expect(summary).not.toContain('Price');
    expect(shown(harness).filter((t) => t.startsWith('Lumen Text to Image'))).toEqual([
      'Lumen Text to Image · from $0.04',
    ]);
  });
});
