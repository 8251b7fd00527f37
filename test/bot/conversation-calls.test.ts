/**
 * A conversation runs again from the top on every update, answering the calls it made before from
 * its log. The bot's transformers (flood gate, send budget, retries) must see each call that really
 * goes out exactly once, and no replayed one: seen on replay, a form's earlier messages waited for
 * their chat's turn again at every step (seconds per step after a 429).
 */
import type { Transformer } from 'grammy';
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

describe("a conversation's calls", () => {
  it("pass the bot's own transformers once each, and replays pass none", async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id) } });
    const seen: string[] = [];
    const watch: Transformer = (prev, method, payload, signal) => {
      seen.push(method);
      return prev(method, payload, signal);
    };
    harness.bot.api.config.use(watch);

    // Four steps of the broadcast composer: every step replays the ones before it.
    await harness.send(textMessage(ADMIN, '/broadcast'));
    await harness.send(textMessage(ADMIN, 'Big news'));
    const linkQuestion = harness.calls.filter((c) => c.method === 'sendMessage').at(-1)!;
    expect(String(linkQuestion.payload.text)).toMatch(/Add a link button/);
    const addLink = dataOf(buttonsOf(linkQuestion.payload), '🔗 Add a link button');
    await harness.send(callbackQuery(ADMIN, addLink, 2));
    await harness.send(textMessage(ADMIN, 'no bar here'));
    expect(String(harness.calls.at(-1)?.payload.text)).toMatch(/couldn't be read/);

    const reached = harness.calls.map((c) => c.method);
    expect(reached.length).toBeGreaterThanOrEqual(7);
    expect(reached).toContain('answerCallbackQuery');
    // Every call that reached Telegram went through the bot's Api, once, in the same order.
    expect(seen).toEqual(reached);
  });
});
