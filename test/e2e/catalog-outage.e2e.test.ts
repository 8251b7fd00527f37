/**
 * Upstream down at start-up: with a stored catalog the bot offers it; with none it says so in the
 * user's language, keeps running, and offers the models as soon as upstream answers again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../support/e2e/stack.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const modelsDown = {
  method: 'GET',
  path: '/models',
  times: Number.POSITIVE_INFINITY,
  action: { kind: 'status' as const, status: 503 },
};

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

async function openMenu(user: ScriptedUser, expected: RegExp) {
  await user.sendCommand('generate');
  return user.waitForMessage(expected, { timeoutMs: 20_000 });
}

describe('upstream down at start-up', () => {
  it('with a stored catalog: /start and the model menu work', async () => {
    stack = await startStack();
    const early = stack.emulator.createUser({ first_name: 'Early', language_code: 'en' });
    await openMenu(early, /What would you like to create/);
    await stack.bot.stop();

    stack.simulator.faults.add(modelsDown);
    const bot = await stack.restartBot();
    await bot.waitForLine(/serving the stored catalog/, 20_000);
    const user = stack.emulator.createUser({ first_name: 'Stella', language_code: 'en' });
    await user.sendCommand('start');
    await user.waitForMessage(/Hi, Stella!/);
    await openMenu(user, /What would you like to create/);
    await user.pressButton(/Images/);
    const list = await user.waitForMessage(/choose a model/);
    expect(list.buttons.some((b) => b.text.startsWith('Lumen Text to Image ·'))).toBe(true);
    expect(stack.emulator.problems).toEqual([]);
  });

  it('with no stored catalog: a clear message, the bot keeps running, and it recovers by itself', async () => {
    stack = await startStack({ beforeBot: (_emulator, simulator) => simulator.faults.add(modelsDown) });
    const user = stack.emulator.createUser({ first_name: 'Rita', language_code: 'ru' });
    await user.sendCommand('start');
    await user.waitForMessage(/Rita/);
    await openMenu(user, /Список моделей временно недоступен/);
    expect(stack.bot.exitCode).toBeUndefined();

    stack.simulator.faults.clear();
    await openMenu(user, /Что будем создавать/);
    expect(stack.emulator.problems).toEqual([]);
  });
});
