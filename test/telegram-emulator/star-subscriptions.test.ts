/**
 * The emulator's Star subscriptions, driven by a real grammY bot: createInvoiceLink with
 * subscription_period (30 days only, unless a test period is configured; Stars only), the recurring
 * successful_payment fields, renewals and failed renewals on demand, editUserStarSubscription and
 * getStarTransactions' subscription_period.
 */
import type { GrammyError } from 'grammy';
import type { SuccessfulPayment } from 'grammy/types';
import { afterEach, describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../support/telegram/emulator.js';
import { botFor, type Harness, startEmulator, startPollingBot } from './helpers.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const PRICE = [{ label: 'Pro', amount: 450 }];
const MONTH = 2_592_000;

async function start(opts: EmulatorOptions = {}) {
  const payments: SuccessfulPayment[] = [];
  h = await startPollingBot((bot) => {
    bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
    bot.on('message:successful_payment', (ctx) => {
      payments.push(ctx.message.successful_payment);
    });
  }, opts);
  return { ...h, payments };
}

/** A user who paid a 30-day subscription link. */
async function subscribed(emu: Harness['emu'], bot: Harness['bot']) {
  const link = await bot.api.createInvoiceLink('Pro', 'Monthly', 's:pro:1', '', 'XTR', PRICE, {
    subscription_period: MONTH,
  });
  const user = emu.createUser();
  const paid = await user.payInvoiceLink(link);
  if (!paid.ok) throw new Error('refused');
  return { user, paid };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: GrammyError) => e.description,
  );

describe('createInvoiceLink', () => {
  it('takes subscription_period 2592000 in Stars only, and nothing else without a test period', async () => {
    const emu = await startEmulator();
    const api = botFor(emu).api;
    const link = await api.createInvoiceLink('Pro', 'Monthly', 's:pro:1', '', 'XTR', PRICE, {
      subscription_period: MONTH,
    });
    expect(link).toMatch(/^https:\/\/t\.me\/\$/);
    expect(
      await refusal(
        api.createInvoiceLink('Pro', 'Monthly', 's:pro:1', '', 'XTR', PRICE, { subscription_period: 60 }),
      ),
    ).toMatch(/SUBSCRIPTION_PERIOD_INVALID/);
    expect(
      await refusal(
        api.createInvoiceLink('Pro', 'Monthly', 's:pro:1', '', 'USD', PRICE, { subscription_period: MONTH }),
      ),
    ).toMatch(/CURRENCY_INVALID/);
    await emu.close();
    const test = await startEmulator({ subscriptionTestPeriodSeconds: 60 });
    const ok = await botFor(test)
      .api.createInvoiceLink('Pro', 'Monthly', 's:pro:1', '', 'XTR', PRICE, { subscription_period: 60 })
      .then(() => 'accepted');
    expect(ok).toBe('accepted');
    await test.close();
  });
});

describe('a Star subscription', () => {
  it('pays with is_first_recurring, renews with is_recurring one period later, lists subscription_period', async () => {
    const { emu, bot, payments } = await start();
    const { user } = await subscribed(emu, bot);
    await expect.poll(() => payments.length).toBe(1);
    const first = payments[0]!;
    expect(first).toMatchObject({ is_first_recurring: true, is_recurring: true, total_amount: 450 });
    const renewal = emu.renewSubscription(user.id);
    await expect.poll(() => payments.length).toBe(2);
    expect(payments[1]).toMatchObject({ is_recurring: true, telegram_payment_charge_id: renewal.chargeId });
    expect(payments[1]!.is_first_recurring).toBeUndefined();
    expect(payments[1]!.subscription_expiration_date).toBe(first.subscription_expiration_date! + MONTH);
    const { transactions } = await bot.api.getStarTransactions();
    expect(
      transactions.map((t) => (t.source as { subscription_period?: number }).subscription_period),
    ).toEqual([MONTH, MONTH]);
  });

  it('editUserStarSubscription cancels (no renewal then) and re-enables only what the bot cancelled', async () => {
    const { emu, bot, payments } = await start();
    const { user, paid } = await subscribed(emu, bot);
    expect(await refusal(bot.api.editUserStarSubscription(user.id, paid.chargeId, false))).toMatch(
      /SUBSCRIPTION_NOT_CANCELED/,
    );
    expect(await refusal(bot.api.editUserStarSubscription(user.id + 1, paid.chargeId, true))).toMatch(
      /CHARGE_ID_INVALID/,
    );
    await bot.api.editUserStarSubscription(user.id, paid.chargeId, true);
    expect(() => emu.renewSubscription(user.id)).toThrow(/does not renew/);
    await bot.api.editUserStarSubscription(user.id, paid.chargeId, false);
    emu.renewSubscription(user.id);
    emu.failRenewal(user.id);
    expect(() => emu.renewSubscription(user.id)).toThrow(/does not renew/);
    await expect.poll(() => payments.length).toBe(2);
  });

  it('sendInvoice refuses subscription_period (only invoice links carry it)', async () => {
    const { emu, bot } = await start();
    const user = emu.createUser();
    expect(
      await refusal(
        bot.api.sendInvoice(user.id, 'Pro', 'Monthly', 's:pro:1', 'XTR', PRICE, {
          subscription_period: MONTH,
        } as never),
      ),
    ).toMatch(/subscription_period/);
  });
});
