/** The order-state rules every part of the bot asks: one table of cases, one answer each. */
import { describe, expect, it } from 'vitest';
import {
  awaitsDelivery,
  isActiveStatus,
  isFinalStatus,
  isLostOrder,
  isPollable,
  STAGE_TRANSITIONS,
  stagesInto,
} from '../../src/domain/order-state.js';

const lost = new Date(0);
const row = (over: Partial<Parameters<typeof isPollable>[0]> = {}) => ({
  stage: 'submitted',
  status: 'processing' as string | null,
  lostAt: null as Date | null,
  upstreamOrderId: 'ord_1' as string | null,
  deliveredAt: null as Date | null,
  ...over,
});

describe('order state', () => {
  it.each([
    [null, true, false],
    ['queued', true, false],
    ['processing', true, false],
    ['completed', false, true],
    ['failed', false, true],
    ['cancelled', false, true],
    ['weird', false, false],
  ])('status %s: active %s, final %s', (status, active, final) => {
    expect(isActiveStatus(status)).toBe(active);
    expect(isFinalStatus(status)).toBe(final);
  });

  it('lost: upstream said order_not_found for an order still active by its last status', () => {
    expect(isLostOrder({ status: 'processing', lostAt: lost })).toBe(true);
    expect(isLostOrder({ status: 'queued', lostAt: lost })).toBe(true);
    expect(isLostOrder({ status: 'failed', lostAt: lost })).toBe(false);
    expect(isLostOrder({ status: null, lostAt: lost })).toBe(false);
    expect(isLostOrder({ status: 'processing', lostAt: null })).toBe(false);
  });

  it('polled: submitted, known upstream, active, not lost', () => {
    expect(isPollable(row())).toBe(true);
    expect(isPollable(row({ status: 'queued' }))).toBe(true);
    expect(isPollable(row({ status: null }))).toBe(false);
    expect(isPollable(row({ stage: 'submitting' }))).toBe(false);
    expect(isPollable(row({ upstreamOrderId: null }))).toBe(false);
    expect(isPollable(row({ lostAt: lost }))).toBe(false);
    expect(isPollable(row({ status: 'completed' }))).toBe(false);
  });

  it('awaits delivery: final or lost, submitted, not delivered yet', () => {
    expect(awaitsDelivery(row({ status: 'completed' }))).toBe(true);
    expect(awaitsDelivery(row({ status: 'failed' }))).toBe(true);
    expect(awaitsDelivery(row({ lostAt: lost }))).toBe(true);
    expect(awaitsDelivery(row())).toBe(false);
    expect(awaitsDelivery(row({ status: 'completed', deliveredAt: new Date() }))).toBe(false);
  });
});

describe('stage moves', () => {
  it('lets each stage be reached only from the stages the pipeline moves through', () => {
    expect(stagesInto('submitting')).toEqual(['awaiting_confirmation']);
    expect(stagesInto('submitted')).toEqual(['submitting']);
    expect(stagesInto('rejected')).toEqual(['submitting']);
    expect(stagesInto('abandoned')).toEqual(['awaiting_confirmation']);
    expect(stagesInto('awaiting_confirmation')).toEqual(['awaiting_confirmation', 'submitting']);
  });

  it('never leaves a closed stage', () => {
    for (const closed of ['submitted', 'rejected', 'abandoned'] as const) {
      expect(STAGE_TRANSITIONS[closed]).toEqual([]);
    }
  });
});
