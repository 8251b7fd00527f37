/**
 * Telegram unreachable (the emulator drops every connection): the bot says so in its log when the
 * outage begins and when it ends, and answers what users sent meanwhile as soon as Telegram is back.
 * At start-up it keeps trying, visibly, and starts by itself once Telegram answers.
 * Recovery time is measured in bench/telegram-outage.ts; nothing here depends on timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from '../support/e2e/bot-process.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  stack.emulator.setOutage(false);
  await stack?.close();
});

describe('Telegram outages', () => {
  it('logs the outage and its end, and answers what was sent meanwhile', async () => {
    const user = stack.emulator.createUser({ first_name: 'Olga', language_code: 'en' });
    await user.sendCommand('start');
    await user.waitForMessage(/Hi, Olga!/);
    // Nothing in flight: a send cut mid-answer would be retried, as with real Telegram.
    await user.waitForIdle();

    stack.emulator.setOutage(true);
    await stack.bot.waitForLine(/Telegram is unreachable/, 20_000);
    const seq = stack.emulator.seq();
    await user.sendCommand('help');
    stack.emulator.setOutage(false);
    await user.waitForMessage(/how it works/, { after: seq, timeoutMs: 20_000 });
    await stack.bot.waitForLine(/Telegram is reachable again/, 20_000);
    expect(stack.bot.exitCode).toBeUndefined();
  });

  it('unreachable at start-up: keeps trying with a visible log, then starts by itself', async () => {
    await stack.bot.stop();
    stack.emulator.setOutage(true);
    const bot = await BotProcess.start({ env: stack.env, readyPattern: /Telegram is unreachable/ });
    stack.bot = bot;
    stack.emulator.setOutage(false);
    await bot.waitForLine(/"msg":"bot started"/, 30_000);
    const user = stack.emulator.createUser({ first_name: 'Pavel', language_code: 'en' });
    await user.sendCommand('start');
    await user.waitForMessage(/Hi, Pavel!/, { timeoutMs: 20_000 });
  });

  it('broke no Telegram rule', () => {
    expect(stack.emulator.problems).toEqual([]);
  });
});
