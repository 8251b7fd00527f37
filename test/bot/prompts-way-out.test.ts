/**
 * The prompt library's failure screens leave a way on: an outage offers 🔄 Try again (pressing the
 * same button once more) and 🏠; the closed library offers 🎨 Create (the form, to describe the idea
 * without a prompt) and 🏠. In-process against the simulator; failures are its own, injected over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../src/reseller/retry.js';
import type { FaultAction, RunningSimulator } from '../../src/simulator/server.js';
import { shortId } from '../../src/telegram/callback-data/prompts.js';
import { callbackQuery, type InProcessBot, textMessage } from '../support/in-process-bot.js';
import { botPerTest, lastScreen } from '../support/in-process-helpers.js';

let sim: RunningSimulator;
let harness: InProcessBot;
botPerTest((started) => {
  ({ sim, harness } = started);
});

const EN = { id: 40, language_code: 'en' };
const RU = { id: 41, language_code: 'ru' };
/** How the bot's next listing fails: each attempt of the client's one call meets `action`. */
type Failure = { action: FaultAction; attempts: number };
/** Unreachable: every retry of the call too. */
const outage = (): Failure => ({ action: { kind: 'drop-before' }, attempts: DEFAULT_RETRY.retries + 1 });
/** The library closed to this account: a refusal, not retried. */
const closed = (): Failure => ({
  action: { kind: 'status', status: 403, code: 'deposit_required' },
  attempts: 1,
});
const failNextList = ({ action, attempts }: Failure) =>
  sim.faults.add({ method: 'GET', path: '/prompts', times: attempts, action });

describe('an outage in the prompt library', () => {
  it('a button: says to try again in a few minutes, and 🔄 Try again presses it once more', async () => {
    failNextList(outage());
    await harness.send(callbackQuery(EN, 'pr:t:i'));
    const down = lastScreen(harness);
    expect(down.text).toBe(
      "The generation service can't be reached right now. Please try again in a few minutes.",
    );
    expect(down.buttons).toEqual(['🔁 Try again|pr:t:i', '🏠 Main menu|menu:home']);

    await harness.send(callbackQuery(EN, 'pr:t:i'));
    expect(lastScreen(harness).text).toContain('choose a category');
  });

  it('/prompts: Try again is the menu’s Prompts entry, in Russian too', async () => {
    failNextList(outage());
    await harness.send(textMessage(RU, '/prompts'));
    const down = lastScreen(harness);
    expect(down.method).toBe('sendMessage');
    expect(down.text).toBe('Сервис генерации сейчас недоступен. Попробуйте ещё раз через несколько минут.');
    expect(down.buttons).toEqual(['🔁 Попробовать ещё раз|menu:prompts', '🏠 Главное меню|menu:home']);
  });

  it('a search: the words stay shown, and Try again lists their results', async () => {
    await harness.send(callbackQuery(EN, 'pr:s:a'));
    failNextList(outage());
    await harness.send(textMessage(EN, 'portrait'));
    const down = lastScreen(harness);
    expect(down.text).toBe(
      "🔎 Search: <b>portrait</b>\n\nThe generation service can't be reached right now. Please try again in a few minutes.",
    );
    const retry = `pr:l:sa${shortId('portrait')}.1`;
    expect(down.buttons).toEqual([`🔁 Try again|${retry}`, '🏠 Main menu|menu:home']);

    // The message as Telegram shows it: the words in bold, which the list button reads.
    const shown = "🔎 Search: portrait\n\nThe generation service can't be reached right now.";
    const press = callbackQuery(EN, retry);
    Object.assign(press.callback_query.message, {
      text: shown,
      entities: [{ type: 'bold', offset: shown.indexOf('portrait'), length: 'portrait'.length }],
    });
    await harness.send(press);
    const results = lastScreen(harness);
    expect(results.text).toContain('🔎 Search: <b>portrait</b>');
    expect(results.text).not.toContain("can't be reached");
  });
});

describe('the closed prompt library', () => {
  for (const [user, text, buttons] of [
    [
      EN,
      "📚 The prompt library isn't available yet. Tap <b>🎨 Create</b> to describe your idea yourself.",
      ['🎨 Create|menu:generate', '🏠 Main menu|menu:home'],
    ],
    [
      RU,
      '📚 Библиотека готовых промптов пока недоступна. Нажмите «🎨 Создать» и опишите свою идею сами.',
      ['🎨 Создать|menu:generate', '🏠 Главное меню|menu:home'],
    ],
  ] as const) {
    it(`offers 🎨 Create instead of a command to type (${user.language_code})`, async () => {
      failNextList(closed());
      await harness.send(callbackQuery(user, 'menu:prompts'));
      const screen = lastScreen(harness);
      expect(screen.text).toBe(text);
      expect(screen.buttons).toEqual(buttons);
    });
  }
});
