/**
 * /orders tells an order's Stars as its status message does: held while it runs, paid once it
 * delivered, returned after a failure, a cancellation or a loss (never a "Cost" for money that came
 * back); and an order that ended without a result offers 🔁 Try again there too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../src/db/index.js';
import type { RunningSimulator } from '../../src/simulator/server.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import { renderOrderStatus } from '../../src/telegram/order-status.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV, startBotSimulator } from '../support/in-process-helpers.js';
import { submittedOrder } from '../support/order-fixtures.js';

let sim: RunningSimulator;
let harness: InProcessBot;
beforeEach(async () => {
  const started = await startBotSimulator();
  sim = started.sim;
  harness = await createInProcessBot({ env: STARS_ENV, upstream: started.upstream });
});
afterEach(async () => {
  await harness?.close();
  await sim?.close();
});

const EN = { id: 91, language_code: 'en' };
const RU = { id: 92, language_code: 'ru' };

type State = 'processing' | 'completed' | 'failed' | 'cancelled' | 'lost';

/** A 50-Star Lumen order of `user` in `state`. */
async function order(user: { id: number }, state: State): Promise<OrderRecord> {
  const { orders } = harness.services;
  const row = await submittedOrder(orders, {
    userId: user.id,
    prompt: `a ${state} lighthouse`,
    status: state === 'lost' ? 'processing' : state,
    priceStars: 50,
  });
  if (state === 'lost') await orders.markLost(row.id);
  return (await orders.find(row.id))!;
}

/** Amounts are written with a no-break space ("⭐\u00a050"); the tests read them with a plain one. */
const plain = (text: string) => text.replaceAll('\u00a0', ' ');

function lastText(): { text: string; buttons: { text: string; callback_data?: string }[] } {
  const call = harness.calls.findLast((c) => c.method === 'sendMessage' || c.method === 'editMessageText')!;
  return { text: plain(String(call.payload.text)), buttons: buttonsOf(call.payload) };
}

/** The details screen of `row`, opened from /orders. */
async function details(user: { id: number; language_code: string }, row: OrderRecord) {
  await harness.send(textMessage(user, '/orders'));
  const button = lastText().buttons.find((b) => b.callback_data?.includes(row.id.slice(0, 8)));
  await harness.send(callbackQuery(user, button!.callback_data!));
  return lastText();
}

describe('/orders with Stars billing', () => {
  it('the list marks held and returned Stars, and only a delivered order shows a plain price (en)', async () => {
    for (const state of ['processing', 'completed', 'failed', 'cancelled', 'lost'] as const)
      await order(EN, state);
    await harness.send(textMessage(EN, '/orders'));
    const lines = lastText().text.split('\n');
    const line = (status: string) => lines.find((l) => l.includes(`· ${status} ·`))!;
    expect(line('generating')).toContain('· ⭐ 50 reserved ·');
    expect(line('done')).toContain('· ⭐ 50 ·');
    for (const status of ['failed', 'cancelled', 'not found'])
      expect(line(status)).toContain('· ↩️ ⭐ 50 returned ·');
  });

  it('in Russian too', async () => {
    await order(RU, 'failed');
    await order(RU, 'processing');
    await harness.send(textMessage(RU, '/orders'));
    const { text } = lastText();
    expect(text).toContain('↩️ ⭐ 50 возвращено');
    expect(text).toContain('⭐ 50 в резерве');
  });

  for (const state of ['failed', 'cancelled', 'lost', 'processing', 'completed'] as const) {
    it(`the details of a ${state} order word the Stars as its status message does`, async () => {
      const row = await order(EN, state);
      const status = renderOrderStatus(textsFor(createI18n('en'), 'en'), row, Date.now(), {
        lost: state === 'lost',
      });
      const priceLine = plain(status.text)
        .split('\n')
        .find((l) => l.includes('⭐ 50'))!;
      const screen = await details(EN, row);
      expect(screen.text).toContain(priceLine);
      expect(screen.text).not.toContain('Cost:');
      const expected = {
        failed: 'Returned',
        cancelled: 'Returned',
        lost: 'Returned',
        processing: 'Reserved',
        completed: 'Paid',
      };
      expect(priceLine).toContain(expected[state]);
    });
  }
});

