/** Telegram's answer to refundStarPayment, read once into the services' typed result. */
import { type Api, GrammyError, HttpError } from 'grammy';
import { describe, expect, it } from 'vitest';
import { refundStarPayment } from '../../src/telegram/telegram-errors.js';

/** An Api whose refundStarPayment answers with `answer` (a value) or throws it (an error). */
function apiAnswering(answer: unknown): Api {
  const calls: unknown[][] = [];
  return {
    calls,
    refundStarPayment: async (...args: unknown[]) => {
      calls.push(args);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Api;
}

const refusal = (description: string) =>
  new GrammyError(
    `Call to 'refundStarPayment' failed! (400: ${description})`,
    { ok: false, error_code: 400, description },
    'refundStarPayment',
    {},
  );

describe('refundStarPayment', () => {
  it('refunded when Telegram says true', async () => {
    const api = apiAnswering(true);
    expect(await refundStarPayment(api, 7, 'ch')).toEqual({ kind: 'refunded' });
    expect((api as unknown as { calls: unknown[][] }).calls).toEqual([[7, 'ch']]);
  });

  it('already refunded for CHARGE_ALREADY_REFUNDED, failed with the description for any other refusal', async () => {
    expect(
      await refundStarPayment(apiAnswering(refusal('Bad Request: CHARGE_ALREADY_REFUNDED')), 7, 'ch'),
    ).toEqual({
      kind: 'already_refunded',
    });
    expect(await refundStarPayment(apiAnswering(refusal('Bad Request: CHARGE_NOT_FOUND')), 7, 'ch')).toEqual({
      kind: 'failed',
      description: 'Bad Request: CHARGE_NOT_FOUND',
    });
  });

  it('failed when the call never reached Telegram; an error text that merely mentions the code is no refund', async () => {
    const network = new HttpError('Network request for refundStarPayment failed', new Error('ECONNRESET'));
    expect(await refundStarPayment(apiAnswering(network), 7, 'ch')).toMatchObject({ kind: 'failed' });
    expect(
      await refundStarPayment(apiAnswering(new Error('proxy said CHARGE_ALREADY_REFUNDED')), 7, 'ch'),
    ).toMatchObject({ kind: 'failed' });
  });
});
