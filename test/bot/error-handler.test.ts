/** The generic error: said in the user's language, with a way on (🏠) in private chats, never throwing. */
import { BotError } from 'grammy';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaseContext } from '../../src/bot/context.js';
import { handleBotError } from '../../src/bot/error-handler.js';
import { callbackQuery, createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { buttonsOf } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

describe('the generic error', () => {
  it('comes with 🏠 Main menu in a private chat', async () => {
    harness = await createInProcessBot();
    // The menu entry's edit fails for a reason nobody handles: the error boundary speaks.
    harness.failNext('editMessageText', { error_code: 400, description: 'Bad Request: something odd' });
    await harness.send(callbackQuery({ id: 90, language_code: 'en' }, 'menu:language'));
    const told = harness.calls.findLast((c) => c.method === 'sendMessage');
    expect(String(told?.payload.text)).toContain('Something went wrong');
    expect(buttonsOf(told?.payload)).toEqual([{ text: '🏠 Main menu', callback_data: 'menu:home' }]);
  });

  it('elsewhere comes without buttons, and a failing reply is only logged', async () => {
    const reply = vi.fn().mockRejectedValue(new Error('chat gone'));
    const ctx = {
      chat: { id: -5, type: 'group' },
      update: { update_id: 1 },
      t: (key: string) => key,
      reply,
      logger: { error: vi.fn(), warn: vi.fn() },
    } as unknown as BaseContext;
    await expect(handleBotError(new BotError(new Error('boom'), ctx))).resolves.toBeUndefined();
    expect(reply).toHaveBeenCalledWith('error-generic', {});
  });
});
