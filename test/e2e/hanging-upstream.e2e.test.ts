/**
 * A hanging upstream never freezes a chat: while POST /upload hangs, /help answers and /cancel
 * answers at once and stops the upload; while POST /orders hangs, /help answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openModel, pricedTextImage } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { makePng } from '../support/media-fixtures.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  // The confirm of the last test is still waiting for POST /orders: no graceful drain to wait for.
  await stack?.bot.kill();
  await stack?.close();
});

const HANG = { kind: 'latency' as const, ms: 120_000 };

describe('a hanging upstream', () => {
  it('POST /upload hangs: /help answers, /cancel answers and stops the upload, the form can start again', async () => {
    const user = stack.emulator.createUser({ first_name: 'Hana', language_code: 'en' });
    await openModel(user, 'upscale', 'Crisp Upscaler');
    await user.waitForMessage(/Photos/);
    stack.simulator.faults.add({ method: 'POST', path: '/upload', action: HANG });
    await user.sendPhoto(makePng(400, 400), { width: 400, height: 400 });
    await user.waitForMessage(/Uploading the file/);
    await expect
      .poll(() => stack.simulator.requests.filter((r) => r.path === '/upload').length)
      .toBeGreaterThan(0);

    let seq = stack.emulator.seq();
    await user.sendCommand('help');
    await user.waitForMessage(/how it works/, { after: seq });
    seq = stack.emulator.seq();
    await user.sendCommand('cancel');
    await user.waitForMessage(/Cancelled/, { after: seq });
    await user.waitForMessage(/Upload stopped/, { after: seq });
    await stack.bot.waitForLine(/"code":"aborted"/);

    // The form is over for good: the next update starts afresh, nothing of the old form comes back.
    seq = stack.emulator.seq();
    await user.sendText('hello?');
    await user.waitForMessage((m) => m.sentAt > seq && !/Photos|Got/.test(m.text ?? ''), { after: seq });
    await openModel(user, 'upscale', 'Crisp Upscaler');
    await user.waitForMessage(/Photos/);
  });

  it('POST /orders hangs: /help still answers', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ola', language_code: 'en' });
    await pricedTextImage(user, 'Patience');
    stack.simulator.faults.add({ method: 'POST', path: '/orders', action: HANG });
    await user.pressButton(/^✅ Confirm/);
    await expect
      .poll(() => stack.simulator.requests.filter((r) => r.path === '/orders').length)
      .toBeGreaterThan(0);
    const seq = stack.emulator.seq();
    await user.sendCommand('help');
    await user.waitForMessage(/how it works/, { after: seq });
    expect(stack.emulator.problems).toEqual([]);
  });

  it('GET /orders/{id} answers 8 MB: that poll fails cleanly, tracking goes on and the result arrives', async () => {
    const user = stack.emulator.createUser({ first_name: 'Big', language_code: 'en' });
    await pricedTextImage(user, 'A huge answer');
    stack.simulator.faults.clear();
    const huge = JSON.stringify({ success: true, order: { padding: 'x'.repeat(8 * 1024 * 1024) } });
    stack.simulator.faults.add({
      method: 'GET',
      path: /^\/orders\/[^/]+$/,
      times: 2,
      action: { kind: 'body', contentType: 'application/json', body: huge },
    });
    await user.pressButton(/^✅ Confirm/);
    await user.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    expect(stack.bot.lines.some((l) => /response larger than/.test(l))).toBe(true);
    expect(stack.bot.exitCode).toBeUndefined();
  });
});
