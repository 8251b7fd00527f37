/**
 * The metrics module: every process (and every test) gets a registry of its own, scrape-time gauges
 * read their sources when scraped, and label values stay within small fixed sets whatever upstream
 * or a webhook request carries.
 */
import { describe, expect, it } from 'vitest';
import {
  createMetrics,
  endpointTemplate,
  telegramErrorCode,
  updateType,
  upstreamOutcome,
} from '../src/metrics.js';

describe('createMetrics', () => {
  it('gives each caller a registry of its own, with the process metrics', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.updates.inc({ type: 'message' });
    expect(await a.registry.metrics()).toMatch(/bot_updates_total\{type="message"\} 1/);
    expect(await b.registry.metrics()).not.toMatch(/bot_updates_total\{type="message"\}/);
    expect(await b.registry.metrics()).toContain('process_resident_memory_bytes');
  });

  it('reads active orders and the catalog at scrape time', async () => {
    const m = createMetrics();
    expect(await m.registry.metrics()).not.toMatch(/bot_active_orders\{/);
    let active = { queued: 2, processing: 1 };
    m.observe({ activeOrders: async () => active, catalog: () => ({ offered: 40, leftOut: 3 }) });
    const first = await m.registry.metrics();
    expect(first).toMatch(/bot_active_orders\{status="queued"\} 2/);
    expect(first).toMatch(/bot_active_orders\{status="processing"\} 1/);
    expect(first).toMatch(/bot_catalog_models\{state="offered"\} 40/);
    expect(first).toMatch(/bot_catalog_models\{state="left_out"\} 3/);
    active = { queued: 0, processing: 0 };
    expect(await m.registry.metrics()).toMatch(/bot_active_orders\{status="queued"\} 0/);
  });
});

describe('bounded labels', () => {
  it('names upstream endpoints by their route template, never by an id', () => {
    expect(endpointTemplate('GET', '/orders/3f2a9c1e-77aa-4c1b-9d0e-2b7f1a6c0d11')).toBe('GET /orders/{id}');
    expect(endpointTemplate('POST', '/orders/ord_123/cancel')).toBe('POST /orders/{id}/cancel');
    expect(endpointTemplate('POST', '/orders')).toBe('POST /orders');
    expect(endpointTemplate('POST', '/orders/quote')).toBe('POST /orders/quote');
    expect(endpointTemplate('GET', '/upload/preview/9b1d-secret-ish')).toBe('GET /upload/preview/{token}');
    expect(endpointTemplate('GET', '/upload/status')).toBe('GET /upload/status');
  });

  it('keeps spec error codes and statuses, folds codes upstream invents into one', () => {
    expect(upstreamOutcome(undefined, 201)).toBe('201');
    expect(upstreamOutcome('insufficient_balance', 402)).toBe('insufficient_balance');
    expect(upstreamOutcome('network_error', undefined)).toBe('network_error');
    expect(upstreamOutcome('order 8c1f for user 42 exploded', 500)).toBe('other_error');
    expect(upstreamOutcome(undefined, undefined)).toBe('unknown');
  });

  it('keeps Telegram error codes that are HTTP statuses only', () => {
    expect(telegramErrorCode(403)).toBe('403');
    expect(telegramErrorCode(429)).toBe('429');
    expect(telegramErrorCode(123456789)).toBe('other');
    expect(telegramErrorCode('400')).toBe('other');
  });

  it('names update types from the Bot API, anything else as other', () => {
    expect(updateType({ update_id: 1, message: {} })).toBe('message');
    expect(updateType({ update_id: 1, callback_query: {} })).toBe('callback_query');
    expect(updateType({ update_id: 1, pre_checkout_query: {} })).toBe('pre_checkout_query');
    expect(updateType({ update_id: 1, user_42_was_here: {} })).toBe('other');
    expect(updateType({ update_id: 1 })).toBe('unknown');
  });
});
