/**
 * The settings in effect: the environment until an admin sets a value, the stored value after; a
 * model without a stored row behaves as the environment says (allow-list, hidden types, PRICES_FILE).
 * And the wallet reads them on every use: the welcome bonus, the packs, the Stars prices.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { applyModelPatch, type ModelPatch } from '../../src/domain/live-settings.js';
import { effectiveSettings, LiveSettings, type SettingsDefaults } from '../../src/services/live-settings.js';
import { WalletService } from '../../src/services/wallet/wallet.js';
import { ManualClock } from '../../src/simulator/server.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';
import { STARS_BILLING, silentLogger } from './harness.js';

const DEFAULTS: SettingsDefaults = {
  markupPercent: '50',
  overrides: new Map([[204, { kind: 'fixed', stars: 25 }]]),
  welcomeStars: 3,
  topupPacks: [50, 100],
  allowedModelIds: [101, 203, 204, 301],
  hiddenModelTypes: ['upscale'],
  reminders: ['plan_ending'],
};

describe('effective settings', () => {
  const model = (id: number, type = 'image') => ({ id, type });

  it('with nothing stored: exactly the environment', () => {
    const settings = effectiveSettings(
      {
        version: 0,
        global: { markupPercent: null, welcomeStars: null, topupPacks: null, reminders: null },
        models: new Map(),
      },
      DEFAULTS,
    );
    expect(settings).toMatchObject({ markupPercent: '50', welcomeStars: 3, topupPacks: [50, 100] });
    // No reminder rules stored: REMINDERS' own.
    expect(settings.reminders).toEqual(['plan_ending']);
    expect(settings.overrides).toEqual(DEFAULTS.overrides);
    expect([model(203), model(204), model(201), model(301, 'upscale')].map(settings.isOffered)).toEqual([
      true,
      true,
      false, // not allow-listed
      false, // a hidden type
    ]);
    expect(settings.display(203)).toBeUndefined();
  });

  it('a stored value wins; a model without a row, or with "default", keeps the environment’s rule', () => {
    const stored = (id: number, patch: ModelPatch) =>
      [
        id,
        applyModelPatch(
          {
            modelId: id,
            offered: null,
            name: {},
            description: {},
            price: { kind: 'default' },
          },
          patch,
        ),
      ] as const;
    const settings = effectiveSettings(
      {
        version: 4,
        global: { markupPercent: '10', welcomeStars: 0, topupPacks: [30], reminders: [] },
        models: new Map([
          stored(201, { offered: true, name: { ru: 'Нова' } }),
          stored(203, { offered: false, price: { kind: 'markup', markupPercent: '80' } }),
          stored(204, { description: { en: 'Swap faces' } }),
          stored(301, { offered: true, price: { kind: 'fixed', stars: 2 } }),
        ]),
      },
      DEFAULTS,
    );
    expect(settings).toMatchObject({ version: 4, markupPercent: '10', welcomeStars: 0, topupPacks: [30] });
    // Every reminder turned off live wins over REMINDERS.
    expect(settings.reminders).toEqual([]);
    expect(
      [model(201), model(203), model(204), model(301, 'upscale'), model(101, 'video')].map(
        settings.isOffered,
      ),
    ).toEqual([
      true, // offered although not allow-listed
      false, // hidden although allow-listed
      true, // no "offered" stored: the environment's
      true, // offered although its type is hidden
      true, // no row at all
    ]);
    expect(settings.overrides.get(203)).toEqual({ kind: 'markup', markupPercent: '80' });
    expect(settings.overrides.get(204)).toEqual({ kind: 'fixed', stars: 25 }); // PRICES_FILE's
    expect(settings.overrides.get(301)).toEqual({ kind: 'fixed', stars: 2 });
    expect(settings.display(201)?.name).toEqual({ ru: 'Нова' });
    expect(settings.display(204)?.description).toEqual({ en: 'Swap faces' });
  });
});

describe('the wallet on live settings', () => {
  let database: TestDatabase;
  let store: Store;
  let live: LiveSettings;
  let wallet: WalletService;
  let clock: ManualClock;
  let timers: ManualTimers;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = await database.open();
    clock = new ManualClock();
    timers = new ManualTimers(clock);
    live = new LiveSettings({
      repository: store.liveSettings,
      audit: store.audit,
      defaults: { ...DEFAULTS, overrides: new Map() },
      logger: silentLogger,
      timers,
    });
    wallet = new WalletService({
      ledger: store.wallet,
      config: STARS_BILLING,
      logger: silentLogger,
      live: () => live.current(),
    });
  });
  afterEach(async () => {
    await live.stop();
    await database.drop();
  });

  it('welcome Stars, packs and prices follow a change made on another replica after one check', async () => {
    // Another replica's write: this one learns of it only by checking.
    const other = new LiveSettings({
      repository: store.liveSettings,
      audit: store.audit,
      defaults: DEFAULTS,
      logger: silentLogger,
    });
    expect(await wallet.balance(1)).toBe(3);
    expect(wallet.topupPacks).toEqual([50, 100]);
    expect(wallet.pricing.starsFor(203, '0.04')).toBe(5); // ceil(0.04 x 1.5 x 77)

    await other.updateGlobal(9, 0, { welcomeStars: 40, topupPacks: [10, 500], markupPercent: '0' });
    live.start();
    expect(wallet.topupPacks).toEqual([50, 100]);
    clock.advance(2_000);
    timers.fireDue();
    // Waits for the check's queries to finish (the clock has moved already).
    await vi.waitFor(() => expect(live.current().version).toBe(1), { timeout: 10_000 });
    expect(wallet.topupPacks).toEqual([10, 500]);
    expect(wallet.packFor(11)).toBe(500);
    expect(wallet.pricing.starsFor(203, '0.04')).toBe(4); // ceil(0.04 x 77) = ceil(3.08)
    // The welcome bonus is once per customer: the first one keeps theirs, a new one gets the new amount.
    expect(await wallet.balance(1)).toBe(3);
    expect(await wallet.balance(2)).toBe(40);
    const [entry] = await store.audit.page(0, 1);
    expect(entry).toMatchObject({ actorId: 9, action: 'settings_global_changed' });
  });

  it('a write that changes nothing bumps the version but leaves no audit entry', async () => {
    await live.load();
    expect(await live.updateModel(9, { id: 203, name: 'Lumen' }, 0, {})).toEqual({
      kind: 'written',
      version: 1,
    });
    expect(live.current().version).toBe(1);
    expect(await store.audit.count()).toBe(0);
    expect(await live.updateModel(9, { id: 203, name: 'Lumen' }, 0, { offered: false })).toEqual({
      kind: 'conflict',
      version: 1,
    });
  });
});
