/**
 * The inline menu behind ↗️ Share, on the real handlers (fake Telegram API): only the querying
 * customer's delivered results (newest first: after-result.e2e.test.ts), 50 to a page, searchable in prompts, and nothing at
 * all with SHARING=off.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

const ALICE = { id: 5001, is_bot: false, first_name: 'Alice', language_code: 'en' };
const BOB = { id: 5002, is_bot: false, first_name: 'Bob', language_code: 'en' };

let harness: InProcessBot | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A completed order of `userId` whose `files` photos reached the chat. */
async function deliveredOrder(h: InProcessBot, userId: number, prompt: string, files: number) {
  const { orders } = h.services;
  const key = randomUUID();
  const row = await orders.insertDraft({
    id: randomUUID(),
    chatId: userId,
    userId,
    locale: 'en',
    modelId: 203,
    modelName: 'Lumen Text to Image',
    modelType: 'image',
    request: { model_id: 203, prompt },
    priceUsd: '0.04',
    idempotencyKey: key,
  });
  const upstream = {
    id: `ord_${row.id.slice(0, 8)}`,
    model_id: 203,
    cost_usd: '0.04',
    result: Array.from({ length: files }, (_, i) => `https://r.example/g/${row.id}-${i}`),
    expires_at: null,
    error: null,
  };
  await orders.beginSubmission(row.id, key);
  await orders.markSubmitted(row.id, key, { ...upstream, status: 'queued' });
  await orders.updateFromUpstream(row.id, { ...upstream, status: 'completed' });
  await orders.setResultFiles(
    row.id,
    Array.from({ length: files }, (_, index) => ({
      index,
      kind: 'photo' as const,
      fileId: `photo-${row.id}-${index}`,
      fileUniqueId: `u-${row.id}-${index}`,
    })),
  );
  return row.id;
}

async function inlineAnswer(h: InProcessBot, from: typeof ALICE, query: string, offset = '') {
  const before = h.calls.length;
  await h.send({ inline_query: { id: `${from.id}${before}`, from, query, offset, chat_type: 'sender' } });
  const answers = h.calls.slice(before).filter((c) => c.method === 'answerInlineQuery');
  expect(answers).toHaveLength(1);
  return answers[0]!.payload as {
    results: Array<{
      id: string;
      type: string;
      photo_file_id: string;
      caption: string;
      reply_markup: unknown;
    }>;
    is_personal: boolean;
    next_offset?: string;
  };
}

describe('↗️ Share (inline mode)', () => {
  it("offers only the querying customer's own results, newest first, searchable, within Telegram's limits", async () => {
    harness = await createInProcessBot();
    const older = await deliveredOrder(harness, ALICE.id, 'Sunflowers in a vase', 1);
    const newer = await deliveredOrder(harness, ALICE.id, 'A koi pond at night', 2);
    await deliveredOrder(harness, BOB.id, 'Sunflowers on a field', 1);

    const all = await inlineAnswer(harness, ALICE, '');
    const ids = all.results.map((r) => r.id);
    expect(new Set(ids)).toEqual(new Set([`${newer}:0`, `${newer}:1`, `${older}:0`]));
    expect(all.is_personal).toBe(true);
    for (const r of all.results) {
      expect(r.type).toBe('photo');
      expect(r.photo_file_id).toMatch(/^photo-/);
      expect(Buffer.byteLength(r.id)).toBeLessThanOrEqual(64);
      expect(r.caption).toContain('@');
      expect(r.reply_markup).toEqual({
        inline_keyboard: [
          [{ text: 'Create yours', url: expect.stringMatching(/^https:\/\/t\.me\/\w+\?start$/) }],
        ],
      });
    }
    expect((await inlineAnswer(harness, ALICE, 'SUNFLOWERS')).results.map((r) => r.id)).toEqual([
      `${older}:0`,
    ]);
    expect((await inlineAnswer(harness, ALICE, 'tulips')).results).toEqual([]);

    expect((await inlineAnswer(harness, ALICE, '')).next_offset).toBe('');

    // Many results: Telegram takes 50 at most; scrolling on asks for the next page.
    for (let i = 0; i < 30; i++) await deliveredOrder(harness, BOB.id, `Batch ${i}`, 2);
    const many = await inlineAnswer(harness, BOB, '');
    expect(many.results).toHaveLength(50);
    expect(many.results.every((r) => !r.id.startsWith(older) && !r.id.startsWith(newer))).toBe(true);
    expect(many.next_offset).toBe('50');
    const rest = await inlineAnswer(harness, BOB, '', many.next_offset);
    // Bob's 61 results in all (his own first order and 30 of two), none twice, the last page says so.
    expect(rest.results).toHaveLength(11);
    expect(rest.next_offset).toBe('');
    const pages = [...many.results, ...rest.results].map((r) => r.id);
    expect(new Set(pages).size).toBe(61);
    // An offset the bot never gave starts at the top again.
    expect((await inlineAnswer(harness, BOB, '', 'x')).results.map((r) => r.id)).toEqual(
      many.results.map((r) => r.id),
    );
  });

  it("with Stars billing, 'Create yours' is the sharer's referral link (the same one /invite shows)", async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    await deliveredOrder(harness, ALICE.id, 'Sunflowers in a vase', 1);
    const [result] = (await inlineAnswer(harness, ALICE, '')).results;
    const code = await harness.services.referrals.codeOf(ALICE.id);
    expect(code).toMatch(/^[\w-]+$/);
    expect(result?.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Create yours', url: expect.stringMatching(new RegExp(`\\?start=r_${code}$`)) }],
      ],
    });
  });

  it('SHARING=off: every inline query is answered with nothing', async () => {
    harness = await createInProcessBot({ env: { SHARING: 'off' } });
    await deliveredOrder(harness, ALICE.id, 'Sunflowers in a vase', 1);
    expect((await inlineAnswer(harness, ALICE, '')).results).toEqual([]);
  });
});
