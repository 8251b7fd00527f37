/**
 * The marks an update's posts carry to the outbound scheduler (telegram/post-marks.ts): a payment's
 * posts are urgent, and an update handled by the inbox worker marks its posts with its budget
 * waits, also the posts its conversation makes (those reach the bot's Api through
 * conversation-calls.ts with the same payload).
 */
import type { Transformer } from 'grammy';
import type { Update } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import { BudgetWaits, handleWithBudgetWaits } from '../../src/telegram/budget-waits.js';
import { marksOf, type PostMarks } from '../../src/telegram/post-marks.js';
import { createInProcessBot, type InProcessBot, textUpdate } from '../support/in-process-bot.js';
import { STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const ADMIN = { id: 7, language_code: 'en' };
const CUSTOMER = { id: 42, language_code: 'en' };

/** The marks of every message the bot posts, as its own Api's transformers see them. */
function watchPosts(h: InProcessBot): Array<{ text: string; marks: PostMarks | undefined }> {
  const posts: Array<{ text: string; marks: PostMarks | undefined }> = [];
  const watch: Transformer = (prev, method, payload, signal) => {
    if (method === 'sendMessage') {
      posts.push({ text: String((payload as { text?: unknown }).text), marks: marksOf(payload) });
    }
    return prev(method, payload, signal);
  };
  h.bot.api.config.use(watch);
  return posts;
}

function paymentUpdate(updateId: number, from: { id: number }): Update {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: from.id, type: 'private', first_name: 'Ann' },
      from: { id: from.id, is_bot: false, first_name: 'Ann', language_code: 'en' },
      successful_payment: {
        currency: 'XTR',
        total_amount: 100,
        invoice_payload: 'topup:100',
        telegram_payment_charge_id: `charge-${updateId}`,
        provider_payment_charge_id: '',
      },
    },
  } as Update;
}

describe("an update's posts", () => {
  it('are urgent while a payment is handled, and only then', async () => {
    harness = await createInProcessBot({ env: { ...STARS_ENV } });
    const posts = watchPosts(harness);
    await harness.bot.handleUpdate(textUpdate(1001, CUSTOMER, '/help'));
    const reply = posts.length;
    expect(reply).toBeGreaterThan(0);
    expect(posts.every((p) => p.marks?.urgent !== true)).toBe(true);

    await harness.bot.handleUpdate(paymentUpdate(1002, CUSTOMER));
    const paymentPosts = posts.slice(reply);
    expect(paymentPosts.length).toBeGreaterThan(0);
    expect(paymentPosts.every((p) => p.marks?.urgent === true)).toBe(true);
  });

  it("carry the budget waits of the update the inbox worker handles, a conversation's posts too", async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id) } });
    const posts = watchPosts(harness);
    const waits = new BudgetWaits();
    // /broadcast opens a conversation: its question is a call of the conversation's own Api.
    await handleWithBudgetWaits(2001, waits, () =>
      harness.bot.handleUpdate(textUpdate(2001, ADMIN, '/broadcast')),
    );
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => p.marks?.waits === waits)).toBe(true);

    // The next step, outside the worker's handling: the replayed question is not posted again, and
    // the new one carries no waits.
    const before = posts.length;
    await harness.bot.handleUpdate(textUpdate(2002, ADMIN, 'Big news'));
    const next = posts.slice(before);
    expect(next.length).toBeGreaterThan(0);
    expect(next.every((p) => p.marks?.waits === undefined)).toBe(true);
  });
});
