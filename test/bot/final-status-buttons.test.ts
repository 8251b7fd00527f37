/**
 * The buttons of an order's final status message lead somewhere: 🔁 Try again under a cancelled or
 * lost order opens the form with the same inputs (on to a new priced order), 🏠 opens the menu.
 * The message is rendered as the tracker renders it; its buttons are pressed on the real handlers.
 */
import { describe, expect, it } from 'vitest';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import { renderOrderStatus } from '../../src/telegram/order-status.js';
import { callbackQuery, type InProcessBot } from '../support/in-process-bot.js';
import { botPerTest, buttonsOf, dataOf, lastWithButton } from '../support/in-process-helpers.js';
import { submittedOrder } from '../support/order-fixtures.js';

let harness: InProcessBot;
botPerTest((started) => {
  ({ harness } = started);
});

const en = textsFor(createI18n('en'), 'en');
const USER = { id: 90, language_code: 'en' };

/** A submitted Lumen order of USER, moved to `status` upstream; lost when `lost`. */
async function finishedOrder(status: 'cancelled' | 'processing', lost = false) {
  const { orders } = harness.services;
  const order = await submittedOrder(orders, {
    userId: USER.id,
    prompt: 'a lighthouse at dawn',
    options: { aspect_ratio: '16:9' },
    status,
  });
  if (lost) await orders.markLost(order.id);
  return (await orders.find(order.id))!;
}

describe('the final status message', () => {
  for (const [name, make] of [
    ['cancelled', () => finishedOrder('cancelled')],
    ['lost', () => finishedOrder('processing', true)],
  ] as const) {
    it(`${name}: 🔁 Try again opens the form with the same inputs, up to a new priced order`, async () => {
      const order = await make();
      const view = renderOrderStatus(en, order, Date.now(), { lost: name === 'lost' });
      const buttons = view.keyboard.inline_keyboard.flat().map((b) => ({
        text: b.text,
        callback_data: 'callback_data' in b ? b.callback_data : undefined,
      }));
      expect(buttons.map((b) => b.text)).toEqual(['🔁 Try again', '🏠 Main menu']);

      await harness.send(callbackQuery(USER, dataOf(buttons, '🔁 Try again'), order.statusMessageId ?? 7));
      // The description is kept: the form opens at the settings, with the ones chosen before.
      const settings = lastWithButton(harness, 'g:next');
      expect(settings.text).toContain('Settings');
      expect(settings.buttons.map((b) => b.text)).toContain('Aspect ratio: 16:9');
      await harness.send(callbackQuery(USER, 'g:next'));
      const summary = lastWithButton(harness, 'o:ok:');
      expect(summary.text).toContain('a lighthouse at dawn');
      expect(summary.buttons[0]!.callback_data).not.toContain(order.id);

      await harness.send(callbackQuery(USER, dataOf(buttons, '🏠 Main menu')));
      const menu = harness.calls.findLast((c) => c.method === 'editMessageText')!;
      expect(buttonsOf(menu.payload).map((b) => b.callback_data)).toContain('menu:generate');
    });
  }
});
