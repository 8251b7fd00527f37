/**
 * The broadcast composer as the admin walks it: a question asked again stands on its own (the
 * preview is no longer right above it), text typed at the Send step is answered, and /cancel says
 * the broadcast was discarded (nothing is ever ordered there).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, dataOf } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN = { id: 7, language_code: 'en' };

const lastSent = () => harness.calls.filter((c) => c.method === 'sendMessage').at(-1)!;
const lastText = () => String(lastSent().payload.text);
let callbackId = 0;
const tap = (label: string) =>
  harness.send(callbackQuery(ADMIN, dataOf(buttonsOf(lastSent().payload), label), ++callbackId));

describe('the broadcast composer', () => {
  it('asks again without pointing at the preview, answers typed text at Send, and /cancel discards', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id) } });
    await harness.send(textMessage(ADMIN, '/broadcast'));
    await harness.send(textMessage(ADMIN, 'Big news'));
    await tap('Continue without a button');
    expect(lastText()).toMatch(/^👆 This is how your customers will see it/);

    await tap('🌐 By language');
    expect(buttonsOf(lastSent().payload).map((b) => b.text)).toContain('🇷🇺 Русский');
    await tap('◀️ Back');
    expect(lastText()).toBe('Who should get the broadcast?');

    await tap('👥 Everyone');
    expect(lastText()).toMatch(/Send/);
    await harness.send(textMessage(ADMIN, 'hello?'));
    expect(lastText()).toBe('Please use the buttons above.');

    await harness.send(textMessage(ADMIN, '/cancel'));
    expect(lastText()).toBe('The broadcast was discarded; nothing was sent.');
  });
});
