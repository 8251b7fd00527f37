/**
 * /bots in the main bot, in process: a Web App button per added bot opening its control room as
 * the operator (the main bot's page with `?bot=<id>`), none for the main bot (its own is
 * /dashboard), none at all when the Mini App is off; ten bots a page with Previous / Next (each
 * page's rooms), and `/bots <bot>`, which answers with that one bot and its button.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BotFigures } from '../../src/services/bot-registry.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';

const OPERATOR = { id: 90, language_code: 'en' };
const MINIAPP_ON = { PUBLIC_URL: 'https://ops.example.com', METRICS_PORT: '9100' };
const FIGURES: BotFigures = { customers: 1, revenueStars: 0, costUsd: '0', spentTodayUsd: '0' };

let harness: InProcessBot | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** The main bot with `count` added bots (ids 2, 3, ...: @shop2_bot, @shop3_bot, ...). */
async function mainBotWith(count: number, env: Record<string, string>) {
  harness = await createInProcessBot({ env: { ADMIN_IDS: String(OPERATOR.id), ...env } });
  for (let i = 0; i < count; i++) {
    await harness.store.bots.add({
      telegramId: 7_000_000 + i,
      username: `shop${i + 2}_bot`,
      tokenSealed: 'sealed',
      createdBy: 555,
      managed: i % 2 === 1,
    });
  }
  const refuse = async () => {
    throw new Error('not in this test');
  };
  harness.services.bots.bindFleet({
    identify: refuse,
    serve: refuse,
    statusChanged: refuse,
    setUpProfile: refuse,
    figures: async () => FIGURES,
  });
  return harness;
}

/** An answer's inline keyboard. */
type Rows = Array<Array<{ text: string; web_app?: { url: string }; callback_data?: string }>>;

async function bots(h: InProcessBot, from = OPERATOR, args = '') {
  await h.send(textMessage(from, `/bots${args ? ` ${args}` : ''}`));
  const sent = h.calls.findLast((c) => c.method === 'sendMessage');
  const markup = sent?.payload.reply_markup as { inline_keyboard: Rows } | undefined;
  return { text: String(sent?.payload.text), rows: markup?.inline_keyboard };
}

describe("/bots opens each added bot's control room for the operator", () => {
  it('gives a Web App button per added bot to the main page with ?bot=<id>, none for the main bot', async () => {
    const h = await mainBotWith(3, MINIAPP_ON);
    const answer = await bots(h);
    expect(answer.rows).toEqual([
      [
        { text: '🛠 @shop2_bot', web_app: { url: 'https://ops.example.com/miniapp/?bot=2' } },
        { text: '🛠 @shop3_bot', web_app: { url: 'https://ops.example.com/miniapp/?bot=3' } },
      ],
      [{ text: '🛠 @shop4_bot', web_app: { url: 'https://ops.example.com/miniapp/?bot=4' } }],
    ]);
    expect(answer.text).toContain("The buttons below open each bot's control room");
    expect(answer.text).not.toContain('/bots &lt;bot&gt;');
  });

  it('has no button when the Mini App is off, nor when there is no added bot', async () => {
    const off = await bots(await mainBotWith(2, { METRICS_PORT: '9100' }));
    expect(off.rows).toBeUndefined();
    expect(off.text).toContain('@shop2_bot');
    expect(off.text).not.toContain('control room');
    await harness?.close();
    const alone = await bots(await mainBotWith(0, MINIAPP_ON));
    expect(alone.rows).toBeUndefined();
  });

  it('lists ten bots a page with Previous / Next and their rooms; /bots <bot> answers with that one bot', async () => {
    const h = await mainBotWith(23, MINIAPP_ON);
    const first = await bots(h);
    const urlsOf = (rows: Rows | undefined) =>
      rows?.flat().flatMap((b) => (b.web_app ? [b.web_app.url] : []));
    // The main bot and @shop2_bot to @shop10_bot: nine rooms (the main bot's own is /dashboard).
    expect(urlsOf(first.rows)).toHaveLength(9);
    expect(urlsOf(first.rows)?.at(-1)).toBe('https://ops.example.com/miniapp/?bot=10');
    expect(first.text).toContain('Bots 1–10 of 24');
    expect(first.text).not.toContain('@shop11_bot');
    expect(first.rows?.at(-1)?.map((b) => b.text)).toEqual(['Next ▶️']);

    /** Taps a page button of the last answer; returns the edited text and buttons. */
    const tap = async (label: string) => {
      const last = h.calls.findLast((c) => c.method === 'sendMessage' || c.method === 'editMessageText');
      const rows = last?.payload.reply_markup as { inline_keyboard: Rows };
      const data = rows.inline_keyboard.flat().find((b) => b.text === label)?.callback_data;
      expect(data).toBeDefined();
      await h.send(callbackQuery(OPERATOR, data!));
      const edit = h.calls.findLast((c) => c.method === 'editMessageText')!;
      const markup = edit.payload.reply_markup as { inline_keyboard: Rows };
      return { text: String(edit.payload.text), rows: markup.inline_keyboard };
    };
    const second = await tap('Next ▶️');
    expect(second.text).toContain('Bots 11–20 of 24');
    expect(second.text).toContain('@shop11_bot');
    expect(urlsOf(second.rows)).toHaveLength(10);
    expect(second.rows.at(-1)?.map((b) => b.text)).toEqual(['◀️ Previous', 'Next ▶️']);
    const third = await tap('Next ▶️');
    expect(third.text).toContain('Bots 21–24 of 24');
    expect(urlsOf(third.rows)?.at(-1)).toBe('https://ops.example.com/miniapp/?bot=24');
    expect(third.rows.at(-1)?.map((b) => b.text)).toEqual(['◀️ Previous']);
    expect((await tap('◀️ Previous')).text).toContain('Bots 11–20 of 24');
    // Every tap was answered once.
    expect(h.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(3);

    for (const ref of ['24', '@shop24_bot']) {
      const one = await bots(h, OPERATOR, ref);
      expect(one.rows).toEqual([
        [{ text: '🛠 @shop24_bot', web_app: { url: 'https://ops.example.com/miniapp/?bot=24' } }],
      ]);
      expect(one.text).toContain('@shop24_bot');
      expect(one.text).not.toContain('@shop2_bot ');
    }
    expect((await bots(h, OPERATOR, '@nobody_bot')).text).toBe(
      "There's no bot @nobody_bot. Your bots are in /bots.",
    );
  });

  it('shows a customer nothing of it', async () => {
    const h = await mainBotWith(2, MINIAPP_ON);
    const answer = await bots(h, { id: 91, language_code: 'en' });
    expect(answer.rows?.flat().some((b) => b.web_app) ?? false).toBe(false);
  });
});
