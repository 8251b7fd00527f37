/**
 * /bots in the main bot, in process: a Web App button per added bot opening its control room as
 * the operator (the main bot's page with `?bot=<id>`), none for the main bot (its own is
 * /dashboard), none at all when the Mini App is off; past 20 added bots, the first 20 and a line
 * on `/bots <bot>`, which answers with that one bot and its button.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BotFigures } from '../../src/services/bot-registry.js';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';

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

async function bots(h: InProcessBot, from = OPERATOR, args = '') {
  await h.send(textMessage(from, `/bots${args ? ` ${args}` : ''}`));
  const sent = h.calls.findLast((c) => c.method === 'sendMessage');
  const markup = sent?.payload.reply_markup as
    | { inline_keyboard: Array<Array<{ text: string; web_app?: { url: string } }>> }
    | undefined;
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

  it('shows the first 20 past that, and /bots <bot> answers with that one bot and its button', async () => {
    const h = await mainBotWith(23, MINIAPP_ON);
    const all = await bots(h);
    const urls = all.rows?.flat().map((b) => b.web_app?.url);
    expect(urls).toHaveLength(20);
    expect(urls?.at(-1)).toBe('https://ops.example.com/miniapp/?bot=21');
    expect(all.text).toContain('There are buttons for the first 20 bots only');
    expect(all.text).toContain('@shop24_bot');

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
