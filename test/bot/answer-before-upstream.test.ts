/**
 * Buttons that wait for upstream are answered before asking it: Telegram refuses an answer to a
 * query older than ~15 s, and upstream may take that long (its timeout, with retries). The outcome,
 * a failure too, still reaches the user in the chat. Upstream here is the simulator over HTTP, made
 * unreachable by its fault injection; each Bot API call notes how many upstream requests the
 * simulator had received by then, so their order shows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../src/reseller/retry.js';
import type { RunningSimulator } from '../../src/simulator/server.js';
import { shortId } from '../../src/telegram/callback-data/prompts.js';
import { callbackQuery, createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { buttonsOf, startBotSimulator } from '../support/in-process-helpers.js';
import { submittedOrder } from '../support/order-fixtures.js';

let harness: InProcessBot;
let sim: RunningSimulator;
let upstream: { baseUrl: string; apiKey: string };
/** Per Bot API call, in order: its method and the upstream requests of interest made before it. */
let seen: Array<{ method: string; upstream: number }>;
beforeAll(async () => {
  ({ sim, upstream } = await startBotSimulator());
});
afterEach(async () => {
  await harness?.close();
});
afterAll(async () => {
  await sim?.close();
});

const USER = { id: 30, language_code: 'en' };
const CANCEL = /^\/orders\/[^/]+\/cancel$/;
const PROMPTS = /^\/prompts$/;

/** A fresh bot against the simulator (no faults, no requests yet), counting those matching `of`. */
async function start(of: RegExp): Promise<void> {
  sim.faults.clear();
  sim.requests.length = 0;
  seen = [];
  harness = await createInProcessBot({
    upstream,
    onApiCall: (method) => seen.push({ method, upstream: asked(of) }),
  });
}

/** Requests the simulator received whose path matches `of`. */
const asked = (of: RegExp) => sim.requests.filter((r) => of.test(r.path)).length;

/** Upstream refuses every connection to `path` (and each retry). */
const unreachable = (path: RegExp) =>
  sim.faults.add({ path, times: Number.POSITIVE_INFINITY, action: { kind: 'drop-before' } });

/** The one answer to the button, with the upstream requests made before it. */
function answerOf(): { text: unknown; upstream: number } {
  const answers = harness.calls.filter((c) => c.method === 'answerCallbackQuery');
  expect(answers).toHaveLength(1);
  return {
    text: answers[0]!.payload.text,
    upstream: seen.find((s) => s.method === 'answerCallbackQuery')!.upstream,
  };
}

/** A processing order of USER's chat, submitted upstream. */
async function runningOrder(h: InProcessBot): Promise<string> {
  const order = await submittedOrder(h.services.orders, {
    userId: USER.id,
    prompt: 'a fox',
    status: 'processing',
  });
  return order.id;
}

describe('✖️ Cancel generation', () => {
  it('is answered before upstream is asked; a failure to cancel is told in the chat', async () => {
    await start(CANCEL);
    const rowId = await runningOrder(harness);
    unreachable(CANCEL);
    await harness.send(callbackQuery(USER, `oc:${rowId}`));
    // One cancel from the bot: the client's own attempts, all after the answer.
    expect(asked(CANCEL)).toBe(DEFAULT_RETRY.retries + 1);
    expect(answerOf()).toEqual({ text: '⏳ Cancelling…', upstream: 0 });
    const told = harness.calls.findIndex((c) => c.method === 'sendMessage');
    expect(seen[told]!.upstream).toBe(DEFAULT_RETRY.retries + 1);
    expect(String(harness.calls[told]!.payload.text)).toBe(
      "Cancellation didn't go through. Please try again in a moment.\nThe generation service can't be reached right now.",
    );
  });

  it("a button naming no order of this chat gets its short answer, and upstream isn't asked", async () => {
    await start(CANCEL);
    await harness.send(callbackQuery(USER, `oc:${randomUUID()}`));
    expect(asked(CANCEL)).toBe(0);
    expect(answerOf().text).toBe("This button isn't active anymore.");
  });
});

describe('📚 Prompt library buttons', () => {
  for (const data of ['pr:t:i', `pr:l:ci${shortId('portrait')}.1`]) {
    it(`${data}: answered before upstream is asked, and its failure is shown in the message`, async () => {
      await start(PROMPTS);
      unreachable(PROMPTS);
      await harness.send(callbackQuery(USER, data));
      expect(answerOf().upstream).toBe(0);
      expect(asked(PROMPTS)).toBeGreaterThan(0);
      const screen = harness.calls.findLast((c) => c.method === 'editMessageText')?.payload;
      expect(String(screen?.text)).toBe(
        "The generation service can't be reached right now. Please try again in a few minutes.",
      );
      expect(buttonsOf(screen).map((b) => b.callback_data)).toEqual([data, 'menu:home']);
    });
  }

  it('a category gone from upstream: the message says the button is stale and starts the library again', async () => {
    await start(PROMPTS);
    // The simulator's library has portraits and landscapes, no sculptures.
    await harness.send(callbackQuery(USER, `pr:l:ci${shortId('sculpture')}.1`));
    expect(answerOf().upstream).toBe(0);
    expect(asked(PROMPTS)).toBeGreaterThan(0);
    const screen = harness.calls.findLast((c) => c.method === 'editMessageText')?.payload;
    expect(String(screen?.text)).toMatch(/^This button isn't active anymore\.\n\n📚 <b>Prompt library<\/b>/);
    expect(buttonsOf(screen).map((b) => b.callback_data)).toEqual([
      'pr:t:i',
      'pr:t:v',
      'pr:t:a',
      'pr:s:a',
      'menu:home',
    ]);
  });

  it('a search the message does not show gets its short answer, with nothing loaded', async () => {
    await start(PROMPTS);
    await harness.send(callbackQuery(USER, `pr:l:sa${shortId('портрет')}.1`));
    expect(asked(PROMPTS)).toBe(0);
    expect(answerOf().text).toBe("This button isn't active anymore.");
  });
});
