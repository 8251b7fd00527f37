/**
 * The settings step of the generate form, in-process against the simulator: Continue with a required
 * setting unset is refused in an alert, which Telegram shows as plain text, so the setting's name
 * reads as written (no "&amp;").
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCatalog } from '../../src/simulator/catalog.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { SIM_API_KEY } from '../support/in-process-helpers.js';

let dir: string;
let sim: RunningSimulator;
let harness: InProcessBot;

// Lumen Text to Image with one more setting: required, no default, a name with "&" and no translation.
beforeEach(async () => {
  const models = defaultCatalog().models.map((model) =>
    model.id === 203
      ? {
          ...model,
          fields: [...model.fields, 'frame'],
          options_schema: [
            ...model.options_schema,
            {
              key: 'frame',
              type: 'select' as const,
              label: 'Width & Height',
              required: true,
              options: [{ value: 'wide', label: 'Wide' }],
            },
          ],
        }
      : model,
  );
  dir = await mkdtemp(join(tmpdir(), 'options-step-'));
  await writeFile(join(dir, 'catalog.json'), JSON.stringify({ models }));
  sim = await startSimulator({
    port: 0,
    catalogPath: join(dir, 'catalog.json'),
    accounts: [{ key: SIM_API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  });
});
afterEach(async () => {
  await harness?.close();
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Continue with a required setting unset', () => {
  for (const [lang, expected] of [
    ['en', 'Please set: Width & Height'],
    ['ru', 'Нужно указать: Width & Height'],
  ] as const) {
    it(`names it in a plain-text alert (${lang})`, async () => {
      harness = await createInProcessBot({ upstream: { baseUrl: sim.baseUrl, apiKey: SIM_API_KEY } });
      const user = { id: 80, language_code: lang };
      await harness.send(textMessage(user, '/start'));
      await harness.send(callbackQuery(user, 'gm:203'));
      await harness.send(textMessage(user, 'a lighthouse at dawn'));
      await harness.send(callbackQuery(user, 'g:next'));
      const answer = harness.calls.findLast((c) => c.method === 'answerCallbackQuery');
      expect(answer?.payload).toMatchObject({ text: expected, show_alert: true });
    });
  }
});

describe('choosing a number', () => {
  it('offers no "type a number" when every allowed value (1 to 4) is already a button', async () => {
    harness = await createInProcessBot({ upstream: { baseUrl: sim.baseUrl, apiKey: SIM_API_KEY } });
    const user = { id: 81, language_code: 'en' };
    await harness.send(textMessage(user, '/start'));
    await harness.send(callbackQuery(user, 'gm:203'));
    await harness.send(textMessage(user, 'a lighthouse at dawn'));
    const settings = harness.calls.findLast((c) => JSON.stringify(c.payload).includes('Number of images'))!;
    const keyboard = (
      settings.payload.reply_markup as {
        inline_keyboard: Array<Array<{ text: string; callback_data: string }>>;
      }
    ).inline_keyboard.flat();
    const option = keyboard.find((b) => b.text.startsWith('Number of images'))!;
    await harness.send(callbackQuery(user, option.callback_data));
    const picker = harness.calls.findLast((c) => c.method === 'editMessageText')!;
    expect(String(picker.payload.text)).toBe('<b>Number of images</b>: choose a value.');
    const values = (
      picker.payload.reply_markup as { inline_keyboard: Array<Array<{ text: string }>> }
    ).inline_keyboard
      .flat()
      .map((b) => b.text.replace('✅ ', ''));
    expect(values.slice(0, 4)).toEqual(['1', '2', '3', '4']);
  });
});
