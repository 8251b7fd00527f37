/**
 * The emulator's Telegram Stars payments, driven by a real grammY bot: XTR invoice rules, the
 * pre-checkout deadline, successful_payment, redelivery of an update, refunds and the transaction list.
 */
import type { GrammyError } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, startPollingBot } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const PRICE = [{ label: 'Top-up', amount: 100 }];

async function start(
  opts: { answer?: 'ok' | 'no' | 'never' | 'late' | 'twice' | 'flip'; timeoutMs?: number } = {},
) {
  const payments: Array<{ updateId: number; chargeId: string; payload: string }> = [];
  const lateAnswers: string[] = [];
  h = await startPollingBot(
    (bot) => {
      bot.command('buy', (ctx) =>
        ctx.api.sendInvoice(ctx.chat.id, 'Stars', 'Adds 100 Stars', 'p:1', 'XTR', PRICE),
      );
      bot.on('pre_checkout_query', async (ctx) => {
        if (opts.answer === 'never') return;
        if (opts.answer === 'late') {
          setTimeout(
            () => {
              ctx.answerPreCheckoutQuery(true).catch((err: GrammyError) => lateAnswers.push(err.description));
            },
            (opts.timeoutMs ?? 0) * 3,
          );
          return;
        }
        if (opts.answer === 'no') await ctx.answerPreCheckoutQuery(false, { error_message: 'Sold out' });
        else await ctx.answerPreCheckoutQuery(true);
        // A retry (the same verdict) or a change of mind (the other one) after the first answer.
        if (opts.answer === 'twice' || opts.answer === 'flip') {
          await ctx
            .answerPreCheckoutQuery(opts.answer === 'twice', { error_message: 'Changed my mind' })
            .catch((err: GrammyError) => lateAnswers.push(err.description));
        }
      });
      bot.on('message:successful_payment', (ctx) => {
        const p = ctx.message.successful_payment;
        payments.push({
          updateId: ctx.update.update_id,
          chargeId: p.telegram_payment_charge_id,
          payload: p.invoice_payload,
        });
      });
    },
    opts.timeoutMs === undefined ? {} : { preCheckoutTimeoutMs: opts.timeoutMs },
  );
  return { ...h, payments, lateAnswers };
}

/** /buy, then pay the invoice; resolves once the bot has the successful_payment. */
async function payOnce(emu: Harness['emu'], payments: unknown[]) {
  const user = emu.createUser();
  await user.sendCommand('buy');
  await user.waitForMessage((m) => m.kind === 'invoice');
  const outcome = await user.payInvoice();
  if (!outcome.ok) throw new Error(`payment failed: ${outcome.reason}`);
  await expect.poll(() => payments.length).toBe(1);
  return { user, outcome };
}

describe('sendInvoice in Telegram Stars', () => {
  it('accepts one whole-number XTR price without a provider token, and shows the invoice', async () => {
    const { emu } = await start();
    const user = emu.createUser();
    await user.sendCommand('buy');
    const invoice = await user.waitForMessage((m) => m.kind === 'invoice');
    expect(invoice.invoice).toMatchObject({
      title: 'Stars',
      currency: 'XTR',
      total_amount: 100,
      payload: 'p:1',
    });
    expect(emu.problems).toEqual([]);
  });

  it.each([
    ['a provider token', { provider_token: 'tok' }, PRICE, /provider_token must be empty/],
    ['two price items', {}, [...PRICE, { label: 'Tax', amount: 1 }], /exactly one price/],
    ['a fractional amount', {}, [{ label: 'x', amount: 1.5 }], /TOTAL_AMOUNT_INVALID/],
    ['a zero amount', {}, [{ label: 'x', amount: 0 }], /TOTAL_AMOUNT_INVALID/],
    ['tips', { max_tip_amount: 10 }, PRICE, /max_tip_amount is not supported/],
  ])('refuses %s', async (_name, other, prices, error) => {
    const { emu, bot } = await start();
    const user = emu.createUser();
    await expect(
      bot.api.sendInvoice(user.chatId, 'Stars', 'd', 'p', 'XTR', prices, other as never),
    ).rejects.toMatchObject({ error_code: 400, description: expect.stringMatching(error) });
  });
});

