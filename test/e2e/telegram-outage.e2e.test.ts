/**
 * Telegram unreachable (the emulator drops every connection): the bot says so in its log when the
 * outage begins and when it ends, and answers what users sent meanwhile as soon as Telegram is back.
 * At start-up it keeps trying, visibly, and starts by itself once Telegram answers. Telegram's own
 * refusals of getUpdates are logged; one that ends polling for good ends the process, loudly.
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

const BEGINS = /"msg":"Telegram is unreachable/;
const ENDS = /"msg":"Telegram is reachable again"/;
const count = (pattern: RegExp) => stack.bot.lines.filter((l) => pattern.test(l)).length;
/** Waits for one more log line matching `pattern` than there were when `before` was taken. */
const waitForAnother = (pattern: RegExp, before: number) =>
  expect.poll(() => count(pattern), { timeout: 20_000 }).toBeGreaterThan(before);

describe('Telegram outages', () => {
  for (const mode of ['drop', 'bad-gateway'] as const) {
    it(`logs the outage (${mode}) once when it begins and once when it ends, and answers what was sent meanwhile`, async () => {
      const user = stack.emulator.createUser({ first_name: 'Olga', language_code: 'en' });
      await user.sendCommand('start');
      await user.waitForMessage(/Hi, Olga!/);
      // Nothing in flight: a send cut mid-answer would be retried, as with real Telegram.
      await stack.settled();
      const [begins, ends] = [count(BEGINS), count(ENDS)];

      stack.emulator.setOutage(true, mode);
      await waitForAnother(BEGINS, begins);
      const seq = stack.emulator.seq();
      await user.sendCommand('help');
      stack.emulator.setOutage(false);
      await user.waitForMessage(/how it works/, { after: seq, timeoutMs: 20_000 });
      await waitForAnother(ENDS, ends);
      expect(count(BEGINS)).toBe(begins + 1);
      expect(count(ENDS)).toBe(ends + 1);
      const end = JSON.parse(stack.bot.lines.filter((l) => ENDS.test(l)).at(-1)!) as {
        level: number;
        downMs: unknown;
      };
      expect(end.level).toBe(30);
      expect(end.downMs).toEqual(expect.any(Number));
      expect(stack.bot.exitCode).toBeUndefined();
    });
  }

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

  it("logs Telegram's refusals of getUpdates (once each) and keeps polling", async () => {
    const refused = /"msg":"Telegram refused getUpdates"/;
    const before = count(refused);
    stack.emulator.injectError('getUpdates', { error_code: 400, description: 'Bad Request: odd' }, 2);
    const user = stack.emulator.createUser({ first_name: 'Rita', language_code: 'en' });
    // The update ends the waiting long poll; the next two polls are refused, then polling resumes.
    await user.sendCommand('start');
    await user.waitForMessage(/Hi, Rita!/);
    await waitForAnother(refused, before);
    const seq = stack.emulator.seq();
    await user.sendCommand('help');
    await user.waitForMessage(/how it works/, { after: seq, timeoutMs: 20_000 });
    expect(count(refused)).toBe(before + 1);
  });

  // Last: the bot ends here. Without its own handling the runner's rejection left a process that
  // looked alive (an "unhandled rejection" line) and never polled again.
  it('exits with code 1 and says why when Telegram ends polling (409 Conflict)', async () => {
    stack.emulator.injectError('getUpdates', {
      error_code: 409,
      description: 'Conflict: terminated by other getUpdates request',
    });
    const user = stack.emulator.createUser({ first_name: 'Vera', language_code: 'en' });
    await user.sendCommand('start');
    await stack.bot.waitForLine(/"msg":"Telegram ended polling: exiting"/, 20_000);
    await expect.poll(() => stack.bot.exitCode, { timeout: 20_000 }).toBe(1);
    expect(stack.bot.lines.join('\n')).not.toMatch(/unhandled rejection/);
  });
});
