/**
 * GET /metrics on the real bot process (polling mode, METRICS_PORT): after one complete order the
 * counters moved as expected, the active-orders gauge is back to zero, and no secret is exposed.
 * One admin makes the balance monitor run, so the balance gauge is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { freePort } from '../support/e2e/free-port.js';
import { E2E_API_KEY, type Stack, startStack } from '../support/e2e/stack.js';

let stack: Stack;
let port: number;

beforeAll(async () => {
  port = await freePort();
  stack = await startStack({ env: { METRICS_PORT: String(port), ADMIN_IDS: '7200001' } });
});
afterAll(async () => {
  await stack?.close();
});

const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

/** The value of one sample, e.g. `bot_updates_total{type="message"}`; 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (want.every((l) => line.includes(l))) return Number(line.split(' ').at(-1));
  }
  return 0;
}

describe('/healthz and /readyz', () => {
  it('alive, and ready: the store answers and the bot is not draining', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true });
  });
});

describe('/metrics', () => {
  it('counts updates, upstream requests and deliveries of one order', async () => {
    const before = await scrape();
    const user = stack.emulator.createUser({ first_name: 'Max', language_code: 'en' });
    await pricedTextImage(user, 'Metrics, please');
    await confirmOrder(user);
    await user.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 15_000 });
    await user.waitForMessage((m) => m.kind === 'document', { timeoutMs: 15_000 });

    await expect
      .poll(async () => sample(await scrape(), 'bot_result_files_total', { outcome: 'sent' }), {
        timeout: 10_000,
      })
      .toBeGreaterThan(sample(before, 'bot_result_files_total', { outcome: 'sent' }));
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(moved('bot_updates_total', { type: 'message' })).toBeGreaterThanOrEqual(2);
    expect(moved('bot_updates_total', { type: 'callback_query' })).toBeGreaterThanOrEqual(3);
    expect(moved('bot_update_duration_seconds_count', { type: 'callback_query' })).toBeGreaterThanOrEqual(3);
    expect(moved('bot_upstream_requests_total', { endpoint: 'POST /orders', outcome: '201' })).toBe(1);
    expect(
      moved('bot_upstream_requests_total', { endpoint: 'GET /orders/{id}', outcome: '200' }),
    ).toBeGreaterThan(0);
    expect(
      sample(after, 'bot_upstream_request_duration_seconds_count', { endpoint: 'GET /models' }),
    ).toBeGreaterThan(0);
    expect(sample(after, 'bot_active_orders', { status: 'queued' })).toBe(0);
    expect(sample(after, 'bot_active_orders', { status: 'processing' })).toBe(0);
    expect(sample(after, 'bot_catalog_models', { state: 'offered' })).toBeGreaterThan(0);
    expect(after).toContain('process_cpu_user_seconds_total');
    // Bounded labels only: no order id, no user id, no secret.
    expect(after).not.toContain(stack.env.BOT_TOKEN!);
    expect(after).not.toContain(E2E_API_KEY);
    expect(after).not.toMatch(/endpoint="GET \/orders\/[0-9a-f]/);
    // (No label holds the user id; a figure may contain its digits by chance.)
    expect(after).not.toMatch(new RegExp(`\\{[^}]*\\b${user.id}\\b[^}]*\\}`));
  });

  it('reports the upstream balance the monitor read', async () => {
    // The simulator's account starts with 100.00 USD; the one order since cost part of it.
    await expect
      .poll(async () => sample(await scrape(), 'bot_upstream_balance_usd'), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(sample(await scrape(), 'bot_upstream_balance_usd')).toBeLessThanOrEqual(100);
  });

  it('counts Telegram API errors by method and code', async () => {
    const before = sample(await scrape(), 'bot_telegram_api_errors_total', {
      method: 'getUpdates',
      code: '400',
    });
    stack.emulator.injectError('getUpdates', { error_code: 400, description: 'Bad Request: odd' });
    // The update ends the waiting long poll; the next one is refused (and retried).
    const user = stack.emulator.createUser({ first_name: 'Err', language_code: 'en' });
    await user.sendCommand('start');
    await user.waitForMessage(/Hi, Err!/);
    await expect
      .poll(
        async () =>
          sample(await scrape(), 'bot_telegram_api_errors_total', { method: 'getUpdates', code: '400' }),
        { timeout: 10_000 },
      )
      .toBe(before + 1);
  });

  it('broke no Telegram rule and left no callback query unanswered', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
  });
});
