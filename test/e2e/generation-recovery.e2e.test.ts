/**
 * The generation flow when things change under it: an expired quote, a refused order, a restart
 * in the middle of the form, changed settings. Upstream runs on a manual clock here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/server.js';
import { confirmOrder, confirmPrice, continueToPrice, openModel } from '../support/e2e/flows.js';
import { E2E_API_KEY, type Stack, startStack } from '../support/e2e/stack.js';
import { makeHeic } from '../support/media-fixtures.js';

let stack: Stack;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  stack = await startStack({
    simulator: { clock, heicProcessingMs: 1_000 },
    env: { ORDER_RESUBMIT_MS: '300' },
  });
});
afterAll(async () => {
  await stack?.close();
});

const ordersWithPrompt = (prompt: string) =>
  stack.simulator.state.listOrders().filter((o) => o.prompt === prompt);

async function pricedVideo(name: string, prompt: string) {
  const user = stack.emulator.createUser({ first_name: name, language_code: 'en' });
  await openModel(user, 'video', 'Vega Video 2 Pro');
  await user.waitForMessage(/Describe what you'd like/);
  await user.sendText(prompt);
  await user.waitForMessage(/or tap Skip/);
  await user.pressButton('⏭ Skip');
  await user.waitForMessage(/📎 Videos:/);
  await user.pressButton('⏭ Skip');
  await user.waitForMessage(/Settings/);
  return { user, summary: await continueToPrice(user) };
}

describe('prices that change before confirmation', () => {
  it('an expired quote leads to a new quote and a new confirmation, never to an order at the old price', async () => {
    const { user, summary } = await pricedVideo('Quinn', 'Waves at dusk');
    expect(confirmPrice(summary)).toBe('$0.20');
    // Eleven minutes later the quote has expired upstream; the tariff went up meanwhile.
    clock.advance(11 * 60_000);
    stack.simulator.state.setTariffPercent(150);
    const quotes = stack.simulator.state.listQuotes().length;
    await user.pressButton(/^✅ Confirm/);
    const requoted = await user.waitForMessage(/The price has changed from \$0\.20 to \$0\.30/);
    expect(ordersWithPrompt('Waves at dusk')).toHaveLength(0);
    expect(stack.simulator.state.listQuotes().length).toBe(quotes + 1);
    expect(confirmPrice(requoted)).toBe('$0.30');

    await confirmOrder(user);
    const [order] = ordersWithPrompt('Waves at dusk');
    expect(order?.cost_usd).toBe('0.30');
    stack.simulator.state.setTariffPercent(100);
  });

  it('a Confirm button of an older price cannot confirm the new one', async () => {
    const { user, summary } = await pricedVideo('Rae', 'Old price button');
    const oldConfirm = summary.buttons.find((b) => b.text.startsWith('✅'))!;
    clock.advance(11 * 60_000);
    await user.pressButton(/^✅ Confirm/);
    await user.waitForMessage(/The price has changed|Check your order/);
    const answer = await user.pressCallbackData(oldConfirm.callback_data!, summary.message_id);
    expect(answer.text).toMatch(/price has changed/);
    expect(ordersWithPrompt('Old price button')).toHaveLength(0);
  });
});

describe('refusals keep the inputs', () => {
  it('insufficient balance: explained, nothing ordered; after a top-up the same draft orders once', async () => {
    const { user } = await pricedVideo('Sam', 'Out of money');
    const balance = stack.simulator.state.getAccount(E2E_API_KEY)!.balance_usd;
    stack.simulator.state.setBalance(E2E_API_KEY, '0.01');
    await user.pressButton(/^✅ Confirm/);
    const refused = await user.waitForMessage(/can't accept orders right now/);
    expect(refused.buttons.some((b) => b.text.startsWith('✅'))).toBe(true);
    expect(ordersWithPrompt('Out of money')).toHaveLength(0);

    stack.simulator.state.setBalance(E2E_API_KEY, balance);
    await confirmOrder(user);
    expect(ordersWithPrompt('Out of money')).toHaveLength(1);
  });

  it('Change settings reopens the form with the same inputs and a new price', async () => {
    const { user } = await pricedVideo('Tao', 'Change my mind');
    await user.pressButton('⚙️ Settings');
    await user.waitForMessage(/Settings/);
    await user.pressButton('Resolution: 480p');
    await user.waitForMessage(/Resolution: choose a value/);
    await user.pressButton('1080p');
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('Resolution: 1080p');
    expect(confirmPrice(summary)).toBe('$0.48');
    await confirmOrder(user);
    const orders = ordersWithPrompt('Change my mind');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.cost_usd).toBe('0.48');
  });
});

describe('upstream unreachable at Confirm', () => {
  it('the order is sent again with the same key by itself, and its message shows it placed', async () => {
    const { user, summary } = await pricedVideo('Wyn', 'Send me later');
    // Every attempt of the client's retries fails: the draft stays `submitting` with its key.
    stack.simulator.faults.add({
      method: 'POST',
      path: '/orders',
      times: 4,
      action: { kind: 'status', status: 503 },
    });
    await user.pressButton(/^✅ Confirm/);
    await user.waitForMessage(/isn't responding right now/);
    expect(ordersWithPrompt('Send me later')).toHaveLength(0);

    const placed = await user.waitForMessage(/Order placed|Generating/, { timeoutMs: 15_000 });
    expect(placed.message_id).toBe(summary.message_id);
    expect(placed.buttons.some((b) => b.text.startsWith('✅'))).toBe(false);
    const orders = ordersWithPrompt('Send me later');
    expect(orders).toHaveLength(1);
    const keys = stack.simulator.requests
      .filter(
        (r) => r.method === 'POST' && r.path === '/orders' && r.idempotencyKey === orders[0]!.idempotency_key,
      )
      .map((r) => r.status);
    expect(keys.slice(0, 4)).toEqual([503, 503, 503, 503]);
    expect(keys.at(-1)).toBe(201);
  });
});

describe('an order that is already final when the bot first hears of it', () => {
  // The answer to POST /orders is lost; by the time the same key is sent again the order is done.
  const finishWhileUnanswered = {
    kind: 'drop-after' as const,
    afterHandling: () => clock.advance(10 * 60_000),
  };

  it("the client's same-key retry finds it completed: the result is delivered and Confirm goes", async () => {
    const { user, summary } = await pricedVideo('Fay', 'Done before we knew');
    stack.simulator.faults.add({ method: 'POST', path: '/orders', action: finishWhileUnanswered });
    await user.pressButton(/^✅ Confirm/);
    const video = await user.waitForMessage((m) => m.kind === 'video', { timeoutMs: 15_000 });
    expect(video).toBeDefined();
    expect(ordersWithPrompt('Done before we knew')).toHaveLength(1);
    // The priced order becomes the status message; "Done!" follows the first file into the chat.
    const status = await user.waitForMessage(
      (m) => m.message_id === summary.message_id && /Done!/.test(m.text ?? ''),
      { timeoutMs: 15_000 },
    );
    expect(status.buttons.some((b) => b.text.startsWith('✅'))).toBe(false);
  });

  it('the automatic re-send finds it completed: the result is delivered', async () => {
    const { user } = await pricedVideo('Gus', 'Done while we waited');
    stack.simulator.faults.add({ method: 'POST', path: '/orders', action: finishWhileUnanswered });
    stack.simulator.faults.add({
      method: 'POST',
      path: '/orders',
      times: 3,
      action: { kind: 'status', status: 503 },
    });
    await user.pressButton(/^✅ Confirm/);
    await user.waitForMessage(/isn't responding right now/);
    await user.waitForMessage((m) => m.kind === 'video', { timeoutMs: 15_000 });
    expect(ordersWithPrompt('Done while we waited')).toHaveLength(1);
  });
});

describe('restarts and slow files', () => {
  it('a restart in the middle of the form loses nothing', async () => {
    const user = stack.emulator.createUser({ first_name: 'Uma', language_code: 'ru' });
    await openModel(user, 'image', 'Lumen Text to Image');
    await user.waitForMessage(/Опишите/);
    await user.sendText('После перезапуска');
    await user.waitForMessage(/Настройки/);
    await stack.restartBot();
    const summary = await continueToPrice(user);
    expect(summary.text).toContain('После перезапуска');
    await confirmOrder(user);
    expect(ordersWithPrompt('После перезапуска')).toHaveLength(1);
  });

  it('a HEIC sent as a file waits for upstream processing before it counts', async () => {
    const user = stack.emulator.createUser({ first_name: 'Vic', language_code: 'en' });
    await openModel(user, 'image', 'Nova Image Edit');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('Make it brighter');
    await user.waitForMessage(/Photos/);
    const ticker = setInterval(() => clock.advance(500), 50);
    try {
      await user.sendDocument(makeHeic({ width: 1200, height: 900 }), {
        file_name: 'IMG_0001.HEIC',
        mime_type: 'image/heic',
      });
      await user.waitForMessage(/Got 1 of 10/, { timeoutMs: 20_000 });
    } finally {
      clearInterval(ticker);
    }
    const upload = stack.simulator.state.uploads.list(E2E_API_KEY).at(-1)!;
    expect(upload.originalName).toBe('IMG_0001.HEIC');
    // The bot polled the upload status until the conversion finished.
    expect(stack.simulator.requests.some((r) => r.path === '/upload/status')).toBe(true);
  });
});

describe('Telegram rules', () => {
  it('were all respected', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
  });
});
