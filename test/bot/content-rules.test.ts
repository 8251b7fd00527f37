/**
 * Content rules in the bot (issue 42), in-process against the real simulator: a model kept for
 * customers with paid orders says so when picked, and asks nothing; a description that became
 * blocked while the form was open is refused at the price (never quoted) and the form offers to
 * change it; /rules explains a line it cannot take and is for admins only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DEFAULT_CONTENT_RULES } from '../../src/domain/content-rules.js';
import type { RunningSimulator } from '../../src/simulator/server.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { lastScreen, startBotSimulator } from '../support/in-process-helpers.js';

const ADMIN = { id: 1, language_code: 'en' };
const EN = { id: 80, language_code: 'en' };
const UK = { id: 81, language_code: 'uk' };

let sim: RunningSimulator;
let harness: InProcessBot;
beforeEach(async () => {
  let upstream: { baseUrl: string; apiKey: string };
  ({ sim, upstream } = await startBotSimulator());
  harness = await createInProcessBot({ upstream, env: { ADMIN_IDS: String(ADMIN.id) } });
});
afterEach(async () => {
  await harness?.close();
  await sim?.close();
});

const quotes = () => sim.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/orders')).length;

async function setRules(change: Partial<typeof DEFAULT_CONTENT_RULES>) {
  const rules = harness.services.contentRules;
  const { version, rules: current } = await rules.current();
  const outcome = await rules.update(ADMIN.id, version, { ...current, ...change });
  expect(outcome.kind).toBe('written');
}

describe('a model kept for customers with paid orders', () => {
  it('says how many paid generations open it, in the customer language, and asks nothing', async () => {
    await setRules({ minPaidOrders: { '203': 2 } });
    await harness.send(textMessage(UK, '/start'));
    await harness.send(callbackQuery(UK, 'gm:203'));
    const gated = lastScreen(harness);
    expect(gated.text).toBe('🔒 Lumen Text to Image відкриється після 2 оплачених генерацій. Зараз у вас 0.');
    expect(gated.buttons.at(-1)).toBe('🏠 Головне меню|menu:home');
    // No description is asked for: a text now is not taken as one.
    await harness.send(textMessage(UK, 'a lighthouse'));
    expect(quotes()).toBe(0);
  });
});

describe('a description blocked while the form was open', () => {
  it('is refused at the price, never quoted, and the form offers to change it', async () => {
    // Vega's price is quoted by the upstream: a quote is the first request an order makes.
    await harness.send(callbackQuery(EN, 'gm:101'));
    await harness.send(textMessage(EN, 'a gore lighthouse'));
    await harness.send(callbackQuery(EN, 'g:skip')); // no photos
    await harness.send(callbackQuery(EN, 'g:skip')); // no video
    expect(lastScreen(harness).text).toContain('Settings');
    await setRules({ blocked: { '*': ['gore'] } });
    const before = quotes();
    await harness.send(callbackQuery(EN, 'g:next'));
    const refused = lastScreen(harness);
    expect(refused.text).toContain(
      "🚫 This description can't be used: it goes against the rules of AI Studio.",
    );
    expect(refused.buttons[0]).toMatch(/Description/);
    expect(quotes()).toBe(before);

    await harness.send(callbackQuery(EN, refused.buttons[0]!.split('|')[1]!));
    await harness.send(textMessage(EN, 'a calm lighthouse'));
    expect(lastScreen(harness).text).toContain('Check your order');
    expect(sim.requests.at(-1)?.path).toBe('/orders/quote');
    expect(quotes()).toBe(before + 1);
  });
});

describe('/rules', () => {
  it('explains a line it cannot take and keeps the rules as they were', async () => {
    await harness.send(textMessage(ADMIN, '/rules add /(oops/'));
    expect(lastScreen(harness).text).toBe("⚠️ “/(oops/” isn't a valid regular expression.");
    await harness.send(textMessage(ADMIN, '/rules add de: gift'));
    expect(lastScreen(harness).text).toBe("⚠️ There's no language “de” here. Installed: en, ru, uk.");
    expect((await harness.services.contentRules.current()).version).toBe(0);
    await harness.send(textMessage(ADMIN, '/rules add uk: кров*'));
    expect((await harness.services.contentRules.current()).rules.blocked).toEqual({ uk: ['кров*'] });
  });

  it('is for admins only: a customer gets the usual answer to an unknown command', async () => {
    await harness.send(textMessage(EN, '/rules add anything'));
    expect(lastScreen(harness).text).not.toMatch(/Blocked|Content rules/);
    expect((await harness.services.contentRules.current()).version).toBe(0);
  });
});