describe('paying', () => {
  it('ok at checkout: successful_payment reaches the bot with a charge id, and it is a Star transaction', async () => {
    const { emu, payments } = await start();
    const user = emu.createUser();
    await user.sendCommand('buy');
    await user.waitForMessage((m) => m.kind === 'invoice');
    const outcome = await user.payInvoice();
    if (!outcome.ok) throw new Error(`payment failed: ${outcome.reason}`);
    expect(outcome.chargeId).toMatch(/^stx/);
    await expect.poll(() => payments.length).toBe(1);
    expect(payments[0]).toEqual({ updateId: outcome.updateId, chargeId: outcome.chargeId, payload: 'p:1' });
    expect(emu.starTransactions()).toMatchObject([
      { id: outcome.chargeId, amount: 100, source: { type: 'user', user: { id: user.id } } },
    ]);
    expect(emu.unansweredPreCheckoutQueries()).toEqual([]);
  });

  it('ok: false at checkout declines with the bot message and nothing is paid', async () => {
    const { emu, payments } = await start({ answer: 'no' });
    const user = emu.createUser();
    await user.sendCommand('buy');
    await user.waitForMessage((m) => m.kind === 'invoice');
    expect(await user.payInvoice()).toEqual({ ok: false, reason: 'declined', errorMessage: 'Sold out' });
    // The bot polls again only after handling what it got: nothing more came of the checkout.
    await expect.poll(() => emu.hasWaitingPoll()).toBe(true);
    expect(payments).toEqual([]);
    expect(emu.starTransactions()).toEqual([]);
  });

  it('no answer before the deadline fails the payment; an answer after it is refused', async () => {
    const { emu, payments, lateAnswers } = await start({ answer: 'late', timeoutMs: 100 });
    const user = emu.createUser();
    await user.sendCommand('buy');
    await user.waitForMessage((m) => m.kind === 'invoice');
    expect(await user.payInvoice()).toEqual({ ok: false, reason: 'timeout' });
    await expect
      .poll(() => lateAnswers)
      .toEqual(['Bad Request: query is too old and response timeout expired or query ID is invalid']);
    expect(payments).toEqual([]);
    expect(emu.problems).toEqual([]);
  });

  it('answered again with the same verdict (a retry) is refused but no bug; a different verdict is one', async () => {
    const retry = await start({ answer: 'twice' });
    await payOnce(retry.emu, retry.payments);
    await expect.poll(() => retry.lateAnswers).toEqual([expect.stringMatching(/query is too old/)]);
    expect(retry.emu.problems).toEqual([]);
    await h?.stop();

    const flip = await start({ answer: 'flip' });
    await payOnce(flip.emu, flip.payments);
    await expect.poll(() => flip.lateAnswers).toEqual([expect.stringMatching(/query is too old/)]);
    expect(flip.emu.problems).toEqual([expect.stringMatching(/^answerPreCheckoutQuery: .*query is too old/)]);
  });

  it('redeliver: the bot sees the same update, with the same update_id, twice', async () => {
    const { emu, payments } = await start();
    const { outcome } = await payOnce(emu, payments);
    emu.redeliver(outcome.updateId);
    await expect.poll(() => payments.length).toBe(2);
    expect(payments[1]).toEqual(payments[0]);
  });
});

describe('refundStarPayment and getStarTransactions', () => {
  it('refunds once; a second refund and an unknown charge are refused; the list shows both movements', async () => {
    const { emu, bot, payments } = await start();
    const { user, outcome } = await payOnce(emu, payments);

    expect(await bot.api.refundStarPayment(user.id, outcome.chargeId)).toBe(true);
    await expect(bot.api.refundStarPayment(user.id, outcome.chargeId)).rejects.toMatchObject({
      description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    });
    await expect(bot.api.refundStarPayment(user.id, 'stxNope')).rejects.toMatchObject({
      description: 'Bad Request: CHARGE_NOT_FOUND',
    });
    await expect(bot.api.refundStarPayment(user.id + 1, outcome.chargeId)).rejects.toMatchObject({
      description: 'Bad Request: CHARGE_NOT_FOUND',
    });
    const { transactions } = await bot.api.getStarTransactions({ offset: 0, limit: 100 });
    expect(transactions).toMatchObject([
      { id: outcome.chargeId, amount: 100, source: { type: 'user' } },
      { id: outcome.chargeId, amount: 100, receiver: { type: 'user' } },
    ]);
    expect((await bot.api.getStarTransactions({ offset: 1, limit: 1 })).transactions).toHaveLength(1);
  });
});
