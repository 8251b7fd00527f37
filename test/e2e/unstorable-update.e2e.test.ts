/**
 * One customer's update the store could not keep never stops the bot for the others (issue 22 D12).
 * A message whose text holds U+0000 (PostgreSQL's jsonb refuses `\u0000`) used to stop polling for
 * everyone (the batch retried for ever, the offset never advanced) and get 500 on the webhook for
 * ever. Now it is stored without the NUL and answered; another user's /start is answered too. The
 * real bot process, on each engine of the run, in polling and in webhook mode.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { availableEngines } from '../support/databases.js';
import { freePort } from '../support/e2e/free-port.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { textUpdate } from '../support/in-process-bot.js';

const SECRET = 'whsec_unstorable';
let stack: Stack | undefined;

afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const NUL_TEXT = 'hello\u0000world';

describe.each(availableEngines())('an update with U+0000 on %s', (engine) => {
  it('polling: it is answered, and so is another user’s /start after it', async () => {
    stack = await startStack({ engine });
    const nul = stack.emulator.createUser({ first_name: 'Nul', language_code: 'en' });
    const other = stack.emulator.createUser({ first_name: 'Otto', language_code: 'en' });
    await nul.sendCommand('start');
    await nul.waitForMessage(/Hi, Nul!/);
    const after = stack.emulator.seq();
    await nul.sendText(NUL_TEXT);
    await other.sendCommand('start');
    await other.waitForMessage(/Hi, Otto!/, { after });
    // The handler saw the user's message (without the NUL): the usual answer to plain text.
    await nul.waitForMessage(/didn't catch that/, { after });
    // Both handled and recorded as done: nothing of the batch is left waiting.
    await vi.waitFor(
      async () => {
        const [row] = await stack!.database.query<{ n: number | string }>`
          select count(*) as n from update_inbox where done_at is null`;
        expect(Number(row?.n)).toBe(0);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(stack.bot.lines.join('\n')).not.toContain('could not store updates');
  });

  it('webhook: it is answered 200 and handled; another user’s /start is answered', async () => {
    const port = await freePort();
    stack = await startStack({
      engine,
      env: {
        BOT_MODE: 'webhook',
        WEBHOOK_URL: 'https://bot.example.com',
        WEBHOOK_SECRET: SECRET,
        PORT: String(port),
      },
    });
    const nul = stack.emulator.createUser({ first_name: 'Nul', language_code: 'en' });
    const other = stack.emulator.createUser({ first_name: 'Otto', language_code: 'en' });
    let updateId = 1;
    const deliver = (user: { id: number; first_name: string }, text: string) =>
      fetch(`http://127.0.0.1:${port}/telegram/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        body: JSON.stringify(
          textUpdate(updateId++, { id: user.id, first_name: user.first_name, language_code: 'en' }, text),
        ),
      });
    const after = stack.emulator.seq();
    expect((await deliver({ id: nul.id, first_name: 'Nul' }, NUL_TEXT)).status).toBe(200);
    expect((await deliver({ id: other.id, first_name: 'Otto' }, '/start')).status).toBe(200);
    await other.waitForMessage(/Hi, Otto!/, { after });
    await nul.waitForMessage(/didn't catch that/, { after });
    const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    expect(metrics).toMatch(/bot_inbox_updates_total\{bot="1",outcome="stored"\} 2/);
    expect(metrics).not.toMatch(/bot_webhook_requests_total\{outcome="failed"\}/);
  });
});
