/**
 * One look at every bot's live settings version (issue 40), on a real store (both engines): two bots
 * of one database join the process's watch; a change an admin makes on another replica reaches only
 * that bot's settings at the next look, in one statement for both bots; a bot that left is no longer
 * looked at, and with no bot nothing is read. A restart of the watch's timer while a look runs arms
 * it once (lib/periodic.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Store, storeOn } from '../../src/db/index.js';
import { Periodic } from '../../src/lib/periodic.js';
import { LiveSettings, type SettingsDefaults } from '../../src/services/live-settings.js';
import { SettingsWatch } from '../../src/services/settings-watch.js';
import { ManualClock } from '../../src/simulator/server.js';
import { availableEngines, createTestDatabase, type TestDatabase } from '../support/databases.js';
import { ManualTimers } from '../support/manual-timers.js';
import { silentLogger } from './harness.js';

const DEFAULTS: SettingsDefaults = {
  markupPercent: '50',
  overrides: new Map(),
  welcomeStars: 3,
  topupPacks: [50, 100],
  allowedModelIds: null,
  hiddenModelTypes: [],
  reminders: [],
};

describe.each(availableEngines())('the settings watch on %s', (engine) => {
  let database: TestDatabase;
  let main: Store;
  let shop: Store;
  let clock: ManualClock;
  let timers: ManualTimers;
  let looks: number[][];
  let watch: SettingsWatch;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    main = await database.open();
    const { bot } = await main.bots.add({
      telegramId: 2000,
      username: 'shop_bot',
      tokenSealed: 'sealed',
      createdBy: 1,
      managed: false,
    });
    shop = storeOn(main.engine, { bot: bot.id });
    clock = new ManualClock();
    timers = new ManualTimers(clock);
    looks = [];
    watch = new SettingsWatch({
      versions: {
        of: (ids) => {
          looks.push([...ids]);
          return main.settingsVersions.of(ids);
        },
      },
      logger: silentLogger,
      intervalMs: 2_000,
      timers,
    });
  });
  afterEach(async () => {
    await database.drop();
  });

  /** A bot's settings in this process, on the watch. */
  const settingsOf = (store: Store) =>
    new LiveSettings({
      repository: store.liveSettings,
      audit: store.audit,
      defaults: DEFAULTS,
      logger: silentLogger,
      watch: watch.slot(store.scope.botId),
    });
  /** The same bot's settings on another replica, where an admin writes. */
  const elsewhere = (store: Store) =>
    new LiveSettings({
      repository: store.liveSettings,
      audit: store.audit,
      defaults: DEFAULTS,
      logger: silentLogger,
    });

  async function tick() {
    const before = looks.length;
    clock.advance(2_000);
    timers.fireDue();
    // The timer's look reads the versions before its first await.
    expect(looks.length).toBe(before + 1);
    // Its reloads finish, then the timer re-arms (a turn of the event loop later), so the next
    // tick's fireDue finds it armed.
    await watch.whenIdle();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(timers.pending).toBe(1);
  }

  it("reloads only the bot whose version moved, reading every bot's version in one statement", async () => {
    const mainSettings = settingsOf(main);
    const shopSettings = settingsOf(shop);
    await Promise.all([mainSettings.load(), shopSettings.load()]);
    mainSettings.start();
    shopSettings.start();

    await elsewhere(shop).updateGlobal(9, 0, { welcomeStars: 40 });
    await tick();
    expect(looks[0]).toEqual([main.scope.botId, shop.scope.botId]);
    expect(shopSettings.current()).toMatchObject({ version: 1, welcomeStars: 40 });
    expect(mainSettings.current()).toMatchObject({ version: 0, welcomeStars: 3 });

    await elsewhere(main).updateGlobal(9, 0, { topupPacks: [10] });
    await tick();
    expect(mainSettings.current()).toMatchObject({ version: 1, topupPacks: [10] });
    expect(shopSettings.current().version).toBe(1);

    // The shop bot stops here: it is no longer looked at, and its settings stay as they were.
    await shopSettings.stop();
    await elsewhere(shop).updateGlobal(9, 1, { welcomeStars: 7 });
    await tick();
    expect(looks.at(-1)).toEqual([main.scope.botId]);
    expect(shopSettings.current().welcomeStars).toBe(40);

    // No bot left: the timer is stopped, nothing more is read.
    await mainSettings.stop();
    const count = looks.length;
    clock.advance(10_000);
    timers.fireDue();
    expect(looks.length).toBe(count);
  });

  it('a version read for several bots at once is each its own, 0 for a bot that never wrote', async () => {
    await elsewhere(shop).updateGlobal(9, 0, { welcomeStars: 1 });
    await elsewhere(shop).updateGlobal(9, 1, { welcomeStars: 2 });
    expect(await main.settingsVersions.of([main.scope.botId, shop.scope.botId, 999])).toEqual(
      new Map([
        [main.scope.botId, 0],
        [shop.scope.botId, 2],
        [999, 0],
      ]),
    );
  });
});

describe('Periodic', () => {
  it('started again while its pass still runs, after a stop, arms one timer, not two', async () => {
    const clock = new ManualClock();
    const timers = new ManualTimers(clock);
    let passes = 0;
    let release: () => void = () => undefined;
    const periodic = new Periodic({
      name: 'probe',
      intervalMs: 1_000,
      logger: silentLogger,
      timers,
      run: () => {
        passes++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    periodic.start();
    clock.advance(1_000);
    timers.fireDue();
    expect(passes).toBe(1);
    // Stopped and started again while that pass runs; then the pass ends.
    const stopped = periodic.stop();
    periodic.start();
    release();
    await stopped;
    await new Promise((resolve) => setImmediate(resolve));
    for (let second = 2; second <= 4; second++) {
      clock.advance(1_000);
      timers.fireDue();
      release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    // One pass a second: a second timer would have made it two.
    expect(passes).toBe(4);
    await periodic.stop();
  });
});
