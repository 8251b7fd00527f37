/** The e2e stack's shutdown: everything stops, then the emulator's record of broken rules is checked. */
import { describe, expect, it } from 'vitest';
import { closeAndCheck } from '../support/e2e/stack.js';

describe('closeAndCheck', () => {
  it('stops everything, then fails on a broken Telegram rule', async () => {
    const stopped: string[] = [];
    const stop = (name: string) => async () => void stopped.push(name);
    await expect(
      closeAndCheck({ problems: ['sendMessage: message text is too long'] }, [stop('bot'), stop('emulator')]),
    ).rejects.toThrow(/message text is too long/);
    expect(stopped).toEqual(['bot', 'emulator']);
  });

  it('a stop that throws does not keep the others running', async () => {
    const stopped: string[] = [];
    const failing = async () => {
      throw new Error('bot did not stop');
    };
    const stop = (name: string) => async () => void stopped.push(name);
    await expect(closeAndCheck({ problems: [] }, [failing, stop('emulator'), stop('db')])).rejects.toThrow(
      'bot did not stop',
    );
    expect(stopped).toEqual(['emulator', 'db']);
  });
});
