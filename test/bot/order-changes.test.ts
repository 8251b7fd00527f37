/**
 * Changing an order before confirming it, in-process against the real simulator: the description
 * from the priced order, a button per part the model has, and after upstream refused the inputs, the
 * part to change offered right there. Upstream's messages never show our internal file names.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/db/index.js';
import type { RunningSimulator } from '../../src/simulator/server.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import { orderSummary } from '../../src/telegram/order-summary.js';
import { hideInternalNames } from '../../src/telegram/texts/internal-names.js';
import { upstreamErrorText } from '../../src/telegram/texts/upstream-errors.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, dataOf, lastWithButton, startBotSimulator } from '../support/in-process-helpers.js';

let sim: RunningSimulator;
let upstream: { baseUrl: string; apiKey: string };
let harness: InProcessBot;
beforeEach(async () => {
  ({ sim, upstream } = await startBotSimulator());
});
afterEach(async () => {
  await harness?.close();
  await sim?.close();
});

async function start(user: { id: number; language_code: string }) {
  harness = await createInProcessBot({ upstream });
  await harness.send(textMessage(user, '/start'));
}

describe('changing the description from the priced order', () => {
  for (const [lang, labels] of [
    ['en', { description: '✏️ Description', settings: '⚙️ Settings', cancel: '✖️ Cancel' }],
    ['ru', { description: '✏️ Описание', settings: '⚙️ Настройки', cancel: '✖️ Отмена' }],
  ] as const) {
    it(`asks only for the new description and prices again (${lang})`, async () => {
      const user = { id: 60, language_code: lang };
      await start(user);
      await harness.send(callbackQuery(user, 'gm:203'));
      await harness.send(textMessage(user, 'a lighthouse at dawn'));
      await harness.send(callbackQuery(user, 'g:next'));
      const first = lastWithButton(harness, 'o:ok:');
      expect(first.text).toContain('a lighthouse at dawn');
      // Lumen takes no files: no Files button; it has settings and a description.
      expect(first.buttons.map((b) => b.text).slice(1)).toEqual([
        labels.description,
        labels.settings,
        expect.stringContaining(labels.cancel.slice(3)),
      ]);

      const asksBefore = harness.calls.length;
      await harness.send(callbackQuery(user, dataOf(first.buttons, labels.description)));
      const asked = harness.calls.slice(asksBefore).filter((c) => c.method === 'sendMessage');
      expect(asked).toHaveLength(1);
      expect(String(asked[0]!.payload.text)).toMatch(lang === 'en' ? /Describe/ : /Опишите/);

      await harness.send(textMessage(user, 'a red fox in the snow'));
      const second = lastWithButton(harness, 'o:ok:');
      expect(second.text).toContain('a red fox in the snow');
      expect(second.text).not.toContain('lighthouse');
      // The old summary's Confirm no longer orders anything: its draft was closed.
      await harness.send(callbackQuery(user, dataOf(first.buttons, first.buttons[0]!.text)));
      expect(sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders')).toEqual([]);
    });
  }
});

/** Vega Video (a description, optional photos and a video, settings; a quote) until upstream refuses the quote. */
async function refusedQuote(user: { id: number; language_code: string }, description: string) {
  await start(user);
  await harness.send(callbackQuery(user, 'gm:101'));
  await harness.send(textMessage(user, description));
  await harness.send(callbackQuery(user, 'g:skip'));
  await harness.send(callbackQuery(user, 'g:skip'));
  sim.faults.add({
    method: 'POST',
    path: '/orders/quote',
    action: { kind: 'status', status: 422, code: 'validation_error' },
  });
  await harness.send(callbackQuery(user, 'g:next'));
}

describe('after upstream refused the inputs', () => {
  it('offers the parts to change right there, and the chosen one leads to a new price (en)', async () => {
    const user = { id: 61, language_code: 'en' };
    await refusedQuote(user, 'a lighthouse at dawn');
    const refusal = lastWithButton(harness, 'g:options');
    expect(refusal.text).toContain("The model can't accept these settings or files.");
    expect(refusal.text).toContain('What would you like to change?');
    expect(refusal.buttons.map((b) => b.text)).toEqual([
      '✏️ Description',
      '📎 Files',
      '⚙️ Settings',
      expect.stringContaining('Cancel'),
    ]);
    await harness.send(callbackQuery(user, 'g:options'));
    expect(lastWithButton(harness, 'g:next').text).toContain('Settings');
    await harness.send(callbackQuery(user, 'g:next'));
    expect(lastWithButton(harness, 'o:ok:').text).toContain('a lighthouse at dawn');
  });

  it('in Russian too, and the description can be the part changed', async () => {
    const user = { id: 62, language_code: 'ru' };
    await refusedQuote(user, 'маяк на рассвете');
    const refusal = lastWithButton(harness, 'g:prompt');
    expect(refusal.text).toContain('Что поменять?');
    expect(refusal.buttons.map((b) => b.text).slice(0, 3)).toEqual(['✏️ Описание', '📎 Файлы', '⚙️ Настройки']);
    await harness.send(callbackQuery(user, 'g:prompt'));
    await harness.send(textMessage(user, 'лиса в снегу'));
    const summary = lastWithButton(harness, 'o:ok:');
    expect(summary.text).toContain('лиса в снегу');
  });
});

