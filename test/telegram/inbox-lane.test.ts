/** Which inbox lanes carry payments: decided once (domain/inbox-lane.ts), for the lanes inboxLane builds. */
import fc from 'fast-check';
import type { Update } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import { isPaymentLane, PAYMENT_LANE_PATTERNS } from '../../src/domain/inbox-lane.js';
import { inboxLane } from '../../src/telegram/inbox-lane.js';

const user = { id: 42, is_bot: false, first_name: 'Ann' };
const chat = (id: number) => ({ id, type: id > 0 ? 'private' : 'supergroup', title: 'g', first_name: 'Ann' });

const checkout = (updateId: number): Update =>
  ({
    update_id: updateId,
    pre_checkout_query: { id: 'q', from: user, currency: 'XTR', total_amount: 5, invoice_payload: 'p' },
  }) as unknown as Update;
const payment = (updateId: number, chatId: number): Update =>
  ({
    update_id: updateId,
    message: {
      message_id: 1,
      date: 0,
      chat: chat(chatId),
      from: user,
      successful_payment: {
        currency: 'XTR',
        total_amount: 5,
        invoice_payload: 'p',
        telegram_payment_charge_id: 'c',
        provider_payment_charge_id: '',
      },
    },
  }) as unknown as Update;
const text = (updateId: number, chatId: number, body: string): Update =>
  ({
    update_id: updateId,
    message: { message_id: 1, date: 0, chat: chat(chatId), from: user, text: body },
  }) as unknown as Update;

describe('payment lanes', () => {
  it('a checkout and a successful payment join payment lanes; a chat, its commands and a lone update do not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: -(2 ** 52), max: 2 ** 52 }).filter((id) => id !== 0),
        fc.string(),
        (updateId, chatId, body) => {
          expect(isPaymentLane(inboxLane(checkout(updateId)).lane)).toBe(true);
          expect(isPaymentLane(inboxLane(payment(updateId, chatId)).lane)).toBe(true);
          expect(isPaymentLane(inboxLane(text(updateId, chatId, body)).lane)).toBe(false);
          expect(isPaymentLane(inboxLane({ update_id: updateId } as Update).lane)).toBe(false);
        },
      ),
    );
  });

  it('the predicate reads the SQL patterns as LIKE does', () => {
    expect(PAYMENT_LANE_PATTERNS).toEqual(['checkout:%', '%:payment']);
    expect(isPaymentLane('checkout:')).toBe(true);
    expect(isPaymentLane('-100:payment')).toBe(true);
    expect(isPaymentLane('xcheckout:1')).toBe(false);
    expect(isPaymentLane('7:payments')).toBe(false);
    expect(isPaymentLane('7')).toBe(false);
  });
});
