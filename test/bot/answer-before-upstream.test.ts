/**
 * Buttons that wait for upstream are answered before asking it: Telegram refuses an answer to a
 * query older than ~15 s, and upstream may take that long (its timeout, with retries). The outcome,
 * a failure too, still reaches the user in the chat. Upstream here is the reseller client, stubbed:
 * each call is recorded among the Bot API calls, so their order shows.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResellerError } from '../../src/reseller/errors.js';
import type { Prompt, PromptsPage } from '../../src/reseller/schemas.js';
import { shortId } from '../../src/telegram/callback-data/prompts.js';
import { callbackQuery, createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { buttonsOf } from '../support/in-process-helpers.js';
import { submittedOrder } from '../support/order-fixtures.js';

let harness: InProcessBot;
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
});

const USER = { id: 30, language_code: 'en' };
const UPSTREAM = 'upstream';
const unreachable = () => new ResellerError('network_error', 'connect ECONNREFUSED');

/** The index of the first recorded call of `method`; -1 if none. */
const indexOf = (h: InProcessBot, method: string) => h.calls.findIndex((c) => c.method === method);

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
    harness = await createInProcessBot();
    const rowId = await runningOrder(harness);
    const cancelOrder = vi.spyOn(harness.services.client, 'cancelOrder').mockImplementation(async () => {
      harness.calls.push({ method: UPSTREAM, payload: {} });
      throw unreachable();
    });
    await harness.send(callbackQuery(USER, `oc:${rowId}`));
    expect(cancelOrder).toHaveBeenCalledTimes(1);
    const answered = indexOf(harness, 'answerCallbackQuery');
    expect(answered).toBeGreaterThanOrEqual(0);
    expect(answered).toBeLessThan(indexOf(harness, UPSTREAM));
    expect(harness.calls[answered]!.payload.text).toBe('⏳ Cancelling…');
    expect(harness.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);
    const told = harness.calls.slice(indexOf(harness, UPSTREAM)).find((c) => c.method === 'sendMessage');
    expect(String(told?.payload.text)).toBe(
      "Cancellation didn't go through. Please try again in a moment.\nThe generation service can't be reached right now.",
    );
  });

  it("a button naming no order of this chat gets its short answer, and upstream isn't asked", async () => {
    harness = await createInProcessBot();
    const cancelOrder = vi.spyOn(harness.services.client, 'cancelOrder');
    await harness.send(callbackQuery(USER, `oc:${randomUUID()}`));
    expect(cancelOrder).not.toHaveBeenCalled();
    const answers = harness.calls.filter((c) => c.method === 'answerCallbackQuery');
    expect(answers.map((a) => a.payload.text)).toEqual(["This button isn't active anymore."]);
  });
});

function portrait(): Prompt {
  return {
    id: 7,
    type: { key: 'image', name_ru: 'Изображения', name_en: 'Images' },
    category: { key: 'portrait', name_ru: 'Портреты', name_en: 'Portraits' },
    title_ru: 'Портрет',
    title_en: 'Portrait',
    prompt_ru: 'Портрет при мягком свете',
    prompt_en: 'Portrait in soft light',
    preview_url: 'https://example.test/prompts/7/preview',
  };
}

const onePage = (data: Prompt[]): PromptsPage => ({
  success: true,
  data,
  links: { first: 'f', last: 'l', prev: null, next: null },
  meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length },
});

describe('📚 Prompt library buttons', () => {
  for (const data of ['pr:t:i', `pr:l:ci${shortId('portrait')}.1`]) {
    it(`${data}: answered before upstream is asked, and its failure is shown in the message`, async () => {
      harness = await createInProcessBot();
      vi.spyOn(harness.services.client, 'listPrompts').mockImplementation(async () => {
        harness.calls.push({ method: UPSTREAM, payload: {} });
        throw unreachable();
      });
      await harness.send(callbackQuery(USER, data));
      const answered = indexOf(harness, 'answerCallbackQuery');
      expect(answered).toBeGreaterThanOrEqual(0);
      expect(answered).toBeLessThan(indexOf(harness, UPSTREAM));
      const screen = harness.calls.findLast((c) => c.method === 'editMessageText')?.payload;
      expect(String(screen?.text)).toBe(
        "The generation service can't be reached right now. Please try again in a few minutes.",
      );
      expect(buttonsOf(screen).map((b) => b.callback_data)).toEqual([data, 'menu:home']);
    });
  }

  it('a category gone from upstream: the message says the button is stale and starts the library again', async () => {
    harness = await createInProcessBot();
    vi.spyOn(harness.services.client, 'listPrompts').mockImplementation(async () => {
      harness.calls.push({ method: UPSTREAM, payload: {} });
      return onePage([portrait()]);
    });
    await harness.send(callbackQuery(USER, `pr:l:ci${shortId('landscape')}.1`));
    expect(indexOf(harness, 'answerCallbackQuery')).toBeLessThan(indexOf(harness, UPSTREAM));
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
    harness = await createInProcessBot();
    const listPrompts = vi.spyOn(harness.services.client, 'listPrompts');
    await harness.send(callbackQuery(USER, `pr:l:sa${shortId('портрет')}.1`));
    expect(listPrompts).not.toHaveBeenCalled();
    const answers = harness.calls.filter((c) => c.method === 'answerCallbackQuery');
    expect(answers.map((a) => a.payload.text)).toEqual(["This button isn't active anymore."]);
  });
});
