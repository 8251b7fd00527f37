import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Model } from '../../src/reseller/schemas.js';
import { CatalogService } from '../../src/services/catalog.js';
import { ManualClock } from '../../src/simulator/clock.js';
import { ManualTimers } from '../support/manual-timers.js';
import { type Harness, silentLogger, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const modelGets = (harness: Harness) =>
  harness.sim.requests.filter((r) => r.method === 'GET' && r.path === '/models');

function fakeModel(id: number, type: string, price: string, name: string): Model {
  return {
    id,
    name,
    type,
    price_usd: price,
    fields: [],
    prompt: { mode: 'optional' },
    media: { required: false, max_count: 0, accepted: [], inputs: [] },
    options_schema: [],
  };
}

describe('CatalogService', () => {
  it('groups the simulator catalog: image, video, upscale, remove_bg; cheapest first', async () => {
    h = await startHarness();
    const groups = await h.catalog.groups();
    expect(groups.map((g) => [g.type, g.models.map((m) => m.id)])).toEqual([
      ['image', [203, 204, 201, 202]],
      ['video', [101, 104, 102, 103]],
      ['upscale', [301]],
      ['remove_bg', [401]],
    ]);
  });

  it('puts models of unknown types in one "other" group, last, and breaks price ties by name', async () => {
    const source = {
      readCatalog: async () => ({
        unreadable: [],
        notes: [],
        models: [
          fakeModel(1, 'zebra', '0.10', 'Z1'),
          fakeModel(2, 'audio', '0.10', 'A1'),
          fakeModel(3, 'image', '0.10', 'Beta'),
          fakeModel(4, 'image', '0.1', 'Alpha'),
          fakeModel(5, 'image', '0.05', 'Zeta'),
          fakeModel(6, 'remove_bg', '0.01', 'Cut'),
        ],
      }),
    };
    const catalog = new CatalogService(source, { logger: silentLogger });
    const groups = await catalog.groups();
    expect(groups.map((g) => [g.type, g.models.map((m) => m.name)])).toEqual([
      ['image', ['Zeta', 'Alpha', 'Beta']],
      ['remove_bg', ['Cut']],
      ['other', ['A1', 'Z1']],
    ]);
  });

  it('loads once: concurrent first calls share one GET /models, later calls use the cache', async () => {
    h = await startHarness();
    const [a, b, c] = await Promise.all([h.catalog.getModels(), h.catalog.getModels(), h.catalog.groups()]);
    expect(a).toBe(b);
    expect(c.length).toBeGreaterThan(0);
    expect(await h.catalog.getModel(202)).toMatchObject({ id: 202, name: 'Collage Composer' });
    expect(await h.catalog.getModel(999)).toBeUndefined();
    expect(modelGets(h)).toHaveLength(1);
  });

  it('offers only allow-listed models, everywhere', async () => {
    h = await startHarness();
    const catalog = new CatalogService(h.client, { logger: silentLogger, allowedModelIds: [401, 201, 999] });
    expect((await catalog.getModels()).map((m) => m.id).sort()).toEqual([201, 401]);
    expect(await catalog.getModel(101)).toBeUndefined();
    expect((await catalog.groups()).map((g) => g.type)).toEqual(['image', 'remove_bg']);
  });

  it('keeps the last good catalog when a refresh fails, and recovers on the next one', async () => {
    h = await startHarness();
    const first = await h.catalog.getModels();
    h.sim.faults.add({
      method: 'GET',
      path: '/models',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 500 },
    });
    await expect(h.catalog.refresh()).rejects.toMatchObject({ code: 'internal_error' });
    expect(await h.catalog.getModels()).toBe(first);
    h.sim.faults.clear();
    const again = await h.catalog.refresh();
    expect(again).not.toBe(first);
    expect(again.map((m) => m.id)).toEqual(first.map((m) => m.id));
  });

  it('refreshes in the background; a failed background refresh is logged and changes nothing', async () => {
    h = await startHarness();
    const lines: string[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const catalog = new CatalogService(h.client, { logger, refreshMs: 5 });
    const first = await catalog.getModels();
    const harness = h;
    harness.sim.faults.add({
      method: 'GET',
      path: '/models',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'status', status: 400 },
    });
    catalog.start();
    try {
      await vi.waitFor(() => expect(lines.join('')).toContain('catalog refresh failed'), { timeout: 10_000 });
      expect(await catalog.getModels()).toBe(first);
      harness.sim.faults.clear();
      await vi.waitFor(async () => expect(await catalog.getModels()).not.toBe(first), { timeout: 10_000 });
    } finally {
      catalog.stop();
    }
  });

  it('serves the stored catalog when upstream is down at start, and recovers by itself', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const timers = new ManualTimers(clock);
    let saved: { models: unknown[]; savedAt: Date } | undefined = {
      models: [fakeModel(7, 'image', '0.05', 'Stored')],
      savedAt: new Date(0),
    };
    const reports: string[] = [];
    let up = false;
    const source = {
      readCatalog: async () => {
        if (!up) throw new Error('connect ECONNREFUSED');
        return { models: [fakeModel(8, 'image', '0.06', 'Fresh')], unreadable: [], notes: [] };
      },
    };
    const catalog = new CatalogService(source, {
      logger: silentLogger,
      store: {
        load: async () => saved,
        save: async (models, savedAt) => {
          saved = { models: [...models], savedAt };
        },
      },
      reporter: {
        unreadableModel: (model) => reports.push(`unreadable ${model}`),
        servingStored: (_error, count) => reports.push(`stored ${count}`),
      },
      retryMs: 30_000,
      now: () => clock.now(),
      timers,
    });
    catalog.start();
    await timers.runUntilIdle(0);
    expect((await catalog.getModels()).map((m) => m.name)).toEqual(['Stored']);
    expect(catalog.stats()).toMatchObject({ offered: 1, stale: true });
    expect(reports).toEqual(['stored 1']);

    up = true;
    await timers.runUntilIdle(30_000);
    expect((await catalog.getModels()).map((m) => m.name)).toEqual(['Fresh']);
    expect(catalog.stats().stale).toBe(false);
    expect(((saved?.models ?? []) as Model[]).map((m) => m.name)).toEqual(['Fresh']);
    catalog.stop();
  });

  it('without a stored catalog the failure reaches the caller, and the next call tries again', async () => {
    let up = false;
    const catalog = new CatalogService(
      {
        readCatalog: async () => {
          if (!up) throw new Error('down');
          return { models: [fakeModel(9, 'video', '0.20', 'Back')], unreadable: [], notes: [] };
        },
      },
      { logger: silentLogger, store: { load: async () => undefined, save: async () => undefined } },
    );
    await expect(catalog.getModels()).rejects.toThrow('down');
    up = true;
    expect((await catalog.getModels()).map((m) => m.name)).toEqual(['Back']);
  });

  it('reports each unreadable model once, however often the catalog is refreshed', async () => {
    const reports: string[] = [];
    const catalog = new CatalogService(
      {
        readCatalog: async () => ({
          models: [fakeModel(1, 'image', '0.01', 'Fine')],
          unreadable: [{ id: 2, name: 'Odd', reason: 'pricing: expected object' }],
          notes: [],
        }),
      },
      {
        logger: silentLogger,
        reporter: { unreadableModel: (model) => reports.push(model), servingStored: () => undefined },
      },
    );
    await catalog.refresh();
    await catalog.refresh();
    expect(reports).toEqual(['Odd (id 2)']);
    expect(catalog.stats()).toMatchObject({ offered: 1, leftOut: 1 });
  });
});
