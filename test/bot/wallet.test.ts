/**
 * /wallet on the real handlers: a movement names its model escaped once (the customer's view and the
 * admin's /wallet <id> card share the lines), /paysupport and /terms exist only where Stars are
 * sold, and a free bot's /wallet says so with the way back to the menu.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN = { id: 1, language_code: 'en' };
const CUSTOMER = { id: 70, language_code: 'en' };

const lastMessage = (h: InProcessBot, chatId: number) =>
  h.calls.findLast((c) => c.method === 'sendMessage' && c.payload.chat_id === chatId)?.payload;

/** A top-up of 10 Stars, then an order of `modelName` holding 4 of them. */
async function walletWithOrder(h: InProcessBot, userId: number, modelName: string) {
  const { wallet, orders } = h.services;
  const { payload } = await wallet!.createTopup(userId, userId, 10, null);
  await wallet!.creditPayment({ chargeId: `charge-${userId}`, userId, stars: 10, payload });
  const order = await orders.insertDraft({
    id: randomUUID(),
    chatId: userId,
    userId,
    locale: 'en',
    modelId: 203,
    modelName,
    modelType: 'image',
    request: { model_id: 203, prompt: 'a fox' },
    priceUsd: '0.04',
    priceStars: 4,
    idempotencyKey: randomUUID(),
  });
  await h.store.engine.transaction((tx) => wallet!.holdForSubmission(tx, order));
}

describe('wallet history', () => {
  const escapedOnce = 'order Kling &lt;Pro&gt; &amp; Master';

  it("names the order's model escaped exactly once, for the customer and in the admin's card", async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV, ADMIN_IDS: String(ADMIN.id) } });
    await harness.send(textMessage(CUSTOMER, '/start'));
    await walletWithOrder(harness, CUSTOMER.id, 'Kling <Pro> & Master');

    await harness.send(textMessage(CUSTOMER, '/wallet'));
    const own = String(lastMessage(harness, CUSTOMER.id)?.text);
    expect(own).toContain(`−⭐\u00a04 · ${escapedOnce}`);
    expect(own).not.toContain('&amp;lt;');

    await harness.send(textMessage(ADMIN, `/wallet ${CUSTOMER.id}`));
    const card = String(lastMessage(harness, ADMIN.id)?.text);
    expect(card).toContain(`−⭐\u00a04 · ${escapedOnce}`);
    expect(card).not.toContain('&amp;lt;');
  });
});

describe('without Stars billing', () => {
  it('/paysupport and /terms are unknown commands, not Stars sales terms', async () => {
    harness = await createInProcessBot();
    for (const command of ['/paysupport', '/terms']) {
      await harness.send(textMessage(CUSTOMER, command));
      expect(lastMessage(harness, CUSTOMER.id)?.text, command).toBe(
        "Sorry, we didn't catch that. Tap <b>🏠 Main menu</b> or send /help.",
      );
    }
  });

  it('/wallet says payments are off, with the main menu button', async () => {
    harness = await createInProcessBot();
    await harness.send(textMessage(CUSTOMER, '/wallet'));
    const reply = lastMessage(harness, CUSTOMER.id);
    expect(reply?.text).toBe("Payments aren't enabled in this bot: generations are free here.");
    expect(buttonsOf(reply).map((b) => [b.text, b.callback_data])).toEqual([['🏠 Main menu', 'menu:home']]);
  });
});

describe('with Stars billing', () => {
  it('/paysupport and /terms answer', async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    await harness.send(textMessage(CUSTOMER, '/paysupport'));
    expect(lastMessage(harness, CUSTOMER.id)?.text).toContain('Help with payments');
    await harness.send(textMessage(CUSTOMER, '/terms'));
    expect(lastMessage(harness, CUSTOMER.id)?.text).toContain('Terms of sale');
  });
});
