/**
 * The metrics module: every process (and every test) gets a registry of its own, scrape-time gauges
 * read their sources when scraped, and label values stay within small fixed sets whatever upstream
 * or a webhook request carries.
 */
import { describe, expect, it } from 'vitest';
import {
  botLabel,
  createMetrics,
  endpointTemplate,
  MAX_BOT_LABELS,
  telegramErrorCode,
  updateType,
  upstreamOutcome,
} from '../src/metrics.js';

describe('createMetrics', () => {
  it('gives each caller a registry of its own, with the process metrics', async () => {
    const a = createMetrics();
    const b = createMetrics();
    a.updates.inc({ bot: '1', type: 'message' });
    expect(await a.registry.metrics()).toMatch(/bot_updates_total\{bot="1",type="message"\} 1/);
    expect(await b.registry.metrics()).not.toMatch(/bot_updates_total\{/);
    expect(await b.registry.metrics()).toContain('process_resident_memory_bytes');
  });

  it('reads active orders and the catalog at scrape time', async () => {
    const m = createMetrics();
    expect(await m.registry.metrics()).not.toMatch(/bot_active_orders\{/);
    let active = { queued: 2, processing: 1 };
    m.observe({ activeOrders: async () => active, catalog: () => ({ offered: 40, leftOut: 3 }) });
    const first = await m.registry.metrics();
    expect(first).toMatch(/bot_active_orders\{bot="1",status="queued"\} 2/);
    expect(first).toMatch(/bot_active_orders\{bot="1",status="processing"\} 1/);
    expect(first).toMatch(/bot_catalog_models\{bot="1",state="offered"\} 40/);
    expect(first).toMatch(/bot_catalog_models\{bot="1",state="left_out"\} 3/);
    active = { queued: 0, processing: 0 };
    expect(await m.registry.metrics()).toMatch(/bot_active_orders\{bot="1",status="queued"\} 0/);
  });

  it('labels each served bot by its id, and drops a bot no longer served', async () => {
    const m = createMetrics();
    m.observe({ inboxPending: async () => 4 });
    m.observe({ inboxPending: async () => 9 }, 2);
    const both = await m.registry.metrics();
    expect(both).toMatch(/bot_inbox_pending_updates\{bot="1"\} 4/);
    expect(both).toMatch(/bot_inbox_pending_updates\{bot="2"\} 9/);
    m.forget(2);
    expect(await m.registry.metrics()).not.toMatch(/bot_inbox_pending_updates\{bot="2"\}/);
  });

  it('gives at most MAX_BOT_LABELS bots a label of their own; the rest are "other"', () => {
    const labels = new Set(Array.from({ length: MAX_BOT_LABELS + 50 }, (_, i) => botLabel(1_000_000 + i)));
    expect(labels.size).toBeLessThanOrEqual(MAX_BOT_LABELS + 1);
    expect(labels.has('other')).toBe(true);
    expect(botLabel(1_000_000)).toBe('1000000');
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