describe('the details of an order that ended without a result', () => {
  for (const state of ['failed', 'cancelled', 'lost'] as const) {
    it(`${state}: offers 🔁 Try again, as its status message does`, async () => {
      const row = await order(EN, state);
      const screen = await details(EN, row);
      expect(screen.buttons.map((b) => b.text)).toContain('🔁 Try again');
    });
  }

  it('a running order does not', async () => {
    const screen = await details(EN, await order(EN, 'processing'));
    expect(screen.buttons.map((b) => b.text)).not.toContain('🔁 Try again');
  });
});

describe('a model the reseller renamed', () => {
  it('the status message of a just-placed order keeps the name the form showed', async () => {
    const settings = harness.services.liveSettings;
    await settings.load();
    await settings.updateModel(1, { id: 203, name: 'Lumen Text to Image' }, settings.current().version, {
      name: { en: 'Aurora Studio' },
    });
    await settings.load();
    await harness.send(textMessage(EN, '/start'));
    const grant = { userId: EN.id, stars: 50, adminId: 1, reason: null, key: 'grant:test' };
    expect(await harness.services.admin.wallet!.grant(grant)).toMatchObject({ kind: 'granted' });
    await harness.send(callbackQuery(EN, 'gm:203'));
    await harness.send(textMessage(EN, 'a lighthouse at dawn'));
    await harness.send(callbackQuery(EN, 'g:next'));
    const summary = harness.calls.findLast((c) =>
      buttonsOf(c.payload).some((b) => b.callback_data?.startsWith('o:ok:')),
    )!;
    expect(String(summary.payload.text)).toContain('Aurora Studio');
    const confirm = buttonsOf(summary.payload).find((b) => b.callback_data?.startsWith('o:ok:'))!;
    await harness.send(callbackQuery(EN, confirm.callback_data!));
    const placed = harness.calls.findLast((c) => c.method === 'editMessageText')!;
    expect(String(placed.payload.text)).toContain('Aurora Studio');
    expect(String(placed.payload.text)).not.toContain('Lumen');
  });

  it('/orders shows the reseller’s name in the list, on its button and in the details', async () => {
    const row = await order(EN, 'completed');
    const settings = harness.services.liveSettings;
    await settings.load();
    await settings.updateModel(1, { id: row.modelId, name: row.modelName }, settings.current().version, {
      name: { en: 'Aurora Studio' },
    });
    await settings.load();
    await harness.send(textMessage(EN, '/orders'));
    const list = lastText();
    expect(list.text).toContain('<b>Aurora Studio</b>');
    expect(list.text).not.toContain('Lumen');
    expect(list.buttons[0]!.text).toContain('Aurora Studio');
    const screen = await details(EN, row);
    expect(screen.text).toContain('Model: <b>Aurora Studio</b>');
    expect(screen.text).not.toContain('Lumen');
  });
});

describe("/orders and the customers' app", () => {
  type WebAppButton = { text: string; web_app?: { url: string } };
  const listButtons = () => {
    const call = harness.calls.findLast((c) => c.method === 'sendMessage')!;
    return (
      (call.payload.reply_markup as { inline_keyboard: WebAppButton[][] }).inline_keyboard ?? []
    ).flat();
  };

  it('offers every result in the app where the Mini Apps are on, and no such button where they are off', async () => {
    await order(EN, 'completed');
    await harness.send(textMessage(EN, '/orders'));
    expect(listButtons().some((b) => b.web_app)).toBe(false);

    await harness.close();
    const started = await startBotSimulator();
    await sim.close();
    sim = started.sim;
    harness = await createInProcessBot({
      env: { ...STARS_ENV, PUBLIC_URL: 'https://panel.example.com', HTTP_PORT: '8088' },
      upstream: started.upstream,
    });
    await order(EN, 'completed');
    await harness.send(textMessage(EN, '/orders'));
    expect(listButtons().filter((b) => b.web_app)).toEqual([
      { text: '🖼 All my results', web_app: { url: 'https://panel.example.com/miniapp/app.html' } },
    ]);
  });
});