describe('the priced order offers only the parts the model has', () => {
  const texts = textsFor(createI18n('en'), 'en');
  const order = (modelId: number, media: Record<string, string[]>) =>
    ({
      id: '00000000-0000-4000-8000-000000000001',
      modelId,
      modelName: 'M',
      priceUsd: '0.05',
      priceStars: null,
      costUsd: null,
      quoteId: null,
      idempotencyKey: 'k',
      request: { model_id: modelId, media },
    }) as unknown as OrderRecord;

  it('no "Change settings" for a model without settings, no "Description" for one that ignores it', async () => {
    harness = await createInProcessBot({ upstream });
    const faceSwap = await harness.services.catalog.getModel(204);
    const summary = await orderSummary(
      texts,
      order(204, { character_image: ['tmp/a'], target_image: ['tmp/b'] }),
      faceSwap,
    );
    expect(summary.keyboard.inline_keyboard.flat().map((b) => b.text)).toEqual([
      '✅ Confirm',
      '📎 Files',
      expect.stringContaining('Cancel'),
    ]);
  });
});

describe('internal file names', () => {
  const en = textsFor(createI18n('en'), 'en');
  const ru = textsFor(createI18n('ru'), 'ru');

  it('upstream details read "your file" instead of the relay\'s names and upload paths', () => {
    const message =
      'video-AQADBAADr7gxG2E.mp4 (mov) is not accepted in media.video; tmp/4f1c2a9e-1b2c-4d5e-8f90-123456789abc too';
    const text = upstreamErrorText(en, 'validation_error', message);
    expect(text).not.toMatch(/AQAD|tmp\//);
    expect(text).toContain('your file (mov) is not accepted');
    expect(upstreamErrorText(ru, 'validation_error', message)).toContain('ваш файл (mov)');
  });

  it('a name the customer gave their own file stays', () => {
    expect(hideInternalNames(en, 'holiday-video.mp4 is too long')).toBe('holiday-video.mp4 is too long');
  });
});

describe('a cancelled generation', () => {
  it('offers 🏠 Main menu, from the form and from the priced order (en, ru)', async () => {
    const en = { id: 63, language_code: 'en' };
    const ru = { id: 64, language_code: 'ru' };
    await start(en);
    await harness.send(callbackQuery(en, 'gm:203'));
    await harness.send(callbackQuery(en, 'g:cancel'));
    const fromForm = harness.calls.findLast((c) => c.method === 'editMessageText')!.payload;
    expect(String(fromForm.text)).toContain('Cancelled');
    expect(buttonsOf(fromForm).map((b) => b.text)).toEqual(['🏠 Main menu']);

    await harness.send(textMessage(ru, '/start'));
    await harness.send(callbackQuery(ru, 'gm:203'));
    await harness.send(textMessage(ru, 'маяк на рассвете'));
    await harness.send(callbackQuery(ru, 'g:next'));
    const summary = lastWithButton(harness, 'o:x:');
    await harness.send(callbackQuery(ru, dataOf(summary.buttons, '✖️ Отмена')));
    const fromSummary = harness.calls.findLast((c) => c.method === 'editMessageText')!.payload;
    expect(String(fromSummary.text)).toContain('Отменено');
    expect(buttonsOf(fromSummary).map((b) => b.text)).toEqual(['🏠 Главное меню']);
  });
});

describe('a library prompt', () => {
  /** Presses the newest button whose label matches `label`. */
  async function press(user: { id: number; language_code: string }, label: RegExp) {
    const call = harness.calls.findLast((c) => buttonsOf(c.payload).some((b) => label.test(b.text)));
    const button = call && buttonsOf(call.payload).find((b) => label.test(b.text));
    if (!button?.callback_data) throw new Error(`no button ${label}`);
    await harness.send(callbackQuery(user, button.callback_data));
  }

  it("gets the customer's own description from the priced order (ru)", async () => {
    const user = { id: 65, language_code: 'ru' };
    await start(user);
    await harness.send(textMessage(user, '/prompts'));
    await press(user, /^🖼/);
    await press(user, /^Портреты$/);
    await press(user, /^1\. /);
    await press(user, /^✨/);
    await press(user, /^Lumen Text to Image/);
    await harness.send(callbackQuery(user, 'g:next'));
    const fromLibrary = lastWithButton(harness, 'o:desc:');
    await harness.send(callbackQuery(user, dataOf(fromLibrary.buttons, '✏️ Описание')));
    await harness.send(textMessage(user, 'мой собственный портрет'));
    const summary = lastWithButton(harness, 'o:ok:');
    expect(summary.text).toContain('мой собственный портрет');
    expect(summary.text).not.toBe(fromLibrary.text);
  });
});
